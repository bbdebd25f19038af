import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConsultaResumen } from '../src/resumen/consulta.js';
import { graphql, iniciarServicio, pedir } from './servidor.js';

/**
 * Issue 30: a report weighs what it will compute (periods × views × aliases). Over the bound a
 * request is refused before any resolver runs; within it, each entity's reports keep a pace of their
 * own. The main instance has the default bound and rate limits on with a slow pace (100 units per
 * second, so a second heavy report of one entity is refused); a second one has a low bound (5,000)
 * so the REST door's refusal can be seen (its heaviest view weighs about 15,600, under the default).
 */
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let bajo: Awaited<ReturnType<typeof iniciarServicio>>;
let receptor: http.Server;
let urlReceptor: string;

beforeAll(async () => {
  receptor = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  receptor.listen(0, '127.0.0.1');
  await once(receptor, 'listening');
  urlReceptor = `http://127.0.0.1:${(receptor.address() as AddressInfo).port}/`;
  s = await iniciarServicio({ RATE_LIMIT_ENABLED: 'true', RATE_LIMIT_REPORT_COST_PER_MINUTE: '6000' });
  bajo = await iniciarServicio({ GRAPHQL_MAX_REPORT_COST: '5000' });
});
afterAll(async () => {
  await s?.cerrar();
  await bajo?.cerrar();
  receptor?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function entidad(base: string, servidor = s) {
  const e = await servidor.crearEntidad(base);
  return { ...e, cab: { 'x-api-key': e.clave } };
}

const CONTEOS = 'total porEstado { estado cantidad } porTipo { tipo cantidad }';
/** n aliases of a century by month with both modules' counts (a fragment keeps 15 within the token limit). */
const alias = (n: number) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: resumen(desde: "2000-01-01", hasta: "2100-01-01", agrupar: MES) { ...Siglo }`).join(' ')} }
  fragment Siglo on Resumen { rips { ${CONTEOS} serie { periodo hasta ${CONTEOS} } } rda { ${CONTEOS} serie { periodo hasta ${CONTEOS} } } }`;
/** The typed client's report: every view. */
const CLIENTE = readFileSync('cliente/operaciones/resumen.graphql', 'utf8');
const TRES_ANIOS = { desde: '2023-01-01', hasta: '2026-01-01', agrupar: 'DIA' };

/** Every refusal by the bound: a Spanish 400 with the stable code and no data. */
function rechazada(r: Awaited<ReturnType<typeof graphql>>, mensaje: RegExp) {
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  expect(r.body.data, JSON.stringify(r.body)).toBeUndefined();
  expect(r.body.errors[0].extensions.codigo, JSON.stringify(r.body)).toBe('consulta-demasiado-compleja');
  expect(r.body.errors).toHaveLength(1);
  expect(r.body.errors[0].extensions.codigo).toBe('consulta-demasiado-compleja');
  expect(r.body.errors[0].message).toMatch(mensaje);
}

describe('el costo de los informes GraphQL', () => {
  it('15 alias de un resumen de 100 años por mes: 400 en español, sin ejecutar ningún resolver', async () => {
    const a = await entidad('costo-alias');
    const rango = vi.spyOn(ConsultaResumen.prototype, 'rango');
    const t = performance.now();
    const r = await graphql(s.url, alias(15), a.cab);
    rechazada(
      r,
      /^La operación pide informes \(«resumen» \(15 veces\)\) que calcularían 72045 unidades \(períodos de la serie × vistas × alias\); el máximo es 20000 por operación \(GRAPHQL_MAX_REPORT_COST\)\. Envíe menos alias, acorte el período/,
    );
    expect(performance.now() - t).toBeLessThan(1000);
    // By GET too, and with the range in variables (the same text may weigh little with other values).
    const porGet = await pedir(s.url, `/graphql?query=${encodeURIComponent(alias(15))}`, {
      cabeceras: { ...a.cab, 'apollo-require-preflight': 'true' },
    });
    rechazada(porGet, /calcularían 72045 unidades/);
    const conVariables = `query($d: String, $h: String, $g: AgrupacionResumen) { ${Array.from(
      { length: 15 },
      (_, i) => `a${i}: resumen(desde: $d, hasta: $h, agrupar: $g) { rips { serie { periodo } } }`,
    ).join(' ')} }`;
    rechazada(
      await graphql(s.url, conVariables, a.cab, { d: '2000-01-01', h: '2100-01-01', g: 'MES' }),
      /calcularían 36030 unidades/,
    );
    expect(rango).not.toHaveBeenCalled();
    const pequena = await graphql(s.url, conVariables, a.cab, { d: '2026-01-01', h: '2026-02-01', g: 'DIA' });
    expect(pequena.status).toBe(200);
    expect(pequena.body.data.a14.rips.serie).toHaveLength(31);
    expect(rango).toHaveBeenCalled();
  });

  it('un informe legítimo responde: el completo del cliente tipado, 3 años por día o 100 años por mes; 4 alias del siglo', async () => {
    const a = await entidad('costo-legitimo');
    const dia = await graphql(s.url, CLIENTE, a.cab, TRES_ANIOS);
    expect(dia.status, JSON.stringify(dia.body.errors)).toBe(200);
    expect(dia.body.errors).toBeUndefined();
    expect(dia.body.data.resumen.rips.serie).toHaveLength(1096);
    expect(dia.body.data.resumen.rda.serie).toHaveLength(1096);
    // Another entity (the pace is per entity): the whole century by month, then 4 aliases of it.
    const b = await entidad('costo-legitimo-siglo');
    const mes = await graphql(s.url, CLIENTE, b.cab, {
      desde: '2000-01-01',
      hasta: '2100-01-01',
      agrupar: 'MES',
    });
    expect(mes.status).toBe(200);
    expect(mes.body.data.resumen.rips.serie).toHaveLength(1200);
    const c = await entidad('costo-legitimo-alias');
    const cuatro = await graphql(s.url, alias(4), c.cab);
    expect(cuatro.status).toBe(200);
    expect(cuatro.body.data.a3.rda.serie).toHaveLength(1200);
    rechazada(await graphql(s.url, alias(5), c.cab), /calcularían 24015 unidades/);
  });

  it('el ritmo de una entidad: su segundo informe pesado recibe 429 con Retry-After por ambas puertas; otra entidad sigue', async () => {
    const a = await entidad('costo-ritmo');
    const b = await entidad('costo-ritmo-otra');
    expect((await graphql(s.url, CLIENTE, a.cab, TRES_ANIOS)).status).toBe(200);
    const rango = vi.spyOn(ConsultaResumen.prototype, 'rango');
    const segundo = await graphql(s.url, CLIENTE, a.cab, TRES_ANIOS);
    expect(segundo.status, JSON.stringify(segundo.body)).toBe(429);
    expect(Number(segundo.headers.get('retry-after'))).toBeGreaterThan(100);
    expect(segundo.body.errors[0].extensions.codigo).toBe('demasiadas-solicitudes');
    expect(segundo.body.errors[0].message).toMatch(
      /^Demasiadas solicitudes de informes de la entidad \(máximo 6000 unidades de cálculo por minuto, RATE_LIMIT_REPORT_COST_PER_MINUTE; este informe pide 17545\)\. Reintente en \d+ segundos\.$/,
    );
    const rest = await pedir(s.url, '/resumen?desde=2023-01-01&hasta=2026-01-01&agrupar=dia', {
      cabeceras: a.cab,
    });
    expect(rest.status).toBe(429);
    expect(rest.body.codigo).toBe('demasiadas-solicitudes');
    expect(rest.headers.get('retry-after')).toBeTruthy();
    expect(rango).not.toHaveBeenCalled();
    // The other entity is not held by the first one's reports; the first one's other requests neither.
    expect((await graphql(s.url, CLIENTE, b.cab, TRES_ANIOS)).status).toBe(200);
    expect((await pedir(s.url, '/sesion', { cabeceras: a.cab })).status).toBe(200);
  });

  it('probarWebhook 15 veces en una operación: 400 sin encolar ningún POST; una vez, se encola', async () => {
    const a = await entidad('costo-webhook');
    const registro = await graphql(
      s.url,
      'mutation($url: String!) { registrarWebhook(url: $url) { webhook { id } } }',
      a.cab,
      { url: urlReceptor },
    );
    expect(registro.body.errors, JSON.stringify(registro.body.errors)).toBeUndefined();
    const id = registro.body.data.registrarWebhook.webhook.id as string;
    const probar = vi.spyOn(s.servicio.servicios.webhooks, 'probar');
    const quince = `mutation { ${Array.from({ length: 15 }, (_, i) => `p${i}: probarWebhook(id: "${id}") { eventoId }`).join(' ')} }`;
    rechazada(
      await graphql(s.url, quince, a.cab),
      /^El campo «probarWebhook» aparece 15 veces en la operación y cada vez envía un POST de prueba al receptor del webhook: el máximo es 5 por operación \(GRAPHQL_MAX_EXPENSIVE_FIELD\)/,
    );
    expect(probar).not.toHaveBeenCalled();
    const una = await graphql(s.url, `mutation { probarWebhook(id: "${id}") { eventoId } }`, a.cab);
    expect(una.status).toBe(200);
    expect(una.body.data.probarWebhook.eventoId).toBeTruthy();
    expect(probar).toHaveBeenCalledTimes(1);
  });
  it('las métricas cuentan los informes rechazados por su costo y por el ritmo de la entidad', async () => {
    const texto = String((await pedir(s.url, '/metrics')).body);
    for (const motivo of ['informe', 'informes-entidad'])
      expect(texto).toMatch(new RegExp(`motor_limited_requests_total\\{limit="${motivo}"\\} [1-9]`));
  });
});

describe('el costo de GET /resumen', () => {
  it('un rango que pesa más que el máximo: 400 en español que nombra los parámetros, sin ejecutar nada', async () => {
    const a = await entidad('costo-rest', bajo);
    const rango = vi.spyOn(ConsultaResumen.prototype, 'rango');
    const r = await pedir(bajo.url, '/resumen?desde=2000-01-01&hasta=2100-01-01&agrupar=mes', {
      cabeceras: a.cab,
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      error:
        'El informe de GET /resumen con desde=2000-01-01, hasta=2100-01-01, agrupar=mes calcularía 7209 unidades (períodos × vistas) y el máximo por solicitud es 5000 (GRAPHQL_MAX_REPORT_COST): acorte el período con desde y hasta, use una agrupación más amplia (semana o mes) o pida menos vistas.',
      codigo: 'consulta-demasiado-compleja',
      detalles: ['desde', 'hasta', 'agrupar'].map((campo) => ({
        campo,
        mensaje: 'Fija el tamaño del informe (7209 unidades; máximo 5000)',
      })),
    });
    // The CSV view of payers per period weighs more for the same range; without desde, up to the longest series.
    const csv = await pedir(bajo.url, '/resumen?agrupar=semana&vista=pagadores&formato=csv', {
      cabeceras: a.cab,
    });
    expect(csv.status).toBe(400);
    expect(csv.body.error).toMatch(
      /^El informe de GET \/resumen con agrupar=semana calcularía 15603 unidades/,
    );
    expect(rango).not.toHaveBeenCalled();
    // A year by day fits (2,205 units), in JSON and in CSV.
    const anio = await pedir(bajo.url, '/resumen?desde=2025-01-01&hasta=2026-01-01&agrupar=dia', {
      cabeceras: a.cab,
    });
    expect(anio.status).toBe(200);
    expect(anio.body.serie).toHaveLength(365);
    const anioCsv = await pedir(
      bajo.url,
      '/resumen?desde=2025-01-01&hasta=2026-01-01&agrupar=dia&formato=csv',
      {
        cabeceras: a.cab,
      },
    );
    expect(anioCsv.status).toBe(200);
  });
});
