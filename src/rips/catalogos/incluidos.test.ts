import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cargarTablasIncluidas,
  DIRECTORIO_CATALOGOS,
  ErrorCatalogoIncluido,
  leerTablaIncluida,
  type TablaIncluida,
  tablaPais,
} from './incluidos.js';
import { detectarDelimitador, textoCelda } from './lectura.js';
import { catalogosIncluidos } from './servicio.js';
import { nombreCanonico, TABLAS_INCLUIDAS, tablaConocida } from './tablas.js';

const tablas = cargarTablasIncluidas();
const porNombre = new Map(tablas.map((t) => [t.tabla, t]));
const tabla = (nombre: string): TablaIncluida => {
  const t = porNombre.get(nombre);
  if (!t) throw new Error(`falta ${nombre}`);
  return t;
};
const codigos = (nombre: string, soloHabilitados = false) =>
  tabla(nombre)
    .filas.filter((f) => !soloHabilitados || f.habilitado)
    .map((f) => f.codigo);

describe('catálogos incluidos (catalogs/*.json)', () => {
  it('están todas las tablas pequeñas, cada una con fuente, fecha y versión', () => {
    expect([...porNombre.keys()].sort()).toEqual([...TABLAS_INCLUIDAS].sort());
    for (const t of tablas) {
      expect(t.fuente.length, t.tabla).toBeGreaterThan(20);
      expect(t.fecha, t.tabla).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(t.version, t.tabla).toBeTruthy();
      expect(t.descripcion, t.tabla).toBeTruthy();
      expect(t.filas.length, t.tabla).toBeGreaterThan(0);
    }
  });

  it('los códigos son los de las tablas de referencia (rips.md §5.1)', () => {
    expect(codigos('TipoIdPISIS')).toEqual([
      'AS',
      'CC',
      'CD',
      'CE',
      'CN',
      'DE',
      'MS',
      'NI',
      'NV',
      'PA',
      'PE',
      'PT',
      'RC',
      'SC',
      'SI',
      'TI',
    ]);
    expect(codigos('RIPSTipoUsuarioVersion2')).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
      '13',
    ]);
    expect(codigos('ZonaVersion2')).toEqual(['01', '02']);
    expect(tabla('ZonaVersion2').filas[0]!.nombre).toBe('Rural');
    expect(codigos('LstSiNo')).toEqual(['SI', 'NO']);
    expect(codigos('TipoNota')).toEqual(['NA', 'NC', 'ND', 'RS']);
    expect(codigos('ModalidadAtencion')).toEqual(['01', '02', '03', '04', '06', '07', '08', '09']);
    expect(codigos('GrupoServicios')).toEqual(['01', '02', '03', '04', '05']);
    expect(codigos('RIPSFinalidadConsultaVersion2')).toHaveLength(34);
    expect(codigos('RIPSFinalidadConsultaVersion2')[0]).toBe('11');
    expect(codigos('RIPSFinalidadConsultaVersion2').at(-1)).toBe('44');
    expect(codigos('RIPSCausaExternaVersion2')).toHaveLength(29);
    expect(codigos('RIPSCausaExternaVersion2')[0]).toBe('21');
    expect(codigos('RIPSCausaExternaVersion2').at(-1)).toBe('49');
    expect(codigos('RIPSTipoDiagnosticoPrincipalVersion2')).toEqual(['01', '02', '03']);
    expect(codigos('ViaIngresoUsuario')).toHaveLength(14);
    expect(codigos('CondicionyDestinoUsuarioEgreso')).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
    ]);
    expect(codigos('TipoMedicamentoPOSVersion2')).toEqual(['01', '02', '03', '04', '05']);
  });

  it('Sexo: código H/M/I con Extra_II (recién nacidos 01/02/03) y Extra_III (usuarios M/F/I)', () => {
    const sexo = tabla('Sexo').filas;
    expect(sexo.map((f) => [f.codigo, f.extra?.II, f.extra?.III])).toEqual([
      ['H', '01', 'M'],
      ['M', '02', 'F'],
      ['I', '03', 'I'],
    ]);
    expect(sexo.every((f) => f.habilitado)).toBe(true);
  });

  it('CoberturaPlanBeneficios: 01 inactivo (Res. 948) y 16 y 17 agregados', () => {
    const c = catalogosIncluidos();
    expect(c.entrada('CoberturaPlanBeneficios', '01')?.habilitado).toBe(false);
    expect(c.contiene('CoberturaPlanBeneficios', '01')).toBe(false);
    expect(c.contiene('CoberturaPlanBeneficios', '16')).toBe(true);
    expect(c.contiene('CoberturaPlanBeneficios', '17')).toBe(true);
    expect(c.entrada('CoberturaPlanBeneficios', '16')?.nombre).toMatch(/UPC contributiva/);
    expect(c.entrada('CoberturaPlanBeneficios', '17')?.nombre).toMatch(/UPC subsidiada/);
    expect(codigos('CoberturaPlanBeneficios')).toHaveLength(17);
  });

  it('ModalidadContratoyPago es la tabla viva de 12 códigos; conceptoRecaudo 01–05; TipoOtrosServicios 06 deshabilitado', () => {
    expect(codigos('ModalidadContratoyPago')).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
    expect(tabla('conceptoRecaudo').filas.map((f) => [f.codigo, f.nombre])).toEqual([
      ['01', 'Copago'],
      ['02', 'Cuota moderadora'],
      ['03', 'Pagos compartidos en planes voluntarios de salud'],
      ['04', 'Anticipo'],
      ['05', 'No aplica'],
    ]);
    expect(codigos('TipoOtrosServicios', true)).toEqual(['01', '02', '03', '04', '05']);
    expect(catalogosIncluidos().entrada('TipoOtrosServicios', '06')?.habilitado).toBe(false);
  });

  it('RIPSFinalidadConsultaVersion2 indica si cada finalidad aplica a consultas (Extra_I) y procedimientos (Extra_II)', () => {
    const c = catalogosIncluidos();
    const aplica = (codigo: string) => {
      const e = c.entrada('RIPSFinalidadConsultaVersion2', codigo)!.extra!;
      return [e.I, e.II];
    };
    expect(aplica('11')).toEqual(['SI', 'NO']);
    expect(aplica('14')).toEqual(['NO', 'SI']);
    expect(aplica('15')).toEqual(['SI', 'SI']);
    expect(aplica('21')).toEqual(['SI', 'NO']);
    expect(aplica('30')).toEqual(['NO', 'SI']);
    expect(aplica('44')).toEqual(['SI', 'SI']);
  });

  it('Pais: ISO 3166-1 numérico de 3 dígitos con nombres en español (170 = Colombia)', () => {
    const pais = tablaPais();
    expect(pais.filas.length).toBeGreaterThan(240);
    expect(pais.filas.every((f) => /^\d{3}$/.test(f.codigo))).toBe(true);
    expect(new Set(pais.filas.map((f) => f.codigo)).size).toBe(pais.filas.length);
    const c = catalogosIncluidos();
    expect(c.entrada('Pais', '170')?.nombre).toBe('Colombia');
    expect(c.entrada('Pais', '862')?.nombre).toBe('Venezuela');
    expect(c.entrada('Pais', '840')?.nombre).toBe('Estados Unidos');
    expect(c.contiene('Pais', '004')).toBe(true);
    expect(c.contiene('Pais', '4')).toBe(false);
    expect(pais.fuente).toMatch(/i18n-iso-countries \d+\.\d+\.\d+/);
  });

  it('catalogosIncluidos: las pequeñas y Pais cargadas, las grandes no', () => {
    const c = catalogosIncluidos();
    for (const t of [...TABLAS_INCLUIDAS, 'Pais']) expect(c.cargado(t), t).toBe(true);
    expect(c.cargado('CIE10')).toBe(false);
    expect(c.contiene('CIE10', 'A099')).toBe(false);
    expect(c.contiene('TipoIdPISIS', 'CC')).toBe(true);
    expect(c.contiene('TipoIdPISIS', 'XX')).toBe(false);
    const estado = c.estados().find((e) => e.tabla === 'Sexo')!;
    expect(estado).toMatchObject({ cargado: true, filas: 3, fecha: '2026-07-16' });
    expect(estado.fuente).toContain('SISPRO');
  });
});

