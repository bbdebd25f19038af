import { describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { bundlePostman } from '../../../test/fixtures/rda-postman.js';
import { construirBundle } from '../construccion/construir.js';
import { hechosDe } from '../guia/hechos.js';
import { TIPOS_RDA, type TipoRda } from '../tipos.js';
import { lintearBundle } from './lintear.js';
import { REGISTRO_RDA, regla } from './registro.js';

/**
 * Verdicts as the IHCE sandbox gave them in captured traffic (issue 32, items 7 and 8). The bundles
 * are our own (the builder's and the Postman-style fixture), broken the way the captured ones were.
 */
type R = Record<string, any>;
const BASE = 'https://fhir.minsalud.gov.co/rda';
const sd = (n: string) => `${BASE}/StructureDefinition/${n}`;
const cs = (n: string) => `${BASE}/CodeSystem/${n}`;
const construir = (tipo: TipoRda): R =>
  construirBundle(tipo, datosRda(tipo, 'rico'), { ahora: AHORA_RDA }) as R;
const lint = (b: unknown) => lintearBundle(b, { ahora: AHORA_RDA });
const recurso = (b: R, tipo: string): R => b.entry.find((e: R) => e.resource.resourceType === tipo).resource;
const comp = (b: R): R => b.entry[0].resource;
const rechazos = (b: unknown) =>
  lint(b)
    .errores.filter((e) => e.severidad === 'rechazo')
    .map((e) => e.codigo);
/** The findings of `b` beyond those of `antes` (code and severity). */
function nuevos(antes: R, b: R): string[] {
  const resto = lint(antes).errores.map((e) => `${e.codigo} ${e.severidad}`);
  return lint(b)
    .errores.map((e) => `${e.codigo} ${e.severidad}`)
    .filter((c) => {
      const i = resto.indexOf(c);
      if (i < 0) return true;
      resto.splice(i, 1);
      return false;
    });
}

describe('ítem 7: lo que el validador de perfiles de la plataforma rechaza', () => {
  it.each(TIPOS_RDA)('%s sin ExtensionPatientEthnicity → RDA36 rechazo, valid false', (tipo) => {
    const b = construir(tipo);
    const p = recurso(b, 'Patient');
    p.extension = p.extension.filter((x: R) => x.url !== sd('ExtensionPatientEthnicity'));
    const r = lint(b);
    expect(r.valid).toBe(false);
    const e = r.errores.find((x) => x.codigo === 'RDA36')!;
    expect(e.severidad).toBe('rechazo');
    expect(e.ubicacion.ruta).toBe('Bundle.entry[1].resource.extension');
    expect(e.explicacion).toMatch(/1\.\.1/);
    // The registry records what the platform answered.
    expect(regla('RDA36').visto).toMatch(
      /Instance count for 'Patient\.extension:ExtensionPatientEthnicity' is 0/,
    );
  });

  /** [what, mutation of the builder's consulta externa, code, severity]. */
  const CLASES: [string, (b: R) => void, string, 'rechazo' | 'aviso-conformidad'][] = [
    [
      'cardinalidad mínima de una rebanada (ExtensionDiagnosisType 1..1 del diagnóstico principal)',
      (b) => {
        delete recurso(b, 'Encounter').diagnosis[0].extension;
      },
      'RDA84',
      'rechazo',
    ],
    [
      'elemento obligatorio ausente (participante 1..1)',
      (b) => {
        delete recurso(b, 'Encounter').participant;
      },
      'RDA84',
      'rechazo',
    ],
    [
      'cardinalidad máxima excedida (dos participantes, 1..1)',
      (b) => {
        const e = recurso(b, 'Encounter');
        e.participant.push(structuredClone(e.participant[0]));
      },
      'RDA82',
      'rechazo',
    ],
    [
      'nacionalidad ausente (1..*)',
      (b) => {
        const p = recurso(b, 'Patient');
        p.extension = p.extension.filter((x: R) => x.url !== sd('ExtensionPatientNationality'));
      },
      'RDA35',
      'rechazo',
    ],
    [
      'nacionalidad con un código que no es ISO 3166-1 (vínculo de código)',
      (b) => {
        const p = recurso(b, 'Patient');
        p.extension.find((x: R) => x.url === sd('ExtensionPatientNationality')).valueCoding.code = '9999';
      },
      'RDA42',
      'aviso-conformidad',
    ],
    [
      'discapacidad ausente (1..*)',
      (b) => {
        const p = recurso(b, 'Patient');
        p.extension = p.extension.filter((x: R) => x.url !== sd('ExtensionPatientDisability'));
      },
      'RDA37',
      'rechazo',
    ],
    [
      'zona de residencia ausente (ExtensionResidenceZone 1..1)',
      (b) => {
        recurso(b, 'Patient').address[0].extension = [];
      },
      'RDA84',
      'rechazo',
    ],
    [
      'primer apellido del profesional ausente (ExtensionFathersFamilyName 1..1)',
      (b) => {
        delete recurso(b, 'Practitioner').name[0]._family;
      },
      'RDA40',
      'rechazo',
    ],
    [
      'causa externa ausente (reasonCode 1..1)',
      (b) => {
        delete recurso(b, 'Encounter').reasonCode;
      },
      'RDA62',
      'rechazo',
    ],
    [
      'causa externa con un código ajeno a la tabla (vínculo de código)',
      (b) => {
        recurso(b, 'Encounter').reasonCode[0].coding[0].code = '99';
      },
      'RDA66',
      'aviso-conformidad',
    ],
    [
      'valor fijo distinto (display de la clase del encuentro)',
      (b) => {
        recurso(b, 'Encounter').class.display = 'Ambulatorio';
      },
      'RDA80',
      'aviso-conformidad',
    ],
    [
      'código fuera de la lista de la guía (etnia 01 de versiones anteriores)',
      (b) => {
        const p = recurso(b, 'Patient');
        p.extension.find((x: R) => x.url === sd('ExtensionPatientEthnicity')).valueCoding.code = '01';
      },
      'RDA83',
      'aviso-conformidad',
    ],
    [
      'elemento que la guía prohíbe por un defecto propio (contentType 0..0 de la epicrisis)',
      (b) => {
        recurso(b, 'DocumentReference').content[0].attachment.contentType = 'application/pdf';
      },
      'RDA81',
      'aviso-conformidad',
    ],
  ];
  it.each(CLASES)('%s', (_que, mutar, codigo, severidad) => {
    const antes = construir('consulta-externa');
    const b = structuredClone(antes);
    mutar(b);
    expect(nuevos(antes, b)).toContain(`${codigo} ${severidad}`);
    expect(lint(b).valid).toBe(severidad !== 'rechazo');
  });
});

describe('ítem 7: cada clase de falta con su severidad', () => {
  it('RDA82 y RDA84 (rechazo) solo reciben cardinalidades: ningún hecho con ese código fija valores, listas ni 0..0', () => {
    const mal = TIPOS_RDA.flatMap((t) => hechosDe(t))
      .filter((h) => h.codigo === 'RDA82' || h.codigo === 'RDA84')
      .filter((h) => h.patron !== undefined || h.unoDe || h.lista || h.max === 0 || h.cuenta?.max === 0)
      .map((h) => `${h.perfil} ${h.que}`);
    expect(mal).toEqual([]);
    expect(regla('RDA82').severidad).toBe('rechazo');
    expect(regla('RDA84').severidad).toBe('rechazo');
    for (const c of ['RDA80', 'RDA81', 'RDA83']) expect(regla(c).severidad).toBe('aviso-conformidad');
  });

  it('cada regla que registra lo visto en la plataforma lo dice en español', () => {
    const vistos = REGISTRO_RDA.filter((r) => r.visto);
    expect(vistos.map((r) => r.codigo)).toEqual(
      expect.arrayContaining(['RDA07', 'RDA29', 'RDA34', 'RDA36', 'RDA84']),
    );
    for (const r of vistos) expect(r.visto).toMatch(/plataforma|Sandbox IHCE/);
  });
});

describe('ítem 7: un hallazgo por hecho', () => {
  it('sin la calificación RETHUS: un RDA84, no otro por el título RETHUS que cuelga de ella', () => {
    const antes = construir('urgencias');
    const b = structuredClone(antes);
    delete recurso(b, 'Practitioner').qualification;
    const r = lint(b);
    expect(r.errores.map((e) => `${e.codigo} ${e.ubicacion.ruta}`)).toEqual([
      'RDA84 Bundle.entry[2].resource.qualification',
    ]);
  });
});

describe('ítem 7: lo que la plataforma aceptó sigue sin bloquear', () => {
  it('ExtensionBiologicalGender en _gender, etnia 2 sin ceros, ExtensionDiagnosisType como valueCoding: sin hallazgos', () => {
    const b = construir('urgencias');
    const p = recurso(b, 'Patient');
    expect(p._gender.extension[0].url).toBe(sd('ExtensionBiologicalGender'));
    p.extension.find((x: R) => x.url === sd('ExtensionPatientEthnicity')).valueCoding = {
      system: cs('ColombianEthnicGroup'),
      code: '2',
      display: 'ROM (Gitano)',
    };
    expect(recurso(b, 'Encounter').diagnosis[0].extension[0].valueCoding).toBeDefined();
    expect(lint(b).errores).toEqual([]);
  });

  it('estado de verificación de una alergia del sistema condition-ver-status: a lo sumo un aviso', () => {
    for (const tipo of ['paciente', 'consulta-externa'] as const) {
      const b = construir(tipo);
      const a = recurso(b, 'AllergyIntolerance');
      a.verificationStatus = {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status',
            code: tipo === 'paciente' ? 'unconfirmed' : 'confirmed',
            display: tipo === 'paciente' ? 'Unconfirmed' : 'Confirmed',
          },
        ],
      };
      const r = lint(b);
      expect(r.valid).toBe(true);
      expect(r.errores.every((e) => e.severidad === 'aviso-conformidad')).toBe(true);
    }
  });

  it('periodo del evento posterior a la fecha de la Composition: sin hallazgos', () => {
    for (const tipo of ['paciente', 'consulta-externa'] as const) {
      const b = construir(tipo);
      const c = comp(b);
      expect(c.event[0].period.end).toBeDefined();
      c.date = '2026-11-01T08:00:00-05:00';
      expect(Date.parse(c.event[0].period.start)).toBeGreaterThan(Date.parse(c.date));
      expect(lint(b).errores).toEqual([]);
    }
  });
});

