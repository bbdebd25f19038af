import { describe, expect, it } from 'vitest';
import {
  consulta,
  medicamento,
  procedimiento,
  rips,
  usuario,
} from '../../../../test/fixtures/rips-reglas.js';
import { CatalogosEnMemoria } from '../../catalogos/memoria.js';
import type { EntradaCatalogo } from '../../catalogos/tipos.js';
import type { Registro } from '../../tipos.js';
import { validarRips } from '../../validacion/validar.js';
import type { DatosFev, Regla } from '../tipos.js';
import { REGLAS_RVC_PRESTADOR } from './prestador.js';

/*
 * Issue 32, item 4: the real MUV rejects RVC011 (the invoice's CODIGO_PRESTADOR is not one of its
 * login's provider codes) and RVC012 (a service's codPrestador not related to the NIT). Our own
 * fixtures: an entity that declared 110010000101 (provider 1100100001, sede 01), NIT 900123456.
 */
const FECHA = new Date('2026-07-15T12:00:00-05:00');
const PROPIO = '110010000101';
const AJENO = '050010000201';
const REGLAS: Regla[] = REGLAS_RVC_PRESTADOR.filter((r) => r.codigo === 'RVC011' || r.codigo === 'RVC012');
const SIN_CATALOGOS = new CatalogosEnMemoria();

const fila = (codigo: string, extra: Record<string, string> = {}): EntradaCatalogo => ({
  codigo,
  nombre: codigo,
  habilitado: true,
  extra,
});

/** The invoice data the FEV gate reads (only what these rules look at matters). */
const fev = (codigoPrestador: string | null): DatosFev => ({
  tipoDocumento: 'Invoice',
  numero: 'FE100',
  numeroFactura: 'FE100',
  nitEmisor: '900123456',
  cobertura: '16',
  modalidadPago: '04',
  periodo: { inicio: '2026-07-01', fin: '2026-07-31' },
  pagosAnticipados: [],
  valorServicios: null,
  codigoPrestador,
});

function validar(
  doc: Registro,
  o: { prestadores?: string[]; fev?: DatosFev; catalogos?: CatalogosEnMemoria } = {},
) {
  return validarRips(doc, {
    reglas: REGLAS,
    catalogos: o.catalogos ?? SIN_CATALOGOS,
    fecha: FECHA,
    ...(o.prestadores ? { prestadores: o.prestadores } : {}),
    ...(o.fev ? { fev: o.fev } : {}),
  });
}
const hallazgos = (r: ReturnType<typeof validar>) =>
  r.errores.filter((e) => e.severidad !== 'informativo').map((e) => [e.codigo, e.ubicacion.ruta]);
const RUTA_XML =
  'xmlFevFile:Invoice.UBLExtensions.CustomTagGeneral.Interoperabilidad.Group.Collection.AdditionalInformation.CODIGO_PRESTADOR';

describe('RVC012 · codPrestador de los servicios contra los códigos que la entidad declaró', () => {
  it('rechaza el código de otro prestador, sin catálogos, con el detalle como el MUV (Código Prestador - Nit)', () => {
    const doc = rips(
      usuario({ consultas: [consulta()], procedimientos: [procedimiento({ codPrestador: AJENO })] }),
    );
    const r = validar(doc, { prestadores: [PROPIO] });
    expect(hallazgos(r)).toEqual([['RVC012', 'usuarios[0].servicios.procedimientos[0].codPrestador']]);
    expect(r.valid).toBe(false);
    const e = r.errores.find((x) => x.codigo === 'RVC012')!;
    expect(e.severidad).toBe('rechazo');
    expect(e.explicacion).toContain(`(Código Prestador: ${AJENO} - Nit: 900123456)`);
    expect(e.explicacion).toContain(`declaró: ${PROPIO}`);
    expect(e.comoCorregir).toContain('npm run cli -- entidad prestadores');
  });

  it('pasa con el código declarado y con otra sede del mismo prestador', () => {
    const doc = rips(
      usuario({
        consultas: [consulta()],
        procedimientos: [procedimiento({ codPrestador: '110010000102' })],
        medicamentos: [medicamento({ codPrestador: null })],
      }),
    );
    const r = validar(doc, { prestadores: [PROPIO] });
    expect(hallazgos(r)).toEqual([]);
    expect(r.valid).toBe(true);
  });

  it('una entidad que declaró solo los 10 dígitos del prestador: todas sus sedes pasan, otro prestador no', () => {
    const doc = rips(
      usuario({
        consultas: [
          consulta(),
          consulta({ codPrestador: '110010000107' }),
          consulta({ codPrestador: AJENO }),
        ],
      }),
    );
    expect(hallazgos(validar(doc, { prestadores: ['1100100001'] }))).toEqual([
      ['RVC012', 'usuarios[0].servicios.consultas[2].codPrestador'],
    ]);
  });

  it('casi igual: un código de 12 dígitos de otro prestador que solo difiere en un dígito se rechaza', () => {
    const doc = rips(usuario({ consultas: [consulta({ codPrestador: '110010000201' })] }));
    expect(hallazgos(validar(doc, { prestadores: [PROPIO] }))).toEqual([
      ['RVC012', 'usuarios[0].servicios.consultas[0].codPrestador'],
    ]);
  });
});