describe('validación de los archivos incluidos', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'catalogos-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function escribir(nombre: string, contenido: unknown): Promise<string> {
    const archivo = path.join(dir, nombre);
    await writeFile(archivo, typeof contenido === 'string' ? contenido : JSON.stringify(contenido));
    return archivo;
  }

  function problemasDe(fn: () => unknown): string[] {
    try {
      fn();
    } catch (e) {
      expect(e).toBeInstanceOf(ErrorCatalogoIncluido);
      return (e as ErrorCatalogoIncluido).problemas;
    }
    throw new Error('se esperaba ErrorCatalogoIncluido');
  }

  it('falla con todos los problemas de un archivo mal formado', async () => {
    const archivo = await escribir('Zona.json', {
      tabla: 'Otra',
      descripcion: 'x',
      fuente: '',
      fecha: '2026-02-30',
      version: '1',
      color: 'azul',
      filas: [
        { codigo: '01', nombre: 'Rural', habilitado: 'SI' },
        { codigo: ' 02', nombre: 'Urbano', habilitado: true },
        { codigo: '03', nombre: 'Mixta', habilitado: true, extra: { XI: 'a', II: 2 } },
        { codigo: '04', nombre: 'A', habilitado: true, otra: 1 },
        { codigo: '04', nombre: 'B', habilitado: true },
      ],
    });
    const problemas = problemasDe(() => leerTablaIncluida(archivo));
    expect(problemas).toEqual(
      expect.arrayContaining([
        'Campo desconocido «color».',
        '«tabla» debe ser «Zona» (el nombre del archivo).',
        '«fuente» es obligatorio y debe ser un texto.',
        '«fecha» es obligatoria, con formato AAAA-MM-DD.',
        'filas[0]: «habilitado» debe ser true o false.',
        'filas[1]: «codigo» debe ser un texto no vacío sin espacios al inicio o al final.',
        'filas[2]: extra.XI no es una columna Extra_I…Extra_X.',
        'filas[2]: extra.II debe ser un texto.',
        'filas[3]: campo desconocido «otra».',
        'filas[4]: el código «04» ya está en filas[3].',
      ]),
    );
    expect(() => leerTablaIncluida(archivo)).toThrow(/Zona\.json no es válido/);
  });

  it('falla con un JSON roto y cuando falta una tabla pequeña', async () => {
    const roto = await escribir('Roto.json', '{ "tabla": ');
    expect(problemasDe(() => leerTablaIncluida(roto))[0]).toMatch(/No se pudo leer como JSON/);

    const incompleto = await mkdtemp(path.join(dir, 'incompleto-'));
    const sexo = await readFile(path.join(DIRECTORIO_CATALOGOS, 'Sexo.json'), 'utf8');
    await writeFile(path.join(incompleto, 'Sexo.json'), sexo);
    const problemas = problemasDe(() => cargarTablasIncluidas(incompleto));
    expect(problemas).toContain(
      'Falta TipoIdPISIS.json: es una tabla pequeña que debe ir incluida con el servicio.',
    );
    expect(problemas).not.toContain(expect.stringContaining('Sexo.json'));
  });
});

