import { createHash } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { type Condiciones, contarFilas, filas as filasDe } from '../../db/filas.js';
import type { CredencialesMuv, ServicioCredenciales } from '../../entidades/credenciales.js';
import type { Entidad } from '../../entidades/entidad.entity.js';
import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ErrorApp, errores } from '../../errores/errores.js';
import { leerArgumentosPagina } from '../../graphql/conexion.js';
import { resumenError } from '../../logger.js';
import { MEDIDOR_NULO, type Medidor } from '../../metricas/medidor.js';
import { registrarServicios } from '../historia/registrar.js';
import type { ClienteMuv, EnvioMuv } from '../muv/cliente.js';
import { explicarResultadosMuv } from '../muv/explicar.js';
import { CLASE_SQL, claseDeFila, type OperacionMuv, SIN_ADJUNTO } from '../muv/operaciones.js';
import {
  CODIGO_RESUMEN_RECHAZO,
  fallaInternaMuv,
  fechaMuv,
  leerCalculoCuv,
  type RegistroCuv,
  type RespuestaCarga,
} from '../muv/respuesta.js';
import type { Registro } from '../tipos.js';
import { type HallazgosOmitidos, sumarOmitidos } from '../validacion/acotar.js';
import type { ServicioValidacionRips } from '../validacion/servicio.js';
import {
  type CalculoCuv,
  type Conciliacion,
  decidirConciliacion,
  diferenciasConRegistro,
  resumirEnvio,
  totalDelAdjunto,
} from './conciliacion.js';
import { acotar, type Documento, leerEntrada, MAX_CABECERA } from './entrada.js';
import { type EstadoRadicacion, Radicacion, type ResumenEnvio } from './radicacion.entity.js';
import { Semaforo } from './semaforo.js';
import { compuertaDelDocumento } from './validar-operacion.js';
import { type ValorDocumento, valorDelDocumento } from './valor.js';

export interface ResultadoRadicar {
  radicacion: Radicacion;
  /** Findings left out of `errores` (over the cap), counted by code. */
  omitidos: HallazgosOmitidos[];
  /** The document already had a CUV from this entity (or an identical note was in flight): nothing was sent. */
  repetida: boolean;
  errores: ErrorAccionable[];
}

export interface VerificacionCuv {
  radicacion: Radicacion;
  registro: RegistroCuv | null;
  verificado: boolean;
  consultadoEn: Date;
  /** RecuperarCUV's answer (manual §8.15), or null with the reason. */
  resultado: RespuestaCarga | null;
  motivoSinResultado: string | null;
}

export interface OpcionesRadicacion {
  /** Uploads to the mechanism in flight at once per instance (the rest queue in memory). */
  simultaneas?: number;
  /** How long a request waits for an identical attempt in flight before treating it as stale. */
  esperaMaximaMs?: number;
  /** Completing the evidence row is retried this long when the database fails after the call. */
  completarDuranteMs?: number;
  /** HMAC key of the history of filed services (RIPS_HISTORIA_CLAVE); without it nothing is indexed. */
  claveHistoria?: Buffer;
}

/** A page of `radicaciones`: 50 by default, at most 200. */
export { MAX_PRIMERO as MAX_POR_PAGINA, PRIMERO_POR_DEFECTO as POR_PAGINA } from '../../graphql/conexion.js';

const CLAVE_BLOQUEO = 0x52_41_44; // "RAD": first key of the per-document advisory lock

const esAviso = (e: ErrorAccionable) =>
  e.severidad === 'aviso-gradualidad' || e.severidad === 'aviso-conformidad';
const esperar = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/** The local gate's findings, as bounded by the validation service. */
type Locales = { errores: ErrorAccionable[]; omitidos: HallazgosOmitidos[] };

const repetidaDe = (r: Radicacion): ResultadoRadicar => ({
  radicacion: r,
  repetida: true,
  errores: r.errores,
  omitidos: r.omitidos ?? [],
});

type Valores = Partial<
  Pick<
    Radicacion,
    | 'estado'
    | 'cuv'
    | 'procesoId'
    | 'fechaRadicacion'
    | 'respuestaMuv'
    | 'motivo'
    | 'errores'
    | 'omitidos'
    | 'modulo'
    | 'modalidadPago'
    | 'periodoInicio'
    | 'periodoFin'
    | 'ambiente'
  >
>;

/**
 * Files RIPS with the MUV. Order: body (400) → configuration and credentials (503) → obligated party
 * of the entity (403) → for invoices, the repeat check (200) → local gate (422 rechazado-local) →
 * a `pendiente` evidence row committed under a per-document lock (identical attempts in flight wait
 * for it) → the mechanism, outside any transaction → the row completed (201 radicado, 422
 * rechazado, 502 with what is known of the outcome). Every attempt that reaches the gate is one row.
 */
export class ServicioRadicacion {
  private readonly semaforo: Semaforo;
  private readonly enVuelo = new Map<string, Promise<ResultadoRadicar>>();
  /** Payer names already written by this process (entity|NIT → name). */
  private readonly pagadores = new Map<string, string>();
  private readonly esperaMaximaMs: number;
  private readonly completarDuranteMs: number;
  private readonly claveHistoria: Buffer | undefined;

  constructor(
    private readonly validacion: ServicioValidacionRips,
    private readonly credenciales: ServicioCredenciales,
    private readonly muv: ClienteMuv,
    opciones: OpcionesRadicacion = {},
    private readonly medidor: Medidor = MEDIDOR_NULO,
  ) {
    this.semaforo = new Semaforo(opciones.simultaneas ?? 32);
    this.esperaMaximaMs = opciones.esperaMaximaMs ?? 10 * 60_000;
    this.completarDuranteMs = opciones.completarDuranteMs ?? 15_000;
    this.claveHistoria = opciones.claveHistoria;
  }

  async radicar(
    em: EntityManager,
    entidad: Entidad,
    entrada: { rips: unknown; xmlFevFile: unknown; operacion?: unknown },
    log?: Logger,
  ): Promise<ResultadoRadicar> {
    const doc = leerEntrada(entrada);
    if (!this.muv.configurado) throw errores.upstreamNoConfigurado('MUV (API Docker FEV-RIPS)');
    const cred = await this.credenciales.leer(em, entidad, 'muv');
    exigirObligado(entidad, cred, doc.nit);
    const r = await this.unaVez(entidad, doc, () => this.radicarDocumento(em, entidad, cred, doc, log));
    log?.info(
      { radicacion: r.radicacion.id, estado: r.radicacion.estado, repetida: r.repetida },
      'radicación RIPS',
    );
    this.medidor.radicacion(r.repetida ? 'repetida' : r.radicacion.estado, doc.operacion);
    return r;
  }

