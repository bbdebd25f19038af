import { randomUUID } from 'node:crypto';
import { raw } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { ConfigWebhooks } from '../config.js';
import { cifrar, descifrar } from '../entidades/cifrado.js';
import type { Entidad } from '../entidades/entidad.entity.js';
import { ErrorApp, errores } from '../errores/errores.js';
import type { BusEventos } from '../eventos/tipos.js';
import { TIPOS_EVENTO_DOMINIO, type TipoEventoDominio } from '../eventos/valores.js';
import { leerArgumentosPagina } from '../graphql/conexion.js';
import { crearLogger } from '../logger.js';
import { ColaWebhooks, type EventoWebhook, FalloEntrega, type TrabajoWebhook } from './cola.js';
import {
  comprobarUrl,
  ErrorDestino,
  type PoliticaDestinos,
  type Resolutor,
  resolverDestino,
  resolverDns,
  validarUrlWebhook,
} from './destino.js';
import { WebhookEndpoint } from './endpoint.entity.js';
import { WebhookEntrega } from './entrega.entity.js';
import { enviar, type ResultadoEnvio } from './envio.js';
import { firmar, generarSecreto } from './firma.js';
import { RelayWebhooks } from './relay.js';
import {
  esTipoEventoDominio,
  MAX_LARGO_DESCRIPCION,
  MAX_WEBHOOKS_POR_ENTIDAD,
  TIPO_PRUEBA,
} from './valores.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DatosWebhook {
  url: string;
  /** Domain event types; empty or absent: all. */
  tipos?: readonly string[] | null;
  descripcion?: string | null;
}

export interface WebhookRegistrado {
  endpoint: WebhookEndpoint;
  /** The signing secret in clear: returned only here, once. */
  secreto: string;
}

/** What rotating CREDENTIALS_KEY did (or, simulating, would do) to the webhook secrets. */
export interface RotacionSecretosWebhook {
  total: number;
  recifrados: number;
  /** Already readable with the new key only: a rerun after an interrupted rotation. */
  yaConClaveNueva: number;
}

export interface PaginaEntregas {
  filas: WebhookEntrega[];
  hayMas: boolean;
  contar: () => Promise<number>;
}

/** A resolver that hangs (getaddrinfo has no timeout of its own) counts against the attempt's time. */
async function conPlazo<T>(p: Promise<T>, ms: number): Promise<T> {
  let reloj: NodeJS.Timeout | undefined;
  const vencido = new Promise<never>((_, rechazar) => {
    reloj = setTimeout(
      () => rechazar(new ErrorDestino('dns', 'La resolución del host no terminó a tiempo.')),
      ms,
    );
  });
  try {
    return await Promise.race([p, vencido]);
  } finally {
    clearTimeout(reloj);
  }
}

/** Types of a new endpoint: known, without repetitions, in catalogue order. */
export function validarTipos(tipos: readonly string[] | null | undefined): TipoEventoDominio[] {
  const lista = [...new Set((tipos ?? []).map((t) => t.trim()).filter(Boolean))];
  const malos = lista.filter((t) => !esTipoEventoDominio(t));
  if (malos.length)
    throw errores.entradaInvalida('Tipos de evento desconocidos.', [
      {
        campo: 'tipos',
        mensaje: `Desconocidos: ${malos.map((m) => `«${m.slice(0, 40)}»`).join(', ')}. Valores: ${TIPOS_EVENTO_DOMINIO.join(', ')}.`,
      },
    ]);
  return TIPOS_EVENTO_DOMINIO.filter((t) => lista.includes(t));
}

/**
 * Webhooks of the entities: registration (GraphQL owner and operator CLI), the delivery log, the
 * test delivery, and, once started in a server, the outbox relay and the delivery worker.
 */
export class ServicioWebhooks {
  private readonly cola: ColaWebhooks;
  private readonly relay: RelayWebhooks;
  private orm: MikroORM | undefined;
  private detenido = false;

  constructor(
    private readonly config: ConfigWebhooks,
    private readonly clave: Buffer,
    private readonly log: Logger = crearLogger('silent'),
    private readonly resolver: Resolutor = resolverDns,
  ) {
    this.cola = new ColaWebhooks(config, log);
    this.relay = new RelayWebhooks(this.cola, { lote: config.lote, sondeoMs: config.sondeoMs }, log);
  }

  private get politica(): PoliticaDestinos {
    return { soloPublicas: this.config.soloPublicas };
  }

  /** The secret is bound to its endpoint and entity: copied to another row it does not decrypt. */
  private asociado(entidadId: string, endpointId: string): string {
    return `webhook:${entidadId}:${endpointId}`;
  }

