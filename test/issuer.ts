import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

type Clave = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** A minimal OpenID provider for tests: discovery + JWKS on 127.0.0.1, RS256 access tokens. */
export async function iniciarEmisor(audience = 'motor-cumplimiento') {
  const publicada = await generateKeyPair('RS256');
  const ajena = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicada.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const servidor = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/openid-configuration') {
      res.end(
        JSON.stringify({
          issuer,
          jwks_uri: `${issuer}/jwks`,
          token_endpoint: `${issuer}/token`,
          authorization_endpoint: `${issuer}/authorize`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
    } else if (req.url === '/jwks') res.end(JSON.stringify({ keys: [jwk] }));
    else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;

  async function firmar(
    claims: JWTPayload,
    o: {
      clave?: Clave;
      iss?: string;
      aud?: string;
      exp?: number | string | null;
      kid?: string;
      /** Seconds since the epoch; null signs a token without iat. Default: now. */
      iat?: number | null;
    } = {},
  ): Promise<string> {
    const jwt = new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: o.kid ?? 'k1' })
      .setIssuer(o.iss ?? issuer)
      .setAudience(o.aud ?? audience)
      .setSubject(String(claims.sub ?? 'usuario-1'));
    if (o.iat !== null) jwt.setIssuedAt(o.iat);
    // exp: null signs a token without expiry (which the service must refuse).
    if (o.exp !== null) jwt.setExpirationTime(o.exp ?? '5m');
    return jwt.sign(o.clave ?? publicada.privateKey);
  }

  /** Unsigned token (`alg: none`), which must never be accepted. */
  function sinFirma(claims: JWTPayload): string {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const ahora = Math.floor(Date.now() / 1000);
    return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ iss: issuer, aud: audience, sub: 'x', iat: ahora, exp: ahora + 300, ...claims })}.`;
  }

  return {
    issuer,
    audience,
    /** The service's environment to trust this provider (plain HTTP is allowed only for tests). */
    entorno: {
      OIDC_ISSUER: issuer,
      OIDC_AUDIENCE: audience,
      OIDC_ALLOW_INSECURE_HTTP: 'true',
      OIDC_ALGORITHMS: 'RS256',
    },
    firmar,
    sinFirma,
    claveAjena: ajena.privateKey,
    cerrar: () => new Promise<void>((r) => servidor.close(() => r())),
  };
}