  /**
   * Identical requests in flight on this instance (same entity, document and bytes) share one
   * attempt: one gate, one upload, one row; the others answer with its outcome as a repeat. Across
   * instances the pending row does the same (see reservar).
   */
  private async unaVez(
    entidad: Entidad,
    doc: Documento,
    radicar: () => Promise<ResultadoRadicar>,
  ): Promise<ResultadoRadicar> {
    if (!doc.numero || !doc.nit || doc.def.clase === 'RS' || !cabeceraAcotada(doc)) return radicar();
    const clave = `${entidad.id}|${doc.nit}|${doc.def.clase}|${doc.numero}|${huellaDe(doc)}`;
    const enVuelo = this.enVuelo.get(clave);
    if (enVuelo) return enVuelo.then((r) => ({ ...r, repetida: true }));
    const p = radicar().finally(() => this.enVuelo.delete(clave));
    this.enVuelo.set(clave, p);
    return p;
  }

  private async radicarDocumento(
    em: EntityManager,
    entidad: Entidad,
    cred: CredencialesMuv,
    doc: Documento,
    log?: Logger,
  ): Promise<ResultadoRadicar> {
    // An oversized header value never reaches a query: the gate rejects it (RVG05 or 400) first.
    const esFactura =
      doc.def.clase === 'FEV' && doc.numero !== null && doc.nit !== null && cabeceraAcotada(doc);
    if (esFactura) {
      // Retries of a filed invoice are the common repeat: answered before validating anything.
      const previa = await this.radicadaPrevia(em, entidad, doc);
      if (previa) return repetidaDe(previa);
    }
    const local = await compuertaDelDocumento(this.validacion, em, doc, entidad.id);
    const valor = valorDelDocumento(doc.rips, local.documentoFev);
    await this.anotarPagador(em, entidad, valor);
    if (!local.valid) {
      const fila = em.create(Radicacion, {
        ...this.identidad(entidad, doc),
        monto: valor.monto,
        pagador: valor.pagador,
        estado: 'rechazado-local',
        ...this.conteos(local.errores, local.omitidos),
        motivo: `La validación local encontró ${local.resumen.rechazos} hallazgo(s) de rechazo; el RIPS no se envió al MUV.`,
      });
      await em.flush();
      return { radicacion: fila, repetida: false, errores: fila.errores, omitidos: fila.omitidos ?? [] };
    }
    // Every document the mechanism keys by number keeps its fingerprint: notes use it for identical
    // attempts in flight, and reconciliation tells a lost earlier answer from a corrected package.
    const huella = doc.numero && doc.def.clase !== 'RS' ? huellaDe(doc) : null;
    const reserva = await this.reservar(em, entidad, doc, huella, valor, log);
    if ('repetida' in reserva) return repetidaDe(reserva.repetida);
    return this.semaforo.con(() => this.enviar(em, entidad, cred, doc, reserva.fila, local, log));
  }

  /**
   * The payer's name for GET /resumen, written when this instance has not seen it yet (one upsert
   * per payer and process, not per filing).
   */
  private async anotarPagador(em: EntityManager, entidad: Entidad, valor: ValorDocumento): Promise<void> {
    if (!valor.nombrePagador) return;
    const clave = `${entidad.id}|${valor.pagador}`;
    if (this.pagadores.get(clave) === valor.nombrePagador) return;
    await em
      .getConnection()
      .execute(
        'insert into pagador (entidad_id, nit, nombre, actualizado_en) values (?, ?, ?, now()) on conflict (entidad_id, nit) do update set nombre = excluded.nombre, actualizado_en = now() where pagador.nombre is distinct from excluded.nombre',
        [entidad.id, valor.pagador, valor.nombrePagador],
      );
    if (this.pagadores.size >= 10_000) this.pagadores.clear();
    this.pagadores.set(clave, valor.nombrePagador);
  }

  private async radicadaPrevia(
    em: EntityManager,
    entidad: Entidad,
    doc: Documento,
  ): Promise<Radicacion | null> {
    const [fila] = await this.previas(em.getConnection(), entidad, doc, undefined);
    if (fila?.estado !== 'radicado') return null;
    return em.fork().findOne(Radicacion, { id: fila.id }, { populate: ['errores', 'omitidos'] });
  }

  /**
   * The filed invoice (only for invoices) and the attempt in flight of one document, each read on
   * its own partial index. Plain SQL on the hot path: the ORM's query building and hydration cost
   * more than the query itself.
   */
  private previas(
    conexion: ReturnType<EntityManager['getConnection']>,
    entidad: Entidad,
    doc: Documento,
    contexto: unknown,
    conEnCurso = false,
  ): Promise<{ id: string; estado: string }[]> {
    // The predicates of radicacion_factura_radicada_unique and radicacion_pendiente_unique.
    const radicada =
      "select id, estado from radicacion where entidad_id = ? and num_documento_id_obligado = ? and num_factura = ? and tipo_nota is null and operacion <> 'CargarCapitaFinal' and estado = 'radicado'";
    const enCurso = `select id, estado from radicacion where entidad_id = ? and num_documento_id_obligado = ? and ${CLASE_SQL} = ? and coalesce(num_nota, num_factura) = ? and estado = 'pendiente'`;
    const pRadicada = [entidad.id, doc.nit, doc.numFactura];
    const pEnCurso = [entidad.id, doc.nit, doc.def.clase, doc.numero];
    const esFactura = doc.def.clase === 'FEV';
    const [sql, params] = !conEnCurso
      ? [`${radicada} limit 1`, pRadicada]
      : esFactura
        ? [`(${radicada} limit 1) union all (${enCurso} limit 1)`, [...pRadicada, ...pEnCurso]]
        : [`${enCurso} limit 1`, pEnCurso];
    return conexion.execute(sql, params, 'all', contexto as never);
  }

