import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirBundle } from '../src/rda/construccion/construir.js';
import { TIPOS_RDA } from '../src/rda/tipos.js';
import { datosUnicos, entornoIhce } from './ihce.js';
import { graphql, pedir } from './servidor.js';

let env: Awaited<ReturnType<typeof entornoIhce>>;
let a: Awaited<ReturnType<typeof env.entidadConIhce>>;
let b: Awaited<ReturnType<typeof env.entidadConIhce>>;
const PACIENTE_DESCONOCIDO = '99999999';

beforeAll(async () => {
  env = await entornoIhce({ simulador: { pacientesDesconocidos: [PACIENTE_DESCONOCIDO] } });
  a = await env.entidadConIhce('rda-a');
  b = await env.entidadConIhce('rda-b');
});
afterAll(async () => {
  await env?.cerrar();
});

const post = (ruta: string, cuerpo: unknown, cab: Record<string, string> = a.cabeceras) =>
  pedir(env.s.url, ruta, { cuerpo, cabeceras: cab });
const get = (ruta: string, cab: Record<string, string> = a.cabeceras) =>
  pedir(env.s.url, ruta, { cabeceras: cab });

describe('POST /rda/desde-datos y POST /rda', () => {
  it.each(TIPOS_RDA)(
    '%s desde datos → 201 con Composition y DocumentReference id, sin VIDA',
    async (tipo) => {
      const r = await post('/rda/desde-datos', { tipo, datos: datosUnicos(tipo, 'rico') });
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ tipo, estado: 'aceptado', origen: 'datos', intentos: 1, errores: [] });
      // The platform's acceptance carries no VIDA (issue 32).
      expect(r.body.vida).toBeNull();
      expect(r.body.compositionId).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.body.documentReferenceId).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it.each(TIPOS_RDA)('%s como Bundle → 201', async (tipo) => {
    const bundle = construirBundle(tipo, datosUnicos(tipo));
    const r = await post('/rda', { tipo, bundle });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ estado: 'aceptado', origen: 'bundle' });
  });

  it('los avisos de conformidad se guardan y se devuelven, pero no bloquean', async () => {
    const bundle = construirBundle('urgencias', datosUnicos('urgencias'));
    bundle.identifier = { system: 'urn:sistema-propio', value: 'X-1' };
    const r = await post('/rda', { tipo: 'urgencias', bundle });
    expect(r.status).toBe(201);
    expect(r.body.errores).toEqual([]);
    expect(r.body.avisos).toEqual(
      expect.arrayContaining([expect.objectContaining({ codigo: 'RDA04', severidad: 'aviso-conformidad' })]),
    );
    expect((await get(`/rda/${r.body.id}`)).body.avisos.map((a: { codigo: string }) => a.codigo)).toContain(
      'RDA04',
    );
  });

  it('hallazgos bloqueantes del linter → 422 estado generado, sin llamar a la IHCE', async () => {
    const antes = env.sim.llamadas.enviar;
    const bundle = construirBundle('consulta-externa', datosUnicos('consulta-externa'));
    (bundle as { type: string }).type = 'collection';
    const r = await post('/rda', { tipo: 'consulta-externa', bundle });
    expect(r.status).toBe(422);
    expect(r.body.estado).toBe('generado');
    expect(r.body.errores.length).toBeGreaterThan(0);
    for (const e of r.body.errores) {
      expect(e).toMatchObject({ severidad: 'rechazo', fuente: 'linter-rda' });
      expect(e.comoCorregir).toBeTruthy();
    }
    expect(env.sim.llamadas.enviar).toBe(antes);
    const ev = await get(`/rda/${r.body.id}/eventos`);
    expect(ev.body.map((e: { tipo: string }) => e.tipo)).toEqual(['generado', 'bloqueado-linter']);
  });

  it('rechazo de la IHCE (Registraduría) → 422 rechazado con errores fuente ihce', async () => {
    const d = datosUnicos('urgencias');
    d.paciente.numeroDocumento = PACIENTE_DESCONOCIDO;
    const r = await post('/rda/desde-datos', { tipo: 'urgencias', datos: d });
    expect(r.status).toBe(422);
    expect(r.body.estado).toBe('rechazado');
    expect(r.body.errores[0]).toMatchObject({
      codigo: 'EVOL-001',
      fuente: 'ihce',
      severidad: 'rechazo',
      titulo: 'Regla de negocio de la plataforma',
    });
    expect(r.body.errores[0].mensajeOriginal).toContain('Registraduría');
    const uno = await get(`/rda/${r.body.id}`);
    expect(uno.status).toBe(200);
    expect(uno.body.errores[0].codigo).toBe('EVOL-001');
  });

  it('encuentro duplicado (409 de la IHCE) → 422 rechazado, sin reintentos', async () => {
    const d = datosUnicos('hospitalizacion');
    expect((await post('/rda/desde-datos', { tipo: 'hospitalizacion', datos: d })).status).toBe(201);
    const r = await post('/rda/desde-datos', { tipo: 'hospitalizacion', datos: d });
    expect(r.status).toBe(422);
    expect(r.body.errores[0]).toMatchObject({ codigo: 'DUP-001', titulo: 'RDA duplicado', fuente: 'ihce' });
    const ev = await get(`/rda/${r.body.id}/eventos`);
    expect(ev.body.at(-1)).toMatchObject({ tipo: 'rechazado', statusUpstream: 409 });
  });

  it('entrada inválida → 400 en español con detalles', async () => {
    const sinBundle = await post('/rda', { tipo: 'paciente' });
    expect(sinBundle.status).toBe(400);
    expect(sinBundle.body.detalles[0].campo).toBe('bundle');
    const tipoMalo = await post('/rda', { tipo: 'odontologia', bundle: {} });
    expect(tipoMalo.status).toBe(400);
    expect(tipoMalo.body.codigo).toBe('entrada-invalida');
    const datosMalos = await post('/rda/desde-datos', { tipo: 'consulta-externa', datos: { paciente: {} } });
    expect(datosMalos.status).toBe(400);
    expect(datosMalos.body.detalles.length).toBeGreaterThan(0);
  });

  it('sin credenciales IHCE → 503; módulo no contratado → 403', async () => {
    const sin = await env.s.crearEntidad('rda-sin-credenciales');
    const r = await post(
      '/rda/desde-datos',
      { tipo: 'paciente', datos: datosUnicos('paciente') },
      { 'x-api-key': sin.clave },
    );
    expect(r.status).toBe(503);
    expect(r.body.codigo).toBe('credenciales-no-configuradas');
    const soloRips = await env.s.crearEntidad('rda-solo-rips', ['rips']);
    const p = await post(
      '/rda/desde-datos',
      { tipo: 'paciente', datos: datosUnicos('paciente') },
      { 'x-api-key': soloRips.clave },
    );
    expect(p.status).toBe(403);
    expect(p.body).toMatchObject({ codigo: 'modulo-no-contratado', modulo: 'rda' });
  });

  it('Idempotency-Key: el POST repetido devuelve la transmisión original; otro cuerpo → 409', async () => {
    const cuerpo = { tipo: 'consulta-externa', datos: datosUnicos('consulta-externa') };
    const cab = { ...a.cabeceras, 'idempotency-key': `clave-${Date.now()}` };
    const antes = env.sim.llamadas.enviar;
    const [x, y] = await Promise.all([
      post('/rda/desde-datos', cuerpo, cab),
      post('/rda/desde-datos', cuerpo, cab),
    ]);
    const z = await post('/rda/desde-datos', cuerpo, cab);
    // The concurrent twin gets the original's state at that moment: 202 while the first is in flight.
    expect([x.status, y.status].sort()).toEqual(expect.arrayContaining([201]));
    expect([201, 202]).toContain(Math.max(x.status, y.status));
    expect(z.status).toBe(201);
    expect(new Set([x.body.id, y.body.id, z.body.id]).size).toBe(1);
    expect(z.body.repetida).toBe(true);
    expect(env.sim.llamadas.enviar).toBe(antes + 1);
    const otro = await post('/rda/desde-datos', { ...cuerpo, datos: datosUnicos('consulta-externa') }, cab);
    expect(otro.status).toBe(409);
    expect(otro.body.codigo).toBe('conflicto');
  });

  it('GraphQL da el mismo resultado (mutación transmitirRdaDesdeDatos, con nombres de enum)', async () => {
    const r = await graphql(
      env.s.url,
      'mutation($d: DatosRdaEntrada!){ transmitirRdaDesdeDatos(datos: $d){ transmision { tipo estado vida compositionId } repetida } }',
      a.cabeceras,
      { d: { paciente: datosUnicos('paciente') } },
    );
    expect(r.body.data.transmitirRdaDesdeDatos).toMatchObject({
      transmision: {
        tipo: 'PACIENTE',
        estado: 'ACEPTADO',
        vida: null,
        compositionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
      repetida: false,
    });
  });
});

