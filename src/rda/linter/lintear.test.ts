import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { bundlePostman } from '../../../test/fixtures/rda-postman.js';
import { construirBundle } from '../construccion/construir.js';
import { DOCUMENTOS_GUIA } from '../guia/documentos.js';
import { type Hecho, hechosDe } from '../guia/hechos.js';
import { LISTAS_GUIA } from '../guia/listas.js';
import { coincide, seleccionar } from '../guia/patron.js';
import { PERFILES, tipoDelBundle } from '../perfiles.js';
import { TIPOS_RDA, type TipoRda } from '../tipos.js';
import { crearContexto } from './contexto.js';
import { lintearBundle } from './lintear.js';
import { REGISTRO_RDA } from './registro.js';
import { recursosDelBundle } from './reglas-guia.js';

type R = Record<string, any>;
type Severidad = 'rechazo' | 'aviso-conformidad';
const construir = (tipo: TipoRda, v: 'rico' | 'minimo' = 'rico'): R =>
  construirBundle(tipo, datosRda(tipo, v), { ahora: AHORA_RDA }) as R;
/**
 * A Postman-style body with what the IHCE platform was seen to require (issue 32): fullUrl
 * references and a complete Practitioner. The official body as is gets rechazos (see below).
 */
const postman = (tipo: TipoRda): R =>
  bundlePostman(tipo, AHORA_RDA, 48, { conFullUrl: true, profesionalCompleto: true });
const postmanOficial = (tipo: TipoRda): R => bundlePostman(tipo, AHORA_RDA);
/** Bases the mutations start from: the builder's rich bundle and a Postman-style body. */
const BASES: Record<'construido' | 'postman', (tipo: TipoRda) => R> = { construido: construir, postman };

const SEVERIDAD = new Map(REGISTRO_RDA.map((r) => [r.codigo, r.severidad]));
const lint = (b: unknown, tipo?: TipoRda) =>
  lintearBundle(b, { ahora: AHORA_RDA, ...(tipo ? { tipo } : {}) });
const codigos = (b: unknown, tipo?: TipoRda) => lint(b, tipo).errores.map((e) => e.codigo);
/** Codes the mutated bundle has beyond the base's (multiset difference). */
function nuevos(base: R, mutado: R): string[] {
  const resto = codigos(base);
  return codigos(mutado).filter((c) => {
    const i = resto.indexOf(c);
    if (i < 0) return true;
    resto.splice(i, 1);
    return false;
  });
}

const recurso = (b: R, tipo: string): R | undefined =>
  b.entry.find((e: R) => e.resource?.resourceType === tipo)?.resource;
const comp = (b: R): R => b.entry[0].resource;
const sinEntrada = (b: R, tipo: string) => {
  b.entry = b.entry.filter((e: R) => e.resource.resourceType !== tipo);
};
const seccion = (b: R, loinc: string): R | undefined =>
  comp(b).section.find((s: R) => s.code.coding[0].code === loinc);
const BASE = 'https://fhir.minsalud.gov.co/rda';
const sd = (n: string) => `${BASE}/StructureDefinition/${n}`;
const cs = (n: string) => `${BASE}/CodeSystem/${n}`;
const cc = (system: string, code: string, display?: string) => ({
  coding: [{ system, code, ...(display ? { display } : {}) }],
});
const NILKNOWN = cc('http://terminology.hl7.org/CodeSystem/list-empty-reason', 'nilknown', 'Nil Known');
/** The diagnosis of a rank in the Encounter. */
const diagnostico = (b: R, rank: number): R | undefined =>
  recurso(b, 'Encounter')?.diagnosis?.find((d: R) => d.rank === rank);
const tipoEncuentro = (b: R, lista: string): R | undefined =>
  recurso(b, 'Encounter')?.type?.find((t: R) => t.coding?.[0]?.system === cs(lista));
/** The IPS: the Organization that is not a payer. */
const ips = (b: R): R | undefined =>
  b.entry
    .map((e: R) => e.resource)
    .find(
      (r: R) =>
        r.resourceType === 'Organization' &&
        !r.meta?.profile?.includes(sd('HealthBenefitPlanAdminOrganizationRDA')),
    );
/** Replaces every reference string `de` by `a` (when an entry's fullUrl changes). */
function rehacerReferencias(v: unknown, de: string, a: string): void {
  if (Array.isArray(v)) for (const x of v) rehacerReferencias(x, de, a);
  else if (typeof v === 'object' && v !== null) {
    const o = v as R;
    for (const k of Object.keys(o)) {
      if (k === 'reference' && o[k] === de) o[k] = a;
      else rehacerReferencias(o[k], de, a);
    }
  }
}

/**
 * A hand mutation: what it breaks, the code and severity it must raise. `mutar` returns false when the
 * base has nothing to break (allowed only for the Postman base, which omits optional resources).
 */
type Mutacion = (b: R, tipo: TipoRda) => unknown;
type Caso = [que: string, codigo: string, severidad: Severidad, mutar: Mutacion];
const hay = (x: unknown) => x !== undefined && x !== null;

