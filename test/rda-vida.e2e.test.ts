import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datosUnicos, entornoIhce } from './ihce.js';
import { pedir } from './servidor.js';

let env: Awaited<ReturnType<typeof entornoIhce>>;
let a: Awaited<ReturnType<typeof env.entidadConIhce>>;

beforeAll(async () => {
  env = await entornoIhce();
  a = await env.entidadConIhce('rda-vida');
});
afterAll(async () => {
  await env?.cerrar();
});

const post = (ruta: string, cuerpo: unknown) => pedir(env.s.url, ruta, { cuerpo, cabeceras: a.cabeceras });
const get = (ruta: string) => pedir(env.s.url, ruta, { cabeceras: a.cabeceras });

interface Evento {
  tipo: string;
  statusUpstream: number | null;
  intento: number | null;
  detalle: string | null;
  actor: string;
}
const eventos = async (id: string) => (await get(`/rda/${id}/eventos`)).body as Evento[];
const final = (id: string) => env.esperarEstado(id, a.cabeceras, (t) => t.estado !== 'enviado');

describe('respuesta de aceptación de la IHCE', () => {
  let sinVidaId: string;

  it('2xx sin VIDA → 201 aceptado con vida null, el evento lo explica y no se reenvía', async () => {
    env.sim.fallas.programar({ tipo: 'sin-vida', veces: 1 });
    const antes = env.sim.llamadas.enviar;
    const r = await post('/rda/desde-datos', {
      tipo: 'consulta-externa',
      datos: datosUnicos('consulta-externa'),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ estado: 'aceptado', vida: null, intentos: 1, errores: [] });
    expect(r.body.compositionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.body.siguienteIntentoEn).toBeNull();
    expect(r.body.avisos).toEqual([
      expect.objectContaining({ codigo: 'IHCE-sin-vida', severidad: 'informativo', fuente: 'ihce' }),
    ]);
    expect(env.sim.llamadas.enviar).toBe(antes + 1);
    const ev = await eventos(r.body.id);
    expect(ev.map((e) => e.tipo)).toEqual(['generado', 'validado', 'enviado', 'aceptado']);
    expect(ev[3]).toMatchObject({ statusUpstream: 200, intento: 1 });
    expect(ev[3]!.detalle).toMatch(
      /^Aceptado sin número VIDA: la respuesta de la IHCE no trae un identificador VIDA reconocible; Composition [0-9a-f-]{36}, DocumentReference [0-9a-f-]{36}$/,
    );
    // The platform did keep a VIDA: the stored document (by its Composition id) shows it.
    const doc = await get(`/rda/${r.body.id}/ihce`);
    expect(doc.status).toBe(200);
    expect(doc.body.identifier.value).toMatch(/^\d+$/);
    sinVidaId = r.body.id;
  });

  it('guardado y cortado (o 503 tras guardar) → el reintento recibe 409 y queda aceptado; un 409 tras un 429 o en el primer intento sigue rechazado', async () => {
    // Stored, then the connection is cut: the answer is lost (no status).
    env.sim.fallas.programar({ tipo: 'aceptar-y-cortar', veces: 1 });
    const cortada = await post('/rda/desde-datos', { tipo: 'urgencias', datos: datosUnicos('urgencias') });
    expect(cortada.status).toBe(202);
    expect(cortada.body).toMatchObject({ estado: 'enviado', intentos: 1 });

    // Stored, then a 503.
    env.sim.fallas.programar({ tipo: 'aceptar-y-cortar', status: 503, veces: 1 });
    const con503 = await post('/rda/desde-datos', {
      tipo: 'hospitalizacion',
      datos: datosUnicos('hospitalizacion'),
    });
    expect(con503.status).toBe(202);

    // A document already held for the encounter, and a 429 (known: not stored) before the 409.
    const repetidos = datosUnicos('consulta-externa');
    expect((await post('/rda/desde-datos', { tipo: 'consulta-externa', datos: repetidos })).status).toBe(201);
    env.sim.fallas.programar({ tipo: 'limite', retryAfter: 1, rutas: ['enviar'], veces: 1 });
    const tras429 = await post('/rda/desde-datos', { tipo: 'consulta-externa', datos: repetidos });
    expect(tras429.status).toBe(202);

    // First attempt 409: another document for the same encounter.
    const primera = await post('/rda/desde-datos', { tipo: 'consulta-externa', datos: repetidos });
    expect(primera.status).toBe(422);
    expect(primera.body).toMatchObject({ estado: 'rechazado', vida: null });
    expect(primera.body.errores[0]).toMatchObject({ codigo: 'DUP-001' });
    expect((await eventos(primera.body.id)).at(-1)).toMatchObject({ tipo: 'rechazado', statusUpstream: 409 });

    const [fc, f5, f4] = await Promise.all([
      final(cortada.body.id),
      final(con503.body.id),
      final(tras429.body.id),
    ]);
    for (const [fin, statusPrimero] of [
      [fc, null],
      [f5, 503],
    ] as const) {
      expect(fin.body).toMatchObject({ estado: 'aceptado', vida: null, intentos: 2, errores: [] });
      expect(fin.body.avisos).toEqual(
        expect.arrayContaining([expect.objectContaining({ codigo: 'IHCE-aceptado-antes' })]),
      );
      const ev = await eventos(fin.body.id);
      expect(ev.map((e) => e.tipo)).toEqual([
        'generado',
        'validado',
        'enviado',
        'reintento-programado',
        'enviado',
        'aceptado',
      ]);
      expect(ev[3]).toMatchObject({ statusUpstream: statusPrimero, intento: 1 });
      expect(ev[3]!.detalle).toContain('la plataforma pudo haberlo recibido');
      expect(ev[5]).toMatchObject({ statusUpstream: 409, intento: 2, actor: 'worker' });
      expect(ev[5]!.detalle).toMatch(
        /^Aceptado por el intento 1, de desenlace desconocido .*409 \(documento duplicado\)/,
      );
    }
    expect(f4.body).toMatchObject({ estado: 'rechazado', vida: null, intentos: 2 });
    expect(f4.body.errores[0]).toMatchObject({ codigo: 'DUP-001' });
    expect((await eventos(tras429.body.id)).at(-1)).toMatchObject({ tipo: 'rechazado', statusUpstream: 409 });

    // By now the first retry of the 2xx-without-VIDA transmission would have run: it never did.
    const sinVida = await get(`/rda/${sinVidaId}`);
    expect(sinVida.body).toMatchObject({ estado: 'aceptado', vida: null, intentos: 1 });
    expect((await eventos(sinVidaId)).filter((e) => e.tipo === 'enviado')).toHaveLength(1);
  });

  it('el simulador acepta las nuevas fallas por HTTP y rechaza un tipo desconocido', async () => {
    const raiz = env.sim.baseUrl.replace(/\/ihce$/, '');
    for (const tipo of ['sin-vida', 'aceptar-y-cortar']) {
      const r = await fetch(`${raiz}/_simulador/fallas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tipo, veces: 1 }),
      });
      expect(r.status).toBe(204);
    }
    const malo = await fetch(`${raiz}/_simulador/fallas`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tipo: 'perder' }),
    });
    expect(malo.status).toBe(400);
    expect((await malo.json()).error).toContain('aceptar-y-cortar');
    await fetch(`${raiz}/_simulador/fallas`, { method: 'DELETE' });
  });
});
