import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crearLogger } from '../src/logger.js';
import { dividido, QUERY_VALIDAR, valoresRest } from './fixtures/graphql-rips.js';
import { ripsMinimo, ripsValido } from './fixtures/rips.js';
import { graphql, iniciarServicio, pedir, postGzipEnTrozos } from './servidor.js';

const lineasLog: string[] = [];
const destino = new Writable({
  write(chunk, _e, cb) {
    lineasLog.push(String(chunk));
    cb();
  },
});

let s: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;
let claveSoloRda: string;

beforeAll(async () => {
  s = await iniciarServicio({}, { log: crearLogger('info', destino) });
  clave = (await s.crearEntidad('validar')).clave;
  claveSoloRda = (await s.crearEntidad('validar-rda', ['rda'])).clave;
});

afterAll(async () => {
  await s?.cerrar();
});

const validar = (cuerpo: unknown, cab: Record<string, string> = { 'X-Api-Key': clave }) =>
  pedir(s.url, '/rips/validar', { cuerpo, cabeceras: cab });

type Usuario = { servicios: Record<string, Record<string, unknown>[]> } & Record<string, unknown>;

describe('POST /rips/validar', () => {
  it('un RIPS válido no tiene rechazos; las notas propias son informativas', async () => {
    const r = await validar({ rips: ripsValido(), fechaEvaluacion: '2026-11-01T12:00:00Z' });
    expect(r.status).toBe(200);
    const rechazos = r.body.errores.filter((e: { severidad: string }) => e.severidad === 'rechazo');
    expect(rechazos).toEqual([]);
    expect(r.body.valid).toBe(true);
    expect(r.body.fechaEvaluacion).toBe('2026-11-01T12:00:00.000Z');
    for (const e of r.body.errores) expect(e.fuente).toBe('linter-local');
  });

  it('cada hallazgo está ubicado y explicado en español', async () => {
    const rips = ripsValido();
    const u = (rips.usuarios as Usuario[])[1]!;
    u.servicios.consultas![0]!.codDiagnosticoPrincipal = 'J4';
    const r = await validar({ rips, fechaEvaluacion: '2026-11-01T12:00:00Z' });
    expect(r.status).toBe(200);
    expect(r.body.valid).toBe(false);
    const e = r.body.errores.find(
      (x: { ubicacion: { ruta: string } }) =>
        x.ubicacion.ruta === 'usuarios[1].servicios.consultas[0].codDiagnosticoPrincipal',
    );
    expect(e).toBeDefined();
    expect(e.severidad).toBe('rechazo');
    expect(e.ubicacion).toMatchObject({
      factura: 'FEV1001',
      usuarioIndex: 1,
      tipoServicio: 'consultas',
      servicioIndex: 0,
      campo: 'codDiagnosticoPrincipal',
      documentoUsuario: `${u.tipoDocumentoIdentificacion} ${u.numDocumentoIdentificacion}`,
    });
    expect(e.ubicacion.descripcion).toMatch(/^Factura FEV1001 · Paciente \w+ \d+ · Consulta 1 · /);
    expect(e.titulo.length).toBeGreaterThan(5);
    expect(e.comoCorregir.length).toBeGreaterThan(10);
    const issue = r.body.issues.find((i: { path: string }) => i.path === e.ubicacion.ruta);
    expect(issue).toMatchObject({ severity: 'error', regla: e.codigo });
  });

  it('la salida no depende del orden de las claves y es determinista', async () => {
    const rips = ripsValido();
    (rips.usuarios as Usuario[])[0]!.fechaNacimiento = '2030-13-40';
    (rips.usuarios as Usuario[])[1]!.servicios.consultas![0]!.vrServicio = -5;
    const invertir = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(invertir)
        : v && typeof v === 'object'
          ? Object.fromEntries(
              Object.entries(v)
                .reverse()
                .map(([k, x]) => [k, invertir(x)]),
            )
          : v;
    const cuerpo = { rips, fechaEvaluacion: '2026-11-01T12:00:00Z' };
    const a = await validar(cuerpo);
    const b = await validar(invertir(cuerpo));
    const c = await validar(cuerpo);
    expect(a.body.errores.length).toBeGreaterThan(0);
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
  });

  it('gradualidad: la misma notificación es aviso antes del 2026-06-01 y rechazo después', async () => {
    const rips = ripsMinimo();
    const c = (rips.usuarios as Usuario[])[0]!.servicios.consultas![0]!;
    c.codDiagnosticoRelacionado1 = c.codDiagnosticoPrincipal;
    c.fechaInicioAtencion = '2026-03-10 08:00'; // before both evaluation dates
    const antes = await validar({ rips, fechaEvaluacion: '2026-05-15T12:00:00Z' });
    const despues = await validar({ rips, fechaEvaluacion: '2026-07-01T12:00:00Z' });
    const rvc086 = (r: typeof antes) => r.body.errores.find((e: { codigo: string }) => e.codigo === 'RVC086');
    expect(rvc086(antes)).toMatchObject({ severidad: 'aviso-gradualidad' });
    expect(antes.body.valid).toBe(true);
    expect(rvc086(despues)).toMatchObject({ severidad: 'rechazo' });
    expect(despues.body.valid).toBe(false);
  });

  it('en trozos pequeños, comprimido y con miembros después de usuarios, da lo mismo que por GraphQL', async () => {
    const rips = ripsValido();
    (rips.usuarios as Usuario[])[1]!.codSexo = 'Z';
    const fechaEvaluacion = '2026-11-01T12:00:00Z';
    const g = await graphql(s.url, QUERY_VALIDAR, { 'X-Api-Key': clave }, { rips, fechaEvaluacion });
    const { usuarios, ...cabecera } = rips;
    for (const texto of [
      JSON.stringify({ fechaEvaluacion, rips }),
      JSON.stringify({ rips: { usuarios, ...cabecera }, fechaEvaluacion }),
    ]) {
      const r = await postGzipEnTrozos(`${s.url}/rips/validar`, clave, texto, 97);
      expect(r.status).toBe(200);
      expect(dividido(await r.json())).toEqual(valoresRest(g.body.data.validarRips));
    }
  });

  it('GraphQL da la misma respuesta que REST', async () => {
    const rips = ripsMinimo();
    const rest = await validar({ rips, fechaEvaluacion: '2026-11-01T12:00:00Z' });
    const g = await graphql(
      s.url,
      QUERY_VALIDAR,
      { 'X-Api-Key': clave },
      { rips, fechaEvaluacion: '2026-11-01T12:00:00Z' },
    );
    expect(valoresRest(g.body.data.validarRips)).toEqual(dividido(rest.body));
  });

  it('GraphQL separa los hallazgos por severidad: errores (rechazo), avisos e informativos', async () => {
    const rips = ripsValido();
    (rips.usuarios as Usuario[])[0]!.codSexo = 'X';
    const fechaEvaluacion = '2026-11-01T12:00:00Z';
    const rest = await validar({ rips, fechaEvaluacion });
    // REST keeps every finding in `errores`, in the RIPS's order, as it always did.
    const severidades = new Set(rest.body.errores.map((e: { severidad: string }) => e.severidad));
    expect(severidades).toEqual(new Set(['rechazo', 'aviso-gradualidad', 'informativo']));
    const g = await graphql(
      s.url,
      `query ($rips: JSON, $f: DateTimeISO) { validarRips(rips: $rips, fechaEvaluacion: $f) {
        valid resumen { rechazos avisos informativos }
        errores { codigo severidad } avisos { codigo severidad } informativos { codigo severidad } } }`,
      { 'X-Api-Key': clave },
      { rips, f: fechaEvaluacion },
    );
    const v = g.body.data.validarRips;
    expect(v.valid).toBe(false);
    expect(v.errores.length).toBeGreaterThan(0);
    for (const e of v.errores) expect(e.severidad).toBe('RECHAZO');
    expect(v.avisos.length).toBeGreaterThan(0);
    for (const e of v.avisos) expect(e.severidad).toMatch(/^AVISO_(GRADUALIDAD|CONFORMIDAD)$/);
    expect(v.informativos.length).toBeGreaterThan(0);
    for (const e of v.informativos) expect(e.severidad).toBe('INFORMATIVO');
    expect(v.errores.length + v.avisos.length + v.informativos.length).toBe(rest.body.errores.length);
    expect([v.errores.length, v.avisos.length, v.informativos.length]).toEqual([
      v.resumen.rechazos,
      v.resumen.avisos,
      v.resumen.informativos,
    ]);
    // `erroresRest` is the REST door's: the public schema does not have it.
    const oculto = await graphql(s.url, '{ validarRips(rips: {}) { erroresRest { codigo } } }', {
      'X-Api-Key': clave,
    });
    expect(oculto.body.errors[0].extensions.codigo).toBe('entrada-invalida');
  });

  it.each([
    ['sin rips', {}],
    ['rips null', { rips: null }],
    ['rips arreglo', { rips: [] }],
    ['rips texto', { rips: 'hola' }],
  ])('%s → 400 con detalles', async (_n, cuerpo) => {
    const r = await validar(cuerpo);
    expect(r.status).toBe(400);
    expect(r.body.codigo).toBe('entrada-invalida');
    expect(r.body.detalles[0].campo).toBe('rips');
  });

  it('propiedades desconocidas en el cuerpo → 400, estén antes o después de rips', async () => {
    for (const cuerpo of [
      { rips: ripsMinimo(), otra: 1 },
      { otra: { a: 1 }, rips: ripsMinimo() },
      { rips: ripsMinimo(), fechaEvaluacion: '2026-11-01T12:00:00Z', otra: { a: [] } },
    ]) {
      const r = await validar(cuerpo);
      expect(r.status).toBe(400);
      expect(r.body.codigo).toBe('entrada-invalida');
    }
  });

  it('cuerpo que no es objeto o fecha inválida → 400', async () => {
    expect((await validar([1, 2])).status).toBe(400);
    const r = await validar({ rips: ripsMinimo(), fechaEvaluacion: 'mañana' });
    expect(r.status).toBe(400);
    expect(r.body.detalles[0].campo).toBe('fechaEvaluacion');
  });

  it('401 sin credencial; 403 sin el módulo rips', async () => {
    expect((await validar({ rips: ripsMinimo() }, {})).status).toBe(401);
    const r = await validar({ rips: ripsMinimo() }, { 'X-Api-Key': claveSoloRda });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ codigo: 'modulo-no-contratado', modulo: 'rips' });
  });

  it('los documentos de pacientes aparecen en la respuesta, nunca en los registros', async () => {
    lineasLog.length = 0;
    const rips = ripsValido();
    const u = (rips.usuarios as Usuario[])[0]!;
    u.codSexo = 'X';
    const r = await validar({ rips });
    expect(JSON.stringify(r.body)).toContain(String(u.numDocumentoIdentificacion));
    await new Promise((ok) => setTimeout(ok, 50));
    const todo = lineasLog.join('');
    expect(todo).toContain('RIPS validado');
    for (const x of rips.usuarios as Usuario[])
      expect(todo).not.toContain(String(x.numDocumentoIdentificacion));
  });
});
