import { createHash } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Autenticacion } from '../../auth/autenticacion.js';
import type { ConfigRda } from '../../config.js';
import type { CredencialesIhce, ServicioCredenciales } from '../../entidades/credenciales.js';
import type { Entidad } from '../../entidades/entidad.entity.js';
import { deLaEntidad } from '../../entidades/propiedad.js';
import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ErrorApp, errores } from '../../errores/errores.js';
import { ubicacion } from '../../errores/ubicacion.js';
import { resumenError } from '../../logger.js';
import { MEDIDOR_NULO, type Medidor } from '../../metricas/medidor.js';
import {
  type ClienteIhce,
  type ItemConsultaIhce,
  MAX_ID_IHCE,
  MAX_RECURSOS_IHCE,
  type PaginaIhce,
  type ResultadoEnvio,
} from '../ihce/cliente.js';
import { errorSinResultado } from '../ihce/explicar.js';
import type { AlcanceConsulta, TipoRdaIhce } from '../ihce/fhir.js';
import { exigirValorAcotado, limpiarHallazgo, limpiarTexto } from '../json-acotado.js';
import { type ColaTransmisiones, esperaReintento } from './cola.js';
import { ConsultaRda } from './consulta.entity.js';
import { ConteoTransmision } from './conteo.entity.js';
import { firmarCursor, huellaPaciente, leerCursor } from './cursor.js';
import { exigirContenido, validarDocumentos } from './entradas.js';
import { EventoTransmision } from './evento.entity.js';
import { EvidenciaRda, evidenciaDelBundle } from './evidencia.js';
import { Transmision } from './transmision.entity.js';
import { type EstadoTransmision, LIMITE_MAXIMO, LIMITE_POR_DEFECTO, type TipoEvento } from './valores.js';

/** Build (from flat data) and lint: provided by the RDA builder and linter (src/rda/construccion, linter). */
export interface PreparadorRda {
  /** Throws a 400 ErrorApp listing the bad fields. */
  construir(tipo: TipoRdaIhce, datos: unknown): Record<string, unknown>;
  lintear(bundle: unknown, tipo: TipoRdaIhce): { errores: ErrorAccionable[] };
}

export interface SolicitudTransmision {
  tipo: TipoRdaIhce;
  origen: 'bundle' | 'datos';
  /** The Bundle (origen bundle) or the flat data (origen datos). */
  contenido: unknown;
  idempotencyKey?: string | null;
}

export interface TransmisionResultado {
  transmision: Transmision;
  /** Returned again for a repeated Idempotency-Key. */
  repetida: boolean;
}

export interface SolicitudConsulta {
  alcance: AlcanceConsulta;
  paciente: { tipo: string; numero: string };
  humanuser: { tipo: string; numero: string };
  cursor?: string | null;
}

export interface ResultadoConsulta {
  alcance: AlcanceConsulta;
  items: ItemConsultaIhce[];
  siguiente: string | null;
  total: number | null;
}

const FINALES: EstadoTransmision[] = ['aceptado', 'rechazado'];
const IDEMPOTENCY_KEY = /^[\w.:-]{1,200}$/;

export function actorDe(auth: Autenticacion): string {
  return auth.identidad.tipo === 'api-key'
    ? `api-key:${auth.identidad.prefijo}`
    : `usuario:${auth.identidad.sujeto}`;
}

/**
 * Transmissions to the IHCE: build → lint → send, with an append-only trail, a durable retry
 * queue for transient failures, and the audited queries. Nothing here logs clinical content.
 */
export class ServicioTransmisiones {
  private orm: MikroORM | undefined;
  /**
   * The entity's accepted transmissions for RIPS validation (codigoVIDA, src/rips/validacion/vida.ts);
   * absent without the patient HMAC key, and then no row records its patient.
   */
  readonly evidencia: EvidenciaRda | undefined;

