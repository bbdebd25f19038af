import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { construirBundle } from '../construccion/construir.js';
import { tipoDelBundle } from '../perfiles.js';
import { TIPOS_RDA, type TipoRda } from '../tipos.js';
import { lintearBundle } from './lintear.js';
import { REGISTRO_RDA } from './registro.js';

type R = Record<string, any>;
const construir = (tipo: TipoRda, v: 'rico' | 'minimo' = 'rico'): R =>
  construirBundle(tipo, datosRda(tipo, v), { ahora: AHORA_RDA }) as R;
const recurso = (b: R, tipo: string): R => b.entry.find((e: R) => e.resource.resourceType === tipo).resource;
const sinEntrada = (b: R, tipo: string) => {
  b.entry = b.entry.filter((e: R) => e.resource.resourceType !== tipo);
};
const sinExtension = (r: R, nombre: string) => {
  r.extension = r.extension.filter((x: R) => !x.url.endsWith(`/${nombre}`));
};
const seccion = (b: R, loinc: string): R =>
  b.entry[0].resource.section.find((s: R) => s.code.coding[0].code === loinc);
const codigos = (b: unknown, tipo?: TipoRda) =>
  lintearBundle(b, { ahora: AHORA_RDA, ...(tipo ? { tipo } : {}) }).errores.map((e) => e.codigo);

describe('lintearBundle: lo que construye el constructor pasa sin hallazgos', () => {
  for (const tipo of TIPOS_RDA) {
    for (const v of ['rico', 'minimo'] as const) {
      it(`${tipo} (${v})`, () => {
        const r = lintearBundle(construir(tipo, v), { ahora: AHORA_RDA });
        expect(r.errores).toEqual([]);
        expect(r.valid).toBe(true);
        // Without the type hint the linter finds the type from the profile.
        expect(lintearBundle(construir(tipo, v), { ahora: AHORA_RDA, tipo }).errores).toEqual([]);
      });
    }
  }
});

/** Each required element removed in turn → the expected code (and that code only, with its severity). */
const COMUNES: [string, string, (b: R) => void][] = [
  [
    'tipo de Bundle',
    'RDA02',
    (b) => {
      b.type = 'collection';
    },
  ],
  [
    'timestamp',
    'RDA03',
    (b) => {
      delete b.timestamp;
    },
  ],
  [
    'fullUrl',
    'RDA05',
    (b) => {
      delete b.entry[1].fullUrl;
    },
  ],
  [
    'estado de la Composition',
    'RDA13',
    (b) => {
      b.entry[0].resource.status = 'preliminary';
    },
  ],
  [
    'título',
    'RDA17',
    (b) => {
      delete b.entry[0].resource.title;
    },
  ],
  [
    'fecha de la Composition',
    'RDA17',
    (b) => {
      delete b.entry[0].resource.date;
    },
  ],
  [
    'confidencialidad',
    'RDA19',
    (b) => {
      delete b.entry[0].resource.confidentiality;
    },
  ],
  [
    'código de sección',
    'RDA21',
    (b) => {
      b.entry[0].resource.section[0].code.coding[0].code = '99999-9';
    },
  ],
  [
    'título de sección',
    'RDA22',
    (b) => {
      b.entry[0].resource.section[0].title = 'Otro';
    },
  ],
  [
    'identificador nacional del paciente',
    'RDA30',
    (b) => {
      recurso(b, 'Patient').identifier = [];
    },
  ],
  [
    'tipo de documento del paciente',
    'RDA31',
    (b) => {
      recurso(b, 'Patient').identifier[0].type.coding[1].code = 'ZZ';
    },
  ],
  [
    'nombre del paciente',
    'RDA32',
    (b) => {
      delete recurso(b, 'Patient').name;
    },
  ],
  [
    'fecha de nacimiento',
    'RDA33',
    (b) => {
      delete recurso(b, 'Patient').birthDate;
    },
  ],
  [
    'sexo biológico',
    'RDA34',
    (b) => {
      sinExtension(recurso(b, 'Patient'), 'ExtensionBiologicalGender');
    },
  ],
  [
    'nacionalidad',
    'RDA35',
    (b) => {
      sinExtension(recurso(b, 'Patient'), 'ExtensionPatientNationality');
    },
  ],
  [
    'etnia',
    'RDA36',
    (b) => {
      sinExtension(recurso(b, 'Patient'), 'ExtensionPatientEthnicity');
    },
  ],
  [
    'discapacidad',
    'RDA37',
    (b) => {
      sinExtension(recurso(b, 'Patient'), 'ExtensionPatientDisability');
    },
  ],
  [
    'zona de residencia',
    'RDA38',
    (b) => {
      recurso(b, 'Patient').address[0].extension = [];
    },
  ],
  [
    'primer apellido separado',
    'RDA40',
    (b) => {
      delete recurso(b, 'Patient').name[0]._family;
    },
  ],
  [
    'active',
    'RDA41',
    (b) => {
      delete recurso(b, 'Practitioner').active;
    },
  ],
  [
    'identificador del profesional',
    'RDA45',
    (b) => {
      recurso(b, 'Practitioner').identifier[0].system = 'x';
    },
  ],
  [
    'nombre del profesional',
    'RDA46',
    (b) => {
      recurso(b, 'Practitioner').name = [];
    },
  ],
  [
    'RETHUS',
    'RDA47',
    (b) => {
      delete recurso(b, 'Practitioner').qualification;
    },
  ],
  [
    'NIT del prestador',
    'RDA50',
    (b) => {
      recurso(b, 'Organization').identifier.shift();
    },
  ],
  [
    'nombre del prestador',
    'RDA51',
    (b) => {
      delete recurso(b, 'Organization').name;
    },
  ],
];

