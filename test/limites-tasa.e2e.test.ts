import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVISO_SIN_PROXY } from '../src/http/aviso-proxy.js';
import { crearLogger } from '../src/logger.js';
import { graphql, iniciarServicio, pedir } from './servidor.js';

let s: Awaited<ReturnType<typeof iniciarServicio>>;
let claveA: string;
let claveB: string;

beforeAll(async () => {
  s = await iniciarServicio({
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_IP_PER_MINUTE: '20',
    RATE_LIMIT_ENTITY_PER_MINUTE: '10',
    // The test client reaches the service from 127.0.0.1, standing in for the balancer.
    TRUST_PROXY: 'loopback',
  });
  claveA = (await s.crearEntidad('tasa-a')).clave;
  claveB = (await s.crearEntidad('tasa-b')).clave;
});
afterAll(async () => {
  await s?.cerrar();
});

/** A request from a client address as the trusted balancer (loopback) reports it. */
const desde = (ip: string, ruta: string, cabeceras: Record<string, string> = {}) =>
  pedir(s.url, ruta, { cabeceras: { 'X-Forwarded-For': ip, ...cabeceras } });

function limitada(r: Awaited<ReturnType<typeof pedir>>) {
  expect(r.status).toBe(429);
  const segundos = Number(r.headers.get('retry-after'));
  expect(segundos).toBeGreaterThanOrEqual(1);
  expect(segundos).toBeLessThanOrEqual(60);
  return segundos;
}

describe('límite por dirección IP (antes de autenticar)', () => {
  it('pasado el máximo por minuto: 429 con Retry-After y cuerpo en español; otra dirección sigue', async () => {
    for (let i = 0; i < 20; i++) expect((await desde('198.51.100.1', '/openapi.json')).status).toBe(200);
    const r = await desde('198.51.100.1', '/openapi.json');
    const segundos = limitada(r);
    expect(r.body).toEqual({
      error: `Demasiadas solicitudes desde esta dirección (máximo 20 por minuto). Reintente en ${segundos} segundos.`,
      codigo: 'demasiadas-solicitudes',
      reintentarEnSegundos: segundos,
    });
    // Authentication is not reached: a valid key from that address is refused too, and so is /graphql.
    limitada(await desde('198.51.100.1', '/sesion', { 'X-Api-Key': claveA }));
    limitada(
      await pedir(s.url, '/graphql', {
        cuerpo: { query: '{ sesion { permisos } }' },
        cabeceras: { 'X-Forwarded-For': '198.51.100.1', 'X-Api-Key': claveA },
      }),
    );
    // Entries the client writes before the balancer's own do not change its address.
    limitada(await desde('203.0.113.9, 198.51.100.1', '/openapi.json'));
    expect((await desde('198.51.100.2', '/openapi.json')).status).toBe(200);
  });

  it('/health, /ready y /metrics no cuentan ni se limitan', async () => {
    for (let i = 0; i < 25; i++) await desde('198.51.100.3', '/health');
    expect((await desde('198.51.100.3', '/health')).status).toBe(200);
    expect((await desde('198.51.100.3', '/ready')).status).not.toBe(429);
    expect((await desde('198.51.100.3', '/metrics')).status).toBe(200);
    expect((await desde('198.51.100.3', '/openapi.json')).status).toBe(200);
    limitada(await desde('198.51.100.1', '/no-existe'));
    expect((await desde('198.51.100.1', '/health')).status).toBe(200);
    expect((await desde('198.51.100.1', '/metrics')).status).toBe(200);
  });
});

