import { describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { ErrorApp } from '../../errores/errores.js';
import { lintearBundle } from '../linter/lintear.js';
import { PERFILES, SECCIONES } from '../perfiles.js';
import { SISTEMAS, TIPOS_RDA, type TipoRda } from '../tipos.js';
import { construirBundle } from './construir.js';
import { ESQUEMAS_DATOS } from './esquemas.js';

type R = Record<string, any>;
const construir = (tipo: TipoRda, datos: unknown = datosRda(tipo)): R =>
  construirBundle(tipo, datos, { ahora: AHORA_RDA }) as R;
const recurso = (b: R, tipo: string): R => b.entry.find((e: R) => e.resource.resourceType === tipo)?.resource;

function error400(f: () => unknown): ErrorApp {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ErrorApp);
    expect((e as ErrorApp).codigo).toBe('entrada-invalida');
    return e as ErrorApp;
  }
  throw new Error('no lanzó');
}
const campos = (e: ErrorApp) => (e.extras.detalles ?? []).map((d) => d.campo);

describe('construirBundle', () => {
  for (const tipo of TIPOS_RDA) {
    it(`${tipo}: Bundle document con la Composition del perfil, secciones fijas y referencias internas`, () => {
      const b = construir(tipo);
      const p = PERFILES[tipo];
      expect(b).toMatchObject({ resourceType: 'Bundle', type: 'document', meta: { profile: [p.bundle] } });
      expect(b.timestamp).toBe(AHORA_RDA.toISOString());
      const c = b.entry[0].resource;
      expect(c.resourceType).toBe('Composition');
      expect(c.type.coding[0]).toMatchObject({ system: SISTEMAS.loinc, code: p.loinc });
      expect(c.section.map((s: R) => s.code.coding[0].code)).toEqual(
        p.secciones.map((k) => SECCIONES[k].loinc),
      );
      for (const s of c.section) {
        if (!s.entry) expect(s.emptyReason.coding[0].code).toBe('nilknown');
      }
      const urls = new Set(b.entry.map((e: R) => e.fullUrl));
      expect(urls.size).toBe(b.entry.length);
      for (const u of urls) expect(u).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(urls.has(c.subject.reference)).toBe(true);
      const pac = recurso(b, 'Patient');
      expect(pac.id).toBe('CC-1020304050');
      expect(pac.identifier[0]).toMatchObject({ system: SISTEMAS.rnec, value: '1020304050' });
      expect(pac.identifier[0].type.coding.map((x: R) => x.code)).toEqual(['PN', 'CC']);
      if (tipo !== 'paciente') {
        const enc = recurso(b, 'Encounter');
        expect(enc.class.code).toBe(p.encuentro!.clase);
        expect(urls.has(c.encounter.reference)).toBe(true);
        expect(recurso(b, 'DocumentReference').custodian.reference).toBe('Organization/MinSalud');
      }
    });
  }

  it('completa los segundos de las fechas con hora (FHIR los exige) y el resultado pasa el linter', () => {
    const d = datosRda('hospitalizacion') as R;
    d.encuentro.fechaInicio = '2026-11-18T08:00-05:00';
    d.encuentro.fechaFin = '2026-11-19T10:30Z';
    d.fechaDocumento = '2026-11-19T12:00+00:00';
    const b = construir('hospitalizacion', d);
    expect(recurso(b, 'Encounter').period).toEqual({
      start: '2026-11-18T08:00:00-05:00',
      end: '2026-11-19T10:30:00Z',
    });
    expect(b.entry[0].resource.date).toBe('2026-11-19T12:00:00+00:00');
    expect(lintearBundle(b, { ahora: AHORA_RDA }).errores).toEqual([]);
    const sinSegundos = construir('hospitalizacion');
    recurso(sinSegundos, 'Encounter').period.end = '2026-11-19T10:00-05:00';
    expect(lintearBundle(sinSegundos, { ahora: AHORA_RDA }).errores.map((e) => e.codigo)).toEqual(['RDA56']);
  });

  it('es determinista: los mismos datos y el mismo instante dan el mismo Bundle', () => {
    expect(construir('urgencias')).toEqual(construir('urgencias'));
  });

  it('el diagnóstico principal de urgencias es de ingreso (52870002, rango 1) con su tipo', () => {
    const d = recurso(construir('urgencias'), 'Encounter').diagnosis[0];
    expect(d.use.coding[0].code).toBe('52870002');
    expect(d.rank).toBe(1);
    expect(d.extension[0].valueCoding.code).toBe('01');
    const amb = recurso(construir('consulta-externa'), 'Encounter').diagnosis[0];
    expect(amb.use.coding[0].code).toBe('8319008');
  });

  it('ningún dato del paciente queda como clave vacía o undefined', () => {
    const json = JSON.stringify(construir('paciente', datosRda('paciente', 'minimo')));
    expect(json).not.toMatch(/undefined|null|""/);
  });
});