const COMUNES: Caso[] = [
  [
    'tipo de Bundle',
    'RDA02',
    'rechazo',
    (b) => {
      b.type = 'collection';
    },
  ],
  [
    'timestamp',
    'RDA03',
    'rechazo',
    (b) => {
      delete b.timestamp;
    },
  ],
  [
    'entrada sin recurso',
    'RDA05',
    'rechazo',
    (b) => {
      b.entry.push({ fullUrl: 'urn:uuid:9f1f0e2c-0000-4000-8000-0000000000aa' });
    },
  ],
  [
    'fullUrl repetido',
    'RDA05',
    'rechazo',
    (b) => {
      // Two entries that nobody references by fullUrl get the same one.
      const url = 'urn:uuid:9f1f0e2c-0000-4000-8000-0000000000bb';
      const i = b.entry.length - 1;
      rehacerReferencias(
        b,
        b.entry[i].fullUrl,
        `${b.entry[i].resource.resourceType}/${b.entry[i].resource.id}`,
      );
      rehacerReferencias(
        b,
        b.entry[i - 1].fullUrl,
        `${b.entry[i - 1].resource.resourceType}/${b.entry[i - 1].resource.id}`,
      );
      b.entry[i].fullUrl = url;
      b.entry[i - 1].fullUrl = url;
    },
  ],
  [
    // The platform resolves by fullUrl only (BUNDLE-005): issue 32, item 8.
    'entrada sin fullUrl, referida por Tipo/id',
    'RDA07',
    'rechazo',
    (b) => {
      const e = b.entry[1];
      rehacerReferencias(b, e.fullUrl, `${e.resource.resourceType}/${e.resource.id}`);
      delete e.fullUrl;
    },
  ],
  [
    'entrada sin fullUrl que nada referencia',
    'RDA28',
    'aviso-conformidad',
    (b) => {
      delete b.entry[0].fullUrl;
    },
  ],
  [
    'fullUrl relativo',
    'RDA28',
    'aviso-conformidad',
    (b) => {
      const e = b.entry[1];
      const url = `${e.resource.resourceType}/${e.resource.id}`;
      rehacerReferencias(b, e.fullUrl, url);
      e.fullUrl = url;
    },
  ],
  [
    'estado de la Composition',
    'RDA13',
    'aviso-conformidad',
    (b) => {
      comp(b).status = 'preliminary';
    },
  ],
  [
    'autor de un tipo que la guía no admite (el paciente)',
    'RDA16',
    'aviso-conformidad',
    (b) => {
      comp(b).author = [{ reference: comp(b).subject.reference }];
    },
  ],
  [
    'dos autores',
    'RDA82',
    'rechazo',
    (b) => {
      comp(b).author = [comp(b).author[0], { ...comp(b).author[0] }];
    },
  ],
  [
    'sin autor',
    'RDA17',
    'rechazo',
    (b) => {
      delete comp(b).author;
    },
  ],
  [
    'autor solo con display',
    'RDA17',
    'rechazo',
    (b) => {
      comp(b).author = [{ display: 'Dr. X' }];
    },
  ],
  [
    'autor que no se resuelve',
    'RDA07',
    'rechazo',
    (b) => {
      comp(b).author = [{ reference: 'urn:uuid:00000000-0000-4000-8000-000000000000' }];
    },
  ],
  [
    'título',
    'RDA17',
    'rechazo',
    (b) => {
      delete comp(b).title;
    },
  ],
  [
    'fecha de la Composition',
    'RDA17',
    'rechazo',
    (b) => {
      delete comp(b).date;
    },
  ],
  [
    'confidencialidad distinta de N',
    'RDA19',
    'aviso-conformidad',
    (b) => {
      comp(b).confidentiality = 'R';
    },
  ],
  [
    'attester sin mode legal',
    'RDA19',
    'aviso-conformidad',
    (b) => {
      if (!comp(b).attester) return false;
      comp(b).attester[0].mode = 'personal';
    },
  ],
  [
    'evento con modalidad desconocida y fechas al revés',
    'RDA20',
    'aviso-conformidad',
    (b, tipo) => {
      const grupo = DOCUMENTOS_GUIA[tipo].encuentro?.grupoServicio ?? '01';
      comp(b).event = [
        {
          code: [
            cc(cs('ColombianTechModality'), '99'),
            cc(cs('GrupoServicios'), grupo, LISTAS_GUIA.GrupoServicios.find(([c]) => c === grupo)![1]),
          ],
          period: { start: '2026-11-18T08:00:00-05:00', end: '2026-11-17T08:00:00-05:00' },
        },
      ];
    },
  ],
  [
    'código de sección',
    'RDA21',
    'rechazo',
    (b) => {
      comp(b).section[0].code.coding[0].code = '99999-9';
    },
  ],
  [
    'título de sección',
    'RDA80',
    'aviso-conformidad',
    (b) => {
      comp(b).section[0].title = 'Otro';
    },
  ],
  [
    'display del código de sección',
    'RDA80',
    'aviso-conformidad',
    (b) => {
      comp(b).section[0].code.coding[0].display = 'Otro';
    },
  ],
  [
    'sección de medicamentos vacía sin emptyReason',
    'RDA23',
    'aviso-conformidad',
    (b) => {
      const s = seccion(b, '10160-0')!;
      delete s.entry;
      delete s.emptyReason;
    },
  ],
  [
    'sección con entradas y emptyReason',
    'RDA23',
    'aviso-conformidad',
    (b) => {
      const s = comp(b).section.find((x: R) => x.entry?.length);
      s.emptyReason = NILKNOWN;
    },
  ],
  [
    'emptyReason sin el display «Nil Known»',
    'RDA80',
    'aviso-conformidad',
    (b) => {
      const s = seccion(b, '10160-0')!;
      delete s.entry;
      s.emptyReason = cc('http://terminology.hl7.org/CodeSystem/list-empty-reason', 'nilknown');
    },
  ],
  [
    'identificador nacional del paciente',
    'RDA30',
    'rechazo',
    (b) => {
      recurso(b, 'Patient')!.identifier = [];
    },
  ],
  [
    'tipo de documento del paciente',
    'RDA31',
    'rechazo',
    (b) => {
      recurso(b, 'Patient')!.identifier[0].type.coding[1].code = 'NV';
    },
  ],
  [
    'código PN del documento',
    'RDA80',
    'aviso-conformidad',
    (b) => {
      recurso(b, 'Patient')!.identifier[0].type.coding[0].display = 'Otro';
    },
  ],
  [
    'nombre del paciente',
    'RDA32',
    'rechazo',
    (b) => {
      delete recurso(b, 'Patient')!.name;
    },
  ],
  [
    'fecha de nacimiento',
    'RDA33',
    'rechazo',
    (b) => {
      delete recurso(b, 'Patient')!.birthDate;
    },
  ],
  [
    'sexo biológico ausente',
    'RDA34',
    'rechazo',
    (b) => {
      const p = recurso(b, 'Patient')!;
      delete p._gender;
      p.extension = p.extension.filter((x: R) => x.url !== sd('ExtensionBiologicalGender'));
    },
  ],
  [
    'sexo biológico con un código que no es de la guía',
    'RDA34',
    'rechazo',
    (b) => {
      recurso(b, 'Patient')!._gender.extension[0].valueCoding.code = '2';
    },
  ],
  [
    'gender fuera de FHIR',
    'RDA34',
    'rechazo',
    (b) => {
      recurso(b, 'Patient')!.gender = 'mujer';
    },
  ],
  [
    'sexo biológico en Patient.extension y no en gender',
    'RDA84',
    'rechazo',
    (b) => {
      const p = recurso(b, 'Patient')!;
      p.extension.push(...p._gender.extension);
      delete p._gender;
    },
  ],
  [
    'nacionalidad',
    'RDA35',
    'rechazo',
    (b) => {
      const p = recurso(b, 'Patient')!;
      p.extension = p.extension.filter((x: R) => x.url !== sd('ExtensionPatientNationality'));
    },
  ],
  [
    'etnia ausente',
    'RDA36',
    'rechazo',
    (b) => {
      const p = recurso(b, 'Patient')!;
      p.extension = p.extension.filter((x: R) => x.url !== sd('ExtensionPatientEthnicity'));
    },
  ],
  [
    'etnia repetida',
    'RDA36',
    'rechazo',
    (b) => {
      const p = recurso(b, 'Patient')!;
      p.extension.push(p.extension.find((x: R) => x.url === sd('ExtensionPatientEthnicity')));
    },
  ],
  [
    'etnia con el código anterior 01',
    'RDA83',
    'aviso-conformidad',
    (b) => {
      const p = recurso(b, 'Patient')!;
      p.extension.find((x: R) => x.url === sd('ExtensionPatientEthnicity')).valueCoding.code = '01';
    },
  ],
  [
    'discapacidad',
    'RDA37',
    'rechazo',
    (b) => {
      const p = recurso(b, 'Patient')!;
      p.extension = p.extension.filter((x: R) => x.url !== sd('ExtensionPatientDisability'));
    },
  ],
  [
    'zona de residencia',
    'RDA84',
    'rechazo',
    (b) => {
      recurso(b, 'Patient')!.address[0].extension = [];
    },
  ],
  [
    'dos identidades de género',
    'RDA39',
    'rechazo',
    (b) => {
      const x = {
        url: sd('ExtensionPatientGenderIdentity'),
        valueCoding: { system: cs('ColombianGenderIdentity'), code: '05', display: 'No lo declara' },
      };
      const p = recurso(b, 'Patient')!;
      p.extension = [...p.extension.filter((e: R) => e.url !== x.url), x, x];
    },
  ],
  [
    'primer apellido separado del profesional',
    'RDA40',
    'rechazo',
    (b) => {
      const n = recurso(b, 'Practitioner')!.name[0];
      if (!n._family) return false;
      delete n._family;
    },
  ],
  [
    'active del profesional',
    'RDA41',
    'rechazo',
    (b) => {
      const p = recurso(b, 'Practitioner')!;
      if (!hay(p.active)) return false;
      delete p.active;
    },
  ],
  [
    'identificador del profesional',
    'RDA45',
    'rechazo',
    (b) => {
      recurso(b, 'Practitioner')!.identifier[0].system = 'x';
    },
  ],
  [
    'nombre del profesional',
    'RDA46',
    'rechazo',
    (b) => {
      recurso(b, 'Practitioner')!.name = [];
    },
  ],
  [
    'número RETHUS',
    'RDA47',
    'aviso-conformidad',
    (b) => {
      const q = recurso(b, 'Practitioner')!.qualification;
      if (!q) return false;
      delete q[0].identifier[0].value;
    },
  ],
  [
    'código RETHUS mal formado',
    'RDA47',
    'aviso-conformidad',
    (b) => {
      const q = recurso(b, 'Practitioner')!.qualification;
      if (!q) return false;
      q[0].code.coding[0].code = 'P 07 !';
    },
  ],
  [
    'calificación RETHUS ausente',
    'RDA84',
    'rechazo',
    (b) => {
      const p = recurso(b, 'Practitioner')!;
      if (!p.qualification) return false;
      delete p.qualification;
    },
  ],
  [
    'use del identificador RETHUS',
    'RDA80',
    'aviso-conformidad',
    (b) => {
      const q = recurso(b, 'Practitioner')!.qualification;
      if (!q) return false;
      delete q[0].identifier[0].use;
    },
  ],
  [
    'NIT mal formado',
    'RDA50',
    'aviso-conformidad',
    (b) => {
      const o = ips(b);
      if (!o) return false;
      o.identifier.find((x: R) => x.system.endsWith('/DIAN')).value = '900.123.456-7';
    },
  ],
  [
    'NIT ausente',
    'RDA84',
    'rechazo',
    (b) => {
      const o = ips(b);
      if (!o) return false;
      o.identifier = o.identifier.filter((x: R) => !x.system.endsWith('/DIAN'));
    },
  ],
  [
    'nombre del prestador',
    'RDA51',
    'rechazo',
    (b) => {
      const o = ips(b);
      if (!o) return false;
      delete o.name;
    },
  ],
  [
    'tipo de alergia',
    'RDA83',
    'aviso-conformidad',
    (b) => {
      const a = recurso(b, 'AllergyIntolerance');
      if (!a) return false;
      a.code.coding[0].code = '99';
    },
  ],
];

