import type { MikroORM } from '@mikro-orm/postgresql';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { RUTAS } from '../../rest-adapter/rutas.js';
import { OPERACION_CONSULTA, PERFIL_IHCE } from '../rda/ihce/fhir.js';
import { TIPOS_RDA } from '../rda/tipos.js';
import { METODOS_OPERACION } from '../rips/muv/operaciones.js';
import { ESTADOS_RADICACION } from '../rips/radicacion/radicacion.entity.js';
import { cerrada, EtiquetaAcotada } from './acotar.js';
import type { Medidor } from './medidor.js';
import { ResolutorRutas, RUTAS_PROPIAS } from './rutas.js';

const OPERACIONES_MUV = [...METODOS_OPERACION, 'RecuperarCUV', 'LoginSISPRO', 'ConsultarCUV'];
const OPERACIONES_IHCE = [
  ...Object.values(PERFIL_IHCE).map((p) => p.operacion),
  ...Object.values(OPERACION_CONSULTA),
  '$document',
  'pagina',
];
const RESULTADOS_TRANSMISION = [
  'aceptado',
  'rechazado',
  'reintento-programado',
  'reintentos-agotados',
  'bloqueado-linter',
] as const;

/** Why a request was refused by a limit: rate (ip, entidad) or the GraphQL document's (src/graphql/limites.ts). */
const LIMITES = [
  'ip',
  'entidad',
  'tokens',
  'anidamiento',
  'alias',
  'profundidad',
  'costo',
  'directivas',
  'campo-costoso',
  'literal',
  // Reports: over the per-request bound (400), over the entity's pace (429).
  'informe',
  'informes-entidad',
] as const;

/** How long a scrape waits for the queue count (a slow database must not hang the scrape). */
const ESPERA_COLA_MS = 1000;

/** Per-route entry: one histogram child per status, created on first use. */
interface EntradaRuta {
  plantilla: string;
  metodo: string;
  hijos: Map<number | string, { observe(v: number): void }>;
}

export interface FuenteCola {
  /** Jobs waiting (created or scheduled for retry) and active; undefined when the queue is not running. */
  tamanos(): Promise<{ pendientes: number; activos: number } | undefined>;
}

/** The domain event listener and bus (src/eventos), read at scrape time. */
export interface FuenteEventos {
  escuchando(): boolean;
  /** Events read from the outbox since start. */
  leidos(): number;
  suscriptores(): number;
}

/**
 * The service's Prometheus metrics, in a registry of its own (several instances in one process,
 * as in the tests, never share series). Every label comes from a closed set or a bounded one:
 * route templates, never paths; operation names capped; no entity, patient or document values.
 */
export class Metricas implements Medidor {
  readonly registro = new Registry();
  private readonly http: Histogram<'route' | 'method' | 'status_code'>;
  private readonly rutas: ResolutorRutas<EntradaRuta>;
  private readonly porRutaExpress = new Map<string, EntradaRuta>();
  private readonly graphql: Histogram<'operation' | 'outcome'>;
  private readonly nombresGraphql = new EtiquetaAcotada(200);
  private readonly validaciones: Counter<'result' | 'via'>;
  private readonly bytesValidados: Histogram<'via'>;
  private readonly hallazgos: Counter<'severity'>;
  private readonly radicaciones: Counter<'result' | 'operation'>;
  private readonly transmisiones: Counter<'result' | 'type'>;
  private readonly externas: Histogram<'upstream' | 'operation' | 'status'>;
  private readonly limitadas: Counter<'limit'>;
  private readonly limite = cerrada(LIMITES, 'otro');
  private readonly operacionMuv = cerrada(OPERACIONES_MUV, 'otra');
  private readonly operacionIhce = cerrada(OPERACIONES_IHCE, 'otra');
  private readonly estadoRadicacion = cerrada([...ESTADOS_RADICACION, 'repetida']);
  private readonly operacionRadicacion = cerrada(METODOS_OPERACION, 'otra');
  private readonly resultadoTransmision = cerrada(RESULTADOS_TRANSMISION);
  private readonly tipoRda = cerrada(TIPOS_RDA);
  private orm: () => MikroORM | undefined = () => undefined;
  private cola: FuenteCola | undefined;
  private eventos: FuenteEventos | undefined;
  private bdDisponible: () => boolean = () => false;