  /**
   * Commits the pending evidence row before the mechanism is called. Under a per-document advisory
   * lock: a filed invoice is a repeat; an attempt of the same document in flight is waited for (a
   * filed invoice, or a filed identical note, is then the answer; anything else tries again). The
   * partial unique index on pending rows is the database's own guarantee across instances.
   */
  private async reservar(
    em: EntityManager,
    entidad: Entidad,
    doc: Documento,
    huella: string | null,
    valor: ValorDocumento,
    log?: Logger,
  ): Promise<{ fila: Radicacion } | { repetida: Radicacion }> {
    const clave =
      doc.numero && doc.nit && doc.def.clase !== 'RS' && cabeceraAcotada(doc)
        ? `${entidad.id}|${doc.nit}|${doc.def.clase}|${doc.numero}`
        : null;
    const limite = Date.now() + this.esperaMaximaMs;
    for (;;) {
      let r: { fila: Radicacion } | { repetida: string } | { enCurso: string };
      try {
        r = await em.transactional(async (tem) => {
          if (clave) {
            await tem
              .getConnection()
              .execute(
                'select pg_advisory_xact_lock(?, hashtext(?))',
                [CLAVE_BLOQUEO, clave],
                'all',
                tem.getTransactionContext(),
              );
            // One query for both: a filed invoice (a repeat) or an attempt of this document in flight.
            const previas = await this.previas(
              tem.getConnection(),
              entidad,
              doc,
              tem.getTransactionContext(),
              true,
            );
            const previa = previas.find((x) => x.estado === 'radicado');
            if (previa) return { repetida: previa.id };
            if (previas[0]) return { enCurso: previas[0].id };
          }
          // The findings are written once, when the row is completed (they are the gate's notes:
          // a pending row passed the gate).
          const fila = tem.create(Radicacion, {
            ...this.identidad(entidad, doc),
            monto: valor.monto,
            pagador: valor.pagador,
            estado: 'pendiente',
            errores: [],
            nErrores: 0,
            nAvisos: 0,
            huella,
            enviado: resumirEnvio(doc.rips, doc.numero),
            motivo: 'En curso: el paquete se está enviando al MUV.',
          });
          await tem.flush();
          return { fila };
        });
      } catch (e) {
        // Another writer without the lock (another version of the service): wait as for any attempt in flight.
        if (!(e instanceof UniqueConstraintViolationException)) throw e;
        await esperar(200);
        continue;
      }
      if ('repetida' in r) {
        const repetida = await em
          .fork()
          .findOne(Radicacion, { id: r.repetida }, { populate: ['errores', 'omitidos'] });
        if (repetida) return { repetida };
        continue;
      }
      if (!('enCurso' in r)) return r;
      const fin = await this.esperarDesenlace(em, r.enCurso, limite, log);
      if (
        fin?.estado === 'radicado' &&
        (doc.def.clase === 'FEV' || (huella !== null && fin.huella === huella))
      ) {
        const completa = await em
          .fork()
          .findOne(Radicacion, { id: fin.id }, { populate: ['errores', 'omitidos'] });
        if (completa) return { repetida: completa };
      }
    }
  }

  /** Polls an attempt in flight until it is complete; past the limit, reconciles it itself. */
  private async esperarDesenlace(
    em: EntityManager,
    id: string,
    limite: number,
    log?: Logger,
  ): Promise<Radicacion | null> {
    for (let pausa = 50; ; pausa = Math.min(pausa * 2, 1000)) {
      await esperar(pausa);
      const actual = await em.fork().findOne(Radicacion, { id }, { populate: ['huella', 'enviado'] });
      if (!actual) return null;
      if (actual.estado !== 'pendiente') return actual;
      if (Date.now() > limite) {
        log?.warn({ radicacion: id }, 'radicación pendiente sin desenlace; se concilia con ConsultarCUV');
        await this.conciliarPendiente(em, actual, log);
        return em.fork().findOne(Radicacion, { id }, { populate: ['huella'] });
      }
    }
  }

