import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import {
  base64,
  contenedorFev,
  documentoFev,
  type OpcionesFev,
  respuestaDian,
  ripsDeNota,
} from '../../../test/fixtures/fev.js';
import { catalogosPrueba, ripsValido } from '../../../test/fixtures/rips.js';
import type { Registro } from '../tipos.js';
import { ServicioValidacionRips } from '../validacion/servicio.js';
import type { ResultadoValidacion } from '../validacion/validar.js';
import { CODIGOS_FEV } from './codigos.js';
import { ejecutarCompuerta } from './compuerta.js';
import { LIMITES_FEV_POR_DEFECTO } from './entrada.js';
import { leerContenedorFev } from './index.js';

const catalogos = catalogosPrueba();
const em = {} as EntityManager;
const FECHA = new Date('2026-11-01T12:00:00Z');

function servicio(limites = LIMITES_FEV_POR_DEFECTO) {
  return new ServicioValidacionRips({ obtener: async () => catalogos }, {}, limites);
}

const validar = (rips: Registro, xmlFevFile: string | null | undefined, s = servicio()) =>
  s.validarConFev(em, { rips, xmlFevFile, fecha: FECHA });

const conXml = (o: OpcionesFev = {}, rips: Registro = ripsValido()) =>
  validar(rips, base64(contenedorFev(o)));

/** Codes of the findings that are not our informativo notes. */
const codigos = (r: ResultadoValidacion) =>
  r.errores.filter((e) => e.severidad !== 'informativo').map((e) => e.codigo);
const notas = (r: ResultadoValidacion) =>
  r.errores.filter((e) => e.severidad === 'informativo').map((e) => e.codigo);
const hallazgo = (r: ResultadoValidacion, codigo: string) => r.errores.find((e) => e.codigo === codigo);
const gate = (rips: Registro, xml: string) =>
  ejecutarCompuerta(rips, base64(xml)).hallazgos.map((h) => h.codigo);

describe('contenedores válidos', () => {
  it('factura + RIPS coherentes: sin hallazgos, los cruces corren y la nota XML01 desaparece', async () => {
    const r = await conXml();
    expect(codigos(r)).toEqual([]);
    expect(r.valid).toBe(true);
    expect(notas(r)).not.toContain('XML01');
    // Rules of alcance 'fev' that need data we do not hold are left to the MUV (MUV01), not XML01.
    const muv = hallazgo(r, 'MUV01')!;
    expect(muv.explicacion).toMatch(/RVG19/);
    expect(muv.explicacion).not.toMatch(/RVC014|RVG08|RVC001|RVC034/);
  });

  it('sin XML el mismo RIPS conserva la nota XML01', async () => {
    const r = await servicio().validar(em, ripsValido(), FECHA);
    expect(notas(r)).toContain('XML01');
  });

  it('nota crédito y nota débito válidas (tipo 20/30 con BillingReference)', async () => {
    for (const [tipoNota, tipo] of [
      ['NC', 'CreditNote'],
      ['ND', 'DebitNote'],
    ] as const) {
      const rips = ripsDeNota(tipoNota, 45000);
      const xml = contenedorFev({ tipo, valorServicios: '45000.00', salud: {} });
      expect(ejecutarCompuerta(rips, base64(xml)).hallazgos).toEqual([]);
      const r = await validar(rips, base64(xml));
      const cruces = codigos(r).filter((c) => /^(RV|PFP|CND|DND|VCN|VDN|PNC|PDN|NCV|NDV)/.test(c));
      expect(cruces).toEqual([]);
    }
  });

  it('la salida es determinista', async () => {
    const xml = base64(
      contenedorFev({
        numero: 'FEV9',
        cobertura: '15',
        periodo: { inicio: '2026-09-10', fin: '2026-09-05' },
      }),
    );
    const a = await validar(ripsValido(), xml);
    const b = await validar(ripsValido(), xml);
    expect(b).toEqual(a);
    expect(a.errores.length).toBeGreaterThan(3);
  });
});

