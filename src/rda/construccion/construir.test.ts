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
      // «Notas aclaratorias» (0..1) is never sent empty: the builder leaves it out.
      expect(c.section.map((s: R) => s.code.coding[0].code)).toEqual(
        p.secciones.filter((k) => k !== 'notasAclaratorias').map((k) => SECCIONES[k].loinc),
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
      const esperado = [...(ESQUEMAS_DATOS[tipo].required as string[])];
      // Urgencias and hospitalización need a payer: an EAPB or private pay, said once.
      if (tipo === 'urgencias' || tipo === 'hospitalizacion') esperado.push('pagadores');
      expect(campos(e).sort()).toEqual(esperado.sort());
      for (const d of e.extras.detalles!) expect(d.mensaje).toMatch(/obligatorio|exige/);
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
    d.diagnosticos.push({ codigo: 'J459', descripcion: 'Asma', rol: 'egreso' });
    const e = error400(() => construir('consulta-externa', d));
    const i = d.diagnosticos.length - 1;
    expect(campos(e)).toEqual(expect.arrayContaining(['encuentro.fechaFin', `diagnosticos[${i}].rol`]));
  });

  it('tipo desconocido o datos que no son objeto', () => {
    expect(campos(error400(() => construirBundle('otro' as TipoRda, {})))).toEqual(['tipo']);
    expect(campos(error400(() => construirBundle('paciente', [])))).toEqual(['datos']);
    expect(campos(error400(() => construirBundle('paciente', null)))).toEqual(['datos']);
  });
});

