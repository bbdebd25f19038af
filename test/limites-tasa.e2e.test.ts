import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, iniciarServicio, pedir } from './servidor.js';

let s: Awaited<ReturnType<typeof iniciarServicio>>;
let claveA: string;
let claveB: string;

beforeAll(async () => {
  s = await iniciarServicio({
    RATE_LIMIT_ENABLED: 'true',
    RATE_LIMIT_IP_PER_MINUTE: '20',
    RATE_LIMIT_ENTITY_PER_MINUTE: '10',
  });
  claveA = (await s.crearEntidad('tasa-a')).clave;
  claveB = (await s.crearEntidad('tasa-b')).clave;
});
afterAll(async () => {
  await s?.cerrar();
});

/** A request from a client address as the (one, trusted) balancer reports it. */
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
