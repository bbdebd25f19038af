import type { CredencialesIhce } from '../../entidades/credenciales.js';

export interface TokenIhce {
  valor: string;
  expira: number;
}

export class ErrorToken extends Error {
  constructor(
    readonly transitorio: boolean,
    readonly status: number | null,
  ) {
    super(transitorio ? 'token: emisor no disponible' : 'token: credenciales rechazadas');
    this.name = 'ErrorToken';
  }
}

/**
 * OAuth2 client-credentials tokens from Entra ID, cached per credential set and renewed before
 * they expire (at 90 % of their life, at least a minute early). Concurrent callers share one request.
 */
export class CacheTokens {
  private readonly tokens = new Map<string, TokenIhce>();
  private readonly enCurso = new Map<string, Promise<TokenIhce>>();

  constructor(
    private readonly tokenUrl: () => string,
    private readonly timeoutMs: () => number,
    private readonly ahora: () => number = Date.now,
  ) {}

  private clave(c: CredencialesIhce): string {
    return [this.tokenUrl(), c.tenantId, c.clientId, c.scope, c.clientSecret].join('\n');
  }

  async obtener(c: CredencialesIhce): Promise<string> {
    const k = this.clave(c);
    const t = this.tokens.get(k);
    if (t && t.expira > this.ahora()) return t.valor;
    let p = this.enCurso.get(k);
    if (!p) {
      p = this.pedir(c).finally(() => this.enCurso.delete(k));
      this.enCurso.set(k, p);
    }
    const nuevo = await p;
    this.tokens.set(k, nuevo);
    return nuevo.valor;
  }

  /** After a 401 from the API: the token was revoked or the clock drifted. */
  invalidar(c: CredencialesIhce): void {
    this.tokens.delete(this.clave(c));
  }

  private async pedir(c: CredencialesIhce): Promise<TokenIhce> {
    const url = this.tokenUrl().replace('{tenant}', encodeURIComponent(c.tenantId));
    const inicio = this.ahora();
    let res: globalThis.Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: c.clientId,
          client_secret: c.clientSecret,
          scope: c.scope,
        }),
        signal: AbortSignal.timeout(this.timeoutMs()),
      });
    } catch {
      throw new ErrorToken(true, null);
    }
    const cuerpo = (await res.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (res.status === 429 || res.status >= 500) throw new ErrorToken(true, res.status);
    if (!res.ok || typeof cuerpo.access_token !== 'string') throw new ErrorToken(false, res.status);
    const vida = Math.max(1, Number(cuerpo.expires_in) || 3599) * 1000;
    const margen = Math.max(Math.min(60_000, vida / 2), vida * 0.1);
    return { valor: cuerpo.access_token, expira: inicio + vida - margen };
  }
}