const EPISODIO: [string, string, (b: R) => void][] = [
  [
    'encuentro',
    'RDA08',
    (b) => {
      sinEntrada(b, 'Encounter');
    },
  ],
  [
    'epicrisis',
    'RDA08',
    (b) => {
      sinEntrada(b, 'DocumentReference');
    },
  ],
  [
    'evento',
    'RDA20',
    (b) => {
      delete b.entry[0].resource.event;
    },
  ],
  [
    'diagnósticos en su sección',
    'RDA25',
    (b) => {
      const s = seccion(b, '11450-4');
      s.entry = undefined;
      s.emptyReason = {
        coding: [{ system: 'http://terminology.hl7.org/CodeSystem/list-empty-reason', code: 'nilknown' }],
      };
    },
  ],
  [
    'clase del encuentro',
    'RDA55',
    (b) => {
      recurso(b, 'Encounter').class.code = 'HH';
    },
  ],
  [
    'fin de la atención',
    'RDA56',
    (b) => {
      delete recurso(b, 'Encounter').period.end;
    },
  ],
  [
    'fin en el futuro',
    'RDA57',
    (b) => {
      recurso(b, 'Encounter').period.end = '2027-01-01T00:00:00Z';
    },
  ],
  [
    'atención de hace más de un año',
    'RDA58',
    (b) => {
      recurso(b, 'Encounter').period.start = '2025-01-01T08:00:00-05:00';
    },
  ],
  [
    'servicio REPS',
    'RDA59',
    (b) => {
      recurso(b, 'Encounter').type.splice(2, 1);
    },
  ],
  [
    'profesional que atiende',
    'RDA61',
    (b) => {
      delete recurso(b, 'Encounter').participant;
    },
  ],
  [
    'causa externa',
    'RDA62',
    (b) => {
      delete recurso(b, 'Encounter').reasonCode;
    },
  ],
  [
    'tipo de diagnóstico principal',
    'RDA63',
    (b) => {
      delete recurso(b, 'Encounter').diagnosis[0].extension;
    },
  ],
  [
    'CIE-10',
    'RDA70',
    (b) => {
      recurso(b, 'Condition').code.coding = [];
    },
  ],
  [
    'estado del diagnóstico',
    'RDA71',
    (b) => {
      delete recurso(b, 'Condition').clinicalStatus;
    },
  ],
  [
    'PDF de la epicrisis',
    'RDA75',
    (b) => {
      delete recurso(b, 'DocumentReference').content[0].attachment.data;
    },
  ],
  [
    'tipo de alergia',
    'RDA76',
    (b) => {
      recurso(b, 'AllergyIntolerance').code.coding[0].code = '99';
    },
  ],
  [
    'CUPS del procedimiento',
    'RDA78',
    (b) => {
      recurso(b, 'Procedure').code.coding = [];
    },
  ],
  [
    'medicamento',
    'RDA79',
    (b) => {
      recurso(b, 'MedicationRequest').medicationCodeableConcept = {};
    },
  ],
];