describe('contenedor y documento (PFE, FEV, GI, AAR)', () => {
  it('factura suelta (sin AttachedDocument) → PFE001', async () => {
    const r = await validar(ripsValido(), base64(documentoFev()));
    expect(codigos(r)).toContain('PFE001');
    const e = hallazgo(r, 'PFE001')!;
    expect(e.severidad).toBe('rechazo');
    expect(e.explicacion).toMatch(/Invoice suelto/);
    expect(e.comoCorregir).toMatch(/AttachedDocument/);
    expect(e.ubicacion.ruta).toBe('xmlFevFile:AttachedDocument');
    expect(notas(r)).toContain('XML01');
    expect(hallazgo(r, 'XML01')!.explicacion).toMatch(/no se pudo leer/);
  });

  it('sin Invoice → PFE002; sin ApplicationResponse → PFE003; la DIAN rechazó → GI010; respuesta de otro documento → GI011/014/017', () => {
    expect(gate(ripsValido(), contenedorFev({}, { documento: null }))).toEqual(['PFE002']);
    expect(gate(ripsValido(), contenedorFev({}, { respuesta: null }))).toEqual(['PFE003']);
    expect(gate(ripsValido(), contenedorFev({ respuestaDian: '04' }))).toEqual(['GI010']);
    expect(gate(ripsValido(), contenedorFev({}, { respuesta: respuestaDian('FEV1001', '') }))).toEqual([
      'AAR001',
    ]);
    // The DIAN's response is about another document: GI011 (invoice), GI014 (credit note), GI017 (debit note).
    expect(gate(ripsValido(), contenedorFev({}, { respuesta: respuestaDian('FEV0999') }))).toEqual(['GI011']);
    const nc = ripsDeNota('NC', 45000);
    expect(gate(nc, contenedorFev({ tipo: 'CreditNote' }, { respuesta: respuestaDian('NC1') }))).toEqual([
      'GI014',
    ]);
    const nd = ripsDeNota('ND', 45000);
    expect(gate(nd, contenedorFev({ tipo: 'DebitNote' }, { respuesta: respuestaDian('ND1') }))).toEqual([
      'GI017',
    ]);
  });

  it('en las notas los códigos son los de la nota: PNC/PDN, NCV/NDV', () => {
    const nc = ripsDeNota('NC', 45000);
    expect(gate(nc, contenedorFev({ tipo: 'CreditNote' }, { documento: null }))).toEqual(['PNC002']);
    expect(gate(nc, contenedorFev())).toEqual(['NCV008']);
    expect(gate(nc, documentoFev({ tipo: 'CreditNote' }))).toEqual(['PNC001']);
    expect(gate(ripsValido(), contenedorFev({ tipo: 'DebitNote' }))).toEqual(['FEV008']);
    const nd = ripsDeNota('ND', 45000);
    expect(gate(nd, contenedorFev({ tipo: 'DebitNote', facturaReferida: null }))).toEqual(['PDN012']);
    expect(gate(nc, contenedorFev({ tipo: 'CreditNote', operacion: '22', facturaReferida: null }))).toEqual([
      'PNC012',
      'PNC012',
    ]);
  });

  it('documento escapado en vez de CDATA también se lee; dos raíces → FEV001', () => {
    const escapar = (x: string) => x.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const escapado = contenedorFev().replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_t, interno: string) =>
      escapar(interno),
    );
    expect(escapado).not.toContain('CDATA');
    expect(gate(ripsValido(), escapado)).toEqual([]);
    expect(gate(ripsValido(), '<AttachedDocument/><AttachedDocument/>')).toEqual(['FEV001']);
  });

  it('XML interno mal formado → FEV002; respuesta mal formada → FEV003', () => {
    expect(gate(ripsValido(), contenedorFev({}, { documento: '<Invoice><cbc:ID>1</Invoice>' }))).toEqual([
      'FEV002',
    ]);
    expect(
      gate(ripsValido(), contenedorFev({}, { respuesta: '<ApplicationResponse><a></ApplicationResponse>' })),
    ).toEqual(['FEV003']);
  });
});

describe('datos de la factura (FED, VFE)', () => {
  it('tipo de operación de salud (VFE003) y tipo de factura (VFE002, VFE001)', () => {
    expect(gate(ripsValido(), contenedorFev({ operacion: '10' }))).toEqual(['VFE003']);
    const exportacion = contenedorFev().replace('<cbc:InvoiceTypeCode>01<', '<cbc:InvoiceTypeCode>02<');
    expect(gate(ripsValido(), exportacion)).toEqual(['VFE002']);
    const otro = contenedorFev().replace('<cbc:InvoiceTypeCode>01<', '<cbc:InvoiceTypeCode>99<');
    expect(gate(ripsValido(), otro)).toEqual(['VFE001']);
    const sinTipo = contenedorFev().replace('<cbc:InvoiceTypeCode>01</cbc:InvoiceTypeCode>', '');
    expect(gate(ripsValido(), sinTipo)).toEqual(['FED008']);
  });

  it('datos del emisor: NIT, DV, schemeName y razón social', () => {
    expect(gate(ripsValido(), contenedorFev({ dv: '' }))).toEqual(['FED022']);
    expect(gate(ripsValido(), contenedorFev({ dv: '12' }))).toEqual(['VFE012']);
    const sinNombre = contenedorFev().replace(
      '<cbc:RegistrationName>IPS Ficticia del Norte SAS</cbc:RegistrationName>',
      '<cbc:RegistrationName></cbc:RegistrationName>',
    );
    expect(gate(ripsValido(), sinNombre)).toEqual(['FED023']);
    const esquema = contenedorFev().replace('schemeID="7" schemeName="31"', 'schemeID="7" schemeName="13"');
    expect(gate(ripsValido(), esquema)).toEqual(['VFE011']);
  });

  it('falta un dato de la extensión de salud → FED124/126/128/130/132; valor vacío → FED123 (notificación)', async () => {
    expect(gate(ripsValido(), contenedorFev({ salud: { CODIGO_PRESTADOR: null } }))).toEqual(['FED124']);
    expect(gate(ripsValido(), contenedorFev({ salud: { MODALIDAD_PAGO: null } }))).toEqual(['FED126']);
    expect(gate(ripsValido(), contenedorFev({ salud: { COBERTURA_PLAN_BENEFICIOS: null } }))).toEqual([
      'FED128',
    ]);
    expect(gate(ripsValido(), contenedorFev({ salud: { NUMERO_CONTRATO: null } }))).toEqual(['FED130']);
    expect(gate(ripsValido(), contenedorFev({ salud: { NUMERO_POLIZA: null } }))).toEqual(['FED132']);
    const r = await conXml({ salud: { CODIGO_PRESTADOR: '<Value/>' } });
    expect(hallazgo(r, 'FED123')!.severidad).toBe('aviso-gradualidad');
    expect(r.valid).toBe(true);
    const sinExtension = contenedorFev().replace(
      /<ext:UBLExtension><ext:ExtensionContent><CustomTagGeneral>[\s\S]*?<\/CustomTagGeneral><\/ext:ExtensionContent><\/ext:UBLExtension>/,
      '',
    );
    expect(gate(ripsValido(), sinExtension)).toEqual(['FED060']);
  });

  it('schemeID y schemeName de la extensión (FED125/127/133/134/136) y contrato/póliza condicionales', () => {
    const sinEsquema = '<Value>Pago por evento</Value>';
    expect(gate(ripsValido(), contenedorFev({ salud: { MODALIDAD_PAGO: sinEsquema } }))).toEqual(['FED125']);
    expect(gate(ripsValido(), contenedorFev({ modalidad: '12' }))).toEqual(['FED133']);
    expect(
      gate(ripsValido(), contenedorFev({ salud: { COBERTURA_PLAN_BENEFICIOS: '<Value>x</Value>' } })),
    ).toEqual(['FED127']);
    expect(gate(ripsValido(), contenedorFev({ coberturaEsquema: 'salud_cobertuta.gc' }))).toEqual(['FED134']);
    // Sin contrato: FACTURA_SIN_CONTRATO con su código; sin él, FED129; con el grupo sin código, FED136.
    const sinContrato = { NUMERO_CONTRATO: '<Value/>' };
    expect(gate(ripsValido(), contenedorFev({ salud: sinContrato }))).toEqual(['FED129']);
    expect(
      gate(
        ripsValido(),
        contenedorFev({ salud: { ...sinContrato, FACTURA_SIN_CONTRATO: '<Value schemeID="07">X</Value>' } }),
      ),
    ).toEqual([]);
    expect(
      gate(
        ripsValido(),
        contenedorFev({ salud: { ...sinContrato, FACTURA_SIN_CONTRATO: '<Value>X</Value>' } }),
      ),
    ).toEqual(['FED136']);
    // SOAT exige póliza.
    expect(gate(ripsValido(), contenedorFev({ cobertura: '04' }))).toEqual(['FED131']);
  });

  it('código de cobertura (Res. 948: 01 inactivo desde 2026-07-01, 16 y 17 nuevos)', async () => {
    expect(gate(ripsValido(), contenedorFev({ cobertura: '99' }))).toEqual(['FED134']);
    expect(gate(ripsValido(), contenedorFev({ cobertura: '01' }))).toEqual(['FED134']);
    expect(gate(ripsValido(), contenedorFev({ cobertura: '17' }))).toEqual([]);
    // 17 (UPC subsidiada) con usuarios contributivos: RVC005, rechazo con la Res. 948.
    const r = await conXml({ cobertura: '17' });
    const rvc005 = r.errores.filter((e) => e.codigo === 'RVC005');
    expect(rvc005.map((e) => e.ubicacion.ruta)).toEqual([
      'usuarios[0].tipoUsuario',
      'usuarios[1].tipoUsuario',
    ]);
    expect(rvc005[0]!.severidad).toBe('rechazo');
    expect(rvc005[0]!.explicacion).toMatch(/cobertura 17/);
  });
});

