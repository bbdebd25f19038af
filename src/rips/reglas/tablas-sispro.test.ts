import { describe, expect, it } from 'vitest';
import { validarPorTramos } from '../../../test/fixtures/por-tramos.js';
import {
  consulta,
  medicamento,
  otroServicio,
  procedimiento,
  rips,
  usuario,
} from '../../../test/fixtures/rips-reglas.js';
import {
  ETIQUETAS_CIE10,
  ETIQUETAS_CUPS,
  ETIQUETAS_FINALIDAD_SEXO_EDAD,
} from '../../../test/sispro/archivos.js';
import { CatalogosEnMemoria, type TablaEnMemoria } from '../catalogos/memoria.js';
import { TABLAS_GRANDES } from '../catalogos/tablas.js';
import type { ColumnasExtra, EntradaCatalogo } from '../catalogos/tipos.js';
import type { Registro } from '../tipos.js';
import { validarRips } from '../validacion/validar.js';
import { REGLAS_POR_CODIGO } from './registro.js';
import type { DatosFev } from './tipos.js';

/*
 * The rules SISPRO's tables decide from their Extra columns, with small tables in the layout of
 * SISPRO's exports: labels from the header (`Extra_I:Finalidad` → columnas {I: 'Finalidad'}), codes
 * as text, Codigo a row number where the table has no code of its own. Each rule: pass, fail, near
 * miss, and a table whose labels sit in other numerals (the label decides, not the numeral).
 */

const FECHA = new Date('2026-07-15T12:00:00-05:00');
const R = (codigo: string) => REGLAS_POR_CODIGO.get(codigo)!;

/** A table as an import leaves it: rows [codigo, {numeral: value}] and the header's labels. */
function tabla(
  columnas: ColumnasExtra | undefined,
  filas: [string, Record<string, string>][],
): TablaEnMemoria {
  return {
    ...(columnas ? { columnas } : {}),
    filas: filas.map(
      ([codigo, extra]): EntradaCatalogo => ({ codigo, nombre: codigo, habilitado: true, extra }),
    ),
  };
}

function hallazgos(
  codigo: string,
  doc: Registro,
  catalogos: CatalogosEnMemoria,
  fev?: DatosFev,
): { ruta: string; severidad: string; explicacion: string }[] {
  return validarRips(doc, { reglas: [R(codigo)], catalogos, fecha: FECHA, ...(fev ? { fev } : {}) })
    .errores.filter((e) => e.codigo === codigo)
    .map((e) => ({ ruta: e.ubicacion.ruta ?? '', severidad: e.severidad, explicacion: e.explicacion }));
}
const rutas = (h: { ruta: string }[]) => h.map((x) => x.ruta);
const RUTA = (tipo: string, i: number, campo: string) => `usuarios[0].servicios.${tipo}[${i}].${campo}`;
const notas = (codigo: string, doc: Registro, catalogos: CatalogosEnMemoria, fev?: DatosFev) =>
  validarRips(doc, { reglas: [R(codigo)], catalogos, fecha: FECHA, ...(fev ? { fev } : {}) }).errores.filter(
    (e) => e.severidad === 'informativo',
  );