const EPISODIO: Caso[] = [
  [
    'encuentro',
    'RDA08',
    'rechazo',
    (b) => {
      sinEntrada(b, 'Encounter');
    },
  ],
  [
    'epicrisis',
    'RDA08',
    'rechazo',
    (b) => {
      sinEntrada(b, 'DocumentReference');
    },
  ],
  [
    'evento con un grupo de servicios de otro tipo',
    'RDA20',
    'aviso-conformidad',
    (b) => {
      comp(b).event = [{ code: [cc(cs('GrupoServicios'), '02', 'Apoyo diagnóstico')] }];
    },
  ],
  [
    'notas aclaratorias presentes y vacías',
    'RDA84',
    'rechazo',
    (b) => {
      comp(b).section.splice(comp(b).section.length - 1, 0, {
        title: 'Notas aclaratorias',
        code: cc('http://loinc.org', '34109-9', 'Note'),
        emptyReason: NILKNOWN,
      });
    },
  ],
  [
    'clase del encuentro',
    'RDA80',
    'aviso-conformidad',
    (b) => {
      recurso(b, 'Encounter')!.class.code = 'HH';
    },
  ],
  [
    'display de la clase del encuentro',
    'RDA80',
    'aviso-conformidad',
    (b) => {
      recurso(b, 'Encounter')!.class.display = 'Ambulatorio';
    },
  ],
  [
    'fin de la atención',
    'RDA56',
    'rechazo',
    (b) => {
      delete recurso(b, 'Encounter')!.period.end;
    },
  ],
  [
    'fin en el futuro',
    'RDA57',
    'rechazo',
    (b) => {
      recurso(b, 'Encounter')!.period.end = '2027-01-01T00:00:00Z';
    },
  ],
  [
    'atención de hace más de un año',
    'RDA58',
    'aviso-conformidad',
    (b) => {
      recurso(b, 'Encounter')!.period.start = '2025-01-01T08:00:00-05:00';
    },
  ],
  [
    'entorno de la atención ausente',
    'RDA84',
    'rechazo',
    (b) => {
      const e = recurso(b, 'Encounter')!;
      e.type = e.type.filter((t: R) => t.coding[0].system !== cs('EntornoAtencion'));
    },
  ],
  [
    'participante que no es el profesional',
    'RDA61',
    'aviso-conformidad',
    (b) => {
      recurso(b, 'Encounter')!.participant[0].individual = { reference: comp(b).subject.reference };
    },
  ],
  [
    'sin participante',
    'RDA84',
    'rechazo',
    (b) => {
      delete recurso(b, 'Encounter')!.participant;
    },
  ],
  [
    'causa externa',
    'RDA62',
    'rechazo',
    (b) => {
      delete recurso(b, 'Encounter')!.reasonCode;
    },
  ],
  [
    'diagnóstico que no apunta a una Condition',
    'RDA67',
    'aviso-conformidad',
    (b) => {
      diagnostico(b, 1)!.condition = { reference: comp(b).subject.reference };
    },
  ],
  [
    'sin ExtensionDiagnosisType en el diagnóstico de rango 1',
    'RDA84',
    'rechazo',
    (b) => {
      delete diagnostico(b, 1)!.extension;
    },
  ],
  [
    'id de la rebanada del diagnóstico',
    'RDA81',
    'aviso-conformidad',
    (b) => {
      diagnostico(b, 1)!.id = 'Principal';
    },
  ],
  [
    'CIE-10 ausente',
    'RDA70',
    'rechazo',
    (b) => {
      recurso(b, 'Condition')!.code.coding = [];
    },
  ],
  [
    'CIE-10 mal formado',
    'RDA70',
    'rechazo',
    (b) => {
      recurso(b, 'Condition')!.code.coding[0].code = 'J45.0';
    },
  ],
  [
    'estado del diagnóstico',
    'RDA84',
    'rechazo',
    (b) => {
      delete recurso(b, 'Condition')!.clinicalStatus;
    },
  ],
  [
    'PDF de la epicrisis',
    'RDA75',
    'aviso-conformidad',
    (b) => {
      delete recurso(b, 'DocumentReference')!.content[0].attachment.data;
    },
  ],
  [
    'custodio de la epicrisis distinto de MinSalud',
    'RDA75',
    'aviso-conformidad',
    (b) => {
      const o = ips(b);
      if (!o) return false;
      const e = b.entry.find((x: R) => x.resource === o);
      recurso(b, 'DocumentReference')!.custodian = { reference: e.fullUrl ?? `#${o.id}` };
    },
  ],
  [
    'sin custodio de la epicrisis',
    'RDA84',
    'rechazo',
    (b) => {
      delete recurso(b, 'DocumentReference')!.custodian;
    },
  ],
  [
    'descripción de la epicrisis',
    'RDA80',
    'aviso-conformidad',
    (b) => {
      recurso(b, 'DocumentReference')!.description = 'Epicrisis';
    },
  ],
  [
    'CUPS del procedimiento mal formado',
    'RDA78',
    'aviso-conformidad',
    (b) => {
      const p = recurso(b, 'Procedure');
      if (!p) return false;
      p.code.coding[0].code = '8938';
    },
  ],
  [
    'procedimiento sin código CUPS',
    'RDA84',
    'rechazo',
    (b) => {
      const p = recurso(b, 'Procedure');
      if (!p) return false;
      p.code.coding = [];
    },
  ],
  [
    'medicamento formulado solo con texto',
    'RDA84',
    'rechazo',
    (b) => {
      const m = recurso(b, 'MedicationRequest');
      if (!m) return false;
      m.medicationCodeableConcept = { text: 'Salbutamol' };
    },
  ],
];

