import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { base64, contenedorFev } from '../../../test/fixtures/fev.js';
import { xmlFacturaOperacion, xmlNotaOperacion } from '../../../test/fixtures/fev-operaciones.js';
import { catalogosPrueba, ripsValido } from '../../../test/fixtures/rips.js';
import { slugUnico } from '../../../test/servidor.js';
import { crearOrm, migrar } from '../../db/orm.js';
import { Entidad } from '../../entidades/entidad.entity.js';
import { ServicioEntidades } from '../../entidades/servicio.js';
import { type Registro, TIPOS_SERVICIO } from '../tipos.js';
import { ServicioValidacionRips } from '../validacion/servicio.js';
import type { ResultadoValidacion } from '../validacion/validar.js';
import { compuertaLocal } from './compuerta.js';
import { Radicacion } from './radicacion.entity.js';

const catalogos = catalogosPrueba();
const emFalso = {} as EntityManager;
const FECHA = new Date('2026-11-01T12:00:00Z');
const servicio = () => new ServicioValidacionRips({ obtener: async () => catalogos }, {});

const codigos = (r: ResultadoValidacion) =>
  r.errores.filter((e) => e.severidad !== 'informativo').map((e) => e.codigo);
const de = (r: ResultadoValidacion, codigo: string) => r.errores.filter((e) => e.codigo === codigo);

/** ripsValido() as a capitation RIPS of invoice `numFactura`: every service value 0 (RVC034), dates in September 2026. */
function ripsCapita(numFactura: string): Registro {
  const rips: Registro = { ...ripsValido(), numFactura };
  for (const u of rips.usuarios as Registro[]) {
    const servicios = u.servicios as Record<string, Registro[]>;
    for (const t of TIPOS_SERVICIO)
      for (const s of servicios[t] ?? [])
        for (const campo of ['vrServicio', 'vrUnitMedicamento', 'vrUnitOS']) if (campo in s) s[campo] = 0;
  }
  return rips;
}
const primeraConsulta = (rips: Registro) =>
  ((rips.usuarios as Registro[])[0]!.servicios as Record<string, Registro[]>).consultas![0]!;

