import type { MikroORM } from '@mikro-orm/postgresql';
import type { VerificadorOidc } from '../auth/oidc.js';
import type { Config } from '../config.js';
import type { MonitorBd } from '../db/monitor.js';
import type { Modulo } from '../entidades/valores.js';
import { TOKEN_URL_ENTRA } from '../rda/ihce/cliente.js';
import type { EstadoCatalogoDetallado, ServicioCatalogos } from '../rips/catalogos/servicio.js';
import { conLimite, describirFallo, type ResultadoSonda, SondaCacheada, sondearHttp } from './sondas.js';

/**
 * `disponible` and `no-requerido` keep the instance ready; `no-configurado` (a served module
 * without its upstream), `caida` and `arrancando` do not.
 */
export type EstadoDependencia = 'disponible' | 'caida' | 'arrancando' | 'no-configurado' | 'no-requerido';

export interface Dependencia {
  estado: EstadoDependencia;
  /** When this state was observed (ISO 8601): the probe's time, cached up to READY_CACHE_MS. */
  comprobadoEn: string;
  detalle?: string;
  latenciaMs?: number;
}

export interface Dependencias {
  baseDeDatos: Dependencia;
  catalogos: Dependencia;
  muv: Dependencia;
  ihce: Dependencia;
  oidc: Dependencia;
}

export interface EstadoListo {
  estado: 'ok' | 'degradado' | 'apagando';
  detalle?: string;
  dependencias?: Dependencias;
  /** Every known SISPRO table, loaded or not (a missing large one degrades nothing: rules fall back). */
  catalogos?: EstadoCatalogoDetallado[];
}

export interface OpcionesDisponibilidad {
  config: Config;
  monitor: MonitorBd;
  oidc: VerificadorOidc;
  catalogos: ServicioCatalogos;
  orm: () => MikroORM | undefined;
}

const LISTA = new Set<EstadoDependencia>(['disponible', 'no-requerido']);

const ahora = () => new Date().toISOString();

/** A dependency of a module this instance does not serve (MODULOS): it never affects readiness. */
const noRequerido = (modulo: Modulo): Dependencia => ({
  estado: 'no-requerido',
  comprobadoEn: ahora(),
  detalle: `Esta instancia no sirve el módulo ${modulo} (MODULOS)`,
});

function desdeSonda(r: ResultadoSonda, detalleOk?: string, prefijo = ''): Dependencia {
  return {
    estado: r.ok ? 'disponible' : 'caida',
    comprobadoEn: r.comprobadoEn,
    ...(r.latenciaMs !== undefined ? { latenciaMs: r.latenciaMs } : {}),
    ...(r.ok
      ? detalleOk
        ? { detalle: detalleOk }
        : {}
      : { detalle: `${prefijo}${r.detalle ?? 'no disponible'}` }),
  };
}

