import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogosPrueba, ripsValido } from '../../../test/fixtures/rips.js';
import type { Registro } from '../tipos.js';
import { FlujoCuerpo } from './flujo-cuerpo.js';
import { GrupoHilos } from './hilos/grupo.js';
import { type ConsultaPrestadores, ServicioValidacionRips } from './servicio.js';

/*
 * Issue 32, item 4: the entity's declared provider codes reach every entry point of the validation
 * (ServicioValidacionRips.opciones), the validation threads included. ripsValido() is of provider
 * 1100101234 (codPrestador 110010123401).
 */
const SCRIPT = path.resolve('dist/src/rips/validacion/hilos/trabajador.js');
const em = {} as EntityManager;
const catalogos = catalogosPrueba();
const proveedor = { obtener: async () => catalogos };
const FECHA = new Date('2026-11-01T12:00:00Z');
const PROPIO = '110010123401';
const AJENO = '050010000201';

/** A lookup that answers `codigos` for entity «e1» and counts its calls. */
function consulta(codigos: readonly string[] | Error): ConsultaPrestadores & { llamadas: number } {
  return {
    llamadas: 0,
    async codigos(_em, entidadId) {
      this.llamadas++;
      if (codigos instanceof Error) throw codigos;
      return entidadId === 'e1' ? codigos : undefined;
    },
  };
}
function servicio(c?: ConsultaPrestadores, hilos?: { grupo: GrupoHilos; desdeCaracteres: number }) {
  const s = new ServicioValidacionRips(proveedor, {}, undefined, hilos);
  if (c) s.prestadores = c;
  return s;
}
function ripsCon(codigo: string, usuario = 0): Registro {
  const r = ripsValido();
  const servicios = (r.usuarios as Registro[])[usuario]!.servicios as Record<string, Registro[]>;
  for (const lista of Object.values(servicios)) for (const x of lista) x.codPrestador = codigo;
  return r;
}
const codigos = (r: { errores: { codigo: string }[] }) => r.errores.map((e) => e.codigo);

describe('ServicioValidacionRips con los códigos de prestador de la entidad', () => {
  it('con códigos: RVC012 en los servicios de otro prestador; sin entidad, la consulta ni se hace', async () => {
    const c = consulta([PROPIO]);
    const s = servicio(c);
    const r = await s.validar(em, ripsCon(AJENO), FECHA, 'e1');
    expect(codigos(r)).toContain('RVC012');
    expect(r.valid).toBe(false);
    expect(codigos(await s.validar(em, ripsValido(), FECHA, 'e1'))).not.toContain('RVC012');
    const llamadas = c.llamadas;
    const sinEntidad = await s.validar(em, ripsCon(AJENO), FECHA);
    expect(codigos(sinEntidad)).not.toContain('RVC012');
    expect(codigos(sinEntidad)).not.toContain('PRE01');
    expect(c.llamadas).toBe(llamadas);
  });

  it('sin códigos: nota PRE01 y ningún rechazo; si la consulta falla, como sin entidad', async () => {
    const vacia = await servicio(consulta([])).validar(em, ripsCon(AJENO), FECHA, 'e1');
    expect(codigos(vacia).filter((x) => x === 'PRE01')).toHaveLength(1);
    expect(vacia.valid).toBe(true);
    const falla = await servicio(consulta(new Error('sin base'))).validar(em, ripsCon(AJENO), FECHA, 'e1');
    expect(codigos(falla)).not.toContain('PRE01');
    expect(codigos(falla)).not.toContain('RVC012');
  });
});

describe('en los hilos de validación (script compilado)', () => {
  const grupo = new GrupoHilos(SCRIPT, 2, 6000);
  afterAll(() => grupo.cerrar());

  it('un servicio de otro prestador en un usuario que revisa un hilo da el mismo RVC012', async () => {
    const base = ripsValido();
    const [a, b] = base.usuarios as Registro[];
    const usuarios: Registro[] = Array.from({ length: 300 }, (_, i) => ({
      ...structuredClone(i % 2 ? b! : a!),
      numDocumentoIdentificacion: String(20_000_000 + i),
    }));
    const ajeno = usuarios[250]!.servicios as Record<string, Registro[]>;
    for (const lista of Object.values(ajeno)) for (const x of lista) x.codPrestador = AJENO;
    const texto = JSON.stringify({ fechaEvaluacion: FECHA.toISOString(), rips: { ...base, usuarios } });
    async function* trozos(): AsyncGenerator<string> {
      for (let i = 0; i < texto.length; i += 4096) yield texto.slice(i, i + 4096);
    }
    const flujo = () => new FlujoCuerpo(trozos(), trozos);
    const c = consulta([PROPIO]);
    const [conHilos, sinHilos] = await Promise.all([
      servicio(c, { grupo, desdeCaracteres: 30_000 }).validarCuerpoFlujo(em, flujo(), 'e1'),
      servicio(c).validarCuerpoFlujo(em, flujo(), 'e1'),
    ]);
    const rvc012 = conHilos.errores.filter((e) => e.codigo === 'RVC012');
    expect(rvc012.length).toBeGreaterThan(0);
    expect(rvc012.every((e) => e.ubicacion.ruta?.startsWith('usuarios[250].'))).toBe(true);
    expect(conHilos).toEqual(sinHilos);
  });
});