describe('cruces RIPS ↔ factura', () => {
  it('número distinto → PFP001 y RVC004; NIT distinto → RVC001', async () => {
    const r = await conXml({ numero: 'FEV1002', nit: '900999999' });
    expect(codigos(r)).toEqual(expect.arrayContaining(['PFP001', 'RVC004', 'RVC001']));
    expect(hallazgo(r, 'PFP001')!.explicacion).toMatch(/FEV1001/);
    expect(hallazgo(r, 'RVC001')!.ubicacion.ruta).toBe('numDocumentoIdObligado');
    expect(r.valid).toBe(false);
  });

  it('nota: numNota distinto del número de la nota → RVG02; factura referida distinta → PFP001', async () => {
    const rips = ripsDeNota('NC', 45000);
    const r = await validar(
      rips,
      base64(contenedorFev({ tipo: 'CreditNote', numero: 'NC777', facturaReferida: 'FEV2' })),
    );
    expect(codigos(r)).toEqual(expect.arrayContaining(['PFP001', 'RVG02', 'RVC004']));
  });

  it('periodo: servicio y egreso fuera → RVC014/RVC044; sin periodo → FED100/FED101; inicio > fin → VFE020', async () => {
    const r = await conXml({ periodo: { inicio: '2026-09-10', fin: '2026-09-20' } });
    const fuera = r.errores
      .filter((e) => ['RVC014', 'RVC044'].includes(e.codigo))
      .map((e) => `${e.codigo} ${e.ubicacion.ruta}`);
    expect(fuera).toContain('RVC014 usuarios[0].servicios.consultas[0].fechaInicioAtencion');
    expect(fuera).toContain('RVC044 usuarios[1].servicios.urgencias[0].fechaEgreso');
    expect(fuera).toContain('RVC014 usuarios[1].servicios.consultas[1].fechaInicioAtencion');
    expect(gate(ripsValido(), contenedorFev({ periodo: null }))).toEqual(['FED100', 'FED101']);
    expect(
      gate(ripsValido(), contenedorFev({ periodo: { inicio: '2026-09-30', fin: '2026-09-01' } })),
    ).toEqual(['VFE020']);
    expect(gate(ripsValido(), contenedorFev({ periodo: { inicio: '2026-9-1', fin: '2026-09-30' } }))).toEqual(
      ['VFE020'],
    );
  });

  it('periodos anteriores a los cortes → RVG018 (2024-10-01) o RCG018 (2023-01-01)', async () => {
    const a = await conXml({ periodo: { inicio: '2024-09-01', fin: '2026-09-30' } });
    expect(codigos(a)).toContain('RVG018');
    expect(codigos(a)).not.toContain('RCG018');
    const b = await conXml({ periodo: { inicio: '2022-12-01', fin: '2026-09-30' } });
    expect(codigos(b)).toContain('RCG018');
    expect(codigos(b)).not.toContain('RVG018');
  });

  it('PrepaidPayment: sumas contra el RIPS (RVG09 por clase, sin RVC036), concepto repetido (FED061), schemeID y valor (FED104/105)', async () => {
    const distinto = await conXml({ anticipos: [['02', '5000.00']] });
    expect(codigos(distinto)).toContain('RVG09');
    expect(codigos(distinto)).not.toContain('RVC036');
    expect(hallazgo(distinto, 'RVG09')!.explicacion).toMatch(/Cuotas moderadoras.*4\.700.*5\.000/);
    // Same total under another concept: RVG09 for each kind (the MUV gives no RVC036 for this).
    const concepto = await conXml({ anticipos: [['01', '4700.00']] });
    expect(codigos(concepto).filter((c) => c === 'RVG09')).toHaveLength(2);
    expect(codigos(concepto)).not.toContain('RVC036');
    // Anticipo (04) is only in the invoice and does not count as a moderating payment.
    const anticipo = await conXml({
      anticipos: [
        ['02', '4700.00'],
        ['04', '100000.00'],
      ],
    });
    expect(codigos(anticipo)).toEqual([]);
    expect(
      gate(
        ripsValido(),
        contenedorFev({
          anticipos: [
            ['02', '2000.00'],
            ['02', '2700.00'],
          ],
        }),
      ),
    ).toEqual(['FED061']);
    expect(gate(ripsValido(), contenedorFev({ anticipos: [['', '4700.00']] }))).toEqual(['FED104']);
    expect(gate(ripsValido(), contenedorFev({ anticipos: [['02', '4.700,00']] }))).toEqual(['FED105']);
  });

  it('RVG08: la suma de los servicios no es el valor de la factura (solo por evento)', async () => {
    const r = await conXml({ valorServicios: '1500000.00' });
    expect(codigos(r)).toContain('RVG08');
    const capitacion = await conXml({ valorServicios: '1500000.00', modalidad: '03' });
    expect(codigos(capitacion)).not.toContain('RVG08');
  });

  it('RVC034: valores mayores a 0 solo por evento; en capitación, 0', async () => {
    const capitacion = await conXml({ modalidad: '03' });
    const rutas = capitacion.errores.filter((e) => e.codigo === 'RVC034').map((e) => e.ubicacion.ruta);
    expect(rutas).toContain('usuarios[0].servicios.consultas[0].vrServicio');
    expect(rutas).toContain('usuarios[0].servicios.medicamentos[0].vrUnitMedicamento');
    const rips = ripsValido();
    const consulta = ((rips.usuarios as Registro[])[0]!.servicios as Record<string, Registro[]>)
      .consultas![0]!;
    consulta.vrServicio = 0;
    const evento = await validar(rips, base64(contenedorFev({ valorServicios: '1441790.00' })));
    expect(evento.errores.filter((e) => e.codigo === 'RVC034').map((e) => e.ubicacion.ruta)).toEqual([
      'usuarios[0].servicios.consultas[0].vrServicio',
    ]);
  });

  it('CIN006: pagos compartidos (03) no caben en la cobertura 16', async () => {
    const rips = ripsValido();
    const consulta = ((rips.usuarios as Registro[])[1]!.servicios as Record<string, Registro[]>)
      .consultas![1]!;
    consulta.conceptoRecaudo = '03';
    const r = await validar(rips, base64(contenedorFev({ anticipos: [['03', '4700.00']] })));
    expect(codigos(r)).toContain('CIN006');
  });
});

