import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { ErrorApp } from '../errores/errores.js';
import { aRespuesta } from '../errores/http.js';
import { claveIp, LimitesTasa, segundosParaReintentar } from './limites-tasa.js';

describe('clave de la dirección del cliente', () => {
  it('IPv4 tal cual, también cuando llega como IPv6 mapeada', () => {
    expect(claveIp('203.0.113.7')).toBe('203.0.113.7');
    expect(claveIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('IPv6 por su prefijo /64: cambiar la mitad baja no da otra cuota', () => {
    const a = claveIp('2001:db8:1:2:aaaa::1');
    expect(a).toBe('2001:db8:1:2::/64');
    expect(claveIp('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(claveIp('2001:db8:1:3::1')).not.toBe(a);
    expect(claveIp('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('sin dirección o con una que no lo es: una clave acotada', () => {
    expect(claveIp(undefined)).toBe('desconocida');
    expect(claveIp('x'.repeat(500))).toHaveLength(64);
  });
});

describe('segundos para reintentar', () => {
  it('redondea hacia arriba y nunca da 0', () => {
    expect(segundosParaReintentar(0)).toBe(1);
    expect(segundosParaReintentar(1)).toBe(1);
    expect(segundosParaReintentar(1001)).toBe(2);
    expect(segundosParaReintentar(60_000)).toBe(60);
  });
});

describe('límite por entidad', () => {
  it('deja pasar el máximo por minuto, luego 429 con Retry-After; otra entidad sigue', async () => {
    const limitadas: string[] = [];
    const t = new LimitesTasa({ ipPorMinuto: 10, entidadPorMinuto: 3, alLimitar: (l) => limitadas.push(l) });
    for (let i = 0; i < 3; i++) await t.porEntidad('a');
    const e = await t.porEntidad('a').then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(ErrorApp);
    const r = aRespuesta(e);
    expect(r.status).toBe(429);
    expect(r.body.codigo).toBe('demasiadas-solicitudes');
    expect(r.body.error).toMatch(
      /^Demasiadas solicitudes de la entidad \(máximo 3 por minuto\)\. Reintente en \d+ segundos\.$/,
    );
    const segundos = Number(r.headers['Retry-After']);
    expect(segundos).toBeGreaterThanOrEqual(1);
    expect(segundos).toBeLessThanOrEqual(60);
    expect(r.body.reintentarEnSegundos).toBe(segundos);
    await t.porEntidad('b');
    expect(limitadas).toEqual(['entidad']);
  });
});

describe('configuración', () => {
  const base = { CREDENTIALS_KEY: Buffer.alloc(32, 7).toString('base64') };
  it('activos por defecto solo en producción; ningún proxy de confianza sin TRUST_PROXY', () => {
    const prod = loadConfig({ ...base, NODE_ENV: 'production', DATABASE_URL: 'postgres://x@localhost/x' });
    expect(prod.limiteTasa).toEqual({
      habilitado: true,
      ipPorMinuto: 3000,
      entidadPorMinuto: 1200,
      informesPorMinuto: 100_000,
    });
    expect(prod.proxiesConfiables).toBe(0);
    for (const NODE_ENV of ['development', 'test'])
      expect(loadConfig({ ...base, NODE_ENV, DATA_DIR: '/tmp/x' }).limiteTasa.habilitado).toBe(false);
    const propia = loadConfig({
      ...base,
      NODE_ENV: 'test',
      RATE_LIMIT_ENABLED: 'true',
      RATE_LIMIT_IP_PER_MINUTE: '50',
      RATE_LIMIT_ENTITY_PER_MINUTE: '7',
      RATE_LIMIT_REPORT_COST_PER_MINUTE: '9000',
      TRUST_PROXY: '1',
    });
    expect(propia.limiteTasa).toEqual({
      habilitado: true,
      ipPorMinuto: 50,
      entidadPorMinuto: 7,
      informesPorMinuto: 9000,
    });
    expect(propia.proxiesConfiables).toBe(1);
    expect(() => loadConfig({ ...base, NODE_ENV: 'test', RATE_LIMIT_IP_PER_MINUTE: '0' })).toThrow(
      /RATE_LIMIT_IP_PER_MINUTE/,
    );
  });
});