  constructor(
    private readonly config: ConfigRda,
    private readonly credenciales: ServicioCredenciales,
    private readonly ihce: ClienteIhce,
    private readonly cola: ColaTransmisiones,
    private readonly preparador: PreparadorRda,
    private readonly log: Logger,
    private readonly medidor: Medidor = MEDIDOR_NULO,
    /** RIPS_HISTORIA_CLAVE: the same HMAC of the patient as the history of filed RIPS services. */
    private readonly clavePaciente?: Buffer,
  ) {
    this.evidencia = clavePaciente && new EvidenciaRda(clavePaciente, () => this.orm);
  }

  private detenida = false;

  /** Starts the worker once the database is migrated (pending attempts of earlier runs resume). */
  async iniciar(url: string, orm: MikroORM): Promise<void> {
    if (this.detenida) return;
    this.orm = orm;
    await this.cola.iniciar(url, (id) => this.procesar(id));
    // Stopped while the queue was starting: do not leave it running.
    if (this.detenida) await this.cola.detener();
  }

  detener(): Promise<void> {
    this.detenida = true;
    return this.cola.detener();
  }

  private evento(
    em: EntityManager,
    t: Transmision,
    tipo: TipoEvento,
    actor: string,
    anterior: EstadoTransmision | null,
    extra: { statusUpstream?: number | null; detalle?: string | null; intento?: number | null } = {},
  ): void {
    t.eventos += 1;
    em.create(EventoTransmision, {
      transmision: t,
      secuencia: t.eventos,
      fecha: new Date(),
      tipo,
      actor,
      estadoAnterior: anterior,
      estadoNuevo: t.estado,
      statusUpstream: extra.statusUpstream ?? null,
      intento: extra.intento ?? null,
      detalle: extra.detalle ?? null,
    });
  }

  private async credencialesIhce(em: EntityManager, entidad: Entidad): Promise<CredencialesIhce> {
    if (!this.ihce.configurado) throw errores.upstreamNoConfigurado('IHCE');
    return this.credenciales.leer(em, entidad, 'ihce');
  }

  /** POST /rda and /rda/desde-datos. */
  async transmitir(
    em: EntityManager,
    auth: Autenticacion,
    s: SolicitudTransmision,
  ): Promise<TransmisionResultado> {
    const entidad = auth.entidad;
    const { origen, contenido } = s;
    exigirContenido(contenido, origen);
    // Before the fingerprint's JSON.stringify and any walk; also for doors json-seguro does not see.
    exigirValorAcotado(contenido, origen === 'datos' ? 'datos' : 'bundle');
    const clave = s.idempotencyKey?.trim() || null;
    if (clave !== null && !IDEMPOTENCY_KEY.test(clave))
      throw errores.entradaInvalida('Idempotency-Key inválida.', [
        { campo: 'Idempotency-Key', mensaje: 'De 1 a 200 caracteres: letras, dígitos, _ . : -' },
      ]);
    const huella = createHash('sha256')
      .update(JSON.stringify([s.tipo, origen, contenido]))
      .digest('hex');
    if (clave) {
      const previa = await this.porClave(em, entidad, clave, huella);
      if (previa) return { transmision: previa, repetida: true };
    }
    const creds = await this.credencialesIhce(em, entidad);

    const bundle =
      origen === 'datos'
        ? this.preparador.construir(s.tipo, contenido)
        : (contenido as Record<string, unknown>);
    const hallazgos = this.preparador.lintear(bundle, s.tipo).errores;
    const bloqueantes = hallazgos.filter((e) => e.severidad === 'rechazo');
    const actor = actorDe(auth);
    const t = Object.assign(new Transmision(), {
      entidad,
      tipo: s.tipo,
      origen,
      estado: 'generado',
      creadoPor: actor,
      idempotencyKey: clave,
      huellaSolicitud: clave ? huella : null,
      avisos: hallazgos.filter((e) => e.severidad !== 'rechazo'),
      // The patient as an HMAC and the care's dates: what RIPS validation compares (no number in clear).
      ...evidenciaDelBundle(bundle, this.clavePaciente),
    });
    em.persist(t);
    this.evento(em, t, 'generado', actor, null, {
      detalle: origen === 'datos' ? 'Bundle construido desde datos' : 'Bundle recibido',
    });
    if (bloqueantes.length) {
      t.errores = bloqueantes;
      this.evento(em, t, 'bloqueado-linter', actor, 'generado', {
        detalle: `${bloqueantes.length} hallazgo(s) bloqueante(s): ${codigos(bloqueantes)}. No se envió.`,
      });
      const r = await this.guardarNueva(em, t, entidad, clave, huella);
      if (!r.repetida) this.medidor.transmisionRda('bloqueado-linter', s.tipo);
      return r;
    }
    t.estado = 'validado';
    this.evento(em, t, 'validado', actor, 'generado', {
      detalle: t.avisos.length ? `${t.avisos.length} aviso(s) de conformidad` : null,
    });
    t.estado = 'enviado';
    t.intentos = 1;
    t.primerIntentoEn = new Date();
    t.bundle = bundle;
    t.enCursoHasta = new Date(Date.now() + this.config.timeoutIhceMs * 2 + 5000);
    this.evento(em, t, 'enviado', actor, 'validado', { intento: 1 });
    // The retry job exists before the first call: if this process dies mid-call, the attempt resumes.
    const primera = Math.max(
      this.config.reintentoBaseSegundos,
      Math.ceil((this.config.timeoutIhceMs * 2) / 1000) + 5,
    );
    await this.cola.programar(t.id, primera, t.id);
    let guardada: TransmisionResultado;
    try {
      guardada = await this.guardarNueva(em, t, entidad, clave, huella);
    } catch (e) {
      await this.cola.quitar(t.id);
      throw e;
    }
    if (guardada.repetida) {
      await this.cola.quitar(t.id);
      return guardada;
    }
    const r = await this.ihce.enviar(creds, s.tipo, bundle);
    await this.aplicar(em, t, r, actor);
    return { transmision: t, repetida: false };
  }