/** ripsValido() with every service's concept set, and a container with its PrepaidPayment. */
function conConcepto(concepto: string, base: Registro = ripsValido()): Registro {
  const rips = structuredClone(base);
  for (const u of rips.usuarios as Registro[])
    for (const lista of Object.values(u.servicios as Record<string, Registro[]>))
      for (const s of lista)
        if ('conceptoRecaudo' in s) {
          s.conceptoRecaudo = concepto;
          s.valorPagoModerador = concepto === '05' ? 0 : 4700;
        }
  return rips;
}
const rutasDe = (r: ResultadoValidacion, codigo: string) =>
  r.errores.filter((e) => e.codigo === codigo).map((e) => e.ubicacion.ruta);

describe('DT1 §1.8: cobertura ↔ concepto de recaudo (CIN006) y ↔ modalidad de pago (COB01)', () => {
  it('CIN006 en todas las coberturas: lo que la tabla admite pasa, lo demás se rechaza', async () => {
    const casos: [cobertura: string, admitido: string, noAdmitido: string][] = [
      ['02', '01', '03'],
      ['04', '05', '01'],
      ['05', '05', '02'],
      ['06', '05', '01'],
      ['07', '05', '02'],
      ['08', '05', '01'],
      ['09', '05', '02'],
      ['10', '03', '01'],
      ['11', '03', '02'],
      ['12', '03', '01'],
      ['13', '02', '03'],
      ['14', '05', '01'],
      ['15', '05', '01'],
      ['16', '02', '03'],
      ['17', '01', '03'],
    ];
    for (const [cobertura, admitido, noAdmitido] of casos) {
      const xml = (c: string) =>
        base64(contenedorFev({ cobertura, modalidad: '04', anticipos: c === '05' ? [] : [[c, '1.00']] }));
      const bien = await validar(conConcepto(admitido), xml(admitido));
      expect(rutasDe(bien, 'CIN006'), `${cobertura}/${admitido}`).toEqual([]);
      const mal = await validar(conConcepto(noAdmitido), xml(noAdmitido));
      const cin = mal.errores.filter((e) => e.codigo === 'CIN006');
      // Every service with the concept, plus the invoice's PrepaidPayment of that concept.
      expect(cin.length, `${cobertura}/${noAdmitido}`).toBeGreaterThan(1);
      expect(cin.every((e) => e.severidad === 'rechazo')).toBe(true);
      expect(cin.some((e) => e.ubicacion.ruta?.endsWith('.conceptoRecaudo'))).toBe(true);
      expect(cin.some((e) => /PrepaidPayment/.test(e.explicacion))).toBe(true);
    }
  });

  it('CIN006: un copago bajo SOAT o particular se explica con la tabla; el anticipo (04) del RIPS es de RVC092', async () => {
    const soat = await validar(
      conConcepto('01'),
      base64(contenedorFev({ cobertura: '04', anticipos: [['01', '4700.00']] })),
    );
    const e = soat.errores.find(
      (x) => x.codigo === 'CIN006' && x.ubicacion.ruta?.endsWith('conceptoRecaudo'),
    )!;
    expect(e.explicacion).toMatch(
      /cobertura 04 «póliza SOAT» de la factura admite en el RIPS los conceptos 05/,
    );
    expect(e.explicacion).toMatch(/DT1 §1\.8/);
    // Anticipo under SOAT: not in the table for 04; in the RIPS it is RVC092's, in the XML CIN006's.
    const anticipo = await validar(
      conConcepto('04'),
      base64(contenedorFev({ cobertura: '04', anticipos: [['04', '100000.00']] })),
    );
    expect(rutasDe(anticipo, 'CIN006')).toEqual(['$']);
    expect(codigos(anticipo)).toContain('RVC092');
    // A PrepaidPayment of 0 reports nothing.
    const cero = await validar(
      conConcepto('05'),
      base64(contenedorFev({ cobertura: '15', anticipos: [['01', '0.00']] })),
    );
    expect(rutasDe(cero, 'CIN006')).toEqual([]);
  });

  it('CIN006 en notas: la nota crédito o débito trae su cobertura; la nota de ajuste (NA) no lleva XML', async () => {
    for (const [tipoNota, tipo] of [
      ['NC', 'CreditNote'],
      ['ND', 'DebitNote'],
    ] as const) {
      const bien = ripsDeNota(tipoNota, 45000);
      const xml = base64(contenedorFev({ tipo, cobertura: '15', valorServicios: '45000.00', salud: {} }));
      expect(rutasDe(await validar(bien, xml), 'CIN006'), tipoNota).toEqual([]);
      const mal = conConcepto('01', ripsDeNota(tipoNota, 45000));
      expect(rutasDe(await validar(mal, xml), 'CIN006'), tipoNota).toEqual([
        'usuarios[0].servicios.consultas[0].conceptoRecaudo',
      ]);
    }
    const ajuste = { ...conConcepto('01'), tipoNota: 'NA', numNota: 'A1' };
    const r = await validar(ajuste, null);
    expect(codigos(r)).not.toContain('CIN006');
    expect(notas(r)).not.toContain('XML01');
  });

  it('COB01 (código propio, notificación): la modalidad de pago debe caber en la cobertura', async () => {
    const admitidas: Record<string, string[]> = {
      '02': ['04'],
      '04': ['01', '04'],
      '05': ['01', '02', '03', '04'],
      '06': ['01', '04'],
      '07': ['01', '03', '04'],
      '08': ['04'],
      '09': ['04'],
      '10': ['01', '02', '03', '04'],
      '11': ['01', '02', '03', '04'],
      '12': ['01', '04'],
      '13': ['01', '02', '03', '04'],
      '14': ['01', '02', '03', '04'],
      '15': ['01', '04'],
      '16': ['01', '02', '03', '04'],
      '17': ['01', '02', '03', '04'],
    };
    const rips = conConcepto('05');
    for (const [cobertura, modalidades] of Object.entries(admitidas)) {
      for (const modalidad of ['01', '02', '03', '04']) {
        const r = await validar(rips, base64(contenedorFev({ cobertura, modalidad, anticipos: [] })));
        const cob = r.errores.filter((e) => e.codigo === 'COB01');
        expect(cob.length, `${cobertura}/${modalidad}`).toBe(modalidades.includes(modalidad) ? 0 : 1);
        for (const e of cob) {
          expect(e.severidad).toBe('aviso-gradualidad');
          expect(e.explicacion).toMatch(/código propio/);
          expect(e.explicacion).toContain(`modalidad de pago ${modalidad}`);
        }
      }
    }
    // A notification: the RIPS stays valid when nothing else is wrong (values 0 outside evento, RVC034).
    const sinValores = conConcepto('05');
    for (const u of sinValores.usuarios as Registro[]) {
      u.tipoUsuario = '12';
      for (const lista of Object.values(u.servicios as Record<string, Registro[]>))
        for (const s of lista)
          for (const campo of ['vrServicio', 'vrUnitMedicamento', 'vrUnitOS']) if (campo in s) s[campo] = 0;
    }
    const particularCapita = await validar(
      sinValores,
      base64(contenedorFev({ cobertura: '15', modalidad: '03', anticipos: [] })),
    );
    expect(codigos(particularCapita)).toEqual(['COB01']);
    expect(particularCapita.valid).toBe(true);
    expect(hallazgo(particularCapita, 'COB01')!.explicacion).toMatch(
      /cobertura 15 «particular» con la modalidad de pago 03 «capitación»; esa cobertura admite 01 .*04 «pago por evento» \(DT1 §1\.8\)/,
    );
  });

  it('COB01 en notas crédito y débito (la nota trae cobertura y modalidad); nada con NA', async () => {
    for (const [tipoNota, tipo] of [
      ['NC', 'CreditNote'],
      ['ND', 'DebitNote'],
    ] as const) {
      const rips = ripsDeNota(tipoNota, 45000);
      const xml = (modalidad: string) =>
        base64(contenedorFev({ tipo, cobertura: '08', modalidad, valorServicios: '45000.00', salud: {} }));
      expect(codigos(await validar(rips, xml('04'))), tipoNota).not.toContain('COB01');
      expect(codigos(await validar(rips, xml('03'))), tipoNota).toContain('COB01');
    }
    const ajuste = { ...ripsValido(), tipoNota: 'NA', numNota: 'A1' };
    expect(codigos(await validar(ajuste, null))).not.toContain('COB01');
  });
});

