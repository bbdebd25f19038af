import { createHash } from 'node:crypto';
import { CODIGOS } from '../codigos.js';
import { DOCUMENTOS_GUIA } from '../guia/documentos.js';
import { RAZON_VACIA, tituloSeccion } from '../guia/secciones.js';
import { type ClaveSeccion, PERFILES, SECCIONES } from '../perfiles.js';
import { SISTEMAS, type TipoRda } from '../tipos.js';
import * as clin from './clinicos.js';
import type { DatosRda } from './datos.js';
import { coding, codingDe, concepto, limpio, narrativa, type Recurso, referencia } from './fhir.js';
import { paciente, pagador, prestador, profesional } from './personas.js';
import { validarDatos } from './validar-datos.js';

/**
 * Builds the FHIR R4 `document` Bundle of an RDA from the flat `datos`. Throws the 400
 * `entrada-invalida` ErrorApp listing every missing or invalid field when the datos are bad.
 */
export function construirBundle(
  tipo: TipoRda,
  datos: unknown,
  opciones: { ahora?: Date } = {},
): Record<string, unknown> {
  const ahora = opciones.ahora ?? new Date();
  const d = conSegundos(validarDatos(tipo, datos, ahora));
  return ensamblar(tipo, d, ahora);
}

/** FHIR dateTime needs seconds when it has a time: `08:00-05:00` → `08:00:00-05:00`. */
const segundos = <T extends string | undefined>(v: T): T =>
  (typeof v === 'string' ? v.replace(/T([0-9]{2}:[0-9]{2})(Z|[+-])/, 'T$1:00$2') : v) as T;

function conSegundos(d: DatosRda): DatosRda {
  return {
    ...d,
    fechaDocumento: segundos(d.fechaDocumento),
    encuentro: d.encuentro && {
      ...d.encuentro,
      fechaInicio: segundos(d.encuentro.fechaInicio),
      fechaFin: segundos(d.encuentro.fechaFin),
    },
    procedimientos: d.procedimientos?.map((p) => ({ ...p, fecha: segundos(p.fecha) })),
  };
}