  private async porClave(
    em: EntityManager,
    entidad: Entidad,
    clave: string,
    huella: string,
  ): Promise<Transmision | null> {
    const previa = await em.findOne(Transmision, { entidad, idempotencyKey: clave });
    if (previa && previa.huellaSolicitud !== huella)
      throw new ErrorApp(
        'conflicto',
        'Esta Idempotency-Key ya se usó con otro contenido. Use una clave nueva para una transmisión distinta.',
      );
    return previa;
  }

  /** A concurrent POST with the same Idempotency-Key loses the unique index and gets the winner's row. */
  private async guardarNueva(
    em: EntityManager,
    t: Transmision,
    entidad: Entidad,
    clave: string | null,
    huella: string,
  ): Promise<TransmisionResultado> {
    try {
      await em.flush();
      return { transmision: t, repetida: false };
    } catch (e) {
      if (!(e instanceof UniqueConstraintViolationException) || !clave) throw e;
      em.clear();
      const previa = await this.porClave(em, entidad, clave, huella);
      if (!previa) throw e;
      return { transmision: previa, repetida: true };
    }
  }

  /** Applies one attempt's outcome: final state, or the next attempt scheduled, or attempts exhausted. */
  private async aplicar(
    em: EntityManager,
    t: Transmision,
    recibido: ResultadoEnvio,
    actor: string,
  ): Promise<void> {
    // Whatever the platform answered is stored as storable, bounded text: a hostile answer must
    // not make the flush fail (22P05) and lose the row and its trail.
    let r = resultadoGuardable(recibido);
    const anterior = t.estado;
    const intento = t.intentos;
    // A 409 duplicate after an attempt of ours whose outcome is unknown: that attempt landed.
    const previo =
      r.resultado === 'rechazado' && r.duplicado && intento > 1
        ? await this.intentoIncierto(em, t, intento)
        : null;
    if (previo !== null && r.resultado === 'rechazado')
      r = {
        resultado: 'aceptado',
        status: r.status,
        vida: r.duplicado?.vida ?? null,
        compositionId: null,
        avisos: [avisoAceptadoAntes(previo, r.duplicado?.vida ?? null)],
      };
    else if (r.resultado === 'aceptado' && r.vida === null)
      r = { ...r, avisos: [...r.avisos, AVISO_SIN_VIDA] };
    t.enCursoHasta = null;
    t.updatedAt = new Date();
    let reprogramar: number | null = null;
    if (r.resultado === 'aceptado') {
      t.estado = 'aceptado';
      t.vida = r.vida;
      t.compositionId = r.compositionId;
      t.documentReferenceId = r.documentReferenceId ?? null;
      t.recursosIhce = r.recursos?.length ? r.recursos : null;
      t.errores = [];
      t.avisos = [...t.avisos, ...r.avisos];
      t.bundle = null;
      t.siguienteIntentoEn = null;
      if (t.vida && t.pacienteHmac) this.evidencia?.anotar(t.entidad.id);
      this.evento(em, t, 'aceptado', actor, anterior, {
        statusUpstream: r.status,
        intento,
        detalle:
          previo !== null
            ? `Aceptado por el intento ${previo}, de desenlace desconocido (sin respuesta o error del servidor): ` +
              `el intento ${intento} recibió 409 (documento duplicado), la plataforma ya tenía este documento. ` +
              (r.vida ? `VIDA ${r.vida}` : 'Sin número VIDA: consulte el RDA del paciente para obtenerlo')
            : r.vida
              ? `VIDA ${r.vida}${idsIhce(r)}`
              : `Aceptado sin número VIDA: la respuesta de la IHCE no trae un identificador VIDA reconocible${idsIhce(r)}`,
      });
    } else if (r.resultado === 'rechazado') {
      t.estado = 'rechazado';
      t.errores = r.errores;
      t.bundle = null;
      t.siguienteIntentoEn = null;
      this.evento(em, t, 'rechazado', actor, anterior, {
        statusUpstream: r.status,
        intento,
        detalle: `Rechazado por la IHCE: ${codigos(r.errores)}`,
      });
    } else {
      // A temporary failure is no rejection of the document: its findings are notes (the queue retries).
      t.errores = r.errores.map((e) => (e.severidad === 'rechazo' ? { ...e, severidad: 'informativo' } : e));
      if (intento >= this.config.maxIntentos) {
        t.reintentosAgotados = true;
        t.bundle = null;
        t.siguienteIntentoEn = null;
        this.evento(em, t, 'reintentos-agotados', actor, anterior, {
          statusUpstream: r.status,
          intento,
          detalle: `Sin respuesta válida tras ${intento} intento(s). Envíe el RDA de nuevo.`,
        });
      } else {
        reprogramar = esperaReintento(this.config, intento, r.reintentarEnSegundos);
        t.siguienteIntentoEn = new Date(Date.now() + reprogramar * 1000);
        this.evento(em, t, 'reintento-programado', actor, anterior, {
          statusUpstream: r.status,
          intento,
          detalle: `Falla transitoria (${r.status ?? 'sin respuesta'}${desenlace(r)}); intento ${intento + 1} en ${reprogramar} s`,
        });
      }
    }
    await em.flush();
    this.log.info(
      { transmision: t.id, tipo: t.tipo, estado: t.estado, intento, status: r.status ?? null },
      'transmisión RDA',
    );
    this.medidor.transmisionRda(
      r.resultado !== 'transitorio'
        ? r.resultado
        : t.reintentosAgotados
          ? 'reintentos-agotados'
          : 'reintento-programado',
      t.tipo,
    );
    // Final (or exhausted): the pending job is no longer needed. Otherwise the request's first job
    // stays scheduled, and a worker attempt schedules the next one (aplicarDesdeWorker).
    // Not awaited: a job left behind finds a final state and does nothing.
    if (reprogramar === null) void this.cola.quitar(t.id);
  }

