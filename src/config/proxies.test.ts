import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { hayProxiesConfiables } from './proxies.js';

const base = { CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64'), DATA_DIR: '/tmp/x' };
const prod = { ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://x@localhost/x' };
const proxies = (env: Record<string, string>) =>
  loadConfig({ ...base, NODE_ENV: 'test', ...env }).proxiesConfiables;

function problemas(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, NODE_ENV: 'test', ...env });
  } catch (e) {
    if (e instanceof ConfigError) return e.errores;
    throw e;
  }
  return [];
}

describe('TRUST_PROXY', () => {
  it('sin configurar: ningún proxy de confianza, en producción y fuera de ella', () => {
    expect(loadConfig(prod).proxiesConfiables).toBe(0);
    for (const NODE_ENV of ['development', 'test'])
      expect(loadConfig({ ...base, NODE_ENV }).proxiesConfiables).toBe(0);
    expect(hayProxiesConfiables(0)).toBe(false);
    expect(hayProxiesConfiables([])).toBe(false);
  });

  it('un número de saltos o una lista de direcciones y subredes (IPv4, IPv6, rangos con nombre)', () => {
    expect(proxies({ TRUST_PROXY: '2' })).toBe(2);
    expect(proxies({ TRUST_PROXY: '0' })).toBe(0);
    expect(proxies({ TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.10 ,2001:db8::/32,loopback, 10.0.0.0/8' })).toEqual([
      '10.0.0.0/8',
      '192.0.2.10',
      '2001:db8::/32',
      'loopback',
    ]);
    expect(hayProxiesConfiables(2)).toBe(true);
    expect(hayProxiesConfiables(['loopback'])).toBe(true);
  });

  it('TRUST_PROXY_HOPS sigue valiendo sola, como antes', () => {
    expect(proxies({ TRUST_PROXY_HOPS: '1' })).toBe(1);
    expect(proxies({ TRUST_PROXY_HOPS: '0' })).toBe(0);
    expect(loadConfig({ ...prod, TRUST_PROXY_HOPS: '2' }).proxiesConfiables).toBe(2);
  });

  it('valores inválidos: un error de configuración en español que los nombra', () => {
    expect(problemas({ TRUST_PROXY: '10.0.0.0/8,proxy.interno,300.1.1.1' })).toEqual([
      expect.stringMatching(
        /^TRUST_PROXY: «proxy\.interno», «300\.1\.1\.1» no es una dirección IP ni una subred \(CIDR\): use un número de saltos/,
      ),
    ]);
    for (const malo of ['10.0.0.0/33', '10.0.0.0/0', '::1/129', '10.0.0.1/abc', ',', 'true', '*'])
      expect(problemas({ TRUST_PROXY: malo }), malo).toEqual([expect.stringMatching(/^TRUST_PROXY: /)]);
    expect(problemas({ TRUST_PROXY: 'true' })[0]).toMatch(
      /cualquier proxy dejaría a todo cliente elegir su dirección/,
    );
    expect(problemas({ TRUST_PROXY: '11' })).toEqual([
      expect.stringMatching(/^TRUST_PROXY: debe ser un número entero entre 0 y 10/),
    ]);
    expect(problemas({ TRUST_PROXY_HOPS: 'uno' })).toEqual([expect.stringMatching(/^TRUST_PROXY_HOPS: /)]);
    expect(problemas({ TRUST_PROXY: '1', TRUST_PROXY_HOPS: '1' })).toEqual([
      'TRUST_PROXY_HOPS: no se combina con TRUST_PROXY (que la reemplaza): defina solo TRUST_PROXY',
    ]);
  });
});
