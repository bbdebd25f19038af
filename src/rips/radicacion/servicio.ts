import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { CredencialesMuv, ServicioCredenciales } from '../../entidades/credenciales.js';
import type { Entidad } from '../../entidades/entidad.entity.js';
import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ErrorApp, errores } from '../../errores/errores.js';
import { MEDIDOR_NULO, type Medidor } from '../../metricas/medidor.js';
import type { ClienteMuv, EnvioMuv } from '../muv/cliente.js';
import { explicarResultadoMuv } from '../muv/explicar.js';
import { fechaMuv, type RegistroCuv } from '../muv/respuesta.js';
import { type OperacionMuv, operacionDe, SIN_ADJUNTO } from '../muv/tipos.js';
import type { Registro } from '../tipos.js';
import type { ServicioValidacionRips } from '../validacion/servicio.js';
import { compuertaLocal } from './compuerta.js';
import { type EstadoRadicacion, Radicacion } from './radicacion.entity.js';
import { Semaforo } from './semaforo.js';

export interface ResultadoRadicar {
  radicacion: Radicacion;
  /** The invoice already had a CUV from this entity: nothing was sent, nothing stored. */
  repetida: boolean;
  errores: ErrorAccionable[];
}

export interface VerificacionCuv {
  radicacion: Radicacion;
  registro: RegistroCuv | null;
  verificado: boolean;
  consultadoEn: Date;
}

const LIMITE_LISTA = 100;
const CLAVE_BLOQUEO = 0x52_41_44; // "RAD": first key of the per-invoice advisory lock

const texto = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const esAviso = (e: ErrorAccionable) =>
  e.severidad === 'aviso-gradualidad' || e.severidad === 'aviso-conformidad';

interface Documento {
  rips: Registro;
  xmlFevFile: string | null;
  operacion: OperacionMuv;
  numFactura: string | null;
  nit: string | null;
  tipoNota: string | null;
  numNota: string | null;
}

/** A filing that ended in 502: stored as evidence, then reported once the transaction is done. */
type Desenlace = { r: ResultadoRadicar } | { r: ResultadoRadicar; error: ErrorApp };

/**
 * Files RIPS with the MUV. Order: body (400) → configuration and credentials (503) → for invoices,
 * a per-invoice advisory lock and the repeat check (200) → local gate (422 rechazado-local) →
 * mechanism (201 radicado, 422 rechazado, 502). Every attempt that reaches the gate is one row.
 */
export class ServicioRadicacion {
  constructor(
    private readonly validacion: ServicioValidacionRips,
    private readonly credenciales: ServicioCredenciales,
    private readonly muv: ClienteMuv,
    /** Invoice filings holding a pooled connection at once (keep below the pool size). */
    simultaneas = 6,
    private readonly medidor: Medidor = MEDIDOR_NULO,
  ) {
    this.semaforo = new Semaforo(simultaneas);
  }

  private readonly semaforo: Semaforo;

  async radicar(
    em: EntityManager,
    entidad: Entidad,
    entrada: { rips: unknown; xmlFevFile: unknown },
    log?: Logger,
  ): Promise<ResultadoRadicar> {
    const doc = leerEntrada(entrada);
    if (!this.muv.configurado) throw errores.upstreamNoConfigurado('MUV (API Docker FEV-RIPS)');
    const cred = await this.credenciales.leer(em, entidad, 'muv');
    let d: Desenlace;
    if (doc.tipoNota === null && doc.numFactura && doc.nit) {
      // Invoices: one filing per invoice even when identical requests arrive together.
      d = await this.deUnaVez(em, entidad, doc, () =>
        this.semaforo.con(() =>
          em.transactional(async (tem) => {
            await tem
              .getConnection()
              .execute(
                'select pg_advisory_xact_lock(?, hashtext(?))',
                [CLAVE_BLOQUEO, `${entidad.id}|${doc.nit}|${doc.numFactura}`],
                'all',
                tem.getTransactionContext(),
              );
            const previa = await tem.findOne(
              Radicacion,
              {
                entidad,
                numDocumentoIdObligado: doc.nit!,
                numFactura: doc.numFactura!,
                tipoNota: null,
                estado: 'radicado',
              },
              { populate: ['errores'] },
            );
            if (previa) return { r: { radicacion: previa, repetida: true, errores: previa.errores } };
            return this.procesar(tem, entidad, cred, doc, log);
          }),
        ),
      );
    } else {
      d = await this.procesar(em, entidad, cred, doc, log);
    }
    log?.info(
      { radicacion: d.r.radicacion.id, estado: d.r.radicacion.estado, repetida: d.r.repetida },
      'radicación RIPS',
    );
    this.medidor.radicacion(d.r.repetida ? 'repetida' : d.r.radicacion.estado, doc.operacion);
    if ('error' in d) throw d.error;
    return d.r;
  }