describe('RVC011 · CODIGO_PRESTADOR de la factura contra los códigos que la entidad declaró', () => {
  it('rechaza el código de otro prestador con «valor reportado → códigos habilitados», ubicado en el XML', () => {
    const r = validar(rips(usuario({ consultas: [consulta()] })), {
      prestadores: [PROPIO, '110010123401'],
      fev: fev('0500100002'),
    });
    expect(hallazgos(r)).toEqual([['RVC011', RUTA_XML]]);
    const e = r.errores.find((x) => x.codigo === 'RVC011')!;
    expect(e.severidad).toBe('rechazo');
    expect(e.explicacion).toContain(
      'Valor reportado en el XML (CODIGO_PRESTADOR): «0500100002» → códigos de prestador habilitados que la entidad declaró: 110010000101, 110010123401.',
    );
  });

  it('pasa con los 10 dígitos del prestador declarado (como el ejemplo oficial) o con el código completo', () => {
    const doc = rips(usuario({ consultas: [consulta()] }));
    expect(hallazgos(validar(doc, { prestadores: [PROPIO], fev: fev('1100100001') }))).toEqual([]);
    expect(hallazgos(validar(doc, { prestadores: [PROPIO], fev: fev(PROPIO) }))).toEqual([]);
  });

  it('sin XML, o sin CODIGO_PRESTADOR (eso lo dice la compuerta FEV), no hay RVC011', () => {
    const doc = rips(usuario({ consultas: [consulta()] }));
    expect(hallazgos(validar(doc, { prestadores: [PROPIO] }))).toEqual([]);
    expect(hallazgos(validar(doc, { prestadores: [PROPIO], fev: fev(null) }))).toEqual([]);
  });
});

describe('entidad sin códigos declarados y validación sin entidad', () => {
  it('entidad sin códigos: ningún rechazo y una sola nota PRE01 que dice cómo declararlos', () => {
    const doc = rips(usuario({ consultas: [consulta({ codPrestador: AJENO })] }));
    const r = validar(doc, { prestadores: [], fev: fev('0500100002') });
    expect(r.valid).toBe(true);
    expect(hallazgos(r)).toEqual([]);
    const notas = r.errores.filter((e) => e.codigo === 'PRE01');
    expect(notas).toHaveLength(1);
    expect(notas[0]).toMatchObject({ severidad: 'informativo', ubicacion: { ruta: '$' } });
    expect(notas[0]!.explicacion).toContain('RVC011, RVC012');
    expect(notas[0]!.comoCorregir).toContain('npm run cli -- entidad prestadores <slug> --agregar');
  });

  it('sin entidad (validación pura): ni rechazo ni nota, como antes', () => {
    const doc = rips(usuario({ consultas: [consulta({ codPrestador: AJENO })] }));
    const r = validar(doc, { fev: fev('0500100002') });
    expect(r.valid).toBe(true);
    expect(r.errores.map((e) => e.codigo)).not.toContain('PRE01');
  });
});

describe('con la tabla IPSCodHabilitacion importada', () => {
  const soloReps = new CatalogosEnMemoria({
    IPSCodHabilitacion: [
      fila(PROPIO, { I: 'NI', II: '900123456' }),
      fila(AJENO, { I: 'NI', II: '800111222' }),
    ],
  });

  it('sin IPSnoREPS ni códigos declarados: un código registrado a otro NIT ya es RVC012', () => {
    const doc = rips(usuario({ consultas: [consulta(), consulta({ codPrestador: AJENO })] }));
    const r = validar(doc, { catalogos: soloReps });
    expect(hallazgos(r)).toEqual([['RVC012', 'usuarios[0].servicios.consultas[1].codPrestador']]);
    expect(r.errores.find((e) => e.codigo === 'RVC012')!.explicacion).toContain(
      'En SISPRO el código está registrado a la identificación 800111222 y el NIT del RIPS es 900123456.',
    );
  });

  it('con códigos declarados: un solo RVC012 por servicio, que dice las dos cosas', () => {
    const doc = rips(usuario({ consultas: [consulta({ codPrestador: AJENO })] }));
    const r = validar(doc, { catalogos: soloReps, prestadores: [PROPIO] });
    expect(hallazgos(r)).toEqual([['RVC012', 'usuarios[0].servicios.consultas[0].codPrestador']]);
    const e = r.errores.find((x) => x.codigo === 'RVC012')!;
    expect(e.explicacion).toContain(`declaró: ${PROPIO}`);
    expect(e.explicacion).toContain('En SISPRO está registrado a la identificación 800111222.');
  });

  it('con las dos tablas: un código que no está en SISPRO es RVC011 y no además RVC012', () => {
    const catalogos = new CatalogosEnMemoria({
      IPSCodHabilitacion: [fila(PROPIO, { I: 'NI', II: '900123456' })],
      IPSnoREPS: [],
    });
    const doc = rips(usuario({ consultas: [consulta({ codPrestador: '999999999901' })] }));
    expect(hallazgos(validar(doc, { catalogos, prestadores: [PROPIO] }))).toEqual([
      ['RVC011', 'usuarios[0].servicios.consultas[0].codPrestador'],
    ]);
  });
});

describe('registro: lo que el MUV real respondió', () => {
  it('RVC011 y RVC012 guardan en `visto` el texto del MUV real', () => {
    const visto = (codigo: string) => REGLAS.find((r) => r.codigo === codigo)!.visto;
    expect(visto('RVC011')).toContain('no coincide con los datos de autenticación. Valor Reportado Xml');
    expect(visto('RVC012')).toContain('Verificar tablas de referencia, datos (Código Prestador:… - Nit: …)');
  });
});