describe('compuertaLocal sin RIPS: solo la compuerta FEV del documento de la operación', () => {
  it('Nota crédito total: la nota sola, sin reglas RIPS (ni RVG03 ni PFP001) y con el documento leído', async () => {
    const r = await compuertaLocal(servicio(), emFalso, {
      rips: null,
      xmlFevFile: xmlNotaOperacion(),
      fecha: FECHA,
      operacion: 'CargarNCTotal',
    });
    expect(r.errores).toEqual([]);
    expect(r.valid).toBe(true);
    expect(r.fechaEvaluacion).toEqual(FECHA);
    expect(r.documentoFev).toMatchObject({ tipo: 'CreditNote', numero: 'NC7001' });
    // The same XML through the RIPS path with an empty RIPS: RVG03 and the RIPS rules (what must not run here).
    const conRips = await servicio().validarConFev(emFalso, {
      rips: { tipoNota: 'NC' },
      xmlFevFile: xmlNotaOperacion(),
      fecha: FECHA,
    });
    expect(codigos(conRips)).toContain('RVG03');
  });

  it('Nota crédito total con una factura en el XML: NCV008 (se espera una nota crédito); sin XML: VPQ004', async () => {
    const r = await compuertaLocal(servicio(), emFalso, {
      rips: null,
      xmlFevFile: xmlFacturaOperacion(),
      fecha: FECHA,
      operacion: 'CargarNCTotal',
    });
    expect(codigos(r)).toEqual(['NCV008']);
    expect(r.valid).toBe(false);
    const sinXml = await compuertaLocal(servicio(), emFalso, {
      rips: null,
      xmlFevFile: null,
      fecha: FECHA,
      operacion: 'CargarNCTotal',
    });
    expect(codigos(sinXml)).toEqual(['VPQ004']);
  });

  it('Nota crédito total sin BillingReference: PNC012; con pagos moderadores: NCT01 (aviso, no bloquea)', async () => {
    const sinReferencia = await compuertaLocal(servicio(), emFalso, {
      rips: null,
      xmlFevFile: xmlNotaOperacion({ facturaReferida: null }),
      fecha: FECHA,
      operacion: 'CargarNCTotal',
    });
    expect(codigos(sinReferencia)).toContain('PNC012');
    const conModeradores = await compuertaLocal(servicio(), emFalso, {
      rips: null,
      xmlFevFile: xmlNotaOperacion({ anticipos: [['02', '4700.00']] }),
      fecha: FECHA,
      operacion: 'CargarNCTotal',
    });
    expect(codigos(conModeradores)).toEqual(['NCT01']);
    expect(conModeradores.valid).toBe(true);
    expect(de(conModeradores, 'NCT01')[0]).toMatchObject({
      severidad: 'aviso-gradualidad',
      ubicacion: { factura: 'FEV1001', ruta: 'xmlFevFile:CreditNote.PrepaidPayment[0]' },
    });
    expect(conModeradores.resumen).toEqual({ rechazos: 0, avisos: 1, informativos: 0 });
  });

  it('Nota crédito por acuerdo de voluntades: la nota sola', async () => {
    const r = await compuertaLocal(servicio(), emFalso, {
      rips: null,
      xmlFevFile: xmlNotaOperacion({ anticipos: [['02', '4700.00']] }),
      fecha: FECHA,
      operacion: 'CargarNCAcuerdoVoluntades',
    });
    // NCT01 is the total note's: not here.
    expect(r.errores).toEqual([]);
  });

  it('Cápita inicial: factura de capitación emitida en su periodo, sin hallazgos', async () => {
    const r = await compuertaLocal(servicio(), emFalso, {
      rips: null,
      xmlFevFile: xmlFacturaOperacion(),
      fecha: FECHA,
      operacion: 'CargarCapitaInicial',
    });
    expect(r.errores).toEqual([]);
    expect(r.documentoFev).toMatchObject({ tipo: 'Invoice', numero: 'FCAP2001' });
  });

  it('Cápita inicial: CIN001 (emisión fuera del periodo), RVG06 (modalidad de evento) y CAP01 (cuota moderadora)', async () => {
    const r = await compuertaLocal(servicio(), emFalso, {
      rips: null,
      xmlFevFile: xmlFacturaOperacion({
        emision: '2026-11-01',
        modalidad: '04',
        anticipos: [['02', '4700.00']],
      }),
      fecha: FECHA,
      operacion: 'CargarCapitaInicial',
    });
    expect(codigos(r)).toEqual(['CIN001', 'RVG06', 'CAP01']);
    expect(r.valid).toBe(false);
    expect(r.resumen).toEqual({ rechazos: 1, avisos: 2, informativos: 0 });
    const [cin, rvg, cap] = r.errores;
    expect(cin!.severidad).toBe('aviso-gradualidad');
    expect(cin!.explicacion).toContain(
      'Periodo reportado: [01/10/2026-31/10/2026] Fecha factura: [01/11/2026]',
    );
    expect(rvg!.severidad).toBe('rechazo');
    expect(rvg!.explicacion).toContain('«factura» (CargarFevRips)');
    expect(rvg!.ubicacion.descripcion).toBe('Factura FCAP2001 · XML de la factura · Modalidad de pago');
    expect(cap!.severidad).toBe('aviso-gradualidad');
  });

  it('Cápita inicial con una nota crédito en el XML: FEV008', async () => {
    const r = await compuertaLocal(servicio(), emFalso, {
      rips: null,
      xmlFevFile: xmlNotaOperacion(),
      fecha: FECHA,
      operacion: 'CargarCapitaInicial',
    });
    expect(codigos(r)).toEqual(['FEV008']);
  });

  it('Nota crédito de cápita sin RIPS: RVG06 con una nota de evento; la de capitación pasa', async () => {
    const evento = await compuertaLocal(servicio(), emFalso, {
      rips: null,
      xmlFevFile: xmlNotaOperacion({ modalidad: '04' }),
      fecha: FECHA,
      operacion: 'CargarNCCapita',
    });
    expect(codigos(evento)).toEqual(['RVG06']);
    expect(evento.errores[0]!.explicacion).toContain('«nota-credito-total» (CargarNCTotal)');
    const capita = await compuertaLocal(servicio(), emFalso, {
      rips: null,
      xmlFevFile: xmlNotaOperacion({ modalidad: '03' }),
      fecha: FECHA,
      operacion: 'CargarNCCapita',
    });
    expect(capita.errores).toEqual([]);
  });

  it('RIPS donde la operación no lo lleva, o sin RIPS donde lo exige: 400', async () => {
    await expect(
      compuertaLocal(servicio(), emFalso, {
        rips: ripsValido(),
        xmlFevFile: xmlNotaOperacion(),
        operacion: 'CargarNCTotal',
      }),
    ).rejects.toMatchObject({ extensions: { code: 'entrada-invalida' } });
    for (const operacion of ['CargarFevRips', 'CargarCapitaPeriodo', 'CargarCapitaFinal'] as const)
      await expect(
        compuertaLocal(servicio(), emFalso, { rips: null, xmlFevFile: xmlFacturaOperacion(), operacion }),
      ).rejects.toMatchObject({ extensions: { code: 'entrada-invalida' } });
  });
});