  /**
   * The advisory lock serializes one invoice; the partial unique index is the database's own
   * guarantee. Should it fire anyway (another writer without the lock), the filing that won is
   * returned as a repeat instead of a 500.
   */
  private async deUnaVez(
    em: EntityManager,
    entidad: Entidad,
    doc: Documento,
    radicar: () => Promise<Desenlace>,
  ): Promise<Desenlace> {
    try {
      return await radicar();
    } catch (e) {
      if (!(e instanceof UniqueConstraintViolationException)) throw e;
      const ganadora = await em.fork().findOne(
        Radicacion,
        {
          entidad: entidad.id,
          numDocumentoIdObligado: doc.nit!,
          numFactura: doc.numFactura!,
          tipoNota: null,
          estado: 'radicado',
        },
        { populate: ['errores'] },
      );
      if (!ganadora) throw e;
      return { r: { radicacion: ganadora, repetida: true, errores: ganadora.errores } };
    }
  }

  private async procesar(
    em: EntityManager,
    entidad: Entidad,
    cred: CredencialesMuv,
    doc: Documento,
    log?: Logger,
  ): Promise<Desenlace> {
    const local = await compuertaLocal(this.validacion, em, { rips: doc.rips, xmlFevFile: doc.xmlFevFile });
    if (!local.valid) {
      return {
        r: await this.guardar(em, entidad, doc, 'rechazado-local', local.errores, {
          motivo: `La validación local encontró ${local.resumen.rechazos} hallazgo(s) de rechazo; el RIPS no se envió al MUV.`,
        }),
      };
    }
    let envio: EnvioMuv;
    try {
      envio = await this.muv.cargar(entidad.id, cred, doc.operacion, {
        rips: doc.rips,
        xmlFevFile: SIN_ADJUNTO.has(doc.operacion) ? '' : (doc.xmlFevFile ?? ''),
      });
    } catch (e) {
      if (e instanceof ErrorApp && e.codigo === 'upstream-no-disponible') {
        const r = await this.guardar(em, entidad, doc, 'fallido', local.errores, { motivo: e.message });
        return { r, error: e };
      }
      throw e;
    }
    const muv = envio.respuesta.resultados.map((x) => explicarResultadoMuv(x, doc.rips));
    const hallazgos = [...local.errores, ...muv];
    const p = envio.respuesta;
    if (p.aceptado) {
      return {
        r: await this.guardar(em, entidad, doc, 'radicado', hallazgos, {
          cuv: p.cuv,
          procesoId: p.procesoId,
          fechaRadicacion: fechaMuv(p.fechaRadicacion) ?? new Date(),
          respuestaMuv: envio.cruda,
          motivo: 'El MUV validó el paquete y emitió el CUV.',
        }),
      };
    }
    const yaTieneCuv = p.resultados.some((x) => x.codigo === 'RVG18');
    const numero = doc.tipoNota ? doc.numNota : doc.numFactura;
    if (yaTieneCuv && doc.nit && numero && doc.tipoNota !== 'RS') {
      // An earlier answer may have been lost after the mechanism filed it: ask for the real CUV.
      log?.info({ operacion: doc.operacion }, 'MUV: el documento ya tiene CUV; se concilia con ConsultarCUV');
      try {
        const c = await this.muv.consultarCuv({
          rips: consultaDe(doc),
          xmlFevFile: null,
          codigoUnicoValidacion: null,
        });
        if (c.registro?.esValido) {
          return {
            r: await this.guardar(em, entidad, doc, 'radicado', local.errores, {
              cuv: c.registro.cuv,
              procesoId: c.registro.procesoId,
              fechaRadicacion: fechaMuv(c.registro.fechaValidacion) ?? new Date(),
              respuestaMuv: { carga: envio.cruda, consultaCuv: c.cruda },
              motivo:
                'Conciliada: el MUV ya había radicado este documento (una respuesta anterior no llegó o se radicó por otra vía); el CUV se obtuvo con ConsultarCUV.',
            }),
          };
        }
      } catch (e) {
        if (!(e instanceof ErrorApp && e.codigo === 'upstream-no-disponible')) throw e;
        const r = await this.guardar(em, entidad, doc, 'fallido', hallazgos, {
          respuestaMuv: envio.cruda,
          motivo: `El MUV indica que el documento ya tiene CUV, pero no se pudo consultar: ${e.message}`,
        });
        return { r, error: e };
      }
    }
    return {
      r: await this.guardar(em, entidad, doc, 'rechazado', hallazgos, {
        procesoId: p.procesoId,
        respuestaMuv: envio.cruda,
        motivo: `El MUV rechazó el paquete con ${muv.filter((x) => x.severidad === 'rechazo').length} hallazgo(s).`,
      }),
    };
  }

