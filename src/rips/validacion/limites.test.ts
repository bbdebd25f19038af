import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { catalogosPrueba, ripsMinimo, ripsValido } from '../../../test/fixtures/rips.js';
import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ErrorApp } from '../../errores/errores.js';
import { ErrorJsonProhibido } from '../../http/json-seguro.js';
import { CAMPOS } from '../estructura/campos.js';
import { crearVerificadorEstructura } from '../estructura/verificar.js';
import type { Registro } from '../tipos.js';
import { acotarDetalle, acotarHallazgos, eco, limpiarTexto, sumarOmitidos } from './acotar.js';
import {
  encabezadoAcotado,
  excesoProfundidad,
  MAX_VALOR_ENCABEZADO,
  revisarEncabezado,
} from './encabezado.js';
import { ServicioValidacionRips } from './servicio.js';
import { validarRips } from './validar.js';

const FECHA = new Date('2026-11-01T12:00:00Z');
const catalogos = catalogosPrueba();
const estructura = crearVerificadorEstructura(CAMPOS, catalogos);
const opciones = { fecha: FECHA, catalogos, estructura };
const MiB = 1024 * 1024;

/** Every user's sex code and every consultation's diagnosis and value wrong (as bench/hallazgos-rips.ts). */
function conHallazgos(copias: number): Registro {
  const base = ripsValido();
  const usuarios: Registro[] = [];
  for (let i = 0; i < copias; i++) {
    for (const u of structuredClone(base.usuarios) as Registro[]) {
      u.numDocumentoIdentificacion = String(1_000_000 + usuarios.length);
      u.codSexo = 'X';
      for (const c of ((u.servicios as Record<string, Registro[]>).consultas ?? []) as Registro[]) {
        c.codDiagnosticoPrincipal = 'ZZZZ';
        c.vrServicio = -5;
      }
      usuarios.push(u);
    }
  }
  return { ...base, usuarios };
}

const largoMaximo = (e: ErrorAccionable) =>
  Math.max(
    ...[e.titulo, e.explicacion, e.comoCorregir, ...Object.values(e.ubicacion)].map((v) =>
      typeof v === 'string' ? v.length : 0,
    ),
  );

describe('eco y textos acotados', () => {
  it('un valor largo se repite por su inicio y su largo; uno corto, tal cual', () => {
    expect(eco('FEV1001')).toBe('FEV1001');
    expect(eco('F'.repeat(MiB), 7)).toBe('«FFFFFFF…» (1 048 576 caracteres)');
    // Never half a surrogate pair, never NUL or a lone surrogate.
    expect(eco('😀😀😀', 3)).toBe('«😀…» (6 caracteres)');
    expect(limpiarTexto('a\u0000b\udfffc')).toBe('a\ufffdb\ufffdc');
  });

  it('los valores citados en un detalle se acortan y el detalle no pasa de 1 000 caracteres', () => {
    const d = acotarDetalle(`El valor «${'9'.repeat(5000)}» no está en la tabla X.`);
    expect(d).toContain('(5 000 caracteres)');
    expect(d.length).toBeLessThan(200);
    expect(acotarDetalle(`NIT ${'1'.repeat(50_000)}`).length).toBeLessThan(1100);
  });
});

describe('encabezado', () => {
  it('NUL, sustitutos sueltos y valores de más de 1 MiB: error que nombra el campo, antes de recorrer', () => {
    for (const campo of ['numDocumentoIdObligado', 'numFactura', 'tipoNota', 'numNota']) {
      for (const valor of ['A\u0000', 'B\udfff', 'x'.repeat(MAX_VALOR_ENCABEZADO + 1)]) {
        const rips = { ...ripsMinimo(), [campo]: valor };
        expect(() => revisarEncabezado(rips)).toThrow(ErrorJsonProhibido);
        try {
          validarRips(rips, opciones);
          expect.unreachable();
        } catch (e) {
          expect(e).toBeInstanceOf(ErrorJsonProhibido);
          expect((e as ErrorJsonProhibido).campo).toBe(campo);
          expect((e as Error).message).toContain(`«${campo}»`);
          expect((e as Error).message.length).toBeLessThan(400);
        }
      }
    }
    expect(() =>
      revisarEncabezado({ ...ripsMinimo(), numFactura: 'x'.repeat(MAX_VALOR_ENCABEZADO) }),
    ).not.toThrow();
  });

  it('las reglas ven el valor sobredimensionado acortado; el mismo objeto cuando nada sobra', () => {
    const rips = ripsMinimo();
    expect(encabezadoAcotado(rips)).toBe(rips);
    const largo = { ...rips, numFactura: 'F'.repeat(25) };
    expect(encabezadoAcotado(largo).numFactura).toBe(`«${'F'.repeat(20)}…» (25 caracteres)`);
    expect(largo.numFactura).toBe('F'.repeat(25));
  });

  it('profundidad: ruta del primer valor que pasa de 64 niveles, sin recorrer más allá', () => {
    let hondo: unknown = 1;
    for (let i = 0; i < 100_000; i++) hondo = { a: hondo };
    expect(excesoProfundidad({ x: [1, { y: hondo }] }, 1)).toMatch(/^\.x\[1\]\.y(\.a)+$/);
    expect(excesoProfundidad({ x: [1, { y: { a: 1 } }] }, 1)).toBeUndefined();
    const r = ripsMinimo();
    (r.usuarios as Registro[])[0]!.extra = hondo;
    expect(() => validarRips(r, opciones)).toThrow(/más de 64 niveles .*usuarios\[0\]\.extra\.a/);
    expect(() => validarRips({ ...ripsMinimo(), x: [hondo] }, opciones)).toThrow(/en «x\[0\]\.a/);
  });
});