  /**
   * The latest attempt before `intento` whose outcome is unknown (the platform may hold the
   * document), read from the trail: an `enviado` with no outcome event (the process died mid-call),
   * or a transient outcome with a 5xx or no answer, unless it says it never left (NO_LLEGO).
   */
  private async intentoIncierto(em: EntityManager, t: Transmision, intento: number): Promise<number | null> {
    const eventos = await em.find(
      EventoTransmision,
      { transmision: t, intento: { $lt: intento } },
      { orderBy: { secuencia: 'asc' } },
    );
    let incierto: number | null = null;
    for (let k = 1; k < intento; k++) {
      const delIntento = eventos.filter((e) => e.intento === k);
      if (!delIntento.some((e) => e.tipo === 'enviado')) continue;
      const fin = delIntento.find((e) => e.tipo !== 'enviado');
      const s = fin?.statusUpstream ?? null;
      if (
        !fin ||
        ((fin.tipo === 'reintento-programado' || fin.tipo === 'reintentos-agotados') &&
          (s === null ? !fin.detalle?.includes(NO_LLEGO) : s >= 500))
      )
        incierto = k;
    }
    return incierto;
  }

  /** One attempt run by the queue worker. */
  async procesar(transmisionId: string): Promise<void> {
    if (!this.orm) return;
    const em = this.orm.em.fork();
    const t = await em.findOne(Transmision, { id: transmisionId }, { populate: ['bundle', 'entidad'] });
    if (!t || FINALES.includes(t.estado) || t.reintentosAgotados || t.estado !== 'enviado') return;
    const ahora = Date.now();
    const pendiente = Math.max(
      (t.siguienteIntentoEn?.getTime() ?? 0) - ahora,
      (t.enCursoHasta?.getTime() ?? 0) - ahora,
    );
    if (pendiente > 1000) {
      await this.cola.programar(t.id, pendiente / 1000);
      return;
    }
    // Claim the attempt: only one sender at a time, even across instances.
    const intento = t.intentos + 1;
    const hasta = new Date(ahora + this.config.timeoutIhceMs * 2 + 5000);
    const tomadas = await em.nativeUpdate(
      Transmision,
      { id: t.id, intentos: t.intentos, estado: 'enviado' },
      { intentos: intento, enCursoHasta: hasta, updatedAt: new Date() },
    );
    if (tomadas !== 1) return;
    await em.refresh(t, { populate: ['bundle', 'entidad'] });
    const actor = 'worker';
    this.evento(em, t, 'enviado', actor, 'enviado', { intento });
    await em.flush();
    let r: ResultadoEnvio;
    if (!t.bundle) {
      r = {
        resultado: 'transitorio',
        status: null,
        errores: [errorSinResultado('transient', 'El documento ya no está disponible para reenviar.')],
      };
      t.intentos = this.config.maxIntentos;
    } else {
      try {
        const creds = await this.credencialesIhce(em, t.entidad);
        r = await this.ihce.enviar(creds, t.tipo, t.bundle);
      } catch (e) {
        if (!(e instanceof ErrorApp)) throw e;
        r = {
          resultado: 'transitorio',
          status: null,
          errores: [errorSinResultado('security', e.message)],
          incierto: false,
        };
      }
    }
    await this.aplicarDesdeWorker(em, t, r);
  }