  /** The mechanism call, outside any transaction; then the pending row is completed. */
  private async enviar(
    em: EntityManager,
    entidad: Entidad,
    cred: CredencialesMuv,
    doc: Documento,
    fila: Radicacion,
    local: Locales,
    log?: Logger,
  ): Promise<ResultadoRadicar> {
    let envio: EnvioMuv;
    try {
      envio = await this.muv.cargar(entidad.id, cred, doc.operacion, paqueteDe(doc));
    } catch (e) {
      if (e instanceof ErrorApp && e.codigo === 'upstream-no-disponible')
        return this.trasFallaDeCarga(em, entidad, cred, doc, fila, local, e, log);
      // Nothing reached the mechanism (credentials refused, a fault of ours): the attempt ends here.
      const motivo =
        e instanceof ErrorApp ? e.message : 'Error interno antes de enviar al MUV; no se envió nada.';
      await this.completar(em, fila, { estado: 'fallido', motivo }, log);
      throw e;
    }
    const muv = explicarResultadosMuv(envio.respuesta.resultados, doc.rips);
    const hallazgos: Locales = { errores: [...local.errores, ...muv], omitidos: local.omitidos };
    const p = envio.respuesta;
    if (p.aceptado) {
      return this.terminar(
        em,
        fila,
        hallazgos,
        {
          estado: 'radicado',
          cuv: p.cuv,
          procesoId: p.procesoId,
          fechaRadicacion: fechaMuv(p.fechaRadicacion) ?? new Date(),
          respuestaMuv: envio.cruda,
          ...informeMuv(p),
          motivo: 'El MUV validó el paquete y emitió el CUV.',
        },
        log,
        ripsDe(doc),
      );
    }
    const rechazo = {
      estado: 'rechazado' as const,
      procesoId: p.procesoId,
      respuestaMuv: envio.cruda,
      ...informeMuv(p),
      motivo: `El MUV rechazó el paquete con ${muv.filter((x) => x.severidad === 'rechazo').length} hallazgo(s).`,
    };
    // Every rejection is the mechanism failing inside (a .NET exception text, no rule on the data):
    // nothing was filed (ProcesoId 0, no CUV) and the user's data is not what failed.
    const rechazos = p.resultados.filter(
      (x) => x.clase !== 'NOTIFICACION' && x.codigo !== CODIGO_RESUMEN_RECHAZO,
    );
    const internas = rechazos.map(fallaInternaMuv);
    if (rechazos.length && internas.every((x) => x !== null)) {
      const r = rechazos[0]!;
      const motivo = `El MUV falló internamente al procesar el paquete (${r.codigo || 'sin código'}: «${internas[0]}»${r.pathFuente ? ` en «${r.pathFuente}»` : ''}): es una falla del mecanismo, no un error de los datos enviados. El MUV no radicó el paquete (no emitió CUV).`;
      await this.terminar(em, fila, hallazgos, { ...rechazo, estado: 'fallido', motivo }, log);
      throw new ErrorApp(
        'upstream-no-disponible',
        `${motivo} Reintente: el reintento es seguro. Si la falla se repite con el mismo paquete, repórtela a la mesa de ayuda de SISPRO del Ministerio de Salud con el id de la radicación.`,
        { reintentoSeguro: true, radicacionId: fila.id },
      );
    }
    if (!p.resultados.some((x) => x.codigo === 'RVG18') || !doc.nit || !doc.numero || doc.def.clase === 'RS')
      return this.terminar(em, fila, hallazgos, rechazo, log);
    // An earlier answer may have been lost after the mechanism filed it: ask what it holds.
    log?.info({ operacion: doc.operacion }, 'MUV: el documento ya tiene CUV; se concilia con ConsultarCUV');
    let c: { registro: RegistroCuv | null; cruda: unknown };
    try {
      c = await this.consultar(doc);
    } catch (e) {
      if (!(e instanceof ErrorApp && e.codigo === 'upstream-no-disponible')) throw e;
      await this.terminar(
        em,
        fila,
        hallazgos,
        {
          ...rechazo,
          estado: 'fallido',
          motivo: `El MUV indica que el documento ya tiene CUV, pero no se pudo consultar con ConsultarCUV (${e.message}).`,
        },
        log,
      );
      throw desenlaceDesconocido(
        fila.id,
        'El MUV indica que el documento ya tiene un CUV, pero ConsultarCUV no respondió: no se sabe si ese CUV corresponde a este paquete.',
      );
    }
    const k = c.registro
      ? await this.conciliar(em, fila, doc, c.registro, false)
      : {
          decision: {
            adoptar: false as const,
            diferencias: ['el MUV no devolvió el registro'],
            seguro: false,
          },
          calculo: null,
        };
    const evidencia = { carga: envio.cruda, consultaCuv: c.cruda, ...conCalculo(k.calculo) };
    if (k.decision.adoptar) {
      const rec = await this.recuperar(entidad.id, cred, c.registro!.cuv, doc.rips, log);
      return this.terminar(
        em,
        fila,
        { ...local, errores: [...local.errores, ...rec.hallazgos] },
        {
          ...radicadoSegun(
            c.registro!,
            { ...evidencia, ...rec.evidencia },
            `Conciliada: el MUV ya había radicado este documento (una respuesta anterior no llegó); el CUV se obtuvo con ConsultarCUV y es de este paquete: ${k.decision.porque}.${rec.nota}`,
          ),
          ...rec.valores,
        },
        log,
        ripsDe(doc),
      );
    }
    const d = k.decision;
    return this.terminar(
      em,
      fila,
      { ...hallazgos, errores: [...hallazgos.errores, rvg18Ajeno(doc, d)] },
      {
        ...rechazo,
        respuestaMuv: evidencia,
        motivo: d.seguro
          ? `El MUV ya tiene un CUV para este documento, pero lo que tiene registrado no es lo que se envió (${d.diferencias.join('; ')}): no se registra ese CUV.`
          : `El MUV ya tiene un CUV para este documento, pero no se puede confirmar que sea de este paquete (${d.diferencias.join('; ')}): no se registra ese CUV.`,
      },
      log,
    );
  }

  /**
   * Whose package the mechanism's record is (decidirConciliacion): the record's counts, this
   * service's own attempts of the document (any entity), and, when the package is at hand, the CUV
   * the mechanism computes from its files. Nothing is asked past the first contradiction.
   */
  private async conciliar(
    em: EntityManager,
    fila: Radicacion,
    doc: Documento | null,
    registro: RegistroCuv,
    actualSinDesenlace: boolean,
  ): Promise<{ decision: Conciliacion; calculo: unknown }> {
    // Without the request's package (the reconciler), the stored row says what was sent.
    const d = doc ?? fila;
    const enMemoria = 'rips' in d;
    const nit = enMemoria ? d.nit : d.numDocumentoIdObligado;
    const numero = enMemoria ? d.numero : d.tipoNota ? d.numNota : d.numFactura;
    const huella = enMemoria ? (d.numero && d.def.clase !== 'RS' ? huellaDe(d) : null) : d.huella;
    const clase = enMemoria ? d.def.clase : claseDeFila(d.tipoNota, d.operacion);
    const enviado = enMemoria
      ? enviadoDe(d)
      : (d.enviado ?? { numero, usuarios: 0, atenciones: {}, total: null });
    const evidencia = {
      diferencias: diferenciasConRegistro(registro, nit ?? '', enviado),
      calculo: 'desconocido' as CalculoCuv,
      deOtraEntidad: false,
      huella,
      huellasSinDesenlace: actualSinDesenlace ? [huella] : [],
    };
    if (evidencia.diferencias.length || !nit || !numero)
      return { decision: decidirConciliacion(evidencia), calculo: null };
    // Bounded: the attempts of one document are few; a pathological history is cut, never walked whole.
    const filas: { entidad_id: string; estado: string; huella: string | null; cuv: string | null }[] =
      await em
        .getConnection()
        .execute(
          `select entidad_id, estado, huella, cuv from radicacion where num_documento_id_obligado = ? and ${CLASE_SQL} = ? and coalesce(num_nota, num_factura) = ? and id <> ? and estado in ('radicado', 'pendiente', 'fallido') limit 500`,
          [nit, clase, numero, fila.id],
        );
    evidencia.deOtraEntidad = filas.some((f) => f.entidad_id !== fila.entidad.id);
    for (const f of filas) {
      if (f.entidad_id !== fila.entidad.id) continue;
      // An attempt whose outcome nobody learned, or one filed with this very CUV, may be the package filed.
      if (f.estado !== 'radicado' || f.cuv === registro.cuv) evidencia.huellasSinDesenlace.push(f.huella);
    }
    let calculo: unknown = null;
    if (!evidencia.deOtraEntidad && enMemoria) {
      const r = await this.calcularCuv(d, registro.cuv);
      evidencia.calculo = r.calculo;
      calculo = r.cruda;
    }
    return { decision: decidirConciliacion(evidencia), calculo };
  }