describe('fallas transitorias → 202 y reintentos de la cola', () => {
  it('503 de la IHCE → 202 enviado; el worker lo completa con espera exponencial', async () => {
    env.sim.fallas.programar({ tipo: 'error', status: 503, rutas: ['enviar'], veces: 2 });
    const r = await post('/rda/desde-datos', {
      tipo: 'consulta-externa',
      datos: datosUnicos('consulta-externa'),
    });
    expect(r.status).toBe(202);
    expect(r.body).toMatchObject({ estado: 'enviado', intentos: 1 });
    expect(r.body.errores[0]).toMatchObject({ fuente: 'ihce', codigo: 'IHCE-transient' });
    expect(r.body.siguienteIntentoEn).toBeTruthy();
    const fin = await env.esperarEstado(r.body.id, a.cabeceras, (t) => t.estado !== 'enviado');
    expect(fin.body).toMatchObject({ estado: 'aceptado', intentos: 3, errores: [] });
    const ev = (await get(`/rda/${r.body.id}/eventos`)).body as { tipo: string; actor: string }[];
    expect(ev.map((e) => e.tipo)).toEqual([
      'generado',
      'validado',
      'enviado',
      'reintento-programado',
      'enviado',
      'reintento-programado',
      'enviado',
      'aceptado',
    ]);
    expect(ev.at(-1)!.actor).toBe('worker');
  });

  it('429 con Retry-After y tiempo agotado también son transitorios (202)', async () => {
    env.sim.fallas.programar({ tipo: 'limite', retryAfter: 2, rutas: ['enviar'], veces: 1 });
    const r = await post('/rda/desde-datos', { tipo: 'urgencias', datos: datosUnicos('urgencias') });
    expect(r.status).toBe(202);
    expect(Date.parse(r.body.siguienteIntentoEn) - Date.now()).toBeGreaterThan(1000);
    env.sim.fallas.programar({ tipo: 'timeout', ms: 3000, rutas: ['enviar'], veces: 1 });
    const t = await post('/rda/desde-datos', { tipo: 'paciente', datos: datosUnicos('paciente') });
    expect(t.status).toBe(202);
    expect(t.body.errores[0].mensajeOriginal).toContain('no respondió');
    for (const id of [r.body.id, t.body.id]) {
      const fin = await env.esperarEstado(id, a.cabeceras, (x) => x.estado !== 'enviado');
      expect(fin.body.estado).toBe('aceptado');
    }
  });
});

