import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { OidcConfig } from '../config.js';
import { ErrorApp, errores } from '../errores/errores.js';

/** Seconds of clock difference tolerated with the identity provider. */
const TOLERANCIA_RELOJ = 5;

export type EstadoOidc = 'no-configurado' | 'pendiente' | 'disponible' | 'error';

/**
 * Verifies bearer access tokens issued by the configured OpenID provider.
 * Discovery runs lazily (and again after a failure), so the service starts even
 * when the provider is briefly unreachable.
 */
export class VerificadorOidc {
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  private issuerReal: string | undefined;
  private descubriendo: Promise<void> | undefined;
  private _estado: EstadoOidc;

  constructor(private readonly config: OidcConfig | undefined) {
    this._estado = config ? 'pendiente' : 'no-configurado';
  }

  get estado(): EstadoOidc {
    return this._estado;
  }

  get configurado(): boolean {
    return this.config !== undefined;
  }

  get claimGrupos(): string {
    return this.config?.groupsClaim ?? 'groups';
  }

  async descubrir(): Promise<void> {
    if (!this.config || this.jwks) return;
    this.descubriendo ??= (async () => {
      const cfg = this.config!;
      try {
        const configuracion = await oidc.discovery(
          new URL(cfg.issuer),
          cfg.audience,
          undefined,
          undefined,
          cfg.allowInsecureHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
        );
        const meta = configuracion.serverMetadata();
        if (!meta.jwks_uri) throw new Error('el documento de descubrimiento no publica jwks_uri');
        this.issuerReal = meta.issuer;
        this.jwks = createRemoteJWKSet(new URL(meta.jwks_uri), {
          timeoutDuration: 5000,
          cooldownDuration: 30_000,
        });
        this._estado = 'disponible';
      } catch (e) {
        this._estado = 'error';
        throw e;
      } finally {
        this.descubriendo = undefined;
      }
    })();
    return this.descubriendo;
  }

  async verificar(token: string): Promise<JWTPayload> {
    if (!this.config)
      throw errores.credencialInvalida('este servicio no acepta tokens Bearer (OIDC no configurado)');
    try {
      await this.descubrir();
    } catch {
      throw new ErrorApp('upstream-no-disponible', 'No se pudo contactar al proveedor de identidad (OIDC).');
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.jwks!, {
        issuer: this.issuerReal ?? this.config.issuer,
        audience: this.config.audience,
        algorithms: this.config.algorithms,
        // A token without expiry would stay valid forever once leaked.
        requiredClaims: ['exp'],
        clockTolerance: TOLERANCIA_RELOJ,
      }));
    } catch (e) {
      throw errores.credencialInvalida(motivoJose(e));
    }
    const motivo = vidaExcesiva(payload, this.config.maxVidaTokenSegundos);
    if (motivo) throw errores.credencialInvalida(motivo);
    return payload;
  }
}

/**
 * jose bounds a token's age (`maxTokenAge`: now − iat) but not its lifetime: a token issued a second
 * ago and valid for ten years passes it. The lifetime runs from iat (from now when the token has no
 * iat, or an iat in the future), so a leaked token is usable at most that long.
 */
export function vidaExcesiva(p: JWTPayload, maximo: number, ahora = Date.now() / 1000): string | undefined {
  if (typeof p.exp !== 'number') return undefined;
  const desde = typeof p.iat === 'number' ? Math.min(p.iat, ahora) : ahora;
  const vida = p.exp - desde;
  if (vida <= maximo + TOLERANCIA_RELOJ) return undefined;
  return `el token vale por ${duracion(vida)}${typeof p.iat === 'number' ? ' (de iat a exp)' : ' (sin iat: de ahora a exp)'} y este servicio acepta tokens de a lo sumo ${duracion(maximo)} (OIDC_MAX_TOKEN_LIFETIME_SECONDS); configure en el proveedor de identidad tokens de acceso de vida más corta`;
}

function duracion(segundos: number): string {
  const s = Math.floor(segundos);
  const dias = Math.floor(s / 86_400);
  if (dias >= 730) return `${Math.round(dias / 365.25)} años`;
  if (dias >= 2) return `${dias} días`;
  if (s >= 7200) return `${Math.floor(s / 3600)} horas`;
  if (s >= 120) return `${Math.floor(s / 60)} minutos`;
  return `${s} segundos`;
}

function motivoJose(e: unknown): string {
  if (e instanceof joseErrors.JWTExpired) return 'el token expiró';
  if (e instanceof joseErrors.JWTClaimValidationFailed) {
    if (e.claim === 'iss') return 'el emisor (iss) del token no es el configurado';
    if (e.claim === 'aud') return 'la audiencia (aud) del token no es la configurada';
    if (e.claim === 'nbf') return 'el token aún no es válido (nbf)';
    if (e.claim === 'exp') return 'el token no tiene vencimiento (exp); solo se aceptan tokens que vencen';
    return `el token no cumple la validación del claim ${e.claim}`;
  }
  if (e instanceof joseErrors.JOSEAlgNotAllowed) return 'algoritmo de firma no permitido';
  if (e instanceof joseErrors.JWSSignatureVerificationFailed) return 'la firma del token no es válida';
  if (e instanceof joseErrors.JWKSNoMatchingKey)
    return 'ninguna clave publicada por el emisor verifica el token';
  if (e instanceof joseErrors.JWSInvalid || e instanceof joseErrors.JWTInvalid)
    return 'el token está mal formado';
  if (e instanceof joseErrors.JWKSTimeout) return 'el proveedor de identidad no respondió a tiempo';
  return 'el token no pudo verificarse';
}