  private async aplicarDesdeWorker(em: EntityManager, t: Transmision, r: ResultadoEnvio): Promise<void> {
    await this.aplicar(em, t, r, 'worker');
    if (t.estado === 'enviado' && !t.reintentosAgotados && t.siguienteIntentoEn) {
      await this.cola.programar(t.id, (t.siguienteIntentoEn.getTime() - Date.now()) / 1000).catch((e) => {
        // The job stays failed and pg-boss retries it: the attempt is not lost.
        this.log.error({ err: resumenError(e), transmision: t.id }, 'no se pudo programar el reintento');
        throw e;
      });
    }
  }

  /** GET /rda: newest first; total from the trigger-kept counters. */
  async listar(
    em: EntityManager,
    auth: Autenticacion,
    f: { estado?: EstadoTransmision | null; limit?: number | null; offset?: number | null },
  ): Promise<{ items: Transmision[]; total: number; limit: number; offset: number }> {
    const limit = f.limit ?? LIMITE_POR_DEFECTO;
    const offset = f.offset ?? 0;
    const detalles = [];
    if (!Number.isInteger(limit) || limit < 1 || limit > LIMITE_MAXIMO)
      detalles.push({ campo: 'limit', mensaje: `Entero entre 1 y ${LIMITE_MAXIMO}.` });
    if (!Number.isInteger(offset) || offset < 0)
      detalles.push({ campo: 'offset', mensaje: 'Entero mayor o igual a 0.' });
    if (detalles.length) throw errores.entradaInvalida('Paginación inválida.', detalles);
    const filtro = { entidad: auth.entidadId, ...(f.estado ? { estado: f.estado } : {}) };
    const [items, conteos] = await Promise.all([
      em.find(Transmision, filtro, { orderBy: { createdAt: 'desc', id: 'desc' }, limit, offset }),
      em.find(ConteoTransmision, { entidadId: auth.entidadId, ...(f.estado ? { estado: f.estado } : {}) }),
    ]);
    const total = conteos.reduce((s, c) => s + Number(c.cantidad), 0);
    return { items, total, limit, offset };
  }