describe('utilidades', () => {
  it('nombreCanonico ignora mayúsculas, tildes y guiones bajos de las tablas conocidas', () => {
    expect(nombreCanonico('TipoIDPISIS')).toBe('TipoIdPISIS');
    expect(nombreCanonico(' cie10 ')).toBe('CIE10');
    expect(nombreCanonico('CUPS_Rips')).toBe('CUPSRips');
    expect(nombreCanonico('MiTablaNueva')).toBe('MiTablaNueva');
    expect(nombreCanonico('no válida')).toBeUndefined();
    expect(tablaConocida('municipio')).toBe('Municipio');
    expect(tablaConocida('exportacion')).toBeUndefined();
  });

  it('detectarDelimitador elige el más frecuente fuera de comillas', () => {
    expect(detectarDelimitador('Tabla;Código;Nombre')).toBe(';');
    expect(detectarDelimitador('Tabla,Código,"Nombre; largo"')).toBe(',');
    expect(detectarDelimitador('Tabla\tCódigo\tNombre')).toBe('\t');
    expect(detectarDelimitador('Código')).toBe(',');
  });

  it('textoCelda convierte los valores de exceljs a texto', () => {
    expect(textoCelda(5001)).toBe('5001');
    expect(textoCelda({ richText: [{ text: 'A0' }, { text: '99' }] })).toBe('A099');
    expect(textoCelda({ formula: 'A1', result: 'SI' })).toBe('SI');
    expect(textoCelda({ text: 'enlace', hyperlink: 'https://x' })).toBe('enlace');
    expect(textoCelda(new Date('2025-03-14T00:00:00Z'))).toBe('2025-03-14');
    expect(textoCelda(null)).toBe('');
    expect(textoCelda({ error: '#N/A' })).toBe('');
  });
});