describe('compuertaLocal con RIPS', () => {
  it('Factura con su RIPS: lo mismo que validarConFev', async () => {
    const xml = base64(contenedorFev());
    const r = await compuertaLocal(servicio(), emFalso, {
      rips: ripsValido(),
      xmlFevFile: xml,
      fecha: FECHA,
      operacion: 'CargarFevRips',
    });
    const hoy = await servicio().validarConFev(emFalso, {
      rips: ripsValido(),
      xmlFevFile: xml,
      fecha: FECHA,
    });
    expect(r.errores).toEqual(hoy.errores);
    expect(r.valid).toBe(true);
  });

  it('Cápita por periodo: los servicios del periodo anterior no se rechazan contra el periodo de la factura (RVC014/RVC044)', async () => {
    // Invoice of October 2026 (issued on the 1st), RIPS of September with its cuota moderadora in the invoice.
    const xml = xmlFacturaOperacion({ anticipos: [['02', '4700.00']] });
    const rips = ripsCapita('FCAP2001');
    const r = await compuertaLocal(servicio(), emFalso, {
      rips,
      xmlFevFile: xml,
      fecha: FECHA,
      operacion: 'CargarCapitaPeriodo',
    });
    expect(codigos(r)).toEqual([]);
    expect(r.valid).toBe(true);
    // Today's path (the invoice with its RIPS) rejects every service against October.
    const hoy = await servicio().validarConFev(emFalso, {
      rips: ripsCapita('FCAP2001'),
      xmlFevFile: xml,
      fecha: FECHA,
    });
    expect(codigos(hoy)).toContain('RVC014');
    expect(codigos(hoy)).toContain('RVC044');
    expect(hoy.valid).toBe(false);
  });

  it('Cápita por periodo: un servicio desde el inicio del periodo facturado → CAP02 (aviso); el día anterior pasa', async () => {
    const xml = xmlFacturaOperacion({ anticipos: [['02', '4700.00']] });
    const conFecha = (fecha: string) => {
      const rips = ripsCapita('FCAP2001');
      primeraConsulta(rips).fechaInicioAtencion = fecha;
      return compuertaLocal(servicio(), emFalso, {
        rips,
        xmlFevFile: xml,
        fecha: FECHA,
        operacion: 'CargarCapitaPeriodo',
      });
    };
    expect(codigos(await conFecha('2026-09-30 23:59'))).toEqual([]);
    const r = await conFecha('2026-10-01 00:00');
    expect(codigos(r)).toEqual(['CAP02']);
    expect(r.valid).toBe(true);
    expect(de(r, 'CAP02')[0]).toMatchObject({
      severidad: 'aviso-gradualidad',
      ubicacion: {
        usuarioIndex: 0,
        tipoServicio: 'consultas',
        servicioIndex: 0,
        campo: 'fechaInicioAtencion',
        ruta: 'usuarios[0].servicios.consultas[0].fechaInicioAtencion',
      },
    });
    expect(de(r, 'CAP02')[0]!.explicacion).toContain('2026-10-01');
  });

  it('Cápita por periodo: sigue aplicando RVC034 (capitación → valores en 0), PFP001 y las reglas de la operación', async () => {
    const xml = xmlFacturaOperacion({
      anticipos: [['02', '4700.00']],
      emision: '2026-11-01',
      modalidad: '04',
    });
    const r = await compuertaLocal(servicio(), emFalso, {
      rips: ripsCapita('FCAP2001'),
      xmlFevFile: xml,
      fecha: FECHA,
      operacion: 'CargarCapitaPeriodo',
    });
    // Modality 04 (evento) here: RVC034 now asks for values above 0; the operation is the wrong one (RVG06).
    expect(codigos(r).slice(0, 2)).toEqual(['CIN001', 'RVG06']);
    expect(codigos(r)).toContain('RVC034');
    const otroNumero = await compuertaLocal(servicio(), emFalso, {
      rips: ripsCapita('FCAP0001'),
      xmlFevFile: xmlFacturaOperacion({ anticipos: [['02', '4700.00']] }),
      fecha: FECHA,
      operacion: 'CargarCapitaPeriodo',
    });
    expect(codigos(otroNumero)).toContain('PFP001');
  });

  it('Cápita final: sin XML la operación implica capitación, así que vrServicio > 0 → RVC034; sin VPQ004 ni XML01', async () => {
    const rips = ripsValido();
    const r = await compuertaLocal(servicio(), emFalso, {
      rips,
      xmlFevFile: null,
      fecha: FECHA,
      operacion: 'CargarCapitaFinal',
    });
    expect(new Set(codigos(r))).toEqual(new Set(['RVC034']));
    expect(r.valid).toBe(false);
    const rvc034 = de(r, 'RVC034');
    expect(rvc034.length).toBeGreaterThan(3);
    expect(rvc034[0]!.explicacion).toContain('va sin XML');
    expect(rvc034[0]!.explicacion).toContain(
      'La modalidad de pago de la factura es 03: el valor debe ser 0.',
    );
    const notas = r.errores.filter((e) => e.severidad === 'informativo').map((e) => e.codigo);
    expect(notas).not.toContain('XML01');
    // The invoice cross-checks are the MUV's (it holds the last invoice).
    expect(de(r, 'MUV01')[0]!.explicacion).toContain('RVG09');
    // Today's path for the same RIPS (an invoice without XML): VPQ004 and no RVC034.
    const hoy = await servicio().validarConFev(emFalso, {
      rips: ripsValido(),
      xmlFevFile: null,
      fecha: FECHA,
    });
    expect(codigos(hoy)).toContain('VPQ004');
    expect(codigos(hoy)).not.toContain('RVC034');
  });

  it('Cápita final con valores en 0: sin RVC034; con un XML: XML02', async () => {
    const r = await compuertaLocal(servicio(), emFalso, {
      rips: ripsCapita('FCAP2001'),
      xmlFevFile: null,
      fecha: FECHA,
      operacion: 'CargarCapitaFinal',
    });
    expect(codigos(r)).toEqual([]);
    const conXml = await compuertaLocal(servicio(), emFalso, {
      rips: ripsCapita('FCAP2001'),
      xmlFevFile: xmlFacturaOperacion(),
      fecha: FECHA,
      operacion: 'CargarCapitaFinal',
    });
    expect(codigos(conXml)).toEqual(['XML02']);
    expect(de(conXml, 'XML02')[0]!.explicacion).toContain('«capita-final» se radica sin XML');
  });

  it('Nota crédito de cápita con su RIPS: la nota y su RIPS (PFP001 contra la factura referida) más RVG06', async () => {
    const rips: Registro = { ...ripsCapita('FEV1001'), tipoNota: 'NC', numNota: 'NC7001' };
    const r = await compuertaLocal(servicio(), emFalso, {
      rips,
      xmlFevFile: xmlNotaOperacion({ modalidad: '04' }),
      fecha: FECHA,
      operacion: 'CargarNCCapita',
    });
    expect(codigos(r)[0]).toBe('RVG06');
    expect(codigos(r)).not.toContain('PFP001');
    expect(r.documentoFev?.tipo).toBe('CreditNote');
  });
});