function sinRaiz(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * Readiness of this instance for the modules it serves (MODULOS): the database and the catalog
 * store always, the MUV when it serves `rips`, the IHCE when it serves `rda`, OIDC when configured.
 * Upstreams get a cheap real probe, cached READY_CACHE_MS and bounded by READY_PROBE_TIMEOUT_MS.
 */
export class Disponibilidad {
  private readonly bd: SondaCacheada;
  private readonly muv: SondaCacheada | undefined;
  private readonly ihceToken: SondaCacheada | undefined;
  private readonly ihceApi: SondaCacheada | undefined;
  private readonly oidc: SondaCacheada | undefined;
  private readonly timeoutMs: number;

  constructor(private readonly o: OpcionesDisponibilidad) {
    const { config } = o;
    const { cacheMs, timeoutSondaMs } = config.listo;
    this.timeoutMs = timeoutSondaMs;
    // The monitor's own probe (a fresh connection and `select 1`), so /ready and the guard agree.
    this.bd = new SondaCacheada(async () => {
      const inicio = performance.now();
      const estado = await conLimite(o.monitor.sondear(), timeoutSondaMs).catch(() => 'caida' as const);
      return {
        ok: estado === 'disponible',
        comprobadoEn: ahora(),
        latenciaMs: Math.round(performance.now() - inicio),
        ...(estado === 'disponible' ? {} : { detalle: 'PostgreSQL no responde' }),
      };
    }, cacheMs);
    const muv = config.upstreams.muv.baseUrl;
    // API Docker FEV-RIPS publishes GET /health (its compose files health-check it).
    if (muv)
      this.muv = new SondaCacheada(() => sondearHttp(`${sinRaiz(muv)}/health`, timeoutSondaMs), cacheMs);
    const ihce = config.upstreams.ihce.baseUrl;
    if (ihce) {
      // Entra ID answers a GET on its token endpoint with 400 (POST only): up, without spending a token.
      const token = (config.upstreams.ihce.tokenUrl ?? TOKEN_URL_ENTRA).replace('{tenant}', 'common');
      this.ihceToken = new SondaCacheada(() => sondearHttp(token, timeoutSondaMs), cacheMs);
      // API Management without a subscription key answers 401: up.
      this.ihceApi = new SondaCacheada(() => sondearHttp(sinRaiz(ihce), timeoutSondaMs), cacheMs);
    }
    const oidc = config.oidc;
    if (oidc) {
      const descubrimiento = new URL(
        '.well-known/openid-configuration',
        oidc.issuer.endsWith('/') ? oidc.issuer : `${oidc.issuer}/`,
      ).href;
      this.oidc = new SondaCacheada(async () => {
        const r = await sondearHttp(descubrimiento, timeoutSondaMs);
        if (!r.ok) return r;
        // The verifier discovers lazily; once the issuer is back, let it retry now.
        if (o.oidc.estado !== 'disponible')
          await conLimite(o.oidc.descubrir(), timeoutSondaMs).catch(() => undefined);
        return o.oidc.estado === 'disponible'
          ? r
          : { ...r, ok: false, detalle: 'el documento de descubrimiento no es válido o no publica jwks_uri' };
      }, cacheMs);
    }
  }

  /** While shutting down: 503 at once, no probes (the load balancer must stop sending now). */
  apagando(): EstadoListo {
    return {
      estado: 'apagando',
      detalle: 'La instancia se está deteniendo: termina las solicitudes en curso y no debe recibir nuevas.',
    };
  }

  /** Never throws: a probe that fails is a dependency that is down. */
  async estado(): Promise<EstadoListo> {
    const { config } = this.o;
    const sirve = (m: 'rips' | 'rda') => config.modulos.includes(m);
    const [baseDeDatos, muv, ihce, oidc] = await Promise.all([
      this.baseDeDatos(),
      this.upstreamMuv(sirve('rips')),
      this.upstreamIhce(sirve('rda')),
      this.proveedorOidc(),
    ]);
    const { dependencia: catalogos, lista } = await this.catalogos(baseDeDatos, sirve('rips'));
    const dependencias: Dependencias = { baseDeDatos, catalogos, muv, ihce, oidc };
    const ok = Object.values(dependencias).every((d) => LISTA.has(d.estado));
    return { estado: ok ? 'ok' : 'degradado', dependencias, ...(lista ? { catalogos: lista } : {}) };
  }

  private async baseDeDatos(): Promise<Dependencia> {
    const { monitor } = this.o;
    // Before the first migration there is nothing to probe yet.
    if (monitor.estado === 'arrancando' || !this.o.orm())
      return {
        estado: 'arrancando',
        comprobadoEn: ahora(),
        detalle: 'La base de datos aún se está preparando',
      };
    // The monitor saw it fail (a request's connection error or its own probe): no cached success.
    if (!monitor.disponible)
      return { estado: 'caida', comprobadoEn: ahora(), detalle: 'PostgreSQL no responde; se reintenta solo' };
    // ...and once the monitor sees it back, a cached failure is stale.
    if (this.bd.ultimo?.ok === false) this.bd.olvidar();
    return desdeSonda(await this.bd.obtener());
  }

  /** Shipped tables live in memory (a bad file stops start-up); imported ones are read from the database. */
  private async catalogos(
    bd: Dependencia,
    requeridos: boolean,
  ): Promise<{ dependencia: Dependencia; lista?: EstadoCatalogoDetallado[] }> {
    const orm = this.o.orm();
    if (bd.estado !== 'disponible' || !orm) {
      return {
        dependencia: requeridos
          ? {
              estado: bd.estado === 'arrancando' ? 'arrancando' : 'caida',
              comprobadoEn: ahora(),
              detalle: 'Las tablas importadas se leen de la base de datos',
            }
          : noRequerido('rips'),
      };
    }
    try {
      const em = orm.em.fork();
      // The same load validations use, so an import that cannot be read shows up here.
      if (requeridos) await conLimite(this.o.catalogos.obtener(em), this.timeoutMs);
      const lista = await conLimite(this.o.catalogos.estados(em), this.timeoutMs);
      if (!requeridos)
        return {
          dependencia: noRequerido('rips'),
          lista,
        };
      const faltan = lista.filter((c) => !c.cargado).map((c) => c.tabla);
      // An old import still validates (readiness unchanged); the detail says which to import again.
      const antiguas = lista.filter((c) => c.antigua);
      const detalles = [
        ...(faltan.length
          ? [`Tablas grandes sin importar (opcionales; se valida solo el formato): ${faltan.join(', ')}`]
          : []),
        ...(antiguas.length
          ? [
              `Tablas importadas hace más de ${this.o.catalogos.antiguedadMaximaDias} días ` +
                '(CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS); impórtelas de nuevo con «catalogo importar <carpeta>»: ' +
                antiguas.map((c) => `${c.tabla} (hace ${c.antiguedadDias} días)`).join(', '),
            ]
          : []),
      ];
      return {
        dependencia: {
          estado: 'disponible',
          comprobadoEn: ahora(),
          ...(detalles.length ? { detalle: detalles.join('. ') } : {}),
        },
        lista,
      };
    } catch (e) {
      return {
        dependencia: requeridos
          ? {
              estado: 'caida',
              comprobadoEn: ahora(),
              detalle: `No se pudieron leer los catálogos: ${describirFallo(e, this.timeoutMs)}`,
            }
          : noRequerido('rips'),
      };
    }
  }

  private async upstreamMuv(requerido: boolean): Promise<Dependencia> {
    const { muv } = this.o.config.upstreams;
    if (!requerido) return noRequerido('rips');
    if (!this.muv)
      return {
        estado: 'no-configurado',
        comprobadoEn: ahora(),
        detalle: 'Defina MUV_BASE_URL (API Docker FEV-RIPS del prestador)',
      };
    const simulador = muv.simulador ? `Simulador MUV (sandbox) en proceso: ${muv.baseUrl}` : undefined;
    return desdeSonda(
      await this.muv.obtener(),
      simulador,
      'El MUV (API Docker FEV-RIPS) no está disponible: ',
    );
  }

  private async upstreamIhce(requerido: boolean): Promise<Dependencia> {
    const { ihce } = this.o.config.upstreams;
    if (!requerido) return noRequerido('rda');
    if (!this.ihceToken || !this.ihceApi)
      return {
        estado: 'no-configurado',
        comprobadoEn: ahora(),
        detalle: 'Defina IHCE_BASE_URL (plataforma de interoperabilidad)',
      };
    const [token, api] = await Promise.all([this.ihceToken.obtener(), this.ihceApi.obtener()]);
    const fallos = [
      ...(token.ok ? [] : [`emisor de tokens: ${token.detalle}`]),
      ...(api.ok ? [] : [`API: ${api.detalle}`]),
    ];
    const latencias = [token.latenciaMs, api.latenciaMs].filter((x): x is number => x !== undefined);
    return {
      estado: fallos.length ? 'caida' : 'disponible',
      comprobadoEn: token.comprobadoEn < api.comprobadoEn ? token.comprobadoEn : api.comprobadoEn,
      ...(latencias.length ? { latenciaMs: Math.max(...latencias) } : {}),
      ...(fallos.length
        ? { detalle: `La IHCE no está disponible: ${fallos.join('; ')}` }
        : ihce.simulador
          ? { detalle: 'Simulador IHCE (sandbox) en proceso' }
          : {}),
    };
  }

  private async proveedorOidc(): Promise<Dependencia> {
    if (!this.oidc)
      return {
        estado: 'no-requerido',
        comprobadoEn: ahora(),
        detalle: 'OIDC no configurado: solo se aceptan API keys',
      };
    return desdeSonda(await this.oidc.obtener(), undefined, 'El proveedor OIDC no está disponible: ');
  }
}
