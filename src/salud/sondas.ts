/** What one probe of a dependency found. */
export interface ResultadoSonda {
  ok: boolean;
  /** When the probe finished (ISO 8601). */
  comprobadoEn: string;
  latenciaMs?: number;
  /** Spanish explanation of a failure; never carries bodies, credentials or identifiers. */
  detalle?: string;
}

/**
 * Caches a probe's result for `cacheMs` and lets concurrent callers share the one in flight, so a
 * load balancer polling /ready every second costs the upstream at most one request per window.
 */
export class SondaCacheada {
  private ultimoCache: { r: ResultadoSonda; hasta: number } | undefined;
  private enCurso: Promise<ResultadoSonda> | undefined;

  constructor(
    private readonly sondear: () => Promise<ResultadoSonda>,
    private readonly cacheMs: number,
    private readonly ahora: () => number = Date.now,
  ) {}

  /** The last result, cached or expired. */
  get ultimo(): ResultadoSonda | undefined {
    return this.ultimoCache?.r;
  }

  olvidar(): void {
    this.ultimoCache = undefined;
  }

  obtener(): Promise<ResultadoSonda> {
    if (this.ultimoCache && this.ultimoCache.hasta > this.ahora()) return Promise.resolve(this.ultimoCache.r);
    this.enCurso ??= this.sondear()
      // A probe that throws is a dependency that is down, never a failed /ready.
      .catch((e: unknown): ResultadoSonda => ({ ok: false, comprobadoEn: iso(), detalle: describirFallo(e) }))
      .then((r) => {
        this.ultimoCache = { r, hasta: this.ahora() + this.cacheMs };
        return r;
      })
      .finally(() => {
        this.enCurso = undefined;
      });
    return this.enCurso;
  }
}

const iso = () => new Date().toISOString();

function codigoDe(e: unknown): string | undefined {
  for (
    let x: unknown = e, i = 0;
    x && typeof x === 'object' && i < 4;
    x = (x as { cause?: unknown }).cause, i++
  ) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

const POR_CODIGO: Record<string, string> = {
  ECONNREFUSED: 'conexión rechazada (ECONNREFUSED)',
  ECONNRESET: 'la conexión se cortó (ECONNRESET)',
  ENOTFOUND: 'no se encontró el nombre del servidor (ENOTFOUND)',
  EAI_AGAIN: 'no se pudo resolver el nombre del servidor (EAI_AGAIN)',
  EHOSTUNREACH: 'servidor inalcanzable (EHOSTUNREACH)',
  ENETUNREACH: 'red inalcanzable (ENETUNREACH)',
  ETIMEDOUT: 'la conexión no respondió (ETIMEDOUT)',
  UND_ERR_CONNECT_TIMEOUT: 'la conexión no respondió a tiempo',
  UND_ERR_SOCKET: 'la conexión se cortó',
};

/** The kind of failure only: error messages may carry URLs or upstream text. */
export function describirFallo(e: unknown, timeoutMs?: number): string {
  const nombre = (e as { name?: unknown } | undefined)?.name;
  if (nombre === 'TimeoutError' || nombre === 'AbortError')
    return timeoutMs ? `no respondió en ${timeoutMs} ms` : 'no respondió a tiempo';
  const codigo = codigoDe(e);
  if (codigo) return POR_CODIGO[codigo] ?? `error de red (${codigo})`;
  return 'error de red';
}

/**
 * GET without credentials: any HTTP answer below 500 (401, 404, 405…) proves the upstream is up and
 * reachable; a 5xx, a timeout or a refused connection means it is down.
 */
export async function sondearHttp(url: string, timeoutMs: number): Promise<ResultadoSonda> {
  const inicio = performance.now();
  let status: number;
  try {
    const res = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      headers: { accept: '*/*' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.status;
    await res.body?.cancel().catch(() => {});
  } catch (e) {
    return { ok: false, comprobadoEn: iso(), detalle: describirFallo(e, timeoutMs) };
  }
  const latenciaMs = Math.round(performance.now() - inicio);
  if (status >= 500)
    return { ok: false, comprobadoEn: iso(), latenciaMs, detalle: `respondió HTTP ${status}` };
  return { ok: true, comprobadoEn: iso(), latenciaMs };
}

/** Runs `tarea` with a time limit; the late result, if any, is dropped. */
export async function conLimite<T>(tarea: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limite = new Promise<never>((_, rechazar) => {
    timer = setTimeout(() => rechazar(Object.assign(new Error('límite'), { name: 'TimeoutError' })), ms);
    timer.unref();
  });
  try {
    return await Promise.race([tarea, limite]);
  } finally {
    clearTimeout(timer);
  }
}