describe('tipoNota y presencia del XML', () => {
  it('factura sin XML → VPQ004; XML vacío → GI006', async () => {
    expect(codigos(await validar(ripsValido(), null))).toContain('VPQ004');
    expect(codigos(await validar(ripsValido(), '  '))).toContain('GI006');
  });

  it('NA y RS: sin XML no hay hallazgo ni nota XML01; con XML → XML02', async () => {
    for (const tipoNota of ['NA', 'RS']) {
      const rips = { ...ripsValido(), tipoNota, numNota: 'A1' };
      const sin = await validar(rips, null);
      expect(notas(sin)).not.toContain('XML01');
      expect(sin.errores.map((e) => e.codigo)).not.toContain('XML02');
      const vacio = await validar(rips, '');
      expect(vacio.errores.map((e) => e.codigo)).not.toContain('XML02');
      const con = await validar(rips, base64(contenedorFev()));
      expect(hallazgo(con, 'XML02')!.severidad).toBe('rechazo');
    }
  });
});

describe('entrada hostil: rechazo claro, sin caída ni cuelgue', () => {
  const rapido = (fn: () => unknown) => {
    const t0 = performance.now();
    const r = fn();
    expect(performance.now() - t0).toBeLessThan(2000);
    return r;
  };

  it('no base64, XML en texto plano, no UTF-8, no XML', () => {
    expect(gate(ripsValido(), '') /* base64 of '' */).toEqual(['GI006']);
    const h = (v: string) => ejecutarCompuerta(ripsValido(), v).hallazgos;
    expect(h('esto no es base64!!').map((x) => x.codigo)).toEqual(['GI005']);
    expect(h('<AttachedDocument/>')[0]!.detalle).toMatch(/base64/);
    expect(h(Buffer.from([0x3c, 0x61, 0xc3, 0x28]).toString('base64')).map((x) => x.codigo)).toEqual([
      'GI005',
    ]);
    expect(h(base64('{"no": "xml"}')).map((x) => x.codigo)).toEqual(['GI005']);
    expect(h(base64('<AttachedDocument><sin-cerrar></AttachedDocument>')).map((x) => x.codigo)).toEqual([
      'FEV001',
    ]);
  });

  it('etiquetas sin cerrar de varios MB → FEV001 con un mensaje corto', () => {
    const h = rapido(
      () => ejecutarCompuerta(ripsValido(), base64(`<AttachedDocument>${'<a'.repeat(500_000)}`)).hallazgos,
    ) as {
      codigo: string;
      detalle?: string;
    }[];
    expect(h.map((x) => x.codigo)).toEqual(['FEV001']);
    expect(h[0]!.detalle!.length).toBeLessThan(300);
  });

  it('bomba de entidades (billion laughs) → FEV001', () => {
    const bomba = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
    ).join('')}]><AttachedDocument>&lol9;</AttachedDocument>`;
    const h = rapido(() => ejecutarCompuerta(ripsValido(), base64(bomba)).hallazgos) as {
      codigo: string;
      detalle?: string;
    }[];
    expect(h.map((x) => x.codigo)).toEqual(['FEV001']);
    expect(h[0]!.detalle).toMatch(/DOCTYPE/);
  });

  it('entidad externa (XXE) → FEV001, también cuando viene dentro del CDATA', () => {
    const xxe =
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><AttachedDocument>&x;</AttachedDocument>';
    expect(gate(ripsValido(), xxe)).toEqual(['FEV001']);
    const interno = documentoFev().replace(
      '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
      '<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY x SYSTEM "http://ejemplo.invalido/x">]>',
    );
    // The outer container carries the DOCTYPE text inside CDATA: refused as a whole.
    const h = ejecutarCompuerta(ripsValido(), base64(contenedorFev({}, { documento: interno }))).hallazgos;
    expect(h.map((x) => x.codigo)).toEqual(['FEV001']);
  });

  it('anidamiento profundo (100 000 niveles) → FEV001 sin desbordar la pila', () => {
    const n = 100_000;
    const profundo = `<AttachedDocument>${'<a>'.repeat(n)}${'</a>'.repeat(n)}</AttachedDocument>`;
    const h = rapido(() => ejecutarCompuerta(ripsValido(), base64(profundo)).hallazgos) as {
      codigo: string;
      detalle?: string;
    }[];
    expect(h.map((x) => x.codigo)).toEqual(['FEV001']);
    expect(h[0]!.detalle).toMatch(/niveles/);
  });

  it('archivo enorme → GI008 sin decodificarlo; el límite es configurable', async () => {
    const enorme = 'A'.repeat(30 * 1024 * 1024);
    const h = rapido(() => ejecutarCompuerta(ripsValido(), enorme).hallazgos) as { codigo: string }[];
    expect(h.map((x) => x.codigo)).toEqual(['GI008']);
    const pequeno = servicio({ maxBytes: 2048, maxProfundidad: 64 });
    const r = await validar(ripsValido(), base64(contenedorFev()), pequeno);
    expect(codigos(r)).toContain('GI008');
    expect(hallazgo(r, 'GI008')!.explicacion).toMatch(/MB/);
  });
});

describe('codificación del XML (XML03, código propio): UTF-8 o un rechazo que dice cómo corregirlo', () => {
  const DECLARACION = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>';
  const declarando = (xml: string, encoding: string) =>
    xml.replace(DECLARACION, `<?xml version="1.0" encoding="${encoding}" standalone="no"?>`);
  const hallazgos = (b64: string) => ejecutarCompuerta(ripsValido(), b64).hallazgos;

  it('declara UTF-16 con contenido UTF-8 → XML03 con la razón, y la validación explica cómo corregirlo', async () => {
    const xml = declarando(contenedorFev(), 'UTF-16');
    const h = hallazgos(base64(xml));
    expect(h.map((x) => x.codigo)).toEqual(['XML03']);
    expect(h[0]!.ruta).toBe('xmlFevFile');
    expect(h[0]!.detalle).toMatch(/declara encoding="UTF-16", pero su contenido es UTF-8/);
    const r = await validar(ripsValido(), base64(xml));
    expect(r.valid).toBe(false);
    const e = hallazgo(r, 'XML03')!;
    expect(e.severidad).toBe('rechazo');
    expect(e.titulo).toMatch(/no está en UTF-8/);
    expect(e.explicacion).toMatch(/UBL 2\.1 de la DIAN .* UTF-8/);
    expect(e.comoCorregir).toMatch(/software de facturación o proveedor tecnológico en UTF-8/);
  });

  it.each(['ISO-8859-1', 'windows-1252', 'UTF-32', 'ascii'])(
    'cualquier otra codificación declarada (%s) → XML03',
    (enc) => {
      expect(hallazgos(base64(declarando(contenedorFev(), enc))).map((x) => x.codigo)).toEqual(['XML03']);
    },
  );

  it('UTF-8 declarado de cualquier forma, sin declaración o con BOM UTF-8 → sin hallazgo', () => {
    for (const xml of [
      declarando(contenedorFev(), 'utf-8'),
      declarando(contenedorFev(), 'UTF8'),
      contenedorFev().replace(DECLARACION, '<?xml version="1.0"?>'),
      contenedorFev().replace(DECLARACION, ''),
    ])
      expect(hallazgos(base64(xml))).toEqual([]);
    const conBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(contenedorFev(), 'utf8')]);
    expect(hallazgos(conBom.toString('base64'))).toEqual([]);
  });

  it('UTF-16 de verdad (con BOM FF FE o FE FF, o sin BOM) → XML03 que lo nombra; nunca un 500 ni FEV001', () => {
    const xml = declarando(contenedorFev(), 'UTF-16');
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    const be = Buffer.from(le).swap16();
    const sinBom = Buffer.from(xml, 'utf16le');
    for (const [bytes, detalle] of [
      [le, /UTF-16 \(marca de orden de bytes FF FE/],
      [be, /UTF-16 \(marca de orden de bytes FE FF/],
      [sinBom, /UTF-16 \(little endian, sin marca/],
    ] as const) {
      const h = hallazgos(bytes.toString('base64'));
      expect(h.map((x) => x.codigo)).toEqual(['XML03']);
      expect(h[0]!.detalle).toMatch(detalle);
    }
  });

  it('Latin-1 que lo declara (bytes que no son UTF-8) → XML03; sin declaración sigue siendo GI005', () => {
    const latin1 = (x: string) => Buffer.from(x, 'latin1').toString('base64');
    const xml = declarando(contenedorFev(), 'ISO-8859-1').replace('EPS Ficticia SA', 'EPS Compañía SA');
    const h = hallazgos(latin1(xml));
    expect(h.map((x) => x.codigo)).toEqual(['XML03']);
    expect(h[0]!.detalle).toMatch(/declara encoding="ISO-8859-1" y su contenido no es UTF-8/);
    expect(hallazgos(latin1(xml.replace(/<\?xml[^>]*>/, ''))).map((x) => x.codigo)).toEqual(['GI005']);
  });

  it('la factura o la respuesta de la DIAN que declaran otra codificación dentro del contenedor → XML03 en su ruta', () => {
    const documento = declarando(documentoFev(), 'UTF-16');
    const respuesta = declarando(respuestaDian('FEV1001'), 'ISO-8859-1');
    const h = hallazgos(base64(contenedorFev({}, { documento, respuesta })));
    expect(h.map((x) => [x.codigo, x.ruta])).toEqual([
      ['XML03', 'AttachedDocument.Attachment.ExternalReference.Description'],
      [
        'XML03',
        'AttachedDocument.ParentDocumentLineReference.DocumentReference.Attachment.ExternalReference.Description',
      ],
    ]);
    expect(h[0]!.detalle).toMatch(/Factura electrónica dentro del contenedor declara encoding="UTF-16"/);
  });
});

describe('entidades XML en los valores: se decodifican (A&amp;B → A&B), sin abrir la puerta a DOCTYPE', () => {
  const conNombre = (nombre: string) =>
    contenedorFev({}, { documento: documentoFev().replace('EPS Ficticia SA', nombre) });

  it('el nombre del pagador llega decodificado: las cinco entidades y las referencias numéricas', () => {
    const d = ejecutarCompuerta(
      ripsValido(),
      base64(conNombre('A&amp;B S.A.S. &quot;Cl&#237;nica&quot; &#xD1;')),
    ).documento!;
    expect(d.adquiriente.razonSocial).toBe('A&B S.A.S. "Clínica" Ñ');
    // Once: an escaped reference is text, as in any XML reader.
    const doble = ejecutarCompuerta(ripsValido(), base64(conNombre('Uno &amp;lt;dos&amp;gt;'))).documento!;
    expect(doble.adquiriente.razonSocial).toBe('Uno &lt;dos&gt;');
  });

  it('en atributos también; dentro de CDATA el texto queda tal cual', () => {
    const doc = documentoFev().replace(
      'schemeName="salud_cobertura.gc"',
      'schemeName="salud&#95;cobertura.gc"',
    );
    const r = ejecutarCompuerta(ripsValido(), base64(contenedorFev({}, { documento: doc })));
    expect(r.hallazgos).toEqual([]);
    const cdata = contenedorFev().replace(
      '<cbc:ProfileID>Factura Electrónica de Venta</cbc:ProfileID>',
      '<cbc:ProfileID><![CDATA[A&amp;B]]></cbc:ProfileID>',
    );
    expect(ejecutarCompuerta(ripsValido(), base64(cdata)).hallazgos).toEqual([]);
  });

  it('una entidad sin declarar queda como texto; DOCTYPE sigue rechazado (FEV001)', () => {
    const d = ejecutarCompuerta(ripsValido(), base64(conNombre('EPS &nbsp; &desconocida;'))).documento!;
    expect(d.adquiriente.razonSocial).toBe('EPS &nbsp; &desconocida;');
    const conDoctype = `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY n "EPS">]>${contenedorFev().replace(/^<\?xml[^>]*>/, '')}`;
    expect(gate(ripsValido(), conDoctype)).toEqual(['FEV001']);
  });
});

describe('registro de códigos', () => {
  it('cada código tiene textos en español y la clase de la tabla oficial', () => {
    for (const c of CODIGOS_FEV.values()) {
      expect(c.titulo.length, c.codigo).toBeGreaterThan(10);
      expect(c.explicacion.length, c.codigo).toBeGreaterThan(20);
      expect(c.comoCorregir.length, c.codigo).toBeGreaterThan(20);
      expect(c.mensajeOficial.length, c.codigo).toBeGreaterThan(10);
    }
    const notificaciones = [...CODIGOS_FEV.values()]
      .filter((c) => c.clase === 'N')
      .map((c) => c.codigo)
      .sort();
    expect(notificaciones).toEqual([
      'CND123',
      'CND129',
      'CND131',
      'DND123',
      'DND129',
      'DND131',
      'FED123',
      'FED129',
      'FED131',
      'FED136',
    ]);
    for (const c of [
      'PFE001',
      'PFE002',
      'PFE003',
      'FEV001',
      'GI005',
      'GI006',
      'GI008',
      'PFP001',
      'VFE003',
      'FED061',
      'FED104',
      'FED105',
      'PNC012',
      'PDN012',
      'VCN019',
      'VDN018',
    ])
      expect(CODIGOS_FEV.get(c)?.clase, c).toBe('R');
  });
});

describe('ubicación de los hallazgos del XML: nombre de negocio en campoNombre, ruta XML en campo', () => {
  /** A person's name for the element: Spanish words, no XML path, element or attribute names. */
  const XML =
    /[._[\]]|Invoice|CreditNote|DebitNote|AttachedDocument|ApplicationResponse|PrepaidPayment|scheme|Interoperabilidad|CustomTagGeneral|UBL/;

  it('cada código de la compuerta tiene un nombre en español para una persona', () => {
    for (const c of CODIGOS_FEV.values()) {
      expect(c.campoNombre, c.codigo).toMatch(/^[A-ZÁÉÍÓÚÑ]/);
      expect(c.campoNombre, c.codigo).toMatch(/ (de|del|o|a|por|que) [a-záéíóúñ]/);
      expect(c.campoNombre, c.codigo).not.toMatch(XML);
    }
  });

  it('los hallazgos de factura, notas, archivo y contenedor lo usan; la ruta XML queda en campo y ruta', async () => {
    const nc = ripsDeNota('NC', 45000);
    const casos: [Registro, string | null, string, string][] = [
      [
        ripsValido(),
        base64(contenedorFev({ salud: { MODALIDAD_PAGO: null } })),
        'FED126',
        'Modalidad de pago',
      ],
      [
        ripsValido(),
        base64(contenedorFev({ anticipos: [['', '4700.00']] })),
        'FED104',
        'Concepto de recaudo del pago anticipado',
      ],
      [
        ripsValido(),
        base64(contenedorFev({ dv: '12' })),
        'VFE012',
        'Dígito de verificación del NIT del facturador',
      ],
      [ripsValido(), base64(documentoFev()), 'PFE001', 'Contenedor electrónico del documento'],
      [ripsValido(), 'esto no es base64!!', 'GI005', 'Archivo XML del documento electrónico'],
      [ripsValido(), base64(contenedorFev({ numero: 'FEV1002' })), 'PFP001', 'Número de la factura'],
      [
        nc,
        base64(contenedorFev({ tipo: 'CreditNote', facturaReferida: 'FEV2' })),
        'PFP001',
        'Número de la factura referenciada por la nota',
      ],
      [
        nc,
        base64(contenedorFev({ tipo: 'CreditNote', operacion: '22', facturaReferida: null })),
        'PNC012',
        'Tipo de operación de la nota',
      ],
      [
        nc,
        base64(
          contenedorFev({ tipo: 'CreditNote' }).replace(
            /<cbc:CreditNoteTypeCode>91</,
            '<cbc:CreditNoteTypeCode>95<',
          ),
        ),
        'VCN002',
        'Tipo de nota crédito',
      ],
    ];
    for (const [rips, xml, codigo, nombre] of casos) {
      const r = await validar(rips, xml);
      const e = hallazgo(r, codigo);
      expect(e, codigo).toBeDefined();
      const u = e!.ubicacion;
      expect(u.campoNombre, codigo).toBe(nombre);
      expect(u.campo, codigo).not.toBeNull();
      expect(u.ruta, codigo).toBe(u.campo === 'xmlFevFile' ? 'xmlFevFile' : `xmlFevFile:${u.campo}`);
      expect(u.descripcion, codigo).toContain(nombre);
    }
  });
});

describe('leerContenedorFev (para la radicación)', () => {
  it('devuelve número, NIT, totales y periodo', () => {
    const { resumen, hallazgos } = leerContenedorFev(base64(contenedorFev()), { numFactura: 'FEV1001' });
    expect(hallazgos).toEqual([]);
    expect(resumen).toMatchObject({
      tipoDocumento: 'Invoice',
      numero: 'FEV1001',
      numeroFactura: 'FEV1001',
      nitEmisor: '900123456',
      dvEmisor: '7',
      periodo: { inicio: '2026-09-01', fin: '2026-09-30' },
      totales: { valorServicios: 1486790, anticipado: 4700, aPagar: 1482090 },
      cobertura: '16',
      modalidadPago: '04',
    });
    const nota = leerContenedorFev(base64(contenedorFev({ tipo: 'CreditNote' })), { tipoNota: 'NC' });
    expect(nota.resumen).toMatchObject({
      tipoDocumento: 'CreditNote',
      numero: 'NC501',
      numeroFactura: 'FEV1001',
    });
    expect(leerContenedorFev('xx').resumen).toBeNull();
  });
});