  async registrar(em: EntityManager, entidad: Entidad, d: DatosWebhook): Promise<WebhookRegistrado> {
    const tipos = validarTipos(d.tipos);
    const descripcion = d.descripcion?.trim() || null;
    if (descripcion && descripcion.length > MAX_LARGO_DESCRIPCION)
      throw errores.entradaInvalida('Descripción demasiado larga.', [
        { campo: 'descripcion', mensaje: `Admite hasta ${MAX_LARGO_DESCRIPCION} caracteres.` },
      ]);
    const url = await validarUrlWebhook(d.url, this.politica, this.resolver);
    const cuantos = await em.count(WebhookEndpoint, { entidad: entidad.id });
    if (cuantos >= MAX_WEBHOOKS_POR_ENTIDAD)
      throw new ErrorApp(
        'conflicto',
        `La entidad ya tiene ${cuantos} webhooks (máximo ${MAX_WEBHOOKS_POR_ENTIDAD}): elimine alguno antes de registrar otro.`,
      );
    const secreto = generarSecreto();
    const id = randomUUID();
    const endpoint = em.create(WebhookEndpoint, {
      id,
      entidad,
      url: url.toString(),
      tipos,
      secretoCifrado: cifrar(this.clave, secreto, this.asociado(entidad.id, id)),
      activo: true,
      descripcion,
      creadoEn: new Date(),
    });
    await em.flush();
    return { endpoint, secreto };
  }

  listar(em: EntityManager, entidadId: string): Promise<WebhookEndpoint[]> {
    return em.find(WebhookEndpoint, { entidad: entidadId }, { orderBy: { creadoEn: 'asc', id: 'asc' } });
  }

  /** One endpoint of the entity; another entity's, an unknown or a malformed id: the same 404. */
  async obtener(em: EntityManager, entidadId: string, id: string): Promise<WebhookEndpoint> {
    const ep = UUID.test(id) ? await em.findOne(WebhookEndpoint, { id, entidad: entidadId }) : null;
    if (!ep) throw errores.noEncontrado(`El webhook ${id.slice(0, 40)}`);
    return ep;
  }

  /** Deletes the endpoint and its delivery log; pending retries find it gone and stop. */
  async eliminar(em: EntityManager, entidadId: string | undefined, id: string): Promise<WebhookEndpoint> {
    const ep = UUID.test(id)
      ? await em.findOne(WebhookEndpoint, entidadId ? { id, entidad: entidadId } : { id }, {
          populate: ['entidad'],
        })
      : null;
    if (!ep) throw errores.noEncontrado(`El webhook ${id.slice(0, 40)}`);
    await em.nativeDelete(WebhookEndpoint, { id: ep.id });
    return ep;
  }

  async activar(em: EntityManager, entidadId: string, id: string, activo: boolean): Promise<WebhookEndpoint> {
    const ep = await this.obtener(em, entidadId, id);
    ep.activo = activo;
    await em.flush();
    return ep;
  }

  /** The endpoint's delivery attempts, newest first (keyset on fecha, id). */
  async entregas(
    em: EntityManager,
    entidadId: string,
    id: string,
    p: { first?: number | null; after?: string | null },
  ): Promise<PaginaEntregas> {
    const { first, posicion } = leerArgumentosPagina(p);
    const ep = await this.obtener(em, entidadId, id);
    const donde = posicion
      ? {
          endpoint: ep.id,
          [raw((a) => `(${a}.fecha, ${a}.id) < (?, ?)`, [posicion.fecha, posicion.id])]: [],
        }
      : { endpoint: ep.id };
    const filas = await em.find(WebhookEntrega, donde, {
      orderBy: { fecha: 'desc', id: 'desc' },
      limit: first + 1,
    });
    const hayMas = filas.length > first;
    if (hayMas) filas.length = first;
    return { filas, hayMas, contar: () => em.count(WebhookEntrega, { endpoint: ep.id }) };
  }

  /** Enqueues a `prueba` event for this endpoint only (recorded in its log like any other). */
  async probar(em: EntityManager, entidad: Entidad, id: string): Promise<EventoWebhook> {
    const ep = await this.obtener(em, entidad.id, id);
    if (!ep.activo)
      throw new ErrorApp('conflicto', 'El webhook está pausado: reactívelo (activarWebhook) para probarlo.');
    if (!this.cola.activa)
      throw new ErrorApp(
        'bd-arrancando',
        'La cola de webhooks aún no está en marcha. Reintente en unos segundos.',
        {
          reintentarEnSegundos: 2,
        },
      );
    const evento: EventoWebhook = {
      id: randomUUID(),
      tipo: TIPO_PRUEBA,
      fecha: new Date().toISOString(),
      entidad: entidad.slug,
      datos: {
        mensaje: 'Evento de prueba del motor de cumplimiento: su receptor quedó configurado.',
        webhookId: ep.id,
      },
    };
    await this.cola.encolar([{ endpointId: ep.id, evento }]);
    this.cola.avisar();
    return evento;
  }