  private async guardar(
    em: EntityManager,
    entidad: Entidad,
    doc: Documento,
    estado: EstadoRadicacion,
    hallazgos: ErrorAccionable[],
    extra: Partial<Pick<Radicacion, 'cuv' | 'procesoId' | 'fechaRadicacion' | 'respuestaMuv' | 'motivo'>>,
  ): Promise<ResultadoRadicar> {
    const radicacion = em.create(Radicacion, {
      entidad,
      numFactura: doc.numFactura,
      numDocumentoIdObligado: doc.nit ?? '',
      tipoNota: doc.tipoNota,
      numNota: doc.numNota,
      operacion: doc.operacion,
      estado,
      errores: hallazgos,
      nErrores: hallazgos.filter((e) => e.severidad === 'rechazo').length,
      nAvisos: hallazgos.filter(esAviso).length,
      createdAt: new Date(),
      ...extra,
    });
    await em.flush();
    return { radicacion, repetida: false, errores: hallazgos };
  }

  /** The latest 100 filings of the entity, newest first (index radicacion_entidad_id_created_at_id_index). */
  listar(em: EntityManager, entidad: Entidad): Promise<Radicacion[]> {
    return em.find(
      Radicacion,
      { entidad },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: LIMITE_LISTA },
    );
  }

  async errores(em: EntityManager, radicacion: Radicacion): Promise<ErrorAccionable[]> {
    await em.populate(radicacion, ['errores']);
    return radicacion.errores;
  }

  /** ConsultarCUV with the filing's obligated party and document number; compares the CUVs. */
  async verificarCuv(radicacion: Radicacion): Promise<VerificacionCuv> {
    if (!radicacion.cuv) {
      throw new ErrorApp(
        'conflicto',
        `La radicación no tiene CUV (estado «${radicacion.estado}»): no hay nada que verificar ante el MUV.`,
      );
    }
    if (!this.muv.configurado) throw errores.upstreamNoConfigurado('MUV (API Docker FEV-RIPS)');
    const c = await this.muv.consultarCuv({
      rips: {
        numDocumentoIdObligado: radicacion.numDocumentoIdObligado,
        numFactura: radicacion.numFactura,
        tipoNota: radicacion.tipoNota,
        numNota: radicacion.numNota,
      },
      xmlFevFile: null,
      codigoUnicoValidacion: radicacion.cuv,
    });
    return {
      radicacion,
      registro: c.registro,
      verificado: !!c.registro && c.registro.esValido && c.registro.cuv === radicacion.cuv,
      consultadoEn: new Date(),
    };
  }
}

function consultaDe(doc: Documento): Registro {
  return {
    numDocumentoIdObligado: doc.nit,
    numFactura: doc.numFactura,
    tipoNota: doc.tipoNota,
    numNota: doc.numNota,
  };
}

/** Body checks that need no rules: shapes, the operation and the attachment it allows. */
function leerEntrada(entrada: { rips: unknown; xmlFevFile: unknown }): Documento {
  const { rips, xmlFevFile } = entrada;
  if (typeof rips !== 'object' || rips === null || Array.isArray(rips)) {
    throw errores.entradaInvalida('Envíe el RIPS como objeto JSON en el campo «rips».', [
      {
        campo: 'rips',
        mensaje: rips === undefined || rips === null ? 'Es obligatorio.' : 'Debe ser un objeto JSON.',
      },
    ]);
  }
  if (xmlFevFile !== null && xmlFevFile !== undefined && typeof xmlFevFile !== 'string') {
    throw errores.entradaInvalida('«xmlFevFile» debe ser el AttachedDocument codificado en base64 (texto).', [
      { campo: 'xmlFevFile', mensaje: 'Debe ser texto base64.' },
    ]);
  }
  const r = rips as Registro;
  const operacion = operacionDe(r.tipoNota);
  if (!operacion) {
    throw errores.entradaInvalida('«tipoNota» debe ser null (factura), NC, ND, NA o RS.', [
      { campo: 'rips.tipoNota', mensaje: `Valor recibido: ${JSON.stringify(r.tipoNota)}.` },
    ]);
  }
  const xml = texto(xmlFevFile);
  if (xml && SIN_ADJUNTO.has(operacion)) {
    throw errores.entradaInvalida(
      `Las notas de ajuste (NA) y los RIPS sin factura (RS) se radican sin XML: envíe «xmlFevFile» vacío o no lo envíe.`,
      [{ campo: 'xmlFevFile', mensaje: `No aplica a ${operacion}.` }],
    );
  }
  if (xml && !/^[A-Za-z0-9+/\s]+=*\s*$/.test(xml)) {
    throw errores.entradaInvalida('«xmlFevFile» no es base64 válido.', [
      { campo: 'xmlFevFile', mensaje: 'Codifique el AttachedDocument en base64.' },
    ]);
  }
  return {
    rips: r,
    xmlFevFile: xml,
    operacion,
    numFactura: texto(r.numFactura),
    nit: texto(r.numDocumentoIdObligado),
    tipoNota: texto(r.tipoNota),
    numNota: texto(r.numNota),
  };
}