const POR_TIPO: Record<TipoRda, [string, string, (b: R) => void][]> = {
  paciente: [
    [
      'parentesco',
      'RDA77',
      (b) => {
        delete recurso(b, 'FamilyMemberHistory').relationship;
      },
    ],
    [
      'estado del diagnóstico declarado',
      'RDA71',
      (b) => {
        recurso(b, 'Condition').verificationStatus.coding[0].code = 'confirmed';
      },
    ],
    [
      'paciente de la alergia',
      'RDA72',
      (b) => {
        recurso(b, 'AllergyIntolerance').patient.reference = b.entry[2].fullUrl;
      },
    ],
  ],
  'consulta-externa': [
    [
      'CUPS de la consulta',
      'RDA60',
      (b) => {
        delete recurso(b, 'Encounter').serviceType;
      },
    ],
  ],
  hospitalizacion: [
    [
      'prestador',
      'RDA08',
      (b) => {
        sinEntrada(b, 'Organization');
        b.entry[0].resource.custodian = undefined;
        delete recurso(b, 'Encounter').serviceProvider;
      },
    ],
    [
      'vía de ingreso',
      'RDA64',
      (b) => {
        delete recurso(b, 'Encounter').hospitalization.admitSource;
      },
    ],
  ],
  urgencias: [
    [
      'clase de triage',
      'RDA65',
      (b) => {
        recurso(b, 'Observation').valueCodeableConcept.coding[0].code = '9';
      },
    ],
    [
      'condición al egreso',
      'RDA64',
      (b) => {
        delete recurso(b, 'Encounter').hospitalization.dischargeDisposition;
      },
    ],
    [
      'profesional que da el egreso',
      'RDA61',
      (b) => {
        recurso(b, 'Encounter').participant.pop();
      },
    ],
  ],
};

/** What else a removal necessarily breaks (a missing fullUrl leaves its referrers pointing nowhere…). */
const CONSECUENCIAS: Record<string, string[]> = {
  RDA05: ['RDA14', 'RDA72'],
  RDA21: ['RDA24'],
  RDA08: ['RDA15', 'RDA25', 'RDA61', 'RDA72'],
};

describe('lintearBundle: cada elemento obligatorio quitado da su código', () => {
  const severidad = new Map(REGISTRO_RDA.map((r) => [r.codigo, r.severidad]));
  for (const tipo of TIPOS_RDA) {
    const casos = [...COMUNES, ...(tipo === 'paciente' ? [] : EPISODIO), ...POR_TIPO[tipo]];
    for (const [que, codigo, mutar] of casos) {
      it(`${tipo}: ${que} → ${codigo}`, () => {
        const b = construir(tipo);
        mutar(b);
        const r = lintearBundle(b, { ahora: AHORA_RDA });
        // Removing one element may also break what points at it (RDA07/RDA18), never anything unrelated.
        const admitidos = new Set([codigo, 'RDA07', 'RDA18', ...(CONSECUENCIAS[codigo] ?? [])]);
        const otros = r.errores.map((e) => e.codigo).filter((c) => !admitidos.has(c));
        expect(r.errores.map((e) => e.codigo)).toContain(codigo);
        expect(otros).toEqual([]);
        expect(r.valid).toBe(severidad.get(codigo) !== 'rechazo');
        const e = r.errores.find((x) => x.codigo === codigo)!;
        expect(e.fuente).toBe('linter-rda');
        expect(e.ubicacion.ruta).toMatch(/^Bundle/);
        expect(e.ubicacion.campoNombre!.length).toBeGreaterThan(4);
        expect(e.comoCorregir.length).toBeGreaterThan(10);
      });
    }
  }
});