describe('1 MiB de numFactura', () => {
  it('RVG05 una vez; ningún hallazgo lo repite entero (la respuesta no crece con él)', () => {
    const rips = ripsValido();
    rips.numFactura = 'F'.repeat(MiB);
    const r = validarRips(rips, opciones);
    const rvg05 = r.errores.filter((e) => e.codigo === 'RVG05' && e.ubicacion.campo === 'numFactura');
    expect(rvg05).toHaveLength(1);
    expect(rvg05[0]!.explicacion).toContain('entre 1 y 20 caracteres');
    expect(rvg05[0]!.explicacion).toContain('tiene 1048576');
    for (const e of r.errores) {
      expect(largoMaximo(e)).toBeLessThan(2000);
      if (e.ubicacion.factura !== null)
        expect(e.ubicacion.factura).toBe('«FFFFFFFFFFFFFFFFFFFF…» (1 048 576 caracteres)');
    }
    expect(JSON.stringify(r).length).toBeLessThan(
      JSON.stringify(validarRips(ripsValido(), opciones)).length + 64 * 1024,
    );
  });

  it('documento del paciente y valores informados también se acortan', () => {
    const rips = ripsValido();
    const u = (rips.usuarios as Registro[])[0]!;
    u.numDocumentoIdentificacion = '7'.repeat(MiB);
    u.codPaisResidencia = 'Z'.repeat(MiB);
    const r = validarRips(rips, opciones);
    for (const e of r.errores) expect(largoMaximo(e)).toBeLessThan(2000);
    expect(r.errores.some((e) => e.ubicacion.documentoUsuario?.includes('(1 048 576 caracteres)'))).toBe(
      true,
    );
  });
});

describe('tope de hallazgos', () => {
  it('los primeros N, los demás contados por código; resumen y valid cuentan todos', () => {
    const rips = conHallazgos(40);
    const todo = validarRips(rips, { ...opciones, limites: { maxHallazgos: 1e6, maxCaracteres: 1e12 } });
    expect(todo.omitidos).toEqual([]);
    const conNotas = todo.errores.filter((e) => e.severidad === 'informativo').length;
    const total = todo.errores.length - conNotas;
    expect(total).toBeGreaterThan(100);
    for (const max of [1, 10, 57]) {
      const r = validarRips(rips, { ...opciones, limites: { maxHallazgos: max, maxCaracteres: 1e12 } });
      expect(r.errores.length - conNotas).toBe(max);
      expect(r.issues).toHaveLength(r.errores.length);
      expect(r.omitidos.reduce((n, o) => n + o.cantidad, 0)).toBe(total - max);
      expect(r.resumen).toEqual(todo.resumen);
      expect(r.valid).toBe(false);
      // The first N of the full list, in the same order.
      expect(r.errores.slice(0, max)).toEqual(todo.errores.slice(0, max));
    }
    // The character budget: fewer findings, the rest counted.
    const chico = validarRips(rips, { ...opciones, limites: { maxHallazgos: 1e6, maxCaracteres: 20_000 } });
    expect(chico.errores.length).toBeLessThan(todo.errores.length);
    expect(chico.resumen).toEqual(todo.resumen);
    expect(chico.errores.length + chico.omitidos.reduce((n, o) => n + o.cantidad, 0)).toBe(
      todo.errores.length,
    );
  });

  it('por defecto (2 000) un RIPS con cientos de hallazgos se responde entero', () => {
    const r = validarRips(conHallazgos(150), opciones);
    expect(r.errores.length).toBeGreaterThan(853);
    expect(r.omitidos).toEqual([]);
  });

  it('acotarHallazgos (para guardar): tope, textos limpios y acotados, omitidos por código', () => {
    const { errores } = validarRips(conHallazgos(5), opciones);
    const sucio = { ...errores[0]!, explicacion: `x\u0000${'y'.repeat(50_000)}\udfff` };
    const a = acotarHallazgos([sucio, ...errores], { maxHallazgos: 3 });
    expect(a.errores).toHaveLength(3);
    expect(a.errores[0]!.explicacion).not.toContain('\u0000');
    expect(a.errores[0]!.explicacion.length).toBeLessThan(4100);
    expect(a.omitidos.reduce((n, o) => n + o.cantidad, 0)).toBe(errores.length + 1 - 3);
    expect(sucio.explicacion).toContain('\u0000');
    expect(sumarOmitidos(a.omitidos, a.omitidos)[0]!.cantidad).toBe(2 * a.omitidos[0]!.cantidad);
  });

  it('el servicio aplica sus límites y convierte los rechazos de entrada en 400', async () => {
    const s = new ServicioValidacionRips({ obtener: async () => catalogos }, {}, undefined, undefined, 0, {
      maxHallazgos: 5,
      maxCaracteres: 1e9,
    });
    const em = {} as EntityManager;
    const r = await s.validarTexto(em, JSON.stringify(conHallazgos(3)), FECHA);
    expect(r.errores.filter((e) => e.severidad !== 'informativo')).toHaveLength(5);
    expect(r.omitidos.length).toBeGreaterThan(0);
    expect(s.acotarHallazgos(r.errores).errores).toHaveLength(5);
    const malo = { ...ripsMinimo(), numNota: 'N\u0000' };
    for (const intento of [
      () => s.validar(em, malo),
      () => s.validarConFev(em, { rips: malo, xmlFevFile: '' }),
      () => s.validarTexto(em, JSON.stringify(malo)),
    ]) {
      const e = await intento().catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ErrorApp);
      expect((e as ErrorApp).codigo).toBe('entrada-invalida');
      expect((e as ErrorApp).message).toContain('«numNota»');
    }
  });
});