describe('construirBundle: datos inválidos → 400 con todos los campos a la vez', () => {
  for (const tipo of TIPOS_RDA) {
    it(`${tipo}: datos vacíos listan cada obligatorio`, () => {
      const e = error400(() => construir(tipo, {}));
      const esperado = ESQUEMAS_DATOS[tipo].required as string[];
      expect(campos(e).sort()).toEqual([...esperado].sort());
      for (const d of e.extras.detalles!) expect(d.mensaje).toMatch(/obligatorio/);
    });

    it(`${tipo}: cada campo obligatorio del paciente quitado aparece en detalles`, () => {
      const d = datosRda(tipo, 'minimo') as R;
      for (const k of ['numeroDocumento', 'fechaNacimiento', 'sexoBiologico', 'etnia', 'primerApellido'])
        delete d.paciente[k];
      d.profesional.codigoRethus = '';
      const e = error400(() => construir(tipo, d));
      expect(campos(e)).toEqual(
        expect.arrayContaining([
          'paciente.numeroDocumento',
          'paciente.fechaNacimiento',
          'paciente.sexoBiologico',
          'paciente.etnia',
          'paciente.primerApellido',
          'profesional.codigoRethus',
        ]),
      );
      const nac = e.extras.detalles!.find((x) => x.campo === 'paciente.fechaNacimiento')!;
      expect(nac.mensaje).toMatch(/^Fecha de nacimiento del paciente/);
    });
  }

  it('valores mal formados y reglas de coherencia, todos juntos', () => {
    const d = datosRda('urgencias') as R;
    d.paciente.fechaNacimiento = '1990-02-30';
    d.paciente.sexoBiologico = 'F';
    d.paciente.nacionalidad = '999';
    d.encuentro.fechaInicio = '2026-11-19T10:00:00-05:00';
    d.encuentro.fechaFin = '2026-11-18T10:00:00-05:00';
    d.encuentro.triage = '7';
    d.encuentro.grupoServicio = '01';
    d.diagnosticos = [{ codigo: 'J45.0', rol: 'relacionado' }];
    d.epicrisis.pdfBase64 = Buffer.from('no soy un pdf').toString('base64');
    d.campoRaro = 1;
    const e = error400(() => construir('urgencias', d));
    expect(campos(e)).toEqual(
      expect.arrayContaining([
        'paciente.fechaNacimiento',
        'paciente.sexoBiologico',
        'paciente.nacionalidad',
        'encuentro.fechaFin',
        'encuentro.triage',
        'encuentro.grupoServicio',
        'diagnosticos[0].codigo',
        'diagnosticos',
        'epicrisis.pdfBase64',
        'campoRaro',
      ]),
    );
    expect(e.message).toMatch(/problema/);
  });

  it('fechas futuras y roles que no aplican al tipo', () => {
    const d = datosRda('consulta-externa') as R;
    d.encuentro.fechaFin = '2027-01-01T10:00:00-05:00';
    d.diagnosticos.push({ codigo: 'J459', rol: 'egreso' });
    const e = error400(() => construir('consulta-externa', d));
    expect(campos(e)).toEqual(expect.arrayContaining(['encuentro.fechaFin', 'diagnosticos[3].rol']));
  });

  it('tipo desconocido o datos que no son objeto', () => {
    expect(campos(error400(() => construirBundle('otro' as TipoRda, {})))).toEqual(['tipo']);
    expect(campos(error400(() => construirBundle('paciente', [])))).toEqual(['datos']);
    expect(campos(error400(() => construirBundle('paciente', null)))).toEqual(['datos']);
  });
});