  /**
   * RecuperarCUV for a CUV just adopted by reconciliation: the mechanism's own result of the filing
   * (Modulo, modalidad, period and its notifications), which ConsultarCUV does not carry. Best
   * effort: without it the filing is still the reconciled one, and the motive says what is missing.
   */
  private async recuperar(
    entidadId: string,
    cred: CredencialesMuv,
    cuv: string,
    rips: Registro,
    log?: Logger,
  ): Promise<{
    valores: Valores;
    hallazgos: ErrorAccionable[];
    evidencia: { recuperarCuv?: unknown };
    nota: string;
  }> {
    try {
      const r = await this.muv.recuperarCuv(entidadId, cred, cuv);
      if (!r || r.respuesta.cuv !== cuv) {
        return {
          valores: {},
          hallazgos: [],
          evidencia: { recuperarCuv: r?.cruda ?? null },
          nota: ' RecuperarCUV no devolvió el resultado de ese CUV: las notificaciones del MUV no se conocen.',
        };
      }
      return {
        valores: informeMuv(r.respuesta),
        hallazgos: explicarResultadosMuv(r.respuesta.resultados, rips),
        evidencia: { recuperarCuv: r.cruda },
        nota: ' Su resultado completo (con las notificaciones) se obtuvo con RecuperarCUV.',
      };
    } catch (e) {
      if (!(e instanceof ErrorApp)) throw e;
      log?.warn({ motivo: e.codigo }, 'MUV: RecuperarCUV no respondió; la conciliación sigue sin él');
      return {
        valores: {},
        hallazgos: [],
        evidencia: {},
        nota: ` RecuperarCUV no respondió (${e.message}): las notificaciones del MUV no se conocen.`,
      };
    }
  }

  /**
   * ConsultarCUV with this package's files and the recorded CUV (LIN §4.5.1: the method computes the
   * CUV from the files sent; CCV000 when they give another). A control query with the users removed
   * must then give CCV000: a mechanism that does not compute from the files says nothing either way.
   */
  private async calcularCuv(doc: Documento, cuv: string): Promise<{ calculo: CalculoCuv; cruda: unknown }> {
    const preguntar = async (rips: Registro | null) => {
      const c = await this.muv.consultarCuv({ ...paqueteDe(doc), rips, codigoUnicoValidacion: cuv });
      return { calculo: leerCalculoCuv(c.cruda, cuv), cruda: c.cruda };
    };
    try {
      const r = await preguntar(doc.enviaRips ? doc.rips : null);
      if (r.calculo !== 'coincide') return r;
      // The control changes the package: no users in the RIPS, or (no RIPS sent) no XML.
      const control = doc.enviaRips
        ? await preguntar({ ...doc.rips, usuarios: [] })
        : await this.muv
            .consultarCuv({ rips: null, xmlFevFile: '', codigoUnicoValidacion: cuv })
            .then((c) => ({ calculo: leerCalculoCuv(c.cruda, cuv), cruda: c.cruda }));
      return control.calculo === 'difiere'
        ? r
        : { calculo: 'desconocido', cruda: { archivos: r.cruda, control: control.cruda } };
    } catch (e) {
      if (e instanceof ErrorApp && e.codigo === 'upstream-no-disponible')
        return { calculo: 'desconocido', cruda: null };
      throw e;
    }
  }

  /**
   * The upload failed without an answer (timeout, dropped connection, 5xx): the mechanism may have
   * filed it anyway. ConsultarCUV says which; only a matching record becomes this attempt's CUV.
   */
  private async trasFallaDeCarga(
    em: EntityManager,
    entidad: Entidad,
    cred: CredencialesMuv,
    doc: Documento,
    fila: Radicacion,
    local: Locales,
    falla: ErrorApp,
    log?: Logger,
  ): Promise<ResultadoRadicar> {
    if (doc.nit && doc.numero && doc.def.clase !== 'RS') {
      try {
        const c = await this.consultar(doc);
        const k = c.registro?.esValido ? await this.conciliar(em, fila, doc, c.registro, true) : null;
        const evidencia = { consultaCuv: c.cruda, ...conCalculo(k?.calculo ?? null) };
        if (k?.decision.adoptar) {
          log?.info(
            { radicacion: fila.id },
            'MUV sin respuesta a la carga, pero ConsultarCUV muestra el documento radicado',
          );
          const rec = await this.recuperar(entidad.id, cred, c.registro!.cuv, doc.rips, log);
          return this.terminar(
            em,
            fila,
            { ...local, errores: [...local.errores, ...rec.hallazgos] },
            {
              ...radicadoSegun(
                c.registro!,
                { ...evidencia, ...rec.evidencia },
                `Conciliada: la carga no obtuvo respuesta (${falla.message}), pero ConsultarCUV muestra el documento radicado y es este paquete (${k.decision.porque}); el CUV es el que registra el MUV.${rec.nota}`,
              ),
              ...rec.valores,
            },
            log,
            ripsDe(doc),
          );
        }
        const porque = k && !k.decision.adoptar ? `: ${k.decision.diferencias.join('; ')}` : '';
        await this.completar(
          em,
          fila,
          {
            estado: 'fallido',
            respuestaMuv: evidencia,
            motivo: k
              ? `La carga no obtuvo respuesta (${falla.message}); ConsultarCUV muestra el documento radicado, pero no como este paquete${porque}.`
              : `La carga no obtuvo respuesta (${falla.message}) y ConsultarCUV no muestra este paquete radicado.`,
          },
          log,
        );
        throw new ErrorApp(
          'upstream-no-disponible',
          `${falla.message} Consultado el MUV con ConsultarCUV, no consta radicado este paquete: reintente; el reintento es seguro (si el MUV llegara a radicarlo, el reintento obtiene su CUV real).`,
          { resultado: 'no-consta', reintentoSeguro: true, radicacionId: fila.id },
        );
      } catch (e) {
        if (!(e instanceof ErrorApp && e.codigo === 'upstream-no-disponible') || e.extras.resultado) throw e;
      }
    }
    await this.completar(
      em,
      fila,
      { estado: 'fallido', motivo: `Resultado desconocido: ${falla.message}` },
      log,
    );
    throw desenlaceDesconocido(fila.id, falla.message);
  }