/** The principal diagnosis section emptied (allowed only in hospitalización). */
const problemasVacios = (b: R) => {
  const s = seccion(b, '11450-4')!;
  delete s.entry;
  s.emptyReason = NILKNOWN;
};
const POR_TIPO: Record<TipoRda, Caso[]> = {
  paciente: [
    [
      'parentesco',
      'RDA77',
      'rechazo',
      (b) => {
        const f = recurso(b, 'FamilyMemberHistory');
        if (!f) return false;
        delete f.relationship;
      },
    ],
    [
      'estado del diagnóstico declarado',
      'RDA80',
      'aviso-conformidad',
      (b) => {
        const c = recurso(b, 'Condition');
        if (!c) return false;
        c.verificationStatus.coding[0].code = 'confirmed';
      },
    ],
    [
      'antecedente sin código ni texto',
      'RDA70',
      'rechazo',
      (b) => {
        const c = recurso(b, 'Condition');
        if (!c) return false;
        c.code = { coding: [] };
      },
    ],
    [
      'paciente de la alergia',
      'RDA72',
      'aviso-conformidad',
      (b) => {
        const a = recurso(b, 'AllergyIntolerance');
        if (!a) return false;
        a.patient = { reference: comp(b).author[0].reference };
      },
    ],
    [
      'medicamento declarado con texto en blanco (ms-rda-0)',
      'RDA79',
      'aviso-conformidad',
      (b) => {
        const m = recurso(b, 'MedicationStatement');
        if (!m) return false;
        m.medicationCodeableConcept = { text: '   ' };
      },
    ],
    [
      'sin evento',
      'RDA84',
      'rechazo',
      (b) => {
        delete comp(b).event;
      },
    ],
    [
      'título fuera de pat-rda-0',
      'RDA80',
      'aviso-conformidad',
      (b) => {
        comp(b).title = 'RDA Paciente';
      },
    ],
  ],
  'consulta-externa': [
    [
      'CUPS de la consulta',
      'RDA60',
      'rechazo',
      (b) => {
        delete recurso(b, 'Encounter')!.serviceType;
      },
    ],
    [
      'servicio REPS de 2 dígitos',
      'RDA59',
      'aviso-conformidad',
      (b) => {
        const e = recurso(b, 'Encounter')!;
        e.type = e.type.filter((t: R) => t.coding[0].system !== cs('REPShealthcareServices'));
        e.type.push(cc(cs('REPShealthcareServices'), '12'));
      },
    ],
    [
      'participante DIS en consulta',
      'RDA81',
      'aviso-conformidad',
      (b) => {
        recurso(b, 'Encounter')!.participant[0].type[0].coding[0].code = 'DIS';
      },
    ],
    [
      'sin diagnóstico principal (rango 1)',
      'RDA63',
      'rechazo',
      (b) => {
        const e = recurso(b, 'Encounter')!;
        e.diagnosis = e.diagnosis.filter((d: R) => d.rank !== 1);
      },
    ],
    [
      'diagnósticos en su sección',
      'RDA25',
      'rechazo',
      (b) => {
        problemasVacios(b);
      },
    ],
  ],
  hospitalizacion: [
    [
      'prestador',
      'RDA08',
      'rechazo',
      (b) => {
        b.entry = b.entry.filter((e: R) => e.resource !== ips(b));
      },
    ],
    [
      'el profesional como autor',
      'RDA16',
      'aviso-conformidad',
      (b) => {
        comp(b).author = [recurso(b, 'Encounter')!.participant[0].individual];
      },
    ],
    [
      'servicio REPS en hospitalización',
      'RDA81',
      'aviso-conformidad',
      (b) => {
        recurso(b, 'Encounter')!.type.push(cc(cs('REPShealthcareServices'), '129'));
      },
    ],
  ],
  urgencias: [
    [
      'display del código del triage',
      'RDA80',
      'aviso-conformidad',
      (b) => {
        recurso(b, 'Observation')!.code.coding[0].display = 'Triage';
      },
    ],
    [
      'triage sin clase',
      'RDA65',
      'rechazo',
      (b) => {
        delete recurso(b, 'Observation')!.valueCodeableConcept;
      },
    ],
    [
      'triage con dos códigos',
      'RDA65',
      'rechazo',
      (b) => {
        recurso(b, 'Observation')!.code.coding.push({ system: 'http://loinc.org', code: '54094-8' });
      },
    ],
    [
      'texto del código del triage',
      'RDA80',
      'aviso-conformidad',
      (b) => {
        delete recurso(b, 'Observation')!.code.text;
      },
    ],
    [
      'clase de triage',
      'RDA83',
      'aviso-conformidad',
      (b) => {
        recurso(b, 'Observation')!.valueCodeableConcept.coding[0].code = '9';
      },
    ],
    [
      'entorno distinto de 05',
      'RDA80',
      'aviso-conformidad',
      (b) => {
        const t = tipoEncuentro(b, 'EntornoAtencion')!;
        t.coding[0].code = '01';
        t.coding[0].display = 'Hogar';
      },
    ],
    [
      'sin diagnóstico de egreso (rango 2)',
      'RDA63',
      'rechazo',
      (b) => {
        const e = recurso(b, 'Encounter')!;
        e.diagnosis = e.diagnosis.filter((d: R) => d.rank !== 2);
      },
    ],
    [
      'participante ATND en urgencias',
      'RDA81',
      'aviso-conformidad',
      (b) => {
        const p = recurso(b, 'Encounter')!.participant[0];
        p.id = 'AttenderPhysician';
        p.type[0].coding[0] = {
          system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
          code: 'ATND',
          display: 'attender',
        };
      },
    ],
    [
      'condición al egreso',
      'RDA83',
      'aviso-conformidad',
      (b) => {
        recurso(b, 'Encounter')!.hospitalization.dischargeDisposition.coding[0].code = '99';
      },
    ],
    [
      'diagnósticos en su sección',
      'RDA25',
      'rechazo',
      (b) => {
        problemasVacios(b);
      },
    ],
  ],
};