  constructor() {
    const registers = [this.registro];
    collectDefaultMetrics({ register: this.registro });
    this.http = new Histogram({
      name: 'motor_http_request_duration_seconds',
      help: 'Duración de las solicitudes HTTP por plantilla de ruta, método y estado',
      labelNames: ['route', 'method', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120],
      registers,
    });
    this.rutas = new ResolutorRutas([...RUTAS_PROPIAS, ...RUTAS], (plantilla, metodo) => ({
      plantilla,
      metodo,
      hijos: new Map(),
    }));
    this.graphql = new Histogram({
      name: 'motor_graphql_operation_duration_seconds',
      help: 'Duración de las operaciones GraphQL por nombre de operación (acotado) y desenlace',
      labelNames: ['operation', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
      registers,
    });
    this.validaciones = new Counter({
      name: 'motor_rips_validations_total',
      help: 'Validaciones de RIPS respondidas, por resultado (valido/invalido) y puerta (rest/graphql)',
      labelNames: ['result', 'via'],
      registers,
    });
    this.bytesValidados = new Histogram({
      name: 'motor_rips_validation_bytes',
      help: 'Tamaño del RIPS validado en bytes (REST: cuerpo declarado tal como llegó; GraphQL: ripsTexto)',
      labelNames: ['via'],
      buckets: [1024, 16_384, 65_536, 262_144, 1_048_576, 4_194_304, 16_777_216, 67_108_864, 268_435_456],
      registers,
    });
    this.hallazgos = new Counter({
      name: 'motor_rips_findings_total',
      help: 'Hallazgos de las validaciones de RIPS por severidad',
      labelNames: ['severity'],
      registers,
    });
    this.radicaciones = new Counter({
      name: 'motor_rips_filings_total',
      help: 'Radicaciones ante el MUV por resultado y operación',
      labelNames: ['result', 'operation'],
      registers,
    });
    this.transmisiones = new Counter({
      name: 'motor_rda_transmissions_total',
      help: 'Desenlaces de los intentos de transmisión de RDA a la IHCE, por resultado y tipo',
      labelNames: ['result', 'type'],
      registers,
    });
    this.externas = new Histogram({
      name: 'motor_upstream_request_duration_seconds',
      help: 'Duración de cada llamada HTTP al MUV o a la IHCE por operación y estado (código HTTP, timeout o red)',
      labelNames: ['upstream', 'operation', 'status'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
      registers,
    });
    this.limitadas = new Counter({
      name: 'motor_limited_requests_total',
      help: 'Solicitudes rechazadas por un límite: de tasa (ip, entidad, informes-entidad; 429), del documento GraphQL (tokens, alias, profundidad, costo, campo-costoso…; 400) o del costo de los informes (informe; 400)',
      labelNames: ['limit'],
      registers,
    });
    const yo = this;
    new Gauge({
      name: 'motor_db_up',
      help: '1 si la base de datos está disponible, 0 si arranca o no responde',
      registers,
      collect() {
        this.set(yo.bdDisponible() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'motor_db_pool_connections',
      help: 'Conexiones del pool de la base de datos por estado (en_uso, libre)',
      labelNames: ['state'],
      registers,
      collect() {
        this.reset();
        const pool = yo.pool();
        if (!pool) return;
        this.set({ state: 'en_uso' }, pool.numUsed());
        this.set({ state: 'libre' }, pool.numFree());
      },
    });
    new Gauge({
      name: 'motor_db_pool_pending_acquires',
      help: 'Solicitudes esperando una conexión del pool de la base de datos',
      registers,
      collect() {
        this.reset();
        const pool = yo.pool();
        if (pool) this.set(pool.numPendingAcquires());
      },
    });
    new Gauge({
      name: 'motor_db_pool_max',
      help: 'Tamaño máximo del pool de la base de datos',
      registers,
      collect() {
        this.reset();
        const pool = yo.pool();
        if (pool) this.set(pool.max);
      },
    });
    new Gauge({
      name: 'motor_rda_queue_jobs',
      help: 'Trabajos de la cola de transmisiones RDA por estado (pendiente: creado o en espera de reintento; activo)',
      labelNames: ['state'],
      registers,
      async collect() {
        this.reset();
        const t = await yo.tamanosCola();
        if (!t) return;
        this.set({ state: 'pendiente' }, t.pendientes);
        this.set({ state: 'activo' }, t.activos);
      },
    });
    new Gauge({
      name: 'motor_events_listener_up',
      help: '1 si la instancia escucha los eventos de dominio (LISTEN motor_eventos), 0 si no',
      registers,
      collect() {
        this.set(yo.eventos?.escuchando() ? 1 : 0);
      },
    });
    new Counter({
      name: 'motor_domain_events_read_total',
      help: 'Eventos de dominio leídos de la tabla evento_dominio y entregados a los suscriptores de esta instancia',
      registers,
      collect() {
        this.reset();
        this.inc(yo.eventos?.leidos() ?? 0);
      },
    });
    new Gauge({
      name: 'motor_events_subscribers',
      help: 'Suscripciones en memoria a eventos de dominio (suscripciones GraphQL y otras) en esta instancia',
      registers,
      collect() {
        this.set(yo.eventos?.suscriptores() ?? 0);
      },
    });
  }

  /** Database accessors, read at scrape time (the ORM exists only once the database is up). */
  observarBd(orm: () => MikroORM | undefined, disponible: () => boolean): void {
    this.orm = orm;
    this.bdDisponible = disponible;
  }

  observarCola(cola: FuenteCola): void {
    this.cola = cola;
  }

  observarEventos(eventos: FuenteEventos): void {
    this.eventos = eventos;
  }

  /** The Prometheus text exposition. */
  texto(): Promise<string> {
    return this.registro.metrics();
  }

  get tipoContenido(): string {
    return this.registro.contentType;
  }

  /** Route entry of a request, resolved when it starts (path and method only). */
  rutaDe(metodo: string, ruta: string): EntradaRuta {
    return this.rutas.resolver(metodo, ruta);
  }

  /**
   * Records a finished request. `rutaExpress` is the route express matched (req.baseUrl +
   * req.route.path), used for routes the table does not know (added later with app.get).
   */
  solicitud(entrada: EntradaRuta, estado: number | 'abortada', segundos: number, rutaExpress?: string): void {
    let e = entrada;
    if (rutaExpress !== undefined && e.plantilla === 'no-encontrada')
      e = this.entradaExpress(e.metodo, rutaExpress);
    let hijo = e.hijos.get(estado);
    if (!hijo) {
      hijo = this.http.labels(e.plantilla, e.metodo, String(estado));
      e.hijos.set(estado, hijo);
    }
    hijo.observe(segundos);
  }

  private entradaExpress(metodo: string, ruta: string): EntradaRuta {
    const clave = `${metodo} ${ruta}`;
    let e = this.porRutaExpress.get(clave);
    if (!e) {
      // Registered routes are finite; still, never let this map grow without bound.
      if (this.porRutaExpress.size >= 100) return this.rutas.noEncontrada(metodo);
      e = { plantilla: ruta.replace(/:(\w+)/g, '{$1}'), metodo, hijos: new Map() };
      this.porRutaExpress.set(clave, e);
    }
    return e;
  }

  /** A GraphQL operation: `nombre` already bounded in form (nombreOperacion), capped here in number. */
  operacionGraphql(nombre: string, error: boolean, segundos: number): void {
    this.graphql.observe(
      { operation: this.nombresGraphql.valor(nombre), outcome: error ? 'error' : 'ok' },
      segundos,
    );
  }

  llamadaExterna(
    servicio: 'muv' | 'ihce',
    operacion: string,
    estado: number | 'timeout' | 'red',
    segundos: number,
  ): void {
    const op = servicio === 'muv' ? this.operacionMuv(operacion) : this.operacionIhce(operacion);
    const status =
      typeof estado === 'number' ? (estado >= 100 && estado <= 599 ? String(estado) : 'otro') : estado;
    this.externas.observe({ upstream: servicio, operation: op, status }, segundos);
  }

  /** A request refused by a rate limit or a GraphQL document limit. */
  solicitudLimitada(limite: string): void {
    this.limitadas.inc({ limit: this.limite(limite) });
  }

  validacionRips(
    r: { valid: boolean; resumen: { rechazos: number; avisos: number; informativos: number } },
    via: 'rest' | 'graphql',
    bytes?: number,
  ): void {
    this.validaciones.inc({ result: r.valid ? 'valido' : 'invalido', via });
    if (bytes !== undefined) this.bytesValidados.observe({ via }, bytes);
    this.hallazgos.inc({ severity: 'rechazo' }, r.resumen.rechazos);
    this.hallazgos.inc({ severity: 'aviso' }, r.resumen.avisos);
    this.hallazgos.inc({ severity: 'informativo' }, r.resumen.informativos);
  }

  /** Bytes of a REST validation body, observed by the HTTP layer (it sees the request headers). */
  bytesValidacionRest(bytes: number): void {
    this.bytesValidados.observe({ via: 'rest' }, bytes);
  }

  radicacion(resultado: string, operacion: string): void {
    this.radicaciones.inc({
      result: this.estadoRadicacion(resultado),
      operation: this.operacionRadicacion(operacion),
    });
  }

  transmisionRda(resultado: string, tipo: string): void {
    this.transmisiones.inc({ result: this.resultadoTransmision(resultado), type: this.tipoRda(tipo) });
  }

  private pool(): TarnPool | undefined {
    try {
      const orm = this.orm();
      return orm?.em.getConnection().getKnex().client.pool as TarnPool | undefined;
    } catch {
      return undefined;
    }
  }

  private async tamanosCola(): Promise<{ pendientes: number; activos: number } | undefined> {
    if (!this.cola || !this.bdDisponible()) return undefined;
    let reloj: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        this.cola.tamanos(),
        new Promise<undefined>((r) => {
          reloj = setTimeout(() => r(undefined), ESPERA_COLA_MS);
        }),
      ]);
    } catch {
      return undefined;
    } finally {
      clearTimeout(reloj);
    }
  }
}

/** The part of knex's tarn pool read here. */
interface TarnPool {
  max: number;
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
}