  /** Completes the row and answers with it; the answer does not wait for the row when the database is gone. */
  private async terminar(
    em: EntityManager,
    fila: Radicacion,
    hallazgos: Locales,
    valores: Valores,
    log?: Logger,
    rips?: Registro,
  ): Promise<ResultadoRadicar> {
    const acotados = this.conteos(hallazgos.errores, hallazgos.omitidos);
    const guardada = await this.completar(em, fila, { ...valores, ...acotados }, log, rips);
    if (!guardada && valores.estado === 'radicado') {
      fila.motivo =
        `${fila.motivo ?? ''} La evidencia quedó pendiente de completar (la base de datos no respondió); se completa sola con ConsultarCUV.`.trim();
    }
    return { radicacion: fila, repetida: false, errores: acotados.errores, omitidos: acotados.omitidos };
  }

  /**
   * UPDATE of the pending row (the only one the table allows), retried while the database comes
   * back. False when it could not be written: the reconciler completes it later. A `radicado` row
   * with its RIPS at hand also indexes its services, in the same transaction (see indexar).
   */
  private async completar(
    em: EntityManager,
    fila: Radicacion,
    valores: Valores & Partial<Pick<Radicacion, 'nErrores' | 'nAvisos'>>,
    log?: Logger,
    rips?: Registro,
  ): Promise<boolean> {
    Object.assign(fila, valores);
    const limite = Date.now() + this.completarDuranteMs;
    const indexar = valores.estado === 'radicado' && rips !== undefined && this.claveHistoria !== undefined;
    for (let pausa = 100; ; pausa = Math.min(pausa * 2, 2000)) {
      try {
        if (!indexar) await em.fork().nativeUpdate(Radicacion, { id: fila.id, estado: 'pendiente' }, valores);
        else
          await em.fork().transactional(async (tem) => {
            const n = await tem.nativeUpdate(Radicacion, { id: fila.id, estado: 'pendiente' }, valores);
            if (n) await this.indexar(tem, fila, rips, log);
          });
        return true;
      } catch (e) {
        if (Date.now() + pausa > limite) {
          log?.error(
            { radicacion: fila.id, err: resumenError(e) },
            'no se pudo completar la evidencia de la radicación',
          );
          return false;
        }
        await esperar(pausa);
      }
    }
  }

  /**
   * Adds the filed services to the entity's history (src/rips/historia) under a savepoint: a
   * failure there is logged and rolled back alone, and the filing stays `radicado`.
   */
  private async indexar(tem: EntityManager, fila: Radicacion, rips: Registro, log?: Logger): Promise<void> {
    const conexion = tem.getConnection();
    const contexto = tem.getTransactionContext();
    await conexion.execute('savepoint historia', [], 'run', contexto);
    try {
      await registrarServicios(tem, fila.entidad.id, fila.id, rips, this.claveHistoria!);
      await conexion.execute('release savepoint historia', [], 'run', contexto);
    } catch (e) {
      await conexion.execute('rollback to savepoint historia', [], 'run', contexto);
      log?.warn(
        { radicacion: fila.id, err: resumenError(e) },
        'no se pudo registrar el historial de servicios de la radicación; la radicación queda radicada',
      );
    }
  }

  /**
   * A pending row whose request is gone (process stopped, database lost mid-call): ConsultarCUV
   * decides. Filed with what was sent → radicado with the real CUV; not filed → fallido; the
   * mechanism cannot be asked → left pending for the next pass.
   */
  async conciliarPendiente(em: EntityManager, fila: Radicacion, log?: Logger): Promise<boolean> {
    const numero = fila.tipoNota ? fila.numNota : fila.numFactura;
    let registro: RegistroCuv | null = null;
    let cruda: unknown = null;
    if (numero && claseDeFila(fila.tipoNota, fila.operacion) !== 'RS' && this.muv.configurado) {
      try {
        const c = await this.muv.consultarCuv({
          rips: consultaDe(fila),
          xmlFevFile: null,
          codigoUnicoValidacion: null,
        });
        registro = c.registro;
        cruda = c.cruda;
      } catch (e) {
        if (e instanceof ErrorApp && e.codigo === 'upstream-no-disponible') return false;
        throw e;
      }
    }
    // The package is no longer in memory: this service's own attempts of the document decide.
    const k = registro?.esValido ? await this.conciliar(em, fila, null, registro, true) : null;
    const valores: Valores = k?.decision.adoptar
      ? radicadoSegun(
          registro!,
          { consultaCuv: cruda },
          `Conciliada después: la solicitud no terminó, pero ConsultarCUV muestra el documento radicado y es este paquete (${k.decision.porque}).`,
        )
      : {
          estado: 'fallido',
          respuestaMuv: cruda === null ? null : { consultaCuv: cruda },
          motivo:
            k && !k.decision.adoptar
              ? `La solicitud no terminó; ConsultarCUV muestra el documento radicado, pero no como este paquete (${k.decision.diferencias.join('; ')}): no se registra ese CUV.`
              : 'La solicitud no terminó y ConsultarCUV no muestra este paquete radicado: reintente la radicación.',
        };
    const n = await em.fork().nativeUpdate(Radicacion, { id: fila.id, estado: 'pendiente' }, valores);
    if (n) {
      log?.info({ radicacion: fila.id, estado: valores.estado }, 'radicación pendiente conciliada');
      this.medidor.radicacion(valores.estado!, fila.operacion as OperacionMuv);
    }
    return n > 0;
  }

  /** ConsultarCUV for the document being filed (by obligated party, type and number). */
  private consultar(doc: Documento) {
    return this.muv.consultarCuv({ rips: consultaDe(doc), xmlFevFile: null, codigoUnicoValidacion: null });
  }

  /** Pending rows older than `antesDe`, oldest first (the reconciler's pass). */
  pendientes(em: EntityManager, antesDe: Date, limite = 50): Promise<Radicacion[]> {
    return em.find(
      Radicacion,
      { estado: 'pendiente', createdAt: { $lt: antesDe } },
      { orderBy: { createdAt: 'asc' }, limit: limite, populate: ['enviado', 'huella'] },
    );
  }