/**
 * What else a mutation necessarily breaks. Some rechazo rules and a guide fact (aviso) see the same
 * breach (RDA31/RDA34/RDA70 with RDA83/RDA84, RDA25 with RDA82): both are reported.
 */
const CONSECUENCIAS: Record<string, string[]> = {
  RDA05: ['RDA28'],
  RDA16: ['RDA27'],
  RDA08: ['RDA15', 'RDA18', 'RDA25', 'RDA61', 'RDA63', 'RDA72'],
  RDA20: ['RDA83'],
  RDA21: ['RDA25', 'RDA82', 'RDA84'],
  RDA25: ['RDA82'],
  RDA30: ['RDA82', 'RDA83'],
  RDA31: ['RDA83'],
  RDA34: ['RDA83', 'RDA84'],
  RDA36: ['RDA83'],
  RDA45: ['RDA80', 'RDA83'],
  RDA63: ['RDA81', 'RDA82'],
  RDA75: ['RDA27'],
  RDA70: ['RDA84'],
  RDA80: ['RDA82', 'RDA84'],
  RDA82: ['RDA81', 'RDA83', 'RDA84'],
  // A slice emptied may also leave its parent short (the IPS's two identifiers, the encounter's types).
  RDA84: ['RDA82'],
};

describe('lintearBundle: cada regla rota da su código con su severidad', () => {
  for (const [nombreBase, base] of Object.entries(BASES)) {
    for (const tipo of TIPOS_RDA) {
      const casos = [...COMUNES, ...(tipo === 'paciente' ? [] : EPISODIO), ...POR_TIPO[tipo]];
      for (const [que, codigo, severidad, mutar] of casos) {
        it(`${nombreBase} ${tipo}: ${que} → ${codigo} (${severidad})`, () => {
          const antes = base(tipo);
          const b = structuredClone(antes);
          if (mutar(b, tipo) === false) {
            // Only the Postman bodies lack optional resources (no Procedure, no FamilyMemberHistory…).
            expect(nombreBase).toBe('postman');
            return;
          }
          expect(SEVERIDAD.get(codigo)).toBe(severidad);
          const r = lint(b);
          const n = nuevos(antes, b);
          expect(n).toContain(codigo);
          // A mutation may also break what points at it (RDA07/RDA18), never anything unrelated.
          const admitidos = new Set([codigo, 'RDA07', 'RDA18', ...(CONSECUENCIAS[codigo] ?? [])]);
          expect(n.filter((c) => !admitidos.has(c))).toEqual([]);
          expect(r.valid).toBe(!n.some((c) => SEVERIDAD.get(c) === 'rechazo'));
          const e = r.errores.find((x) => x.codigo === codigo)!;
          expect(e.severidad).toBe(severidad);
          expect(e.fuente).toBe('linter-rda');
          expect(e.ubicacion.ruta).toMatch(/^Bundle/);
          expect(e.ubicacion.campoNombre!.length).toBeGreaterThan(4);
          expect(e.comoCorregir.length).toBeGreaterThan(10);
        });
      }
    }
  }
});

/** Changes that follow the guide (or its Postman bodies) and so must not raise anything. */
const SIN_HALLAZGOS: [que: string, tipos: readonly TipoRda[], mutar: Mutacion][] = [
  [
    'sin confidentiality ni attester (opcionales)',
    TIPOS_RDA,
    (b) => {
      delete comp(b).confidentiality;
      delete comp(b).attester;
    },
  ],
  [
    'paciente sin apellidos separados (opcionales en PatientRDA)',
    TIPOS_RDA,
    (b) => {
      delete recurso(b, 'Patient')!.name[0]._family;
    },
  ],
  [
    'sin evento en un RDA de atención (must-support)',
    ['consulta-externa', 'urgencias', 'hospitalizacion'],
    (b) => {
      delete comp(b).event;
    },
  ],
  [
    'sin servicio REPS en consulta externa (0..1)',
    ['consulta-externa'],
    (b) => {
      const e = recurso(b, 'Encounter')!;
      e.type = e.type.filter((t: R) => t.coding[0].system !== cs('REPShealthcareServices'));
    },
  ],
  [
    'sin vía de ingreso ni condición al egreso (must-support)',
    ['urgencias', 'hospitalizacion'],
    (b) => {
      delete recurso(b, 'Encounter')!.hospitalization;
    },
  ],
  [
    'sin triage (0..1)',
    ['urgencias'],
    (b) => {
      sinEntrada(b, 'Observation');
      const s = seccion(b, '54094-8')!;
      delete s.entry;
      s.emptyReason = NILKNOWN;
    },
  ],
  [
    'hospitalización sin diagnósticos en su sección (emptyReason admitido)',
    ['hospitalizacion'],
    problemasVacios,
  ],
  [
    'el prestador como autor en consulta externa y urgencias',
    ['consulta-externa', 'urgencias'],
    (b) => {
      const o = ips(b);
      if (!o) return false;
      const e = b.entry.find((x: R) => x.resource === o);
      comp(b).author = [{ reference: e.fullUrl ?? `#${o.id}` }];
    },
  ],
  [
    'antecedente declarado sin CIE-10, con texto',
    ['paciente'],
    (b) => {
      const c = recurso(b, 'Condition');
      if (!c) return false;
      c.code = { text: 'Asma desde la infancia' };
    },
  ],
  [
    'medicamento declarado solo con texto (ms-rda-0)',
    ['paciente'],
    (b) => {
      const m = recurso(b, 'MedicationStatement');
      if (!m) return false;
      m.medicationCodeableConcept = { text: 'Metformina 850 mg' };
    },
  ],
];