describe('construirBundle: guía RDA 1.0.0', () => {
  it('códigos que la guía cambió: el 400 dice cuál los reemplaza', () => {
    const d = datosRda('paciente', 'minimo') as R;
    d.paciente.etnia = '06';
    d.paciente.tipoDocumento = 'NV';
    const e = error400(() => construir('paciente', d));
    const msg = (campo: string) => e.extras.detalles!.find((x) => x.campo === campo)!.mensaje;
    expect(msg('paciente.etnia')).toMatch(/«06» no existe en la guía RDA 1\.0\.0; use «99»/);
    expect(msg('paciente.tipoDocumento')).toMatch(/«NV».*use «CN»/);
  });

  it('acepta los códigos de la guía que antes se rechazaban: PPT, PC, RUT, modalidad 05, servicio REPS de 4 dígitos', () => {
    for (const tipoDocumento of ['PPT', 'PC', 'RUT']) {
      const d = datosRda('consulta-externa') as R;
      d.paciente.tipoDocumento = tipoDocumento;
      d.encuentro.modalidad = '05';
      d.encuentro.servicioReps = '1102';
      d.encuentro.nombreServicioReps = 'URGENCIAS';
      const b = construir('consulta-externa', d);
      expect(recurso(b, 'Patient').identifier[0].type.coding[1].code).toBe(tipoDocumento);
      expect(lintearBundle(b, { ahora: AHORA_RDA }).errores).toEqual([]);
    }
  });

  it('el parentesco usa los códigos de la guía (01 Padres … 04 Abuelos) con su display', () => {
    const b = construir('paciente');
    const fmh = recurso(b, 'FamilyMemberHistory');
    expect(fmh.relationship.coding[0]).toMatchObject({ code: '01', display: 'Padres' });
  });

  it('diagnósticos en sus rebanadas: rango, id y rol; dos relacionados no comparten rango', () => {
    const amb = recurso(construir('consulta-externa'), 'Encounter').diagnosis;
    expect(amb.map((x: R) => [x.rank, x.id])).toEqual([
      [1, 'MainDiagnosis'],
      [2, 'Comorbidity-1'],
      [3, 'Comorbidity-2'],
      [4, 'Comorbidity-3'],
    ]);
    const hosp = recurso(construir('hospitalizacion'), 'Encounter').diagnosis;
    expect(hosp.map((x: R) => [x.rank, x.id, x.use.coding[0].display])).toEqual([
      [1, 'AdmissionDiagnosis', 'diagnóstico de ingreso'],
      [2, 'DischargeDiagnosis', 'diagnóstico final (alta)'],
      [3, 'DischargeComorbidity-1', 'comorbilidades'],
      [4, 'DischargeComorbidity-2', 'comorbilidades'],
      [5, 'DischargeComorbidity-3', 'comorbilidades'],
      [7, 'ComplicationDiagnosis', 'complicación'],
    ]);
    expect(hosp[1].extension[0].valueCoding).toMatchObject({ code: '02', display: 'Confirmado Nuevo' });
  });

  it('urgencias y hospitalización: un solo participante (DIS), sin servicio REPS, autor IPS en hospitalización', () => {
    for (const tipo of ['urgencias', 'hospitalizacion'] as const) {
      const d = datosRda(tipo) as R;
      d.encuentro.servicioReps = '1102';
      const b = construir(tipo, d);
      const enc = recurso(b, 'Encounter');
      expect(enc.participant).toHaveLength(1);
      expect(enc.participant[0]).toMatchObject({ id: 'DischargePhysician' });
      expect(JSON.stringify(enc.type)).not.toMatch(/REPShealthcareServices/);
      const autor = b.entry[0].resource.author[0].reference;
      const tipoAutor = b.entry.find((e: R) => e.fullUrl === autor).resource.resourceType;
      expect(tipoAutor).toBe(tipo === 'hospitalizacion' ? 'Organization' : 'Practitioner');
    }
  });

  it('pagadores: EAPB con su identificador o pago particular (el paciente); sin ninguno, 400 en urgencias', () => {
    const b = construir('hospitalizacion');
    const seccion = b.entry[0].resource.section[0];
    const destinos = seccion.entry.map((r: R) => b.entry.find((e: R) => e.fullUrl === r.reference).resource);
    expect(destinos.map((r: R) => r.resourceType)).toEqual(['Organization', 'Patient']);
    expect(destinos[0].identifier[0]).toMatchObject({ system: SISTEMAS.eapb, value: 'EPS037' });
    const d = datosRda('urgencias', 'minimo') as R;
    delete d.pagoParticular;
    expect(campos(error400(() => construir('urgencias', d)))).toEqual(['pagadores']);
  });

  it('fórmula completa (MedicationRequestRDA) y procedimiento con sus dos motivos', () => {
    const b = construir('urgencias');
    const mr = recurso(b, 'MedicationRequest');
    expect(mr.dosageInstruction[0]).toMatchObject({
      timing: {
        repeat: { duration: 7, durationUnit: 'd' },
        code: { coding: [{ code: '2', display: 'Horas' }] },
      },
      route: { coding: [{ code: '055' }] },
      doseAndRate: [{ doseQuantity: { value: 200, code: '137' }, rateQuantity: { value: 6, code: '2' } }],
    });
    const proc = recurso(b, 'Procedure');
    expect(proc.reasonReference.map((r: R) => r.id)).toEqual(['MainDiagnosis', 'Comobility-1']);
    const relacionado = b.entry.find((e: R) => e.fullUrl === proc.reasonReference[1].reference).resource;
    expect(relacionado.code.coding[0].code).toBe('E119');

    const d = datosRda('urgencias') as R;
    delete d.medicamentos[0].codigo;
    d.medicamentos[0].via = '999';
    d.diagnosticos = d.diagnosticos.filter((x: R) => x.rol !== 'relacionado');
    const e = error400(() => construir('urgencias', d));
    expect(campos(e)).toEqual(
      expect.arrayContaining(['medicamentos[0].codigo', 'medicamentos[0].via', 'procedimientos[0]']),
    );
  });

  it('RDA de paciente: evento 1..1 con modalidad, grupo y periodo; título de pat-rda-0', () => {
    const c = construir('paciente').entry[0].resource;
    expect(c.title).toBe(
      'Resumen Digital de Atención en Salud - RDA de antecedentes manifestados por el paciente',
    );
    expect(c.event[0].code.map((x: R) => x.coding[0].code)).toEqual(['06', '01']);
    const d = datosRda('paciente') as R;
    delete d.encuentro;
    expect(campos(error400(() => construir('paciente', d)))).toEqual(['encuentro']);
  });
});
