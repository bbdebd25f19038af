import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacienteHmac } from '../src/rips/historia/clave.js';
import type { Registro } from '../src/rips/tipos.js';
import { datosRda } from './fixtures/rda.js';
import { consulta, procedimiento, rips, usuario } from './fixtures/rips-reglas.js';
import { entornoIhce } from './ihce.js';
import { graphql, pedir } from './servidor.js';

/** The fixtures' patient (datosRda) and the consulta's care, 2026-11-18 08:00–08:40 in Colombia. */
const DOCUMENTO = '1020304050';
const INICIO = '2026-11-18T08:00:00-05:00';

let env: Awaited<ReturnType<typeof entornoIhce>>;
let a: Awaited<ReturnType<typeof env.entidadConIhce>>;
let vida: string;
let transmisionId: string;

beforeAll(async () => {
  // The platform's acceptance carries no VIDA (issue 32): this cross-check needs one, so the sandbox
  // puts it where a public client reads it (Bundle.identifier), our assumption.
  env = await entornoIhce({ simulador: { vidaEnAceptacion: true } });
  a = await env.entidadConIhce('rips-vida');
  const datos = datosRda('consulta-externa');
  (datos.encuentro as { fechaInicio: string }).fechaInicio = INICIO;
  const r = await pedir(env.s.url, '/rda/desde-datos', {
    cuerpo: { tipo: 'consulta-externa', datos },
    cabeceras: a.cabeceras,
  });
  expect(r.status).toBe(201);
  expect(r.body.estado).toBe('aceptado');
  vida = r.body.vida;
  transmisionId = r.body.id;
  expect(vida).toMatch(/^\d+$/);
});
afterAll(async () => {
  await env?.cerrar();
});

/** A RIPS of the RDA's patient with one consulta that day (and a procedure the next day). */
function ripsDelPaciente(codigoVIDA: string | null, documento = DOCUMENTO): Registro {
  return rips(
    usuario(
      {
        consultas: [consulta({ fechaInicioAtencion: '2026-11-18 08:10', codigoVIDA })],
        procedimientos: [procedimiento({ fechaInicioAtencion: '2026-11-19 09:00', codigoVIDA: null })],
      },
      { numDocumentoIdentificacion: documento },
    ),
  );
}

interface Hallazgo {
  codigo: string;
  severidad: string;
  explicacion: string;
  ubicacion: { ruta: string };
}
const validar = async (doc: Registro, cabeceras: Record<string, string> = a.cabeceras) => {
  const r = await pedir(env.s.url, '/rips/validar', { cuerpo: { rips: doc }, cabeceras });
  expect(r.status).toBe(200);
  return r.body as { errores: Hallazgo[]; resumen: Record<string, number> };
};
const vid = (r: { errores: Hallazgo[] }) => r.errores.filter((e) => e.codigo.startsWith('VID'));

describe('RIPS ↔ RDA: el código VIDA contra los RDA aceptados de la entidad', () => {
  it('el VIDA que la IHCE dio a la consulta del mismo paciente y día: sin VID001', async () => {
    const r = await validar(ripsDelPaciente(vida));
    expect(vid(r)).toEqual([]);
  });

  it('un VIDA que la entidad no transmitió: VID001 (notificación) que lo dice', async () => {
    const r = await validar(ripsDelPaciente('123456789012'));
    expect(vid(r).map((e) => [e.codigo, e.severidad, e.ubicacion.ruta])).toEqual([
      ['VID001', 'aviso-gradualidad', 'usuarios[0].servicios.consultas[0].codigoVIDA'],
    ]);
    expect(vid(r)[0]!.explicacion).toContain('no corresponde a ningún RDA que la entidad haya transmitido');
  });

  it('el VIDA en el RIPS de otro paciente, o en un servicio de otro día: VID001 con el motivo', async () => {
    const otro = await validar(ripsDelPaciente(vida, '1020304051'));
    expect(vid(otro).map((e) => e.codigo)).toEqual(['VID001']);
    expect(vid(otro)[0]!.explicacion).toContain('es de otro paciente');
    expect(vid(otro)[0]!.explicacion).not.toContain(DOCUMENTO);

    const doc = ripsDelPaciente(null);
    const servicios = (doc.usuarios as Registro[])[0]!.servicios as Record<string, Registro[]>;
    servicios.procedimientos![0]!.codigoVIDA = vida;
    const otroDia = await validar(doc);
    const v = vid(otroDia).find((e) => e.codigo === 'VID001')!;
    expect(v.ubicacion.ruta).toBe('usuarios[0].servicios.procedimientos[0].codigoVIDA');
    expect(v.explicacion).toContain(
      'es de una atención del 2026-11-18 (hora de Colombia) y este servicio es del 2026-11-19',
    );
  });

  it('sin codigoVIDA, mismo paciente y día: VID002 informativo que nombra el VIDA (por GraphQL también)', async () => {
    const r = await validar(ripsDelPaciente(null));
    expect(vid(r).map((e) => [e.codigo, e.severidad, e.ubicacion.ruta])).toEqual([
      ['VID002', 'informativo', 'usuarios[0].servicios.consultas[0].codigoVIDA'],
    ]);
    expect(vid(r)[0]!.explicacion).toContain(`tiene el código VIDA «${vida}»`);

    const g = await graphql(
      env.s.url,
      'query($t: String) { validarRips(ripsTexto: $t) { informativos { codigo severidad explicacion } } }',
      a.cabeceras,
      { t: JSON.stringify(ripsDelPaciente(null)) },
    );
    const notas = g.body.data.validarRips.informativos as Hallazgo[];
    expect(notas.filter((e) => e.codigo === 'VID002').map((e) => [e.severidad, e.explicacion])).toEqual([
      ['INFORMATIVO', expect.stringContaining(`«${vida}»`)],
    ]);
  });

  it('una entidad sin RDA aceptados no recibe VID001 ni VID002 (no hay evidencia propia)', async () => {
    const otra = await env.s.crearEntidad('rips-vida-sin-rda');
    const cab = { 'x-api-key': otra.clave };
    expect(vid(await validar(ripsDelPaciente('123456789012'), cab))).toEqual([]);
    expect(vid(await validar(ripsDelPaciente(null), cab))).toEqual([]);
  });

  it('la transmisión guarda el paciente como HMAC y las fechas de la atención, nunca el número', async () => {
    const conexion = env.s.em().getConnection();
    const [fila] = await conexion.execute<{ fila: Record<string, unknown> }[]>(
      `select to_jsonb(t) - 'bundle' as fila from transmision t where id = ?`,
      [transmisionId],
    );
    const f = fila!.fila;
    expect(f.paciente_hmac).toBe(pacienteHmac(env.s.config.rips.claveHistoria, 'CC', DOCUMENTO));
    expect(new Date(f.fecha_atencion_inicio as string)).toEqual(new Date(INICIO));
    expect(new Date(f.fecha_atencion_fin as string)).toEqual(new Date('2026-11-18T08:40:00-05:00'));
    expect(f.vida).toBe(vida);
    // No column but the bundle (the document sent, cleared once accepted) holds the number.
    expect(JSON.stringify(f)).not.toContain(DOCUMENTO);
    const eventos = await conexion.execute<{ e: unknown }[]>(
      'select to_jsonb(e) as e from evento_transmision e where transmision_id = ?',
      [transmisionId],
    );
    expect(eventos.length).toBeGreaterThan(0);
    expect(JSON.stringify(eventos)).not.toContain(DOCUMENTO);
  });
});