describe('GET /rda, /rda/{id}, /rda/{id}/eventos', () => {
  it('lista paginada con total, filtro por estado y límites documentados', async () => {
    const todas = await get('/rda?limit=3');
    expect(todas.status).toBe(200);
    expect(todas.body).toMatchObject({ limit: 3, offset: 0 });
    expect(todas.body.items).toHaveLength(3);
    expect(todas.body.total).toBeGreaterThanOrEqual(10);
    const fechas = todas.body.items.map((t: { creadaEn: string }) => t.creadaEn);
    expect([...fechas].sort().reverse()).toEqual(fechas);
    const sig = await get('/rda?limit=3&offset=3');
    expect(sig.body.items[0].id).not.toBe(todas.body.items[0].id);
    const rech = await get('/rda?estado=rechazado');
    expect(rech.body.total).toBe(rech.body.items.length);
    expect(rech.body.items.every((t: { estado: string }) => t.estado === 'rechazado')).toBe(true);
    expect((await get('/rda')).body.limit).toBe(50);
    expect((await get('/rda?limit=201')).status).toBe(400);
    expect((await get('/rda?estado=perdido')).status).toBe(400);
    expect((await get('/rda?offset=-1')).status).toBe(400);
    const deB = await get('/rda', b.cabeceras);
    expect(deB.body.total).toBe(0);
  });

  it('404 para ids desconocidos, mal formados o de otra entidad', async () => {
    const una = (await get('/rda?limit=1')).body.items[0];
    for (const ruta of [`/rda/${una.id}`, `/rda/${una.id}/eventos`, `/rda/${una.id}/ihce`]) {
      expect((await get(ruta, b.cabeceras)).status).toBe(404);
    }
    expect((await get('/rda/no-es-uuid')).status).toBe(404);
    expect((await get('/rda/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('la traza registra quién, cuándo, qué y el estado HTTP de la IHCE', async () => {
    const r = await post('/rda/desde-datos', { tipo: 'paciente', datos: datosUnicos('paciente') });
    const ev = (await get(`/rda/${r.body.id}/eventos`)).body;
    expect(ev).toHaveLength(4);
    expect(ev.map((e: { secuencia: number }) => e.secuencia)).toEqual([1, 2, 3, 4]);
    expect(ev[0]).toMatchObject({ tipo: 'generado', estadoAnterior: null, estadoNuevo: 'generado' });
    expect(ev[2]).toMatchObject({
      tipo: 'enviado',
      estadoAnterior: 'validado',
      estadoNuevo: 'enviado',
      intento: 1,
    });
    expect(ev[3]).toMatchObject({ tipo: 'aceptado', estadoNuevo: 'aceptado', statusUpstream: 200 });
    expect(ev[3].detalle).toBe(
      `Aceptado sin número VIDA: la respuesta de la IHCE no trae un identificador VIDA reconocible; Composition ${r.body.compositionId}, DocumentReference ${r.body.documentReferenceId}`,
    );
    for (const e of ev) {
      expect(e.actor).toMatch(/^api-key:rda_/);
      expect(Date.parse(e.fecha)).not.toBeNaN();
    }
  });

  it('la base de datos rechaza UPDATE, DELETE y TRUNCATE de eventos y auditoría', async () => {
    const knex = env.s.em().getConnection().getKnex();
    for (const sql of [
      'update evento_transmision set detalle = detalle',
      'delete from evento_transmision',
      'truncate evento_transmision cascade',
    ]) {
      await expect(knex.raw(sql), sql).rejects.toThrow(/solo inserción/);
    }
    const r = await post('/rda/desde-datos', { tipo: 'paciente', datos: datosUnicos('paciente') });
    await expect(knex.raw('delete from transmision where id = ?', [r.body.id])).rejects.toThrow();
  });
});

describe('GET /rda/{id}/ihce', () => {
  it('200 application/fhir+json con el documento de la plataforma; la consulta queda en la traza', async () => {
    const r = await post('/rda/desde-datos', {
      tipo: 'consulta-externa',
      datos: datosUnicos('consulta-externa'),
    });
    const res = await fetch(`${env.s.url}/rda/${r.body.id}/ihce`, { headers: a.cabeceras });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/fhir\+json/);
    const doc = await res.json();
    expect(doc).toMatchObject({ resourceType: 'Bundle', type: 'document' });
    expect(doc.entry[0].resource).toMatchObject({ resourceType: 'Composition', id: r.body.compositionId });
    const ev = (await get(`/rda/${r.body.id}/eventos`)).body;
    expect(ev.at(-1)).toMatchObject({
      tipo: 'consulta-documento',
      statusUpstream: 200,
      estadoNuevo: 'aceptado',
    });
    const fila = await env.s
      .em()
      .getConnection()
      .execute('select bundle from transmision where id = ?', [r.body.id]);
    expect(fila[0].bundle).toBeNull();
  });

  it('409 si no está aceptada; 404 si la IHCE no la tiene; 502 si la IHCE falla; 503 sin credenciales', async () => {
    const d = datosUnicos('urgencias');
    d.paciente.numeroDocumento = PACIENTE_DESCONOCIDO;
    const rech = await post('/rda/desde-datos', { tipo: 'urgencias', datos: d });
    const c409 = await get(`/rda/${rech.body.id}/ihce`);
    expect(c409.status).toBe(409);
    expect(c409.body.error).toContain('rechazado');

    const ok = await post('/rda/desde-datos', { tipo: 'paciente', datos: datosUnicos('paciente') });
    env.sim.fallas.programar({ tipo: 'error', status: 500, rutas: ['documento'], veces: 1 });
    const c502 = await get(`/rda/${ok.body.id}/ihce`);
    expect(c502.status).toBe(502);
    expect(c502.body.codigo).toBe('upstream-no-disponible');

    await env.s
      .em()
      .getConnection()
      .execute('update transmision set composition_id = ? where id = ?', [
        '00000000-0000-4000-8000-000000000000',
        ok.body.id,
      ]);
    expect((await get(`/rda/${ok.body.id}/ihce`)).status).toBe(404);

    const c = await env.entidadConIhce('rda-credenciales-borradas');
    const suya = await post(
      '/rda/desde-datos',
      { tipo: 'paciente', datos: datosUnicos('paciente') },
      c.cabeceras,
    );
    await env.s.servicio.servicios.credenciales.borrar(env.s.em(), c.entidad, 'ihce');
    const c503 = await get(`/rda/${suya.body.id}/ihce`, c.cabeceras);
    expect(c503.status).toBe(503);
    expect(c503.body.codigo).toBe('credenciales-no-configuradas');
  });
});

describe('POST /rda/consultas', () => {
  const paciente = { tipo: 'CC', numero: '1020304050' };
  const humanuser = { tipo: 'CC', numero: '79000111' };

  it('metadatos paginados con cursor firmado; la auditoría guarda al profesional y no al paciente', async () => {
    const e = await env.entidadConIhce('rda-consultas');
    const total = (await get('/rda?estado=aceptado&limit=200')).body.items.filter(
      (t: { tipo: string }) => t.tipo !== 'paciente',
    ).length;
    expect(total).toBeGreaterThan(10);
    const p1 = await post('/rda/consultas', { alcance: 'encuentros', paciente, humanuser }, e.cabeceras);
    expect(p1.status).toBe(200);
    expect(p1.body.alcance).toBe('encuentros');
    expect(p1.body.items).toHaveLength(10);
    expect(p1.body.total).toBeGreaterThanOrEqual(total);
    expect(Object.keys(p1.body.items[0]).sort()).toEqual([
      'compositionId',
      'fecha',
      'paciente',
      'tipo',
      'vida',
    ]);
    // Composition.subject.reference as the platform holds it (string or null), not the {tipo, numero} sent.
    expect(
      p1.body.items.every(
        (i: { paciente: unknown }) => i.paciente === null || typeof i.paciente === 'string',
      ),
    ).toBe(true);
    expect(p1.body.items[0].paciente).toEqual(expect.any(String));
    expect(p1.body.siguiente).toBeTruthy();
    expect(p1.body.siguiente).not.toContain('http');
    const p2 = await post(
      '/rda/consultas',
      { alcance: 'encuentros', paciente, humanuser, cursor: p1.body.siguiente },
      e.cabeceras,
    );
    expect(p2.status).toBe(200);
    expect(p2.body.items[0].compositionId).not.toBe(p1.body.items[0].compositionId);

    const pac = await post('/rda/consultas', { paciente, humanuser }, e.cabeceras);
    expect(pac.body.alcance).toBe('paciente');
    expect(pac.body.items.every((i: { tipo: string }) => i.tipo === 'paciente')).toBe(true);

    const filas = await env.s
      .em()
      .getConnection()
      .execute('select * from consulta_rda where entidad_id = ? order by fecha', [e.entidad.id]);
    expect(filas).toHaveLength(3);
    expect(filas[0]).toMatchObject({
      actor: 'CC-79000111',
      alcance: 'encuentros',
      pagina: false,
      resultado: 'ok',
      resultados: 10,
    });
    expect(filas[1]).toMatchObject({ pagina: true });
    expect(JSON.stringify(filas)).not.toContain(paciente.numero);
    const knex = env.s.em().getConnection().getKnex();
    for (const sql of [
      'update consulta_rda set actor = actor',
      'delete from consulta_rda',
      'truncate consulta_rda',
    ]) {
      await expect(knex.raw(sql), sql).rejects.toThrow(/solo inserción/);
    }
  });

  it('cursor alterado o de otro paciente → 400; enlace expirado en la IHCE → 410', async () => {
    const p1 = await post('/rda/consultas', { alcance: 'encuentros', paciente, humanuser });
    const alterado = `${p1.body.siguiente.slice(0, -3)}abc`;
    expect(
      (await post('/rda/consultas', { alcance: 'encuentros', paciente, humanuser, cursor: alterado })).status,
    ).toBe(400);
    const otro = await post('/rda/consultas', {
      alcance: 'encuentros',
      paciente: { tipo: 'CC', numero: '555555' },
      humanuser,
      cursor: p1.body.siguiente,
    });
    expect(otro.status).toBe(400);
    env.sim.expirarPaginas();
    const exp = await post('/rda/consultas', {
      alcance: 'encuentros',
      paciente,
      humanuser,
      cursor: p1.body.siguiente,
    });
    expect(exp.status).toBe(410);
    expect(exp.body.codigo).toBe('cursor-expirado');
  });

  it('400 sin paciente o humanuser o mal formados; 502 si la IHCE falla; 503 sin credenciales', async () => {
    const sinHumanuser = await post('/rda/consultas', { paciente });
    expect(sinHumanuser.status).toBe(400);
    expect(sinHumanuser.body.detalles).toEqual([
      { campo: 'humanuser', mensaje: 'Es obligatorio: {tipo, numero}.' },
    ]);
    const malos = await post('/rda/consultas', { paciente: { tipo: 'cc', numero: '1.020.304' }, humanuser });
    expect(malos.status).toBe(400);
    expect(malos.body.detalles.map((d: { campo: string }) => d.campo)).toEqual([
      'paciente.tipo',
      'paciente.numero',
    ]);
    expect((await post('/rda/consultas', { humanuser })).status).toBe(400);
    env.sim.fallas.programar({ tipo: 'error', status: 500, rutas: ['consultar'], veces: 1 });
    const c502 = await post('/rda/consultas', { paciente, humanuser });
    expect(c502.status).toBe(502);
    const sin = await env.s.crearEntidad('rda-consulta-sin-credenciales');
    const c503 = await post('/rda/consultas', { paciente, humanuser }, { 'x-api-key': sin.clave });
    expect(c503.status).toBe(503);
  });
});

describe('GET /resumen', () => {
  it('conteos por estado y por tipo de la entidad, iguales a la lista', async () => {
    const r = await get('/resumen');
    expect(r.status).toBe(200);
    const lista = await get('/rda?limit=200');
    expect(r.body.total.rda).toBe(lista.body.total);
    for (const estado of ['generado', 'validado', 'enviado', 'aceptado', 'rechazado']) {
      const n = lista.body.items.filter((t: { estado: string }) => t.estado === estado).length;
      expect(r.body.porEstado.rda[estado], estado).toBe(n);
    }
    for (const tipo of TIPOS_RDA) {
      const n = lista.body.items.filter((t: { tipo: string }) => t.tipo === tipo).length;
      expect(r.body.porTipo.rda[tipo], tipo).toBe(n);
    }
    const deB = await get('/resumen', b.cabeceras);
    expect(deB.body.total.rda).toBe(0);
  });
});