  /**
   * Re-encrypts every webhook secret with `claveNueva` (`credenciales rotar-clave`), all or nothing: one
   * transaction with the table locked against writes; a secret readable with neither key changes nothing.
   */
  async rotarClave(
    em: EntityManager,
    claveNueva: Buffer,
    o: { simular?: boolean } = {},
  ): Promise<RotacionSecretosWebhook> {
    return em.transactional(async (tem) => {
      await tem.execute('lock table webhook_endpoint in share row exclusive mode');
      const filas = await tem.find(
        WebhookEndpoint,
        {},
        { populate: ['secretoCifrado', 'entidad'], orderBy: { id: 'asc' } },
      );
      const leer = (clave: Buffer, w: WebhookEndpoint) => {
        try {
          return descifrar(clave, w.secretoCifrado, this.asociado(w.entidad.id, w.id));
        } catch {
          return undefined;
        }
      };
      let recifrados = 0;
      let yaConClaveNueva = 0;
      const ilegibles: WebhookEndpoint[] = [];
      for (const w of filas) {
        const secreto = leer(this.clave, w);
        if (secreto !== undefined) {
          recifrados += 1;
          if (!o.simular) w.secretoCifrado = cifrar(claveNueva, secreto, this.asociado(w.entidad.id, w.id));
        } else if (leer(claveNueva, w) !== undefined) yaConClaveNueva += 1;
        else ilegibles.push(w);
      }
      if (ilegibles.length)
        throw errores.entradaInvalida(
          `${ilegibles.length} de ${filas.length} secretos de webhook no se pueden descifrar con la clave actual ` +
            '(CREDENTIALS_KEY) ni con la nueva: no se cambió nada. Elimine esos webhooks (webhook eliminar) y regístrelos de nuevo tras rotar.',
          ilegibles.map((w) => ({
            campo: w.entidad.slug,
            mensaje: `Webhook ${w.id} ilegible con ambas claves.`,
          })),
        );
      if (!o.simular) await tem.flush();
      return { total: filas.length, recifrados, yaConClaveNueva };
    });
  }

  // ── relay and worker (server only) ─────────────────────────────────────────

  async iniciar(url: string, orm: MikroORM, bus?: BusEventos): Promise<void> {
    if (this.detenido) return;
    this.orm = orm;
    await this.cola.iniciar(url, (t, intento) => this.entregar(t, intento));
    if (this.detenido) return this.cola.detener();
    this.relay.iniciar(bus);
  }

  async detener(): Promise<void> {
    this.detenido = true;
    await this.relay.detener();
    await this.cola.detener();
  }

  /**
   * One attempt: sign, check the destination again (DNS rebinding), POST to the pinned address,
   * record the attempt. A failure throws so that pg-boss schedules the next one.
   */
  private async entregar(t: TrabajoWebhook, intento: number): Promise<void> {
    const orm = this.orm;
    if (!orm) throw new Error('webhooks sin base de datos');
    const em = orm.em.fork();
    const ep = await em.findOne(WebhookEndpoint, { id: t.endpointId }, { populate: ['secretoCifrado'] });
    // Deleted or paused since the event was enqueued: nothing to deliver.
    if (!ep?.activo) return;
    const e = t.evento;
    const cuerpo = JSON.stringify({
      id: e.id,
      tipo: e.tipo,
      fecha: e.fecha,
      entidad: e.entidad,
      datos: e.datos,
    });
    let r: ResultadoEnvio;
    const inicio = performance.now();
    const fallo = (error: ResultadoEnvio['error']): ResultadoEnvio => ({
      entregado: false,
      status: null,
      error,
      respuesta: null,
      duracionMs: Math.round(performance.now() - inicio),
    });
    let secreto: string | undefined;
    try {
      secreto = descifrar(this.clave, ep.secretoCifrado, this.asociado(ep.entidad.id, ep.id));
    } catch {
      secreto = undefined;
    }
    if (secreto === undefined) r = fallo('secreto-ilegible');
    else {
      try {
        const url = comprobarUrl(ep.url, this.politica);
        const destino = await conPlazo(
          resolverDestino(url, this.politica, this.resolver),
          this.config.timeoutMs,
        );
        r = await enviar({
          url,
          destino,
          cuerpo,
          firma: firmar(secreto, e.id, cuerpo),
          timeoutMs: this.config.timeoutMs,
        });
      } catch (x) {
        if (x instanceof ErrorDestino) r = fallo(x.clase);
        else if (x instanceof ErrorApp) r = fallo('destino-no-permitido');
        else throw x;
      }
    }
    await em.insert(WebhookEntrega, {
      id: randomUUID(),
      endpoint: ep.id,
      eventoId: e.id,
      tipo: e.tipo,
      intento,
      status: r.status,
      error: r.error,
      respuesta: r.respuesta,
      duracionMs: r.duracionMs,
      fecha: new Date(),
    });
    // Ids, type, status and class only: never the URL (it may carry a token) or the receiver's answer.
    const nivel = r.entregado ? 'debug' : intento >= this.config.intentos ? 'warn' : 'info';
    this.log[nivel](
      {
        endpoint: ep.id,
        evento: e.id,
        tipo: e.tipo,
        intento,
        status: r.status,
        error: r.error,
        ms: r.duracionMs,
      },
      r.entregado
        ? 'webhook entregado'
        : intento >= this.config.intentos
          ? 'webhook no entregado: se agotaron los intentos'
          : 'webhook no entregado: se reintentará',
    );
    if (!r.entregado) throw new FalloEntrega(r.error ?? 'estado-http');
  }
}