  /**
   * Findings as stored and answered: bounded (acotarHallazgos), the rest counted by code; the
   * counts of errors and warnings include those left out.
   */
  private conteos(hallazgos: ErrorAccionable[], previos: HallazgosOmitidos[] = []) {
    const { errores, omitidos } = this.validacion.acotarHallazgos(hallazgos);
    const todos = sumarOmitidos(previos, omitidos);
    const fuera = (f: (s: string) => boolean) =>
      todos.filter((o) => f(o.severidad)).reduce((n, o) => n + o.cantidad, 0);
    return {
      errores,
      omitidos: todos,
      nErrores: hallazgos.filter((e) => e.severidad === 'rechazo').length + fuera((x) => x === 'rechazo'),
      nAvisos:
        hallazgos.filter(esAviso).length +
        fuera((x) => x === 'aviso-gradualidad' || x === 'aviso-conformidad'),
    };
  }

  private identidad(entidad: Entidad, doc: Documento) {
    return {
      entidad,
      numFactura: acotar(doc.numFactura),
      numDocumentoIdObligado: acotar(doc.nit) ?? '',
      tipoNota: acotar(doc.tipoNota),
      numNota: acotar(doc.numNota),
      operacion: doc.operacion,
      createdAt: new Date(),
    };
  }

  /**
   * GraphQL `radicaciones`: one keyset page on (createdAt, id), newest first, read backwards on
   * radicacion_entidad_id_created_at_id_index (or ..._estado_... with a state): the thousandth page
   * costs what the first does. One row more than asked tells whether there is a next page; the
   * findings stay unloaded (the loader reads them for the whole page when asked).
   */
  async pagina(em: EntityManager, entidadId: string, f: FiltroRadicaciones): Promise<PaginaRadicaciones> {
    const { first, posicion } = leerArgumentosPagina(f);

    // Plain SQL (src/db/filas.ts: em.find's query building cost more than the query itself).
    const filtro: Condiciones = { donde: ['"r0"."entidad_id" = ?'], params: [entidadId] };
    const y = (sql: string, valor: unknown) => {
      filtro.donde.push(sql);
      filtro.params.push(valor);
    };
    if (f.estado) y('"r0"."estado" = ?', f.estado);
    if (f.desde) y('"r0"."created_at" >= ?', f.desde);
    if (f.hasta) y('"r0"."created_at" < ?', f.hasta);
    // The count takes the filters; the page also the cursor, a row comparison the index answers as one
    // range (an OR of the two columns would not).
    const pagina: Condiciones = posicion
      ? {
          donde: [...filtro.donde, '("r0"."created_at", "r0"."id") < (?, ?)'],
          params: [...filtro.params, posicion.fecha, posicion.id],
        }
      : filtro;
    const filas = await filasDe(em, Radicacion, {
      ...pagina,
      orden: '"r0"."created_at" desc, "r0"."id" desc',
      limite: first + 1,
    });
    const hayMas = filas.length > first;
    if (hayMas) filas.length = first;
    return { filas, hayMas, contar: () => contarFilas(em, Radicacion, filtro) };
  }

  /**
   * ConsultarCUV with the filing's obligated party and document number; compares the CUVs. With the
   * entity's credentials, RecuperarCUV adds the mechanism's full result of that CUV.
   */
  async verificarCuv(em: EntityManager, radicacion: Radicacion): Promise<VerificacionCuv> {
    if (!radicacion.cuv) {
      throw new ErrorApp(
        'conflicto',
        `La radicación no tiene CUV (estado «${radicacion.estado}»): no hay nada que verificar ante el MUV.`,
      );
    }
    if (!this.muv.configurado) throw errores.upstreamNoConfigurado('MUV (API Docker FEV-RIPS)');
    const c = await this.muv.consultarCuv({
      rips: consultaDe(radicacion),
      xmlFevFile: null,
      codigoUnicoValidacion: radicacion.cuv,
    });
    const recuperado = await this.recuperarResultado(em, radicacion);
    return {
      radicacion,
      registro: c.registro,
      verificado: !!c.registro && c.registro.esValido && c.registro.cuv === radicacion.cuv,
      consultadoEn: new Date(),
      ...recuperado,
    };
  }

  /** RecuperarCUV of a filed CUV: its result, or why there is none (never a failure of the whole query). */
  private async recuperarResultado(
    em: EntityManager,
    radicacion: Radicacion,
  ): Promise<Pick<VerificacionCuv, 'resultado' | 'motivoSinResultado'>> {
    try {
      const cred = await this.credenciales.leer(em, radicacion.entidad, 'muv');
      const r = await this.muv.recuperarCuv(radicacion.entidad.id, cred, radicacion.cuv!);
      if (!r)
        return {
          resultado: null,
          motivoSinResultado: 'El MUV no conoce ese CUV (RecuperarCUV respondió 404).',
        };
      return { resultado: r.respuesta, motivoSinResultado: null };
    } catch (e) {
      if (!(e instanceof ErrorApp)) throw e;
      return { resultado: null, motivoSinResultado: `RecuperarCUV no devolvió el resultado: ${e.message}` };
    }
  }
}

/** GraphQL `radicaciones`: a state, a creation window [desde, hasta), and the page asked for. */
export interface FiltroRadicaciones {
  estado?: EstadoRadicacion | null;
  /** createdAt ≥ desde. */
  desde?: Date | null;
  /** createdAt < hasta (half-open: consecutive windows never overlap). */
  hasta?: Date | null;
  first?: number | null;
  after?: string | null;
}

export interface PaginaRadicaciones {
  filas: Radicacion[];
  hayMas: boolean;
  /** totalCount, counted only when asked for (with the filters, without the cursor). */
  contar: () => Promise<number>;
}

/** Header values short enough to be keys of locks and queries (the gate reports the rest). */
function cabeceraAcotada(doc: Documento): boolean {
  return [doc.nit, doc.numFactura, doc.tipoNota, doc.numNota].every(
    (v) => v === null || v.length <= MAX_CABECERA,
  );
}

/** What a document sends, canonical enough for identical requests (same client, same bytes). */
function huellaDe(doc: Documento): string {
  doc.huella ??= createHash('sha256')
    .update(JSON.stringify(doc.rips))
    .update('\n')
    .update(doc.xmlFevFile ?? '')
    .digest('hex');
  return doc.huella;
}

