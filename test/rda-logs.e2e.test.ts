import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crearLogger } from '../src/logger.js';
import { PDF_BASE64 } from './fixtures/rda.js';
import { datosUnicos, entornoIhce } from './ihce.js';
import { pedir } from './servidor.js';

const lineas: string[] = [];
const destino = new Writable({
  write(chunk, _e, cb) {
    lineas.push(String(chunk));
    cb();
  },
});

let env: Awaited<ReturnType<typeof entornoIhce>>;
beforeAll(async () => {
  env = await entornoIhce({
    opciones: { log: crearLogger('debug', destino) },
    simulador: { pacientesDesconocidos: ['88888888'] },
  });
});
afterAll(async () => {
  await env?.cerrar();
});

it('ni contenido clínico ni números de documento llegan a los registros (pino capturado)', async () => {
  const e = await env.entidadConIhce('rda-logs');
  const cab = e.cabeceras;
  const post = (ruta: string, cuerpo: unknown) => pedir(env.s.url, ruta, { cuerpo, cabeceras: cab });
  const ok = await post('/rda/desde-datos', {
    tipo: 'consulta-externa',
    datos: datosUnicos('consulta-externa', 'rico'),
  });
  expect(ok.status).toBe(201);
  const rechazado = datosUnicos('urgencias', 'rico');
  rechazado.paciente.numeroDocumento = '88888888';
  expect((await post('/rda/desde-datos', { tipo: 'urgencias', datos: rechazado })).status).toBe(422);
  env.sim.fallas.programar({ tipo: 'error', status: 503, rutas: ['enviar'], veces: 1 });
  const t = await post('/rda/desde-datos', { tipo: 'paciente', datos: datosUnicos('paciente', 'rico') });
  expect(t.status).toBe(202);
  await env.esperarEstado(t.body.id, cab, (x) => x.estado !== 'enviado');
  expect((await pedir(env.s.url, `/rda/${ok.body.id}/ihce`, { cabeceras: cab })).status).toBe(200);
  const consulta = await post('/rda/consultas', {
    alcance: 'encuentros',
    paciente: { tipo: 'CC', numero: '1020304050' },
    humanuser: { tipo: 'CC', numero: '79000111' },
  });
  expect(consulta.status).toBe(200);
  expect((await post('/rda/consultas', { paciente: { tipo: 'CC', numero: '1020304050' } })).status).toBe(400);

  const texto = lineas.join('');
  expect(texto).toContain('transmisión RDA');
  expect(texto).toContain('llamada IHCE');
  for (const prohibido of [
    '1020304050', // patient document
    '88888888',
    '79000111', // professional / humanuser document
    'Gómez',
    'Restrepo',
    'J450', // diagnosis
    'Asma',
    'Salbutamol',
    'resourceType',
    PDF_BASE64.slice(0, 20),
    e.clave,
  ]) {
    expect(texto, prohibido).not.toContain(prohibido);
  }
});