describe('ítem 8: referencias que la plataforma no resuelve (BUNDLE-005)', () => {
  it('consulta con «#Encounter-0» y sin fullUrl → RDA07 rechazo en Composition.encounter, explicado', () => {
    const b = bundlePostman('consulta-externa', AHORA_RDA, 48, { profesionalCompleto: true });
    expect(comp(b).encounter.reference).toBe('#Encounter-0');
    const r = lint(b);
    expect(r.valid).toBe(false);
    const e = r.errores.find((x) => x.codigo === 'RDA07' && x.ubicacion.ruta?.includes('.encounter.'))!;
    expect(e).toMatchObject({
      severidad: 'rechazo',
      ubicacion: expect.objectContaining({ ruta: 'Bundle.entry[0].resource.encounter.reference' }),
    });
    expect(e.explicacion).toMatch(/fullUrl/);
    expect(e.explicacion).toMatch(/BUNDLE-005/);
    expect(e.explicacion).toMatch(/Encounter-0/);
    expect(e.comoCorregir).toMatch(/urn:uuid/);
    // One finding per entry that cannot be reached, not one per reference to it.
    expect(
      r.errores.filter((x) => x.codigo === 'RDA07' && x.explicacion.includes('Encounter-0')),
    ).toHaveLength(1);
    expect(regla('RDA07').visto).toMatch(/BUNDLE-005/);
  });

  it('el mismo documento con fullUrl urn:uuid y referencias a él: sin RDA07 ni rechazo', () => {
    for (const tipo of TIPOS_RDA) {
      const b = bundlePostman(tipo, AHORA_RDA, 48, { conFullUrl: true, profesionalCompleto: true });
      expect(rechazos(b)).toEqual([]);
    }
  });

  it('«Tipo/id» hacia una entrada con fullUrl urn:uuid → RDA07; hacia un fullUrl RESTful que termina en Tipo/id → se resuelve', () => {
    const antes = construir('consulta-externa');
    const b = structuredClone(antes);
    const p = recurso(b, 'Patient');
    comp(b).subject = { reference: `Patient/${p.id}` };
    expect(nuevos(antes, b)).toEqual(['RDA07 rechazo']);
    const c = structuredClone(b);
    const e = c.entry.find((x: R) => x.resource.resourceType === 'Patient');
    const viejo = e.fullUrl;
    e.fullUrl = `https://ips.example.org/fhir/Patient/${p.id}`;
    const texto = JSON.stringify(c).replaceAll(`"${viejo}"`, `"${e.fullUrl}"`);
    expect(lint(JSON.parse(texto)).errores).toEqual([]);
  });

  it('Observation sin perfil que ninguna sección referencia → RDA29 rechazo', () => {
    const antes = construir('urgencias');
    const b = structuredClone(antes);
    const paciente = b.entry.find((e: R) => e.resource.resourceType === 'Patient').fullUrl;
    b.entry.push({
      fullUrl: 'urn:uuid:5b6c7d8e-0000-4000-8000-000000000001',
      resource: {
        resourceType: 'Observation',
        id: 'Observation-9',
        status: 'final',
        code: { text: 'Peso' },
        subject: { reference: paciente },
      },
    });
    expect(nuevos(antes, b)).toContain('RDA29 rechazo');
    const e = lint(b).errores.find((x) => x.codigo === 'RDA29')!;
    expect(e.ubicacion.ruta).toBe(`Bundle.entry[${b.entry.length - 1}].resource`);
    expect(e.explicacion).toMatch(/BUNDLE-005/);
    expect(e.explicacion).toMatch(/Observation-9/);
    // With its profile it is no longer BUNDLE-005 (at most avisos).
    const conPerfil = structuredClone(b);
    conPerfil.entry.at(-1).resource.meta = { profile: [sd('PatientOccupationAtEncounterRDA')] };
    expect(rechazos(conPerfil)).toEqual([]);
    // Referenced from its section, an undeclared profile is an aviso (RDA10), not BUNDLE-005.
    const enSeccion = structuredClone(b);
    delete enSeccion.entry.at(-1).resource.code;
    Object.assign(enSeccion.entry.at(-1).resource, {
      code: {
        coding: [{ system: 'http://snomed.info/sct', code: '225390008', display: 'triaje' }],
        text: 'Triage',
      },
    });
    const triaje = comp(enSeccion).section.find((s: R) => s.code.coding[0].code === '54094-8');
    triaje.entry.push({ reference: enSeccion.entry.at(-1).fullUrl });
    expect(rechazos(enSeccion)).not.toContain('RDA29');
  });

  it('lo que construye el constructor: cada entrada con fullUrl urn:uuid, sin RDA07 ni RDA29', () => {
    for (const tipo of TIPOS_RDA)
      for (const v of ['rico', 'minimo'] as const) {
        const b = construirBundle(tipo, datosRda(tipo, v), { ahora: AHORA_RDA }) as R;
        expect(b.entry.every((e: R) => /^urn:uuid:/.test(e.fullUrl))).toBe(true);
        const r = lint(b);
        expect(r.valid).toBe(true);
        expect(r.errores).toEqual([]);
      }
  });
});
