import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogosIncluidos } from '../src/rips/catalogos/servicio.js';
import { CAMPOS } from '../src/rips/estructura/campos.js';
import { crearVerificadorEstructura } from '../src/rips/estructura/verificar.js';
import { ServicioValidacionRips } from '../src/rips/validacion/servicio.js';
import { validarRips } from '../src/rips/validacion/validar.js';

/**
 * The Ministry's official Res. 948 examples (only when ../shared is beside the clone). A correct
 * engine reports their known errata (rips.md §7) and nothing else.
 */
const DIR = path.resolve(process.cwd(), '../shared/fixtures/oficiales');

const ESPERADOS: Record<string, { codigo: string; ruta: string }[]> = {
  'rips-consultas.json': [],
  'rips-procedimientos-reciennacidos.json': [],
  'rips-ert3000.json': [],
  // Erratum: "2026-0-22 23:21" (month without its second digit).
  'rips-urgencias.json': [
    { codigo: 'RVG01', ruta: 'usuarios[0].servicios.urgencias[0].fechaInicioAtencion' },
  ],
};

describe.runIf(existsSync(DIR))('ejemplos oficiales de la Res. 948/2026', () => {
  const catalogos = catalogosIncluidos();
  const estructura = crearVerificadorEstructura(CAMPOS, catalogos);

  it.each(Object.entries(ESPERADOS))('%s da exactamente sus erratas conocidas', (archivo, esperados) => {
    const rips = JSON.parse(readFileSync(path.join(DIR, archivo), 'utf8'));
    const r = validarRips(rips, { catalogos, estructura, fecha: new Date('2026-11-01T12:00:00Z') });
    const hallazgos = r.errores
      .filter((e) => e.severidad !== 'informativo')
      .map((e) => ({ codigo: e.codigo, ruta: e.ubicacion.ruta }));
    expect(hallazgos).toEqual(esperados);
    expect(r.valid).toBe(esperados.length === 0);
    // Only our own notes remain: catalogs not loaded here and rules only the MUV can check.
    for (const e of r.errores.filter((x) => x.severidad === 'informativo'))
      expect(['CAT01', 'MUV01', 'XML01']).toContain(e.codigo);
  });

  it('cubre todos los RIPS oficiales de la carpeta', () => {
    const json = readdirSync(DIR).filter((f) => f.endsWith('.json'));
    expect(json.sort()).toEqual(Object.keys(ESPERADOS).sort());
  });
});

/**
 * The official RIPS + AttachedDocument pair (EJ948 FACTURA_SIN_CONTRATO, ERT3000) through the FEV
 * gate. Its known errata (rips.md §7) and nothing else:
 * - COBERTURA_PLAN_BENEFICIOS has schemeName «salud_cobertuta.gc» (typo) → FED134;
 * - the coverage is 16 (UPC contributiva) for a «particular» user (tipoUsuario 12) billed as
 *   FACTURA_SIN_CONTRATO 07 «…paciente particular» (coverage 15) → RVC005 on the user;
 * - the published example blanks the issuer's RegistrationName (names removed) → FED023.
 */
describe.runIf(existsSync(DIR))('par oficial RIPS + FEV (ERT3000) por la compuerta FEV', () => {
  it('da exactamente sus erratas conocidas', async () => {
    const catalogos = catalogosIncluidos();
    const servicio = new ServicioValidacionRips({ obtener: async () => catalogos }, {});
    const rips = JSON.parse(readFileSync(path.join(DIR, 'rips-ert3000.json'), 'utf8'));
    const xmlFevFile = readFileSync(path.join(DIR, 'fev-ert3000.xml')).toString('base64');
    const r = await servicio.validarConFev({} as never, {
      rips,
      xmlFevFile,
      fecha: new Date('2026-11-01T12:00:00Z'),
    });
    const hallazgos = r.errores
      .filter((e) => e.severidad !== 'informativo')
      .map((e) => ({ codigo: e.codigo, ruta: e.ubicacion.ruta, severidad: e.severidad }));
    expect(hallazgos).toEqual([
      {
        codigo: 'FED023',
        ruta: 'xmlFevFile:Invoice.AccountingSupplierParty.Party.PartyTaxScheme.RegistrationName',
        severidad: 'rechazo',
      },
      {
        codigo: 'FED134',
        ruta: 'xmlFevFile:Invoice.UBLExtensions.CustomTagGeneral.Interoperabilidad.Group.Collection.AdditionalInformation.COBERTURA_PLAN_BENEFICIOS',
        severidad: 'rechazo',
      },
      { codigo: 'RVC005', ruta: 'usuarios[0].tipoUsuario', severidad: 'rechazo' },
    ]);
    expect(r.errores.find((e) => e.codigo === 'FED134')?.explicacion).toMatch(/salud_cobertuta\.gc/);
    // With the XML the cross-check rules ran: no XML01 note is left.
    expect(r.errores.filter((e) => e.severidad === 'informativo').map((e) => e.codigo)).not.toContain(
      'XML01',
    );
  });
});