describe('límite por entidad (después de autenticar)', () => {
  it('REST y GraphQL comparten la cuota de la entidad; otra entidad no se ve afectada', async () => {
    // Each request from its own address: only the entity's quota is used up.
    let n = 0;
    const ip = () => `10.1.0.${++n}`;
    for (let i = 0; i < 5; i++)
      expect((await desde(ip(), '/sesion', { 'X-Api-Key': claveA })).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      const g = await pedir(s.url, '/graphql', {
        cuerpo: { query: '{ sesion { permisos } }' },
        cabeceras: { 'X-Forwarded-For': ip(), 'X-Api-Key': claveA },
      });
      expect(g.status).toBe(200);
    }
    // Requests without a credential do not use the entity's quota.
    expect((await desde(ip(), '/sesion')).status).toBe(401);

    const rest = await desde(ip(), '/sesion', { 'X-Api-Key': claveA });
    const segundos = limitada(rest);
    expect(rest.body).toEqual({
      error: `Demasiadas solicitudes de la entidad (máximo 10 por minuto). Reintente en ${segundos} segundos.`,
      codigo: 'demasiadas-solicitudes',
      reintentarEnSegundos: segundos,
    });

    const g = await pedir(s.url, '/graphql', {
      cuerpo: { query: '{ sesion { permisos } }' },
      cabeceras: { 'X-Forwarded-For': ip(), 'X-Api-Key': claveA },
    });
    const segundosG = limitada(g);
    expect(g.body.data).toBeUndefined();
    expect(g.body.errors[0].message).toMatch(
      /^Demasiadas solicitudes de la entidad \(máximo 10 por minuto\)/,
    );
    expect(g.body.errors[0].extensions).toEqual({
      code: 'TOO_MANY_REQUESTS',
      codigo: 'demasiadas-solicitudes',
      reintentarEnSegundos: segundosG,
    });

    expect((await desde(ip(), '/sesion', { 'X-Api-Key': claveB })).status).toBe(200);
    expect(
      (await graphql(s.url, '{ sesion { permisos } }', { 'X-Forwarded-For': ip(), 'X-Api-Key': claveB }))
        .status,
    ).toBe(200);
  });

  it('las métricas cuentan los 429 por límite', async () => {
    const texto = String((await pedir(s.url, '/metrics')).body);
    expect(texto).toMatch(/motor_limited_requests_total\{limit="ip"\} [1-9]/);
    expect(texto).toMatch(/motor_limited_requests_total\{limit="entidad"\} [1-9]/);
  });
});

describe('sin proxies de confianza (TRUST_PROXY sin definir, el valor por defecto)', () => {
  let sinProxy: Awaited<ReturnType<typeof iniciarServicio>>;
  const lineas: { level: number; msg: string; [k: string]: unknown }[] = [];

  beforeAll(async () => {
    const log = crearLogger('info', {
      write: (l: string) => {
        lineas.push(JSON.parse(l));
      },
    });
    sinProxy = await iniciarServicio(
      { RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_IP_PER_MINUTE: '20', LOG_LEVEL: 'info' },
      { log },
    );
  });
  afterAll(async () => {
    await sinProxy?.cerrar();
  });

  it('un X-Forwarded-For distinto en cada solicitud no cambia la dirección: 429 tras el máximo; se avisa una vez', async () => {
    expect(sinProxy.config.proxiesConfiables).toBe(0);
    const estados: number[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await pedir(sinProxy.url, '/openapi.json', {
        cabeceras: { 'X-Forwarded-For': `198.51.100.${i + 1}, 203.0.113.${i + 1}` },
      });
      estados.push(r.status);
    }
    expect(estados.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(estados.slice(20)).toEqual(Array(10).fill(429));
    // The socket's address is the one limited: without the header it is refused as well.
    limitadaEn(await pedir(sinProxy.url, '/openapi.json'));

    const avisos = lineas.filter((l) => l.msg === AVISO_SIN_PROXY);
    expect(avisos).toHaveLength(1);
    expect(avisos[0]!.level).toBe(40);
    expect(avisos[0]!.msg).toMatch(
      /^llegan solicitudes con X-Forwarded-For pero no hay proxies de confianza \(TRUST_PROXY\)/,
    );
    // The header's addresses never reach the log.
    expect(JSON.stringify(lineas)).not.toMatch(/198\.51\.100\.|203\.0\.113\./);
  });
});

function limitadaEn(r: Awaited<ReturnType<typeof pedir>>) {
  expect(r.status).toBe(429);
  expect(r.body.error).toMatch(/^Demasiadas solicitudes desde esta dirección \(máximo 20 por minuto\)/);
}