describe('tablas grandes nuevas', () => {
  it('FinalidadSexoEdad y FinalidadCUPS están entre las tablas grandes, con descripción en español', () => {
    for (const nombre of ['FinalidadSexoEdad', 'FinalidadCUPS']) {
      const t = TABLAS_GRANDES.find((x) => x.tabla === nombre);
      expect(t?.descripcion, nombre).toMatch(/finalidad/i);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// RVC051 · FinalidadSexoEdad (I Finalidad, II Sexo, III Edad_INI, IV Edad_FIN, V Consultas, VI Procedimientos)
// ---------------------------------------------------------------------------------------------

/** SISPRO's Sexo coding (H hombre, M mujer): 23 prenatal only for women, 12 adults in consultations. */
const finalidadSexoEdad = (
  etiquetas: ColumnasExtra | undefined = ETIQUETAS_FINALIDAD_SEXO_EDAD,
  filas = FILAS_HMI,
) => new CatalogosEnMemoria({ FinalidadSexoEdad: tabla(etiquetas, filas) });
const FILAS_HMI: [string, Record<string, string>][] = [
  ['1', { I: '23', II: 'M', III: '10', IV: '60', V: 'SI', VI: 'SI' }],
  ['2', { I: '12', II: 'A', III: '18', IV: '120', V: 'SI', VI: 'NO' }],
  ['3', { I: '19', II: 'H', III: '10', IV: '120', V: 'SI', VI: 'SI' }],
  ['4', { I: '19', II: 'M', III: '10', IV: '120', V: 'SI', VI: 'SI' }],
];
const nacidoEl = (fechaNacimiento: string, codSexo = 'F') => ({ fechaNacimiento, codSexo });

describe('RVC051 · finalidad según sexo y edad con FinalidadSexoEdad', () => {
  it('pasa cuando una fila de la finalidad admite el sexo y la edad del paciente', () => {
    const doc = rips(
      usuario(
        {
          consultas: [
            consulta({ finalidadTecnologiaSalud: '23' }),
            consulta({ finalidadTecnologiaSalud: '19' }),
          ],
        },
        nacidoEl('1990-05-10', 'F'),
      ),
    );
    expect(hallazgos('RVC051', doc, finalidadSexoEdad())).toEqual([]);
  });

  it('notifica un paciente de sexo M con finalidad de mujer (M de la tabla = mujer), como el MUV', () => {
    const doc = rips(
      usuario(
        { procedimientos: [procedimiento({ finalidadTecnologiaSalud: '23' })] },
        nacidoEl('1990-05-10', 'M'),
      ),
    );
    const h = hallazgos('RVC051', doc, finalidadSexoEdad());
    expect(h.map((x) => [x.ruta, x.severidad])).toEqual([
      [RUTA('procedimientos', 0, 'finalidadTecnologiaSalud'), 'aviso-gradualidad'],
    ]);
    expect(h[0]!.explicacion).toContain('Finalidad 23 - sexo del usuario M.');
    expect(h[0]!.explicacion).toContain('sexo femenino, de 10 a 60 años');
  });

  it('sin la tabla corre su parte inequívoca (embarazo y sexo M) y la nota CAT01 nombra FinalidadSexoEdad', () => {
    const doc = rips(
      usuario(
        {
          consultas: [
            consulta({ finalidadTecnologiaSalud: '23' }),
            consulta({ finalidadTecnologiaSalud: '12' }),
          ],
        },
        nacidoEl('2010-05-10', 'M'),
      ),
    );
    const sinTabla = new CatalogosEnMemoria();
    expect(rutas(hallazgos('RVC051', doc, sinTabla))).toEqual([
      RUTA('consultas', 0, 'finalidadTecnologiaSalud'),
    ]);
    const n = notas('RVC051', doc, sinTabla);
    expect(n.map((e) => e.codigo)).toEqual(['CAT01']);
    expect(n[0]!.explicacion).toContain('FinalidadSexoEdad');
    expect(n[0]!.explicacion).toContain('RVC051');
    // With the table loaded the note is gone.
    expect(notas('RVC051', doc, finalidadSexoEdad()).map((e) => e.codigo)).toEqual([]);
  });

  it('casi: la edad exacta del límite pasa; un día antes del cumpleaños, no', () => {
    // The consultation is on 2026-07-01: born 2008-07-01 is 18 that day, born 2008-07-02 is 17.
    const de = (nacimiento: string) =>
      rips(usuario({ consultas: [consulta({ finalidadTecnologiaSalud: '12' })] }, nacidoEl(nacimiento, 'M')));
    expect(hallazgos('RVC051', de('2008-07-01'), finalidadSexoEdad())).toEqual([]);
    const h = hallazgos('RVC051', de('2008-07-02'), finalidadSexoEdad());
    expect(rutas(h)).toEqual([RUTA('consultas', 0, 'finalidadTecnologiaSalud')]);
    expect(h[0]!.explicacion).toContain('17 años a la fecha de la atención');
    // Upper limit: 60 on the day passes, 61 does not.
    const prenatal = (nacimiento: string) =>
      rips(usuario({ consultas: [consulta({ finalidadTecnologiaSalud: '23' })] }, nacidoEl(nacimiento, 'F')));
    expect(hallazgos('RVC051', prenatal('1966-07-01'), finalidadSexoEdad())).toHaveLength(0);
    expect(hallazgos('RVC051', prenatal('1965-07-01'), finalidadSexoEdad())).toHaveLength(1);
  });

  it('solo cuentan las filas del tipo de registro (columna Consultas o Procedimientos)', () => {
    // Row 12 is for consultations only: a procedure with finality 12 has no rows to judge it by.
    const doc = rips(
      usuario(
        { procedimientos: [procedimiento({ finalidadTecnologiaSalud: '12' })] },
        nacidoEl('2015-01-01'),
      ),
    );
    expect(hallazgos('RVC051', doc, finalidadSexoEdad())).toEqual([]);
  });

  it('con la tabla cargada, una finalidad que la tabla no nombra no se juzga', () => {
    const doc = rips(
      usuario({ consultas: [consulta({ finalidadTecnologiaSalud: '25' })] }, nacidoEl('1990-05-10', 'M')),
    );
    expect(hallazgos('RVC051', doc, finalidadSexoEdad())).toEqual([]);
    // Without the table the pregnancy check still applies.
    expect(rutas(hallazgos('RVC051', doc, new CatalogosEnMemoria()))).toEqual([
      RUTA('consultas', 0, 'finalidadTecnologiaSalud'),
    ]);
  });

  it('una tabla con F usa la codificación M/F del RIPS (M = masculino)', () => {
    const mf = finalidadSexoEdad(ETIQUETAS_FINALIDAD_SEXO_EDAD, [
      ['1', { I: '23', II: 'F', III: '10', IV: '60', V: 'SI', VI: 'SI' }],
      ['2', { I: '13', II: 'M', III: '15', IV: '99', V: 'SI', VI: 'SI' }],
    ]);
    const hombre = (finalidad: string) =>
      rips(
        usuario(
          { consultas: [consulta({ finalidadTecnologiaSalud: finalidad })] },
          nacidoEl('1990-05-10', 'M'),
        ),
      );
    expect(hallazgos('RVC051', hombre('13'), mf)).toEqual([]);
    expect(hallazgos('RVC051', hombre('23'), mf)).toHaveLength(1);
  });

  it('si la codificación del sexo no se puede decidir (solo M y A), no juzga el sexo pero sí la edad', () => {
    const dudosa = finalidadSexoEdad(ETIQUETAS_FINALIDAD_SEXO_EDAD, [
      ['1', { I: '23', II: 'M', III: '10', IV: '60', V: 'SI', VI: 'SI' }],
      ['2', { I: '15', II: 'A', III: '0', IV: '120', V: 'SI', VI: 'SI' }],
    ]);
    const hombre = rips(
      usuario({ consultas: [consulta({ finalidadTecnologiaSalud: '23' })] }, nacidoEl('1990-05-10', 'M')),
    );
    expect(hallazgos('RVC051', hombre, dudosa)).toEqual([]);
    const nina = rips(
      usuario({ consultas: [consulta({ finalidadTecnologiaSalud: '23' })] }, nacidoEl('2020-01-01')),
    );
    const h = hallazgos('RVC051', nina, dudosa);
    expect(h).toHaveLength(1);
    expect(h[0]!.explicacion).toContain('de 10 a 60 años');
    expect(h[0]!.explicacion).not.toContain('sexo femenino');
  });

  it('lee las columnas por su etiqueta aunque estén en otros numerales', () => {
    const otras: ColumnasExtra = {
      I: 'Finalidad',
      II: 'Edad_INI',
      III: 'Edad_FIN',
      IV: 'Sexo',
      V: 'Procedimientos',
      VI: 'Consultas',
    };
    const movida = finalidadSexoEdad(otras, [
      // The documented numerals would read II 'M' as the sex and III '60' as the minimum age.
      ['1', { I: '23', II: '10', III: '60', IV: 'M', V: 'SI', VI: 'SI' }],
      ['2', { I: '19', II: '10', III: '120', IV: 'H', V: 'SI', VI: 'SI' }],
    ]);
    const mujer = rips(
      usuario({ consultas: [consulta({ finalidadTecnologiaSalud: '23' })] }, nacidoEl('1990-05-10')),
    );
    expect(hallazgos('RVC051', mujer, movida)).toEqual([]);
    const hombre = rips(
      usuario({ consultas: [consulta({ finalidadTecnologiaSalud: '23' })] }, nacidoEl('1990-05-10', 'M')),
    );
    expect(hallazgos('RVC051', hombre, movida)).toHaveLength(1);
    // The same rows without labels are read by the documented numerals (II sexo '10': any value it
    // does not know admits any sex; III '60' as minimum age: a 36-year-old is too young).
    expect(
      hallazgos('RVC051', mujer, finalidadSexoEdad(undefined, [['1', { I: '23', II: '10', III: '60' }]])),
    ).toHaveLength(1);
  });

  it('da lo mismo repartida en tramos (validación en paralelo)', () => {
    const doc = rips(
      usuario({ consultas: [consulta({ finalidadTecnologiaSalud: '23' })] }, nacidoEl('1990-05-10', 'M')),
      usuario({ consultas: [consulta({ finalidadTecnologiaSalud: '23' })] }),
    );
    const o = { reglas: [R('RVC051')], catalogos: finalidadSexoEdad(), fecha: FECHA };
    expect(validarPorTramos(doc, o)).toEqual(validarRips(doc, o));
  });
});

// ---------------------------------------------------------------------------------------------
// RVC059 · FinalidadCUPS (I Finalidad, II CUPS)
// ---------------------------------------------------------------------------------------------

const finalidadCups = (
  etiquetas: ColumnasExtra = { I: 'Finalidad', II: 'CUPS' },
  cupsEn = 'II',
  finEn = 'I',
) =>
  new CatalogosEnMemoria({
    FinalidadCUPS: tabla(etiquetas, [
      ['1', { [finEn]: '15', [cupsEn]: '890201' }],
      ['2', { [finEn]: '16', [cupsEn]: '890201' }],
      ['3', { [finEn]: '16', [cupsEn]: '890701' }],
    ]),
  });

describe('RVC059 · CUPS según la finalidad con FinalidadCUPS', () => {
  it('notifica con la observación del MUV y las finalidades que la tabla relaciona con el CUPS', () => {
    const doc = rips(
      usuario({ consultas: [consulta({ codConsulta: '890701', finalidadTecnologiaSalud: '15' })] }),
    );
    const h = hallazgos('RVC059', doc, finalidadCups());
    expect(h.map((x) => [x.ruta, x.severidad])).toEqual([
      [RUTA('consultas', 0, 'codConsulta'), 'aviso-gradualidad'],
    ]);
    expect(h[0]!.explicacion).toContain(
      'Verificar tabla de referencia CodConsulta (890701) - Finalidad (15).',
    );
    expect(h[0]!.explicacion).toContain('la finalidad «16»');
  });

  it('casi: el mismo CUPS con una finalidad relacionada pasa; un CUPS que la tabla no nombra no se juzga', () => {
    const doc = rips(
      usuario({
        consultas: [
          consulta({ codConsulta: '890701', finalidadTecnologiaSalud: '16' }),
          consulta({ codConsulta: '890301', finalidadTecnologiaSalud: '44' }),
        ],
      }),
    );
    expect(hallazgos('RVC059', doc, finalidadCups())).toEqual([]);
  });

  it('una fila deshabilitada no relaciona', () => {
    const c = finalidadCups();
    c.poner('FinalidadCUPS', {
      columnas: { I: 'Finalidad', II: 'CUPS' },
      filas: [
        { codigo: '1', nombre: '1', habilitado: true, extra: { I: '15', II: '890201' } },
        { codigo: '2', nombre: '2', habilitado: false, extra: { I: '44', II: '890201' } },
      ],
    });
    const doc = rips(usuario({ consultas: [consulta({ finalidadTecnologiaSalud: '44' })] }));
    expect(hallazgos('RVC059', doc, c)[0]?.explicacion).toContain('CodConsulta (890201) - Finalidad (44)');
  });

  it('lee las columnas por su etiqueta aunque estén en otros numerales', () => {
    const movida = finalidadCups({ I: 'CUPS', II: 'Finalidad' }, 'I', 'II');
    const doc = (finalidad: string) =>
      rips(
        usuario({
          procedimientos: [
            procedimiento({ codProcedimiento: '890201', finalidadTecnologiaSalud: finalidad }),
          ],
        }),
      );
    expect(hallazgos('RVC059', doc('16'), movida)).toEqual([]);
    const h = hallazgos('RVC059', doc('44'), movida);
    expect(rutas(h)).toEqual([RUTA('procedimientos', 0, 'codProcedimiento')]);
    expect(h[0]!.explicacion).toContain('CodProcedimiento (890201) - Finalidad (44)');
  });

  it('sin la tabla se omite con la nota CAT01, que nombra FinalidadCUPS', () => {
    const doc = rips(usuario({ consultas: [consulta({ codConsulta: '890701' })] }));
    const n = notas('RVC059', doc, new CatalogosEnMemoria());
    expect(n.map((e) => e.codigo)).toEqual(['CAT01']);
    expect(n[0]!.explicacion).toContain('FinalidadCUPS');
    expect(n[0]!.explicacion).toContain('RVC059');
  });
});

// ---------------------------------------------------------------------------------------------
// RVC017 · CUPSRips Cobertura (IX) against the invoice's coverage (alcance fev)
// ---------------------------------------------------------------------------------------------

const cupsRips = (etiquetas: ColumnasExtra | undefined = ETIQUETAS_CUPS, columna = 'IX') =>
  new CatalogosEnMemoria({
    CUPSRips: tabla(etiquetas, [
      ['890201', { I: 'AC', [columna]: '01' }],
      ['902210', { I: 'AP', [columna]: '05' }],
      ['890701', { I: 'AC', [columna]: 'FALSO' }],
      ['601T01', { I: 'AT', [columna]: '04 - 05' }],
      ['115308', { I: 'AP' }],
    ]),
  });

function fev(cobertura: string): DatosFev {
  return {
    tipoDocumento: 'Invoice',
    numero: 'FE100',
    numeroFactura: 'FE100',
    nitEmisor: '900123456',
    cobertura,
    modalidadPago: '04',
    periodo: { inicio: '2026-07-01', fin: '2026-07-31' },
    pagosAnticipados: [],
    valorServicios: null,
  };
}

describe('RVC017 · CUPS según la cobertura de la factura (columna Cobertura de CUPSRips)', () => {
  const doc = rips(
    usuario({
      consultas: [consulta(), consulta({ codConsulta: '890701' })],
      procedimientos: [procedimiento(), procedimiento({ codProcedimiento: '115308' })],
      otrosServicios: [otroServicio(), otroServicio({ tipoOS: '01', codTecnologiaSalud: '902210' })],
    }),
  );

  it('01 y 16/17 (UPC) son la misma cobertura; un CUPS de otra cobertura se notifica como el MUV', () => {
    const h = hallazgos('RVC017', doc, cupsRips(), fev('16'));
    expect(h.map((x) => [x.ruta, x.severidad])).toEqual([
      [RUTA('procedimientos', 0, 'codProcedimiento'), 'aviso-gradualidad'],
      [RUTA('otrosServicios', 0, 'codTecnologiaSalud'), 'aviso-gradualidad'],
    ]);
    expect(h[0]!.explicacion).toContain('Verificar tabla de referencia Dato (902210).');
    expect(h[0]!.explicacion).toContain('05 «ARL»');
    expect(h[0]!.explicacion).toContain('16 «plan de beneficios con cargo a la UPC contributiva»');
  });

  it('casi: varias coberturas en la columna admiten cualquiera de ellas; sin código de cobertura, no se juzga', () => {
    // ARL invoice: 902210 (05) and the traslado 601T01 (04 - 05) pass; 890201 (01) does not; 890701
    // (FALSO) and 115308 (empty) are not judged; tipo 01 (not a CUPS) is not looked up.
    const h = hallazgos('RVC017', doc, cupsRips(), fev('05'));
    expect(rutas(h)).toEqual([RUTA('consultas', 0, 'codConsulta')]);
    expect(h[0]!.explicacion).toContain('01 «plan de beneficios con cargo a la UPC»');
  });

  it('lee la columna por su etiqueta aunque esté en otro numeral', () => {
    // Cobertura labelled in Extra_I: Extra_IX is not read even though it holds codes.
    const etiquetas = { ...ETIQUETAS_CUPS, I: 'Cobertura', IX: 'UsoCodigoCUP' };
    const movida = new CatalogosEnMemoria({
      CUPSRips: tabla(etiquetas, [['890201', { I: '05', IX: '01' }]]),
    });
    const una = rips(usuario({ consultas: [consulta()] }));
    expect(rutas(hallazgos('RVC017', una, movida, fev('16')))).toEqual([RUTA('consultas', 0, 'codConsulta')]);
    expect(hallazgos('RVC017', una, movida, fev('05'))).toEqual([]);
    // Without labels the documented numeral (IX) is read.
    expect(hallazgos('RVC017', una, cupsRips(undefined), fev('16'))).toEqual([]);
  });

  it('sin CUPSRips se omite con la nota CAT01; sin el XML de la factura no corre (nota XML01)', () => {
    const sinTabla = notas('RVC017', doc, new CatalogosEnMemoria(), fev('16'));
    expect(sinTabla.map((e) => e.codigo)).toEqual(['CAT01']);
    expect(sinTabla[0]!.explicacion).toContain('RVC017');
    const sinXml = validarRips(doc, { reglas: [R('RVC017')], catalogos: cupsRips(), fecha: FECHA });
    expect(sinXml.errores.map((e) => e.codigo)).toEqual(['XML01']);
  });
});

// ---------------------------------------------------------------------------------------------
// RVC063 · CUM with a zero-padded consecutive
// ---------------------------------------------------------------------------------------------

describe('RVC063 · CUM con el consecutivo relleno con ceros', () => {
  const catalogos = () =>
    new CatalogosEnMemoria({
      IUM: tabla({ I: 'IUMNivel_I', II: 'PrincipioActivo' }, [['1A2B3C4D5E6F7G', { I: '1A2B3C', II: 'X' }]]),
      CatalogoCUMs: tabla({ I: 'IndicadorMuestraMedica', II: 'Cod_ATC' }, [
        ['19992190-3', { I: 'NO', II: 'N02BE01' }],
        ['10042-1', { I: 'NO', II: 'J01CA04' }],
      ]),
    });
  const con = (codigo: string) =>
    rips(usuario({ medicamentos: [medicamento({ codTecnologiaSalud: codigo })] }));

  it('el CUM escrito como en CatalogoCUMs pasa', () => {
    expect(hallazgos('RVC063', con('19992190-3'), catalogos())).toEqual([]);
    expect(hallazgos('RVC063', con('10042-1'), catalogos())).toEqual([]);
  });

  it('con ceros a la izquierda en el consecutivo: el detalle dice cómo escribirlo', () => {
    const h = hallazgos('RVC063', con('19992190-03'), catalogos());
    expect(h.map((x) => [x.ruta, x.severidad])).toEqual([
      [RUTA('medicamentos', 0, 'codTecnologiaSalud'), 'rechazo'],
    ]);
    expect(h[0]!.explicacion).toContain('El código de la tecnología [19992190-03] no es válido');
    expect(h[0]!.explicacion).toContain('informe «19992190-3»');
  });

  it('casi: un CUM que no está en la tabla ni sin los ceros no recibe sugerencia', () => {
    const h = hallazgos('RVC063', con('19992190-04'), catalogos());
    expect(h).toHaveLength(1);
    expect(h[0]!.explicacion).not.toContain('informe');
    expect(hallazgos('RVC063', con('10042-10'), catalogos())[0]!.explicacion).not.toContain('informe');
  });
});

// ---------------------------------------------------------------------------------------------
// RVC028 · CIE10 sex and age, by label
// ---------------------------------------------------------------------------------------------

const cie10 = (etiquetas: ColumnasExtra | undefined, filas: [string, Record<string, string>][]) =>
  new CatalogosEnMemoria({ CIE10: tabla(etiquetas, filas) });

describe('RVC028 · diagnóstico según sexo y edad, por etiqueta', () => {
  const catalogos = cie10(ETIQUETAS_CIE10, [
    ['O800', { I: '2', II: '10', III: '54', X: 'F' }],
    ['N40X', { I: '1', II: '0', III: '999', X: 'M' }],
  ]);
  const dx = (codigo: string, fechaNacimiento: string, codSexo = 'F') =>
    rips(
      usuario({ consultas: [consulta({ codDiagnosticoPrincipal: codigo })] }, { fechaNacimiento, codSexo }),
    );

  it('casi: las edades exactas de los límites pasan; un año fuera, no', () => {
    // Consultation on 2026-07-01.
    expect(hallazgos('RVC028', dx('O800', '2016-07-01'), catalogos)).toEqual([]); // 10
    expect(hallazgos('RVC028', dx('O800', '1971-07-02'), catalogos)).toEqual([]); // 54
    expect(hallazgos('RVC028', dx('O800', '2016-07-02'), catalogos)[0]?.explicacion).toContain(
      'aplica desde los 10 años y el paciente tenía 9',
    );
    expect(hallazgos('RVC028', dx('O800', '1971-07-01'), catalogos)[0]?.explicacion).toContain(
      'aplica hasta los 54 años y el paciente tenía 55',
    );
  });

  it('sexo: notifica el del otro sexo; no juzga el sexo indeterminado', () => {
    expect(hallazgos('RVC028', dx('N40X', '1960-01-01', 'F'), new CatalogosEnMemoria())).toEqual([]);
    expect(hallazgos('RVC028', dx('N40X', '1960-01-01', 'F'), catalogos)[0]?.explicacion).toContain(
      'es solo para sexo M y el paciente es de sexo F',
    );
    expect(hallazgos('RVC028', dx('N40X', '1960-01-01', 'I'), catalogos)).toEqual([]);
  });

  it('lee las columnas por su etiqueta aunque estén en otros numerales; sin la etiqueta no juzga', () => {
    const movida = cie10(
      { I: 'EdadMinima', II: 'EdadMaxima', III: 'Sexo', IV: 'AplicaASexo' },
      // The documented numerals would read I '10' as the sex and II '54' as the minimum age.
      [['O800', { I: '10', II: '54', III: 'F', IV: '2' }]],
    );
    expect(hallazgos('RVC028', dx('O800', '1990-05-10'), movida)).toEqual([]);
    expect(hallazgos('RVC028', dx('O800', '1990-05-10', 'M'), movida)[0]?.explicacion).toContain('sexo F');
    // Labels without the age columns: ages are not judged, the sex still is.
    const sinEdades = cie10({ I: 'AplicaASexo', X: 'Sexo' }, [
      ['O800', { I: '2', II: '10', III: '54', X: 'F' }],
    ]);
    expect(hallazgos('RVC028', dx('O800', '2020-01-01'), sinEdades)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// RVC012 · IPSCodHabilitacion NroIDPrestador, by label
// ---------------------------------------------------------------------------------------------

describe('RVC012 · NIT del prestador en IPSCodHabilitacion, por etiqueta', () => {
  const doc = rips(usuario({ consultas: [consulta()] }));

  it('con las etiquetas de SISPRO lee NroIDPrestador (Extra_II)', () => {
    const etiquetas = {
      I: 'TipoIDPrestador',
      II: 'NroIDPrestador',
      III: 'CodigoPrestador',
      IV: 'CodMpioSede',
    };
    const propio = new CatalogosEnMemoria({
      IPSCodHabilitacion: tabla(etiquetas, [
        ['110010000101', { I: 'NI', II: '900123456', III: '1100100001' }],
      ]),
    });
    expect(hallazgos('RVC012', doc, propio)).toEqual([]);
    const ajeno = new CatalogosEnMemoria({
      IPSCodHabilitacion: tabla(etiquetas, [
        ['110010000101', { I: 'NI', II: '800111222', III: '1100100001' }],
      ]),
    });
    expect(hallazgos('RVC012', doc, ajeno)[0]?.explicacion).toContain(
      'registrado a la identificación 800111222',
    );
  });

  it('lee la etiqueta aunque esté en otro numeral', () => {
    const movida = new CatalogosEnMemoria({
      IPSCodHabilitacion: tabla({ I: 'TipoIDPrestador', II: 'CodigoPrestador', III: 'NroIDPrestador' }, [
        ['110010000101', { I: 'NI', II: '900123456', III: '800111222' }],
      ]),
    });
    expect(hallazgos('RVC012', doc, movida)[0]?.explicacion).toContain('800111222');
  });
});
