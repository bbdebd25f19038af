import { describe, expect, it } from 'vitest';
import { ripsValido } from '../../../test/fixtures/rips.js';
import type { Registro } from '../tipos.js';
import { avisosClavesDesconocidas, depurarRips, MAX_AVISOS_CLAVES } from './depurar.js';

type Usuario = Registro & { servicios: Record<string, Registro[]> };
const usuarios = (r: Registro) => r.usuarios as Usuario[];

describe('depurarRips: lo que no es del DT1 no se envía al MUV', () => {
  it('un RIPS del DT1 pasa tal cual (los mismos objetos, sin copias)', () => {
    const rips = ripsValido();
    const d = depurarRips(rips);
    expect(d.rips).toBe(rips);
    expect(d.desconocidas).toEqual([]);
  });

  it('quita las claves desconocidas en la raíz, el usuario, «servicios» y cada servicio, sin tocar el original', () => {
    const rips = ripsValido();
    const antes = JSON.stringify(rips);
    rips.notaInterna = 'x';
    usuarios(rips)[1]!.anexo = 'y'.repeat(5 * 1024 * 1024);
    usuarios(rips)[1]!.servicios.extras = [{ a: 1 }] as unknown as Registro[];
    usuarios(rips)[1]!.servicios.consultas![0]!.adjunto = { pdf: 'z'.repeat(1000) };
    usuarios(rips)[1]!.servicios.consultas![1]!.adjunto = null;
    const original = JSON.stringify(rips);
    const d = depurarRips(rips);
    expect(JSON.stringify(d.rips)).toBe(antes);
    expect(JSON.stringify(rips)).toBe(original);
    // Records without unknown keys are shared, not copied.
    expect(usuarios(d.rips)[0]).toBe(usuarios(rips)[0]);
    expect(usuarios(d.rips)[1]!.servicios.procedimientos).toBe(usuarios(rips)[1]!.servicios.procedimientos);
    expect(d.desconocidas.map((c) => [c.lugar, c.clave, c.ruta, c.veces])).toEqual([
      ['transaccion', 'notaInterna', 'notaInterna', 1],
      ['usuario', 'anexo', 'usuarios[1].anexo', 1],
      ['servicios', 'extras', 'usuarios[1].servicios.extras', 1],
      ['consultas', 'adjunto', 'usuarios[1].servicios.consultas[0].adjunto', 2],
    ]);
    expect(d.desconocidas[1]!.tamano).toMatch(/^texto de 5.242.880 caracteres$/);
  });

  it('medicamentos.numAutorizacion (retirado por la Res. 948) se conserva con su tamaño de antes; más largo, no', () => {
    const rips = ripsValido();
    const med = usuarios(rips)[0]!.servicios.medicamentos!;
    med[0]!.numAutorizacion = 'AUT-123';
    med[1]!.numAutorizacion = 'A'.repeat(31);
    const d = depurarRips(rips);
    const medD = usuarios(d.rips)[0]!.servicios.medicamentos!;
    expect(medD[0]!.numAutorizacion).toBe('AUT-123');
    expect('numAutorizacion' in medD[1]!).toBe(false);
    expect(d.desconocidas.map((c) => c.ruta)).toEqual([
      'usuarios[0].servicios.medicamentos[1].numAutorizacion',
    ]);
  });

  it('lo que no es objeto se deja para la compuerta (RVG01), sin caerse', () => {
    for (const usuariosRaros of [null, 'x', [null, 3, 'u', { servicios: 'no' }], { a: 1 }]) {
      const rips = { ...ripsValido(), usuarios: usuariosRaros };
      expect(() => depurarRips(rips)).not.toThrow();
    }
  });
});

describe('EST01: avisos de las claves quitadas', () => {
  it('aviso de conformidad en español: qué, dónde, cuántas veces, y los campos del DT1 como corrección', () => {
    const rips = ripsValido();
    for (const c of usuarios(rips)[1]!.servicios.consultas!) c.observacion = 'texto libre';
    const [e, ...resto] = avisosClavesDesconocidas(depurarRips(rips).desconocidas, 'FEV1001');
    expect(resto).toEqual([]);
    expect(e).toMatchObject({
      codigo: 'EST01',
      severidad: 'aviso-conformidad',
      fuente: 'linter-local',
      ubicacion: {
        factura: 'FEV1001',
        usuarioIndex: 1,
        tipoServicio: 'consultas',
        servicioIndex: 0,
        campo: 'observacion',
        ruta: 'usuarios[1].servicios.consultas[0].observacion',
      },
    });
    const n = usuarios(rips)[1]!.servicios.consultas!.length;
    expect(e!.explicacion).toContain(`en ${n} registros de las consultas`);
    expect(e!.explicacion).toMatch(
      /no es un campo del Documento Técnico 1 .* la quitó del paquete que envió al MUV/,
    );
    expect(e!.comoCorregir).toMatch(
      /Los campos de las consultas en el Documento Técnico 1 son: codPrestador, fechaInicioAtencion, .*consecutivo\./,
    );
  });

  it(`a lo sumo ${MAX_AVISOS_CLAVES} avisos y uno más que cuenta el resto; nombres enormes acortados`, () => {
    const rips = ripsValido();
    for (let i = 0; i < 500; i++) rips[`clave${i}`] = i;
    rips['k'.repeat(100_000)] = 1;
    const avisos = avisosClavesDesconocidas(depurarRips(rips).desconocidas, 'FEV1001');
    expect(avisos).toHaveLength(MAX_AVISOS_CLAVES + 1);
    expect(avisos.at(-1)!.explicacion).toMatch(/451 propiedades más \(451 apariciones\)/);
    expect(JSON.stringify(avisos).length).toBeLessThan(200_000);
  });
});