describe('compuertaLocal con la base de datos: nota crédito total y la factura radicada (NCT02)', () => {
  let orm: MikroORM;
  let entidad: Entidad;
  let otra: Entidad;
  beforeAll(async () => {
    orm = await crearOrm({ url: inject('databaseUrl'), timeoutConexionMs: 3000 });
    await migrar(orm);
    const entidades = new ServicioEntidades();
    const crear = (slug: string) =>
      entidades.crear(orm.em.fork(), {
        slug: slugUnico(slug),
        nombre: slug,
        tipoEntidad: 'ips',
        modulos: ['rips'],
      });
    entidad = await crear('compuerta-nct');
    otra = await crear('compuerta-nct-otra');
    const em = orm.em.fork();
    const fila = (de: Entidad, numFactura: string, estado: 'radicado' | 'rechazado-local', monto: string) =>
      em.create(Radicacion, {
        entidad: em.getReference(Entidad, de.id),
        numFactura,
        numDocumentoIdObligado: '900123456',
        operacion: 'CargarFevRips',
        estado,
        nErrores: 0,
        nAvisos: 0,
        errores: [],
        monto,
        createdAt: new Date(),
      });
    fila(entidad, 'FEV1001', 'radicado', '1486790');
    fila(entidad, 'FEV1002', 'rechazado-local', '1000');
    fila(otra, 'FEV1003', 'radicado', '1000');
    await em.flush();
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  const nct = (xmlFevFile: string, entidadId?: string) =>
    compuertaLocal(
      servicio(),
      orm.em.fork(),
      { rips: null, xmlFevFile, fecha: FECHA, operacion: 'CargarNCTotal' },
      entidadId,
    );

  it('la nota vale lo mismo que la factura radicada: sin hallazgo', async () => {
    const r = await nct(xmlNotaOperacion({ valorServicios: '1486790.00' }), entidad.id);
    expect(r.errores).toEqual([]);
  });

  it('la nota vale distinto: NCT02, aviso que no bloquea, con ambos valores', async () => {
    const r = await nct(xmlNotaOperacion({ valorServicios: '1400000.00' }), entidad.id);
    expect(codigos(r)).toEqual(['NCT02']);
    expect(r.valid).toBe(true);
    const e = de(r, 'NCT02')[0]!;
    expect(e.severidad).toBe('aviso-gradualidad');
    expect(e.explicacion).toContain('$1.400.000');
    expect(e.explicacion).toContain('$1.486.790');
    expect(e.ubicacion.ruta).toBe('xmlFevFile:CreditNote.LegalMonetaryTotal.PayableAmount');
  });

  it('sin entidad, factura de otra entidad, o intento no radicado: no compara', async () => {
    expect((await nct(xmlNotaOperacion({ valorServicios: '1.00' }))).errores).toEqual([]);
    const deOtra = xmlNotaOperacion({ valorServicios: '1.00', facturaReferida: 'FEV1003' });
    expect((await nct(deOtra, entidad.id)).errores).toEqual([]);
    const rechazada = xmlNotaOperacion({ valorServicios: '1.00', facturaReferida: 'FEV1002' });
    expect((await nct(rechazada, entidad.id)).errores).toEqual([]);
    // The other entity's own invoice does compare.
    expect(codigos(await nct(deOtra, otra.id))).toEqual(['NCT02']);
  });
});