describe('lintearBundle: lo que la guía admite no da hallazgos', () => {
  for (const [nombreBase, base] of Object.entries(BASES)) {
    for (const [que, tipos, mutar] of SIN_HALLAZGOS) {
      for (const tipo of tipos) {
        it(`${nombreBase} ${tipo}: ${que}`, () => {
          const antes = base(tipo);
          const b = structuredClone(antes);
          if (mutar(b, tipo) === false) {
            expect(nombreBase).toBe('postman');
            return;
          }
          expect(nuevos(antes, b)).toEqual([]);
        });
      }
    }
  }
});

describe('lintearBundle: lo que construye el constructor pasa sin hallazgos', () => {
  for (const tipo of TIPOS_RDA) {
    for (const v of ['rico', 'minimo'] as const) {
      it(`${tipo} (${v})`, () => {
        const r = lint(construir(tipo, v));
        expect(r.errores.map((e) => `${e.codigo} ${e.ubicacion.ruta}`)).toEqual([]);
        expect(r.valid).toBe(true);
        // With the type given explicitly the result is the same.
        expect(lint(construir(tipo, v), tipo).errores).toEqual([]);
      });
    }
  }
});

/**
 * The official Postman bodies as is: the IHCE platform rejects them (issue 32). Every reference is a
 * `#id` to an entry without fullUrl (RDA07, one per entry reached that way, as the platform's
 * BUNDLE-005 names one resource); the Practitioner lacks the first surname apart (RDA40) and, in
 * consulta, active and the RETHUS qualification (RDA41, RDA84).
 */
describe('lintearBundle: cuerpos oficiales de Postman (sin fullUrl) y ajustados a la plataforma', () => {
  for (const tipo of TIPOS_RDA) {
    it(`${tipo}: tal cual → rechazo por referencias y profesional incompleto; ajustado → ningún rechazo`, () => {
      const oficial = postmanOficial(tipo);
      const r = lint(oficial);
      expect(r.valid).toBe(false);
      const rechazos = [...new Set(r.errores.filter((e) => e.severidad === 'rechazo').map((e) => e.codigo))];
      expect(rechazos.sort()).toEqual(
        tipo === 'consulta-externa' ? ['RDA07', 'RDA40', 'RDA41', 'RDA84'] : ['RDA07', 'RDA40'],
      );
      // One RDA07 per entry some `#id` reaches; the entries nobody references that way keep their
      // RDA28 (the Composition; in urgencias the IPS, reached only as `#{code}` by custodian and
      // serviceProvider, RDA27).
      const alcanzadas = new Set(
        r.errores
          .filter((e) => e.codigo === 'RDA07')
          .map((e) => /\(Bundle\.entry\[\d+\]\)/.exec(e.explicacion)![0]),
      );
      expect(alcanzadas.size).toBe(r.errores.filter((e) => e.codigo === 'RDA07').length);
      expect(r.errores.filter((e) => e.codigo === 'RDA28').map((e) => e.ubicacion.ruta)).toEqual(
        tipo === 'urgencias'
          ? ['Bundle.entry[0].fullUrl', 'Bundle.entry[3].fullUrl']
          : ['Bundle.entry[0].fullUrl'],
      );
      const ajustado = lint(postman(tipo));
      expect(ajustado.valid).toBe(true);
      // What stays: the IPS as «#{habilitation code}» with no Organization entry (RDA18, RDA27).
      expect([...new Set(ajustado.errores.map((e) => e.codigo))]).toEqual(
        tipo === 'consulta-externa' || tipo === 'paciente' ? ['RDA27', 'RDA18'] : [],
      );
    });
  }
});

describe('lintearBundle: falsos rechazos corregidos', () => {
  it('RDA34: ExtensionBiologicalGender en Patient._gender (donde la rebana PatientRDA) o en Patient.extension', () => {
    for (const tipo of TIPOS_RDA) {
      const b = postman(tipo);
      expect(codigos(b)).not.toContain('RDA34');
      const p = recurso(b, 'Patient')!;
      p.extension.push(...p._gender.extension);
      delete p._gender;
      const r = lint(b);
      // RDA34 reads it there, but the slice of Patient.gender (1..1 with gender) is empty: the
      // platform's profile validator rejects a missing slice (issue 32), RDA84.
      expect(codigos(b)).not.toContain('RDA34');
      expect(r.valid).toBe(false);
      const falta = r.errores.find((e) => e.codigo === 'RDA84' && e.ubicacion.ruta?.includes('_gender'))!;
      expect(falta.severidad).toBe('rechazo');
    }
  });

  it('RDA16: el autor que la guía admite en cada tipo', () => {
    const urlDe = (b: R, r: R | undefined) => b.entry.find((e: R) => e.resource === r).fullUrl;
    const h = postman('hospitalizacion');
    expect(urlDe(h, recurso(h, 'Organization'))).toBe(comp(h).author[0].reference);
    expect(codigos(h)).not.toContain('RDA16');
    expect(lint(h).valid).toBe(true);
    for (const tipo of ['consulta-externa', 'urgencias'] as const) {
      const b = postman(tipo);
      expect(urlDe(b, recurso(b, 'Practitioner'))).toBe(comp(b).author[0].reference);
      expect(codigos(b)).not.toContain('RDA16');
    }
    // The IPS in urgencias; the payer (EAPB) is an Organization too but not an allowed author.
    const u = postman('urgencias');
    comp(u).author = [{ reference: urlDe(u, ips(u)) }];
    expect(codigos(u)).not.toContain('RDA16');
    comp(u).author = [
      {
        reference: u.entry.find((e: R) => e.resource.resourceType === 'Organization' && e.resource !== ips(u))
          .fullUrl,
      },
    ];
    const r = lint(u);
    expect(r.valid).toBe(true);
    expect(r.errores.find((e) => e.codigo === 'RDA16')!.explicacion).toMatch(/pagador/);
    // paciente: the Practitioner only.
    const p = postman('paciente');
    comp(p).author = [{ reference: comp(p).subject.reference }];
    expect(lint(p).errores.find((e) => e.codigo === 'RDA16')!.severidad).toBe('aviso-conformidad');
  });

  it('RDA05: entradas sin fullUrl con referencias «#id» (estilo Postman) → RDA07 (rechazo, BUNDLE-005), no RDA05', () => {
    for (const tipo of TIPOS_RDA) {
      const b = postmanOficial(tipo);
      expect(b.entry.every((e: R) => e.fullUrl === undefined)).toBe(true);
      const r = lint(b);
      expect(codigos(b)).not.toContain('RDA05');
      expect(r.errores.find((e) => e.codigo === 'RDA07')!.severidad).toBe('rechazo');
      expect(r.errores.find((e) => e.codigo === 'RDA28')!.severidad).toBe('aviso-conformidad');
    }
  });
});