describe('lintearBundle: estructura', () => {
  it('algo que no es un Bundle → RDA01 (rechazo)', () => {
    for (const x of [null, 'texto', [], { resourceType: 'Patient' }]) {
      const r = lintearBundle(x);
      expect(r.valid).toBe(false);
      expect(r.errores.map((e) => e.codigo)).toEqual(['RDA01']);
      expect(r.errores[0]!.titulo).toMatch(/Bundle/);
    }
  });

  it('sin Composition → RDA06 rechazo; el tipo no se puede deducir → RDA12', () => {
    const b = construir('consulta-externa');
    b.entry.shift();
    delete b.meta;
    const c = codigos(b);
    expect(c).toContain('RDA06');
    expect(lintearBundle(b).valid).toBe(false);
  });

  it('Composition de otro tipo que el pedido → RDA12', () => {
    expect(codigos(construir('urgencias'), 'consulta-externa')).toContain('RDA12');
  });

  it('referencia sin destino → RDA07; la externa Organization/MinSalud se admite', () => {
    const b = construir('consulta-externa');
    recurso(b, 'Condition').subject.reference = 'urn:uuid:00000000-0000-0000-0000-000000000000';
    const r = lintearBundle(b, { ahora: AHORA_RDA });
    const e = r.errores.find((x) => x.codigo === 'RDA07')!;
    expect(e.ubicacion.ruta).toMatch(/^Bundle\.entry\[\d+\]\.resource\.subject\.reference$/);
    expect(r.errores.filter((x) => x.codigo === 'RDA07')).toHaveLength(1);
  });

  it('convención «#id» del Manual → RDA27 (aviso); «#id» sin destino → RDA07; prestador externo por código', () => {
    const b = construir('consulta-externa');
    const cond = recurso(b, 'Condition');
    cond.subject.reference = '#CC-1020304050';
    const r = lintearBundle(b, { ahora: AHORA_RDA });
    expect(r.errores.map((e) => e.codigo)).toEqual(['RDA27']);
    expect(r.valid).toBe(true);
    cond.subject.reference = '#CC-999';
    expect(codigos(b)).toEqual(['RDA07', 'RDA72']);
    const c = construir('consulta-externa');
    c.entry[0].resource.custodian.reference = '#110010000101';
    recurso(c, 'Encounter').serviceProvider.reference = '#110010000101';
    c.entry = c.entry.filter((e: R) => e.resource.resourceType !== 'Organization');
    expect(codigos(c)).toEqual(['RDA27', 'RDA27', 'RDA18']);
  });

  it('recurso no previsto → RDA09; fullUrl repetido → RDA05; perfil no declarado → RDA10', () => {
    const b = construir('paciente');
    b.entry.push({ fullUrl: 'urn:uuid:1', resource: { resourceType: 'Encounter' } });
    expect(codigos(b)).toContain('RDA09');
    const c = construir('paciente');
    c.entry[2].fullUrl = c.entry[1].fullUrl;
    expect(codigos(c)).toContain('RDA05');
    const d = construir('paciente');
    delete recurso(d, 'Patient').meta;
    expect(codigos(d)).toEqual(['RDA10']);
  });

  it('rebanadas por perfil: un pagador (EAPB) y una ocupación son admitidos; dos pacientes → RDA11', () => {
    const b = construir('consulta-externa');
    const base = 'https://fhir.minsalud.gov.co/rda/StructureDefinition/';
    b.entry.push(
      {
        fullUrl: 'urn:uuid:9f1f0e2c-0000-4000-8000-000000000001',
        resource: {
          resourceType: 'Organization',
          meta: { profile: [`${base}HealthBenefitPlanAdminOrganizationRDA`] },
          name: 'EPS',
        },
      },
      {
        fullUrl: 'urn:uuid:9f1f0e2c-0000-4000-8000-000000000002',
        resource: {
          resourceType: 'Observation',
          meta: { profile: [`${base}PatientOccupationAtEncounterRDA`] },
          subject: { reference: b.entry[1].fullUrl },
        },
      },
    );
    expect(codigos(b)).toEqual([]);
    const c = construir('paciente');
    c.entry.push({ ...c.entry[1], fullUrl: 'urn:uuid:9f1f0e2c-0000-4000-8000-000000000003' });
    expect(codigos(c)).toEqual(['RDA11']);
  });

  it('inicio posterior al fin → RDA57 (rechazo)', () => {
    const b = construir('urgencias');
    recurso(b, 'Encounter').period.start = '2026-11-18T23:00:00-05:00';
    const r = lintearBundle(b, { ahora: AHORA_RDA });
    expect(r.errores.map((e) => e.codigo)).toEqual(['RDA57']);
    expect(r.valid).toBe(false);
  });

  it('docs/rda-documentos.md lista cada código con su severidad', () => {
    const doc = readFileSync(new URL('../../../docs/rda-documentos.md', import.meta.url), 'utf8');
    for (const r of REGISTRO_RDA) expect(doc).toContain(`| ${r.codigo} | ${r.severidad} |`);
  });

  it('el registro tiene códigos únicos, textos en español y severidades conocidas', () => {
    for (const r of REGISTRO_RDA) {
      expect(r.codigo).toMatch(/^RDA\d{2}$/);
      expect(['rechazo', 'aviso-conformidad']).toContain(r.severidad);
      for (const t of [r.campo, r.titulo, r.explicacion, r.comoCorregir]) expect(t.length).toBeGreaterThan(5);
    }
  });
});

describe('tipoDelBundle', () => {
  it('deduce el tipo del perfil del Bundle o, sin él, del LOINC de la Composition', () => {
    for (const tipo of TIPOS_RDA) {
      const b = construir(tipo, 'minimo');
      expect(tipoDelBundle(b)).toBe(tipo);
      delete b.meta;
      expect(tipoDelBundle(b)).toBe(tipo);
      b.entry[0].resource.type.coding[0].code = '00000-0';
      expect(tipoDelBundle(b)).toBeUndefined();
    }
    expect(tipoDelBundle('x')).toBeUndefined();
  });
});