  obtener(em: EntityManager, auth: Autenticacion, id: string): Promise<Transmision> {
    return deLaEntidad(em, Transmision, id, auth, 'La transmisión');
  }

  async eventos(em: EntityManager, auth: Autenticacion, id: string): Promise<EventoTransmision[]> {
    const t = await this.obtener(em, auth, id);
    return em.find(EventoTransmision, { transmision: t }, { orderBy: { secuencia: 'asc' } });
  }

  /** GET /rda/{id}/ihce: the accepted document as stored on the platform; the query joins the trail. */
  async documento(em: EntityManager, auth: Autenticacion, id: string): Promise<Record<string, unknown>> {
    const t = await this.obtener(em, auth, id);
    if (t.estado !== 'aceptado' || !t.compositionId)
      throw new ErrorApp(
        'conflicto',
        t.estado === 'aceptado'
          ? 'La IHCE no devolvió el identificador de la Composition de esta transmisión: no se puede consultar.'
          : `La transmisión está «${t.estado}»: solo un RDA aceptado puede consultarse en la IHCE.`,
      );
    const creds = await this.credencialesIhce(em, auth.entidad);
    const registrar = async (status: number | null, detalle: string) => {
      this.evento(em, t, 'consulta-documento', actorDe(auth), t.estado, { statusUpstream: status, detalle });
      await em.flush();
    };
    try {
      const doc = await this.ihce.documento(creds, t.compositionId);
      await registrar(200, 'Documento consultado en la IHCE');
      return doc;
    } catch (e) {
      if (e instanceof ErrorApp) await registrar(null, `Consulta fallida: ${e.codigo}`);
      throw e;
    }
  }

  /** POST /rda/consultas: metadata only; the humanuser is the audited actor, the patient number is not kept. */
  async consultar(em: EntityManager, auth: Autenticacion, s: SolicitudConsulta): Promise<ResultadoConsulta> {
    validarDocumentos(s.paciente, s.humanuser);
    const creds = await this.credencialesIhce(em, auth.entidad);
    const humanuser = `${s.humanuser.tipo}-${s.humanuser.numero}`;
    const enlace = {
      entidadId: auth.entidadId,
      alcance: s.alcance,
      paciente: huellaPaciente(this.config.claveCursor, s.paciente.tipo, s.paciente.numero),
    };
    const auditar = (resultado: string, resultados: number | null) => {
      em.create(ConsultaRda, {
        entidad: auth.entidad,
        alcance: s.alcance,
        actor: humanuser,
        solicitante: actorDe(auth),
        pagina: !!s.cursor,
        resultados,
        resultado,
        fecha: new Date(),
      });
      return em.flush();
    };
    let pagina: PaginaIhce;
    try {
      pagina = s.cursor
        ? await this.ihce.pagina(creds, leerCursor(this.config.claveCursor, s.cursor, enlace))
        : await this.ihce.consultar(creds, s.alcance, s.paciente, humanuser);
    } catch (e) {
      await auditar(e instanceof ErrorApp ? e.codigo : 'interno', null);
      throw e;
    }
    await auditar('ok', pagina.items.length);
    return {
      alcance: s.alcance,
      items: pagina.items,
      total: pagina.total,
      siguiente: pagina.siguiente
        ? firmarCursor(
            this.config.claveCursor,
            { ...enlace, siguiente: pagina.siguiente },
            this.config.cursorTtlSegundos,
          )
        : null,
    };
  }
}