/** FHIR path of a selected element → sets a value there (for primitive values: diagnosis.rank…). */
function fijar(raiz: R, ruta: string, valor: unknown): void {
  const pasos = ruta
    .replace(/^Bundle\.?/, '')
    .split('.')
    .flatMap((p) => {
      const m = /^([^[]+)((?:\[\d+\])*)$/.exec(p)!;
      return [m[1]!, ...[...m[2]!.matchAll(/\[(\d+)\]/g)].map((x) => Number(x[1]))];
    });
  let cur: any = raiz;
  for (const p of pasos.slice(0, -1)) cur = cur[p];
  cur[pasos[pasos.length - 1]!] = valor;
}

type Paso = string | { item: unknown };
const esObjeto = (v: unknown): v is R => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The leaves of a pattern, as paths (an array step keeps the pattern item it matches). */
function hojas(p: unknown, camino: Paso[] = []): Paso[][] {
  if (Array.isArray(p)) return p.flatMap((x) => hojas(x, [...camino, { item: x }]));
  if (esObjeto(p)) return Object.entries(p).flatMap(([k, v]) => hojas(v, [...camino, k]));
  return [camino];
}
const claves = (c: Paso[]) => c.filter((x): x is string => typeof x === 'string').join('.');
/** The leaf to break: not part of the slice discriminator; a display, title or id when there is one. */
function hojaARomper(h: Hecho): Paso[] | undefined {
  const enDonde = new Set(hojas(h.donde ?? {}).map(claves));
  const hs = hojas(h.patron).filter((c) => c.length && !enDonde.has(claves(c)));
  for (const k of ['display', 'title', 'id', 'use', 'code', 'text'])
    for (const c of hs) if (c[c.length - 1] === k) return c;
  return hs[0];
}
/** Sets the leaf at `camino` of an instance to 'X' (999 if a number); array steps follow the match. */
function romperHoja(inst: unknown, camino: Paso[]): boolean {
  let cur: unknown = inst;
  for (const paso of camino.slice(0, -1)) {
    if (typeof paso === 'string') cur = esObjeto(cur) ? cur[paso] : undefined;
    else {
      const items = Array.isArray(cur) ? cur : [cur];
      cur = items.find((v) => coincide(v, paso.item)) ?? items[0];
    }
    if (cur === undefined) return false;
  }
  const ultima = camino[camino.length - 1];
  if (!esObjeto(cur) || typeof ultima !== 'string') return false;
  cur[ultima] = typeof cur[ultima] === 'number' ? 999 : 'X';
  return true;
}

describe('lintearBundle: cada hecho de la guía con valor fijo, roto, da su código (aviso)', () => {
  for (const [nombreBase, base] of Object.entries(BASES)) {
    for (const tipo of TIPOS_RDA) {
      it(`${nombreBase} ${tipo}`, () => {
        const original = base(tipo);
        const antes = lint(original);
        expect(antes.valid).toBe(true);
        const fallos: string[] = [];
        let probados = 0;
        for (const h of hechosDe(tipo)) {
          if (h.patron === undefined && !h.unoDe) continue;
          const b = structuredClone(original);
          const ctx = crearContexto(b, tipo, PERFILES[tipo], AHORA_RDA);
          let sel: { valor: unknown; ruta: string } | undefined;
          for (const r of recursosDelBundle(ctx)) {
            if (!r.perfiles.includes(h.perfil) || r.recurso.resourceType !== h.recurso) continue;
            if (h.si && seleccionar(r.recurso, h.si, r.ruta).length === 0) continue;
            const s = seleccionar(r.recurso, h.ruta, r.ruta).filter(
              (x) => h.donde === undefined || coincide(x.valor, h.donde),
            );
            sel = s[0];
            if (sel) break;
          }
          if (!sel) continue;
          if (h.unoDe) fijar(b, sel.ruta, typeof sel.valor === 'number' ? 999 : 'X');
          else {
            const hoja = hojaARomper(h);
            if (!hoja || !romperHoja(sel.valor, hoja)) {
              fallos.push(`${h.codigo} ${h.que}: no se pudo romper ${sel.ruta}`);
              continue;
            }
          }
          probados++;
          const r = lint(b);
          const cuenta = (x: typeof r) => x.errores.filter((e) => e.codigo === h.codigo).length;
          // A broken value is an aviso; the Bundle turns invalid only when the element thereby leaves
          // a required slice (a diagnosis rank outside the guide's): a cardinality, RDA63/RDA82/RDA84.
          const rechazos = r.errores.filter((e) => e.severidad === 'rechazo').map((e) => e.codigo);
          if (rechazos.some((c) => !['RDA63', 'RDA82', 'RDA84'].includes(c)))
            fallos.push(`${h.codigo} ${h.que}: el Bundle pasó a no válido (${rechazos.join(', ')})`);
          else if (cuenta(r) <= cuenta(antes))
            fallos.push(`${h.codigo} ${h.que}: no se reportó (${sel.ruta})`);
          else if (r.errores.some((e) => e.codigo === h.codigo && e.severidad !== 'aviso-conformidad'))
            fallos.push(`${h.codigo} ${h.que}: severidad distinta de aviso-conformidad`);
        }
        expect(fallos).toEqual([]);
        expect(probados).toBeGreaterThan(10);
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

  it('sin Composition → RDA06 rechazo', () => {
    const b = postman('consulta-externa');
    b.entry.shift();
    delete b.meta;
    expect(codigos(b)).toContain('RDA06');
    expect(lintearBundle(b).valid).toBe(false);
  });

  it('Composition de otro tipo que el pedido → RDA12', () => {
    expect(codigos(postman('urgencias'), 'consulta-externa')).toContain('RDA12');
  });

  it('referencia sin destino → RDA07; la externa Organization/MinSalud se admite', () => {
    const b = postman('consulta-externa');
    const antes = structuredClone(b);
    recurso(b, 'Condition')!.subject.reference = 'urn:uuid:00000000-0000-0000-0000-000000000000';
    expect(nuevos(antes, b)).toEqual(['RDA07', 'RDA72']);
    const e = lint(b).errores.find((x) => x.codigo === 'RDA07')!;
    expect(e.ubicacion.ruta).toMatch(/^Bundle\.entry\[\d+\]\.resource\.subject\.reference$/);
    expect(recurso(b, 'DocumentReference')!.custodian.reference).toBe('Organization/MinSalud');
  });

  it('prestador externo «#{código de habilitación}» → RDA27 (aviso); «#id» a una entrada o sin destino → RDA07', () => {
    const b = postman('consulta-externa');
    const r = lint(b);
    const ids = r.errores.filter((e) => e.codigo === 'RDA27');
    // One finding per resource with the IPS as `#{code}` (custodian, serviceProvider), not per reference.
    const conLocales = (b.entry as R[]).filter((e) => JSON.stringify(e.resource).includes('"reference":"#'));
    expect(ids).toHaveLength(conLocales.length);
    expect(ids.some((e) => e.explicacion.includes('#110010000101 (prestador externo'))).toBe(true);
    const antes = structuredClone(b);
    recurso(b, 'Condition')!.subject.reference = '#CC-999';
    expect(nuevos(antes, b)).toEqual(['RDA07', 'RDA72']);
    // The Manual's `#id` to an entry that is there: the platform does not resolve it (BUNDLE-005).
    const c = structuredClone(antes);
    recurso(c, 'Condition')!.subject.reference = `#${recurso(c, 'Patient')!.id}`;
    expect(nuevos(antes, c)).toEqual(['RDA07']);
  });

  it('recurso no previsto → RDA09; perfil no declarado → RDA10; encuentro admitido en atenciones', () => {
    const b = postman('paciente');
    const antes = structuredClone(b);
    const fullUrlPaciente = b.entry.find((e: R) => e.resource.resourceType === 'Patient').fullUrl;
    b.entry.push({
      fullUrl: 'urn:uuid:9f1f0e2c-0000-4000-8000-0000000000c1',
      resource: {
        resourceType: 'Encounter',
        id: 'Encounter-9',
        meta: { profile: [sd('EncounterAmbulatoryRDA')] },
        subject: { reference: fullUrlPaciente },
      },
    });
    expect(nuevos(antes, b)).toEqual(['RDA09']);
    const d = postman('paciente');
    delete recurso(d, 'Patient')!.meta;
    expect(nuevos(antes, d)).toEqual(['RDA10']);
    // The guide's Bundle has no Encounter slice; the Composition needs it and Postman sends it.
    for (const tipo of ['consulta-externa', 'urgencias', 'hospitalizacion'] as const)
      expect(codigos(postman(tipo)).filter((c) => ['RDA08', 'RDA09', 'RDA11'].includes(c))).toEqual([]);
  });

  it('rebanadas por perfil: una ocupación es admitida; dos pacientes → RDA11; dos encuentros → un RDA11', () => {
    const b = postman('urgencias');
    const antes = structuredClone(b);
    b.entry.push({
      fullUrl: 'urn:uuid:9f1f0e2c-0000-4000-8000-0000000000c2',
      resource: {
        resourceType: 'Observation',
        id: 'Observation-9',
        meta: { profile: [sd('PatientOccupationAtEncounterRDA')] },
        subject: { reference: b.entry.find((e: R) => e.resource.resourceType === 'Patient').fullUrl },
      },
    });
    expect(nuevos(antes, b)).toEqual([]);
    const c = postman('paciente');
    c.entry.push({ resource: { ...recurso(c, 'Patient'), id: 'CC-2' } });
    expect(nuevos(postman('paciente'), c).filter((x) => x !== 'RDA28')).toEqual(['RDA11']);
    const e = postman('urgencias');
    e.entry.push({ resource: { ...recurso(e, 'Encounter'), id: 'Encounter-9' } });
    expect(nuevos(postman('urgencias'), e).filter((x) => !['RDA27', 'RDA28'].includes(x))).toEqual(['RDA11']);
  });

  it('inicio posterior al fin → RDA57 (rechazo)', () => {
    const b = postman('urgencias');
    const antes = structuredClone(b);
    recurso(b, 'Encounter')!.period.start = '2026-11-20T09:00:00-05:00';
    expect(nuevos(antes, b)).toEqual(['RDA57']);
    expect(lint(b).valid).toBe(false);
  });

  it('el tipo de documento NV dice que la guía usa CN', () => {
    const b = postman('paciente');
    recurso(b, 'Patient')!.identifier[0].type.coding[1].code = 'NV';
    expect(lint(b).errores.find((e) => e.codigo === 'RDA31')!.explicacion).toMatch(/CN/);
  });

  it('docs/rda-documentos.md lista cada código con su severidad', () => {
    const doc = readFileSync(new URL('../../../docs/rda-documentos.md', import.meta.url), 'utf8');
    const faltan = REGISTRO_RDA.filter((r) => !doc.includes(`| ${r.codigo} | ${r.severidad} |`)).map(
      (r) => `${r.codigo} ${r.severidad}`,
    );
    expect(faltan).toEqual([]);
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
      const b = postman(tipo);
      expect(tipoDelBundle(b)).toBe(tipo);
      delete b.meta;
      expect(tipoDelBundle(b)).toBe(tipo);
      b.entry[0].resource.type.coding[0].code = '00000-0';
      expect(tipoDelBundle(b)).toBeUndefined();
    }
    expect(tipoDelBundle('x')).toBeUndefined();
  });
});

describe('sin hallazgos repetidos', () => {
  it('un aviso de la guía sobre un elemento que ya reporta un rechazo no se repite', () => {
    const b = construir('consulta-externa');
    delete recurso(b, 'Patient')!.identifier;
    const codigos = lint(b).errores.map((e) => e.codigo);
    expect(codigos).toContain('RDA30');
    // PatientRDA identifier 1..1 (RDA82) says the same about the same element.
    expect(codigos).not.toContain('RDA82');
  });

  it('los avisos de la guía en otros elementos siguen apareciendo junto al rechazo', () => {
    const b = construir('consulta-externa');
    delete recurso(b, 'Patient')!.identifier;
    recurso(b, 'DocumentReference')!.description = 'Otra descripción';
    const codigos = lint(b).errores.map((e) => e.codigo);
    expect(codigos).toEqual(expect.arrayContaining(['RDA30', 'RDA80']));
  });
});