/** Stable urn:uuid per document and role, so the same datos give the same bundle. */
function urnes(semilla: string) {
  // The seed (the whole datos) is hashed once; each role continues a copy of that state.
  const base = createHash('sha256').update(semilla).update('\0');
  return (rol: string) => {
    const h = base.copy().update(rol).digest('hex');
    const v = `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
    return `urn:uuid:${v}`;
  };
}

function ensamblar(tipo: TipoRda, d: DatosRda, ahora: Date): Record<string, unknown> {
  const p = PERFILES[tipo];
  const marca = ahora.toISOString();
  const fechaDoc = d.fechaDocumento ?? marca;
  const urn = urnes(`${tipo}\0${marca}\0${JSON.stringify(d)}`);
  const refs: clin.Refs = {
    paciente: urn('Patient'),
    profesional: urn('Practitioner'),
    prestador: urn('Organization'),
    encuentro: p.encuentro ? urn('Encounter') : undefined,
  };
  const entradas: { fullUrl: string; resource: Recurso }[] = [];
  const porSeccion = new Map<ClaveSeccion, string[]>();
  const agregar = (fullUrl: string, resource: Recurso, seccion?: ClaveSeccion) => {
    entradas.push({ fullUrl, resource });
    if (seccion) porSeccion.set(seccion, [...(porSeccion.get(seccion) ?? []), fullUrl]);
  };

  agregar(refs.paciente, paciente(d.paciente));
  agregar(refs.profesional, profesional(d.profesional));
  agregar(refs.prestador, prestador(d.prestador));
  (d.pagadores ?? []).forEach((x, i) => {
    agregar(urn(`Organization-EAPB-${i}`), pagador(x, i), 'pagadores');
  });
  // Private pay: the guide's privatePayer slice of the payers section references the Patient.
  if (d.pagoParticular && p.secciones.includes('pagadores'))
    porSeccion.set('pagadores', [...(porSeccion.get('pagadores') ?? []), refs.paciente]);

  const diagnosticos = clin.ranurar(
    tipo,
    (d.diagnosticos ?? []).map((x, i) => ({ fullUrl: urn(`Condition-${i}`), datos: x })),
  );
  if (p.encuentro && d.encuentro) {
    agregar(refs.encuentro!, clin.encuentro(p, d.encuentro, refs, diagnosticos));
  }
  diagnosticos.forEach((x, i) => {
    agregar(x.fullUrl, clin.condicion(tipo, x.datos, refs, i), 'problemas');
  });
  (d.alergias ?? []).forEach((a, i) => {
    agregar(urn(`AllergyIntolerance-${i}`), clin.alergia(tipo, a, refs, i), 'alergias');
  });
  const fechaPrescripcion = d.encuentro?.fechaFin ?? fechaDoc;
  (d.medicamentos ?? []).forEach((m, i) => {
    agregar(urn(`Medication-${i}`), clin.medicamento(tipo, m, refs, i, fechaPrescripcion), 'medicamentos');
  });
  const principal = diagnosticos.find((x) => x.datos.rol === 'principal');
  const relacionados = diagnosticos.filter((x) => x.datos.rol === 'relacionado');
  (d.procedimientos ?? []).forEach((x, i) => {
    const seccion = p.secciones.includes('procedimientos') ? 'procedimientos' : undefined;
    const relacionado =
      relacionados.find((r) => r.datos.codigo === x.diagnosticoRelacionado) ?? relacionados[0];
    agregar(
      urn(`Procedure-${i}`),
      clin.procedimiento(x, refs, i, { principal: principal!.fullUrl, relacionado: relacionado!.fullUrl }),
      seccion,
    );
  });
  (d.antecedentesFamiliares ?? []).forEach((a, i) => {
    agregar(urn(`FamilyMemberHistory-${i}`), clin.antecedenteFamiliar(a, refs, i), 'antecedentesFamiliares');
  });
  if (d.epicrisis) {
    agregar(
      urn('DocumentReference'),
      clin.epicrisis(d.epicrisis.pdfBase64, d.epicrisis.titulo, refs, fechaDoc),
      'anexos',
    );
  }
  if (tipo === 'urgencias' && d.encuentro?.triage) {
    agregar(
      urn('Observation-triage'),
      clin.triage(d.encuentro.triage, refs, d.encuentro.fechaInicio),
      'triage',
    );
  }

  const g = DOCUMENTOS_GUIA[tipo];
  // The hospitalization summary is signed by the IPS; the others by the professional.
  const autor = g.autores.includes('Practitioner') ? refs.profesional : refs.prestador;
  const e = d.encuentro;
  const composicion = limpio({
    resourceType: 'Composition',
    meta: { profile: [p.composicion] },
    status: 'final',
    type: concepto(coding(SISTEMAS.loinc, p.loinc, p.loincDisplay)),
    subject: referencia(refs.paciente),
    encounter: refs.encuentro ? referencia(refs.encuentro) : undefined,
    date: fechaDoc,
    author: [referencia(autor)],
    title: p.titulo,
    confidentiality: 'N',
    attester: [{ mode: 'legal', time: fechaDoc, party: referencia(refs.profesional) }],
    custodian: referencia(refs.prestador),
    event: e
      ? [
          {
            code: [
              concepto(codingDe(CODIGOS.modalidad, e.modalidad)),
              concepto(codingDe(CODIGOS.grupoServicio, p.encuentro?.grupoServicio ?? e.grupoServicio!)),
            ],
            period: { start: e.fechaInicio, end: e.fechaFin },
          },
        ]
      : undefined,
    section: g.secciones
      .filter((s) => s.presencia === 1 || porSeccion.has(s.clave))
      .map((s) => seccion(tipo, s.clave, porSeccion.get(s.clave) ?? [])),
  });

  return {
    resourceType: 'Bundle',
    meta: { profile: [p.bundle] },
    type: 'document',
    timestamp: marca,
    entry: [{ fullUrl: urn('Composition'), resource: composicion }, ...entradas],
  };
}

function seccion(tipo: TipoRda, clave: ClaveSeccion, refs: string[]): Recurso {
  const s = SECCIONES[clave];
  const base = {
    title: tituloSeccion(clave, tipo),
    code: concepto(coding(SISTEMAS.loinc, s.loinc, s.display)),
  };
  if (refs.length) return { ...base, entry: refs.map((r) => referencia(r)) };
  return {
    ...base,
    text: narrativa('Sin información registrada'),
    emptyReason: concepto(coding(SISTEMAS.listEmptyReason, RAZON_VACIA.code, RAZON_VACIA.display)),
  };
}