/** NITs an entity may file for: the ones it declared and the one of its MUV login. */
export function obligadosDe(entidad: Entidad, cred: CredencialesMuv): Set<string> {
  return new Set([...(entidad.obligados ?? []), cred.nit].map((n) => n.trim()).filter(Boolean));
}

function exigirObligado(entidad: Entidad, cred: CredencialesMuv, nit: string | null): void {
  // A missing NIT is the gate's finding (RVG01/RVC…), with its evidence row.
  if (nit === null || obligadosDe(entidad, cred).has(nit)) return;
  throw new ErrorApp(
    'obligado-no-autorizado',
    `La entidad no tiene declarado el NIT ${acotar(nit)} como obligado a reportar: solo puede radicar RIPS de los NIT que declaró (y del NIT de su usuario del MUV). El operador los declara con «cli entidad obligados».`,
    { detalles: [{ campo: 'rips.numDocumentoIdObligado', mensaje: 'NIT no declarado por la entidad.' }] },
  );
}

function desenlaceDesconocido(radicacionId: string, motivo: string): ErrorApp {
  return new ErrorApp(
    'upstream-no-disponible',
    `${motivo} No se sabe si el MUV radicó el documento (ConsultarCUV tampoco respondió). Reintente: el reintento es seguro; si el MUV lo radicó, el reintento obtiene su CUV real.`,
    { resultado: 'desconocido', reintentoSeguro: true, radicacionId },
  );
}

/** RVG18 for a CUV that is not (or cannot be shown to be) this package's: what the client must fix. */
function rvg18Ajeno(doc: Documento, d: { diferencias: string[]; seguro: boolean }): ErrorAccionable {
  const numero = acotar(doc.numero);
  const tipo = doc.tipoNota ? 'nota' : 'factura';
  return {
    codigo: 'RVG18',
    severidad: 'rechazo',
    fuente: 'muv',
    ubicacion: {
      factura: acotar(doc.numFactura),
      usuarioIndex: null,
      documentoUsuario: null,
      tipoServicio: null,
      servicioIndex: null,
      campo: doc.tipoNota ? 'numNota' : 'numFactura',
      campoNombre: doc.tipoNota ? 'Número de la nota' : 'Número de la factura',
      ruta: doc.tipoNota ? 'numNota' : 'numFactura',
      descripcion: `${doc.tipoNota ? 'Nota' : 'Factura'} ${numero}`,
    },
    titulo: d.seguro
      ? 'El documento ya tiene un CUV que no corresponde a lo enviado'
      : 'El documento ya tiene un CUV que no se puede confirmar como de este paquete',
    explicacion: d.seguro
      ? `El MUV ya radicó un documento ${numero} del obligado ${acotar(doc.nit)}, pero lo que tiene registrado no coincide con este paquete: ${d.diferencias.join('; ')}. Ese CUV no se registra como de esta radicación.`
      : `El MUV ya radicó un documento ${numero} del obligado ${acotar(doc.nit)} y lo registrado no contradice este paquete, pero tampoco lo prueba: ${d.diferencias.join('; ')}. Un CUV solo se registra cuando consta que es del paquete enviado, por eso esta radicación no lo toma.`,
    comoCorregir: d.seguro
      ? `Verifique el número en el sistema de facturación: si es otro documento, corrija el número; si es la misma ${tipo} radicada antes con otro contenido, corríjala mediante una nota (NC, ND o NA) en lugar de radicarla de nuevo.`
      : `Si este paquete es exactamente el que se radicó antes (por otra vía o en un intento cuya respuesta se perdió), su CUV ya existe: consúltelo en el MUV (ConsultarCUV) o en el sistema con que se radicó, y no radique de nuevo. Si el contenido cambió desde entonces, corríjalo mediante una nota (NC, ND o NA) sobre la ${tipo} radicada; si es otro documento, corrija el número.`,
    mensajeOriginal: null,
  };
}

/** The envelope the mechanism receives (rips null and the XML empty where the operation takes none). */
function paqueteDe(doc: Documento): { rips: Registro | null; xmlFevFile: string } {
  return {
    rips: doc.enviaRips ? doc.rips : null,
    xmlFevFile: SIN_ADJUNTO.has(doc.operacion) ? '' : (doc.xmlFevFile ?? ''),
  };
}

/** The RIPS whose services a filed document adds to the history (none when no RIPS was sent). */
const ripsDe = (doc: Documento): Registro | undefined => (doc.enviaRips ? doc.rips : undefined);

/** What the mechanism reports of a filing beside its CUV (manual §8.13), bounded as any header value. */
function informeMuv(p: RespuestaCarga): Valores {
  const corto = (v: string | null | undefined) => (v ? acotar(v) : null);
  return {
    modulo: corto(p.modulo),
    modalidadPago: corto(p.modalidadPago),
    periodoInicio: corto(p.periodoAtencion?.fechaInicio),
    periodoFin: corto(p.periodoAtencion?.fechaFin),
    ambiente: corto(p.ambiente),
  };
}

/** The answers of the CUV computation, kept as evidence when asked. */
function conCalculo(calculo: unknown): { calculoCuv?: unknown } {
  return calculo === null ? {} : { calculoCuv: calculo };
}

/** What was sent, as ConsultarCUV reports it (the XML total only when an XML was sent). */
function enviadoDe(doc: Documento): ResumenEnvio {
  return { ...resumirEnvio(doc.rips, doc.numero), total: totalDelAdjunto(doc.xmlFevFile, doc.rips) };
}

/** A filing completed with the CUV the mechanism holds for it (after ConsultarCUV). */
function radicadoSegun(registro: RegistroCuv, respuestaMuv: unknown, motivo: string): Valores {
  return {
    estado: 'radicado',
    cuv: registro.cuv,
    procesoId: registro.procesoId,
    fechaRadicacion: fechaMuv(registro.fechaValidacion) ?? new Date(),
    respuestaMuv,
    motivo,
  };
}

/** The keys ConsultarCUV finds a document by, from a request or from a stored filing. */
function consultaDe(d: Documento | Radicacion): Registro {
  return {
    numDocumentoIdObligado: 'nit' in d ? d.nit : d.numDocumentoIdObligado,
    numFactura: d.numFactura,
    tipoNota: d.tipoNota,
    numNota: d.numNota,
  };
}