const acotado = (x: string | null) => (x === null ? null : limpiarTexto(x, MAX_ID_IHCE));

/** The platform's ids of an acceptance, for its event: «; Composition …, DocumentReference …». */
function idsIhce(r: { compositionId: string | null; documentReferenceId?: string | null }): string {
  const ids = [
    r.compositionId ? `Composition ${r.compositionId}` : null,
    r.documentReferenceId ? `DocumentReference ${r.documentReferenceId}` : null,
  ].filter(Boolean);
  return ids.length ? `; ${ids.join(', ')}` : '';
}

function resultadoGuardable(r: ResultadoEnvio): ResultadoEnvio {
  if (r.resultado === 'aceptado')
    return {
      ...r,
      vida: acotado(r.vida),
      compositionId: acotado(r.compositionId),
      documentReferenceId: acotado(r.documentReferenceId ?? null),
      ...(r.recursos
        ? {
            recursos: r.recursos.slice(0, MAX_RECURSOS_IHCE).map((x) => ({
              tipo: acotado(x.tipo),
              id: acotado(x.id),
              version: acotado(x.version),
              status: Number.isInteger(x.status) ? x.status : null,
              location: acotado(x.location),
            })),
          }
        : {}),
      avisos: r.avisos.map(limpiarHallazgo),
    };
  if (r.resultado === 'rechazado' && r.duplicado)
    return { ...r, errores: r.errores.map(limpiarHallazgo), duplicado: { vida: acotado(r.duplicado.vida) } };
  return { ...r, errores: r.errores.map(limpiarHallazgo) };
}

/** In the detail of a transient attempt without answer that never reached the platform (intentoIncierto). */
const NO_LLEGO = 'no llegó a la plataforma';

/** Whether the platform may hold the document after a transient attempt, said in its event. */
function desenlace(r: ResultadoEnvio): string {
  if (r.resultado !== 'transitorio') return '';
  if (r.status === null)
    return r.incierto === false ? `; ${NO_LLEGO}` : '; la plataforma pudo haberlo recibido';
  return r.status >= 500 ? '; la plataforma pudo haberlo recibido' : '';
}

function avisoIhce(
  codigo: string,
  titulo: string,
  explicacion: string,
  comoCorregir: string,
): ErrorAccionable {
  return {
    codigo,
    severidad: 'informativo',
    fuente: 'ihce',
    ubicacion: ubicacion({ descripcion: 'Respuesta de la plataforma IHCE' }),
    titulo,
    explicacion,
    comoCorregir,
    mensajeOriginal: null,
  };
}

const AVISO_SIN_VIDA = avisoIhce(
  'IHCE-sin-vida',
  'Aceptado sin número VIDA',
  'La plataforma IHCE aceptó el documento (2xx), pero su respuesta no trae un número VIDA: así responde la plataforma (una transaction-response con los ids de lo que creó). Los ids que sí da quedan en compositionId y documentReferenceId.',
  'No lo reenvíe. Ubique el RDA en la plataforma por su compositionId (GET /rda/{id}/ihce). La plataforma no publica dónde entrega el número VIDA: si lo necesita, consulte los RDA del paciente (POST /rda/consultas).',
);

function avisoAceptadoAntes(intento: number, vida: string | null): ErrorAccionable {
  return avisoIhce(
    'IHCE-aceptado-antes',
    'Aceptado en un intento anterior',
    `El intento ${intento} quedó sin desenlace conocido (sin respuesta o error del servidor), pero la plataforma IHCE guardó el documento: el reenvío recibió 409 (documento duplicado).`,
    vida
      ? 'No hace falta hacer nada.'
      : 'No lo reenvíe: consulte los RDA del paciente (POST /rda/consultas) para obtener su número VIDA.',
  );
}

function codigos(e: ErrorAccionable[]): string {
  const unicos = [...new Set(e.map((x) => x.codigo))];
  return unicos.slice(0, 10).join(', ') + (unicos.length > 10 ? '…' : '');
}
