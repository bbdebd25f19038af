import { BASE_RDA, type TipoRda } from '../tipos.js';
import { DOCUMENTOS_GUIA, type Max } from './documentos.js';
import type { NombreLista } from './listas.js';
import type { NombreListaTecnologia } from './listas-tecnologias.js';
import type { Patron } from './patron.js';
import { FIJOS_RECURSOS } from './recursos.js';
import { RAZON_VACIA, SECCIONES, tituloSeccion } from './secciones.js';

/**
 * One fact of the official guide, in a form the linter, the IHCE sandbox and the tests evaluate the
 * same way: the elements at `ruta` of every resource of profile `perfil` (optionally only those
 * matching `donde`, the slice discriminator) must match `patron`, be one of `unoDe`, number
 * `min..max`, carry the sub-elements `requeridos`, count `cuenta` children, or hold a code of the
 * guide list `lista` (with its display). Every fact names the linter code that reports it.
 */
export type CodigoGuia = 'RDA80' | 'RDA81' | 'RDA82' | 'RDA83' | 'RDA84';

export interface Hecho {
  codigo: CodigoGuia;
  /** Profile name (StructureDefinition id) the fact belongs to. */
  perfil: string;
  recurso: string;
  /** Dotted path from the resource root; '' is the resource itself. */
  ruta: string;
  donde?: Patron;
  patron?: Patron;
  unoDe?: readonly unknown[];
  min?: number;
  max?: Max;
  requeridos?: readonly string[];
  cuenta?: { ruta: string; donde?: Patron; min: number; max: Max };
  lista?: { nombre: NombreLista | NombreListaTecnologia; display: boolean };
  /** Only when the resource has this element (PatientRDA: the biological sex extension if gender). */
  si?: string;
  /** What the fact is, in Spanish, for the finding. */
  que: string;
}

export const LOINC = 'http://loinc.org';
const sistema = (nombre: string) => `${BASE_RDA}/CodeSystem/${nombre}`;
const ext = (nombre: string) => `${BASE_RDA}/StructureDefinition/${nombre}`;
const loinc = (code: string, display?: string) => ({
  system: LOINC,
  code,
  ...(display ? { display } : {}),
});

function hechosComposicion(tipo: TipoRda): Hecho[] {
  const d = DOCUMENTOS_GUIA[tipo];
  const base = { perfil: d.composicion, recurso: 'Composition' };
  const out: Hecho[] = [
    {
      ...base,
      codigo: 'RDA80',
      ruta: 'type',
      patron: { coding: [loinc(d.loinc.code, d.loinc.display)] },
      que: `Tipo del documento: LOINC ${d.loinc.code} «${d.loinc.display}»`,
    },
    { ...base, codigo: 'RDA84', ruta: 'custodian', min: 1, que: 'Custodio del documento (1..1)' },
    { ...base, codigo: 'RDA82', ruta: 'author', max: 1, que: 'Autor del documento (1..1)' },
    {
      ...base,
      codigo: 'RDA82',
      ruta: 'section',
      min: d.cuentaSecciones.min,
      max: d.cuentaSecciones.max,
      que: `Número de secciones (${d.cuentaSecciones.min}..${d.cuentaSecciones.max})`,
    },
  ];
  if (d.evento)
    out.push(
      { ...base, codigo: 'RDA82', ruta: 'event', min: 1, max: 1, que: 'Evento de la atención (1..1)' },
      {
        ...base,
        codigo: 'RDA84',
        ruta: 'event',
        requeridos: ['period.start', 'period.end'],
        cuenta: { ruta: 'code', min: 2, max: 2 },
        que: 'Evento: modalidad y grupo de servicios (code 2..2) y periodo con inicio y fin',
      },
      {
        ...base,
        codigo: 'RDA83',
        ruta: 'event.code',
        donde: { coding: [{ system: sistema('ColombianTechModality') }] },
        lista: { nombre: 'ColombianTechModality', display: true },
        que: 'Modalidad del evento (ColombianTechModality)',
      },
      {
        ...base,
        codigo: 'RDA83',
        ruta: 'event.code',
        donde: { coding: [{ system: sistema('GrupoServicios') }] },
        lista: { nombre: 'GrupoServicios', display: true },
        que: 'Grupo de servicios del evento (GrupoServicios)',
      },
    );
  if (d.titulosPermitidos)
    out.push({
      ...base,
      codigo: 'RDA80',
      ruta: 'title',
      unoDe: d.titulosPermitidos,
      que: `Título del documento (invariante pat-rda-0): «${d.titulosPermitidos[0]}»`,
    });
  for (const s of d.secciones) {
    const def = SECCIONES[s.clave];
    const donde = { code: { coding: [loinc(def.loinc)] } };
    const titulo = tituloSeccion(s.clave, tipo);
    out.push(
      {
        ...base,
        codigo: 'RDA80',
        ruta: 'section',
        donde,
        patron: { title: titulo, code: { coding: [loinc(def.loinc, def.display)] } },
        que: `Sección ${def.loinc}: título «${titulo}» y display «${def.display}»`,
      },
      {
        ...base,
        codigo: 'RDA82',
        ruta: 'section',
        donde,
        min: s.presencia,
        max: 1,
        que: `Sección «${titulo}» (${def.loinc}) ${s.presencia}..1`,
      },
      {
        ...base,
        codigo: 'RDA82',
        ruta: 'section',
        donde,
        cuenta: { ruta: 'entry', min: s.min, max: s.max },
        que: `Entradas de la sección «${titulo}» (${s.min}..${s.max})`,
      },
    );
    if (s.min === 0)
      out.push({
        ...base,
        codigo: 'RDA80',
        ruta: 'section',
        donde: { ...donde, emptyReason: {} },
        patron: {
          emptyReason: {
            coding: [{ system: 'http://terminology.hl7.org/CodeSystem/list-empty-reason', ...RAZON_VACIA }],
          },
        },
        que: `Sección «${titulo}» vacía: emptyReason nilknown «Nil Known»`,
      });
  }
  return out;
}

function hechosEncuentro(tipo: TipoRda): Hecho[] {
  const e = DOCUMENTOS_GUIA[tipo].encuentro;
  if (!e) return [];
  const base = { perfil: e.perfil, recurso: 'Encounter' };
  const enTipo = (lista: NombreLista) => ({ coding: [{ system: sistema(lista) }] });
  // An Encounter.type slice (1..1, discriminated by the coding's system) bound to a guide list.
  const rebanadaTipo = (lista: NombreLista, nombre: string): Hecho[] => [
    { ...base, codigo: 'RDA82', ruta: 'type', donde: enTipo(lista), min: 1, max: 1, que: `${nombre} (1..1)` },
    {
      ...base,
      codigo: 'RDA83',
      ruta: 'type',
      donde: enTipo(lista),
      lista: { nombre: lista, display: true },
      que: `${nombre} (${lista})`,
    },
  ];
  const out: Hecho[] = [
    {
      ...base,
      codigo: 'RDA80',
      ruta: 'identifier',
      donde: { system: `${BASE_RDA}/NamingSystem/Encounters` },
      patron: { id: 'EncounterIdentifier', use: 'usual' },
      que: 'Identificador del encuentro: id «EncounterIdentifier» y use «usual»',
    },
    {
      ...base,
      codigo: 'RDA80',
      ruta: 'class',
      patron: {
        system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
        code: e.clase.code,
        display: e.clase.display,
      },
      min: 1,
      que: `Clase del encuentro ${e.clase.code} «${e.clase.display}»`,
    },
    {
      ...base,
      codigo: 'RDA82',
      ruta: 'type',
      min: e.tipos.min,
      max: e.tipos.max,
      que: `Tipos del encuentro (${e.tipos.min}..${e.tipos.max})`,
    },
    ...rebanadaTipo('ColombianTechModality', 'Modalidad del encuentro'),
    ...rebanadaTipo('GrupoServicios', 'Grupo de servicios del encuentro'),
    ...rebanadaTipo('EntornoAtencion', 'Entorno de la atención'),
    {
      ...base,
      codigo: 'RDA81',
      ruta: 'type',
      donde: { coding: [{ system: sistema('REPShealthcareServices') }] },
      max: e.conServicioReps ? 1 : 0,
      que: e.conServicioReps
        ? 'Servicio REPS del encuentro (0..1)'
        : 'Servicio REPS del encuentro: este perfil no lo admite (rebanado cerrado)',
    },
    {
      ...base,
      codigo: 'RDA82',
      ruta: 'diagnosis',
      min: e.diagnosticos.min,
      max: e.diagnosticos.max,
      que: `Diagnósticos del encuentro (${e.diagnosticos.min}..${e.diagnosticos.max})`,
    },
    {
      ...base,
      codigo: 'RDA81',
      ruta: 'diagnosis.rank',
      unoDe: e.diagnosticos.ranuras.map((r) => r.rank),
      que: `Rango del diagnóstico: uno de ${e.diagnosticos.ranuras.map((r) => r.rank).join(', ')}`,
    },
    {
      ...base,
      codigo: 'RDA82',
      ruta: 'participant',
      min: 1,
      max: 1,
      que: 'Participante del encuentro (1..1)',
    },
    {
      ...base,
      codigo: 'RDA81',
      ruta: 'participant',
      patron: {
        id: e.participante.id,
        type: [
          {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
                code: e.participante.code,
                display: e.participante.display,
              },
            ],
          },
        ],
      },
      que: `Participante «${e.participante.id}»: tipo ${e.participante.code} «${e.participante.display}»`,
    },
    {
      ...base,
      codigo: 'RDA80',
      ruta: 'type',
      donde: enTipo('GrupoServicios'),
      patron: { coding: [{ system: sistema('GrupoServicios'), code: e.grupoServicio }] },
      que: `Grupo de servicios fijo ${e.grupoServicio}`,
    },
  ];
  if (e.entornoFijo)
    out.push({
      ...base,
      codigo: 'RDA80',
      ruta: 'type',
      donde: enTipo('EntornoAtencion'),
      patron: { coding: [{ system: sistema('EntornoAtencion'), code: e.entornoFijo }] },
      que: `Entorno fijo ${e.entornoFijo}`,
    });
  for (const r of e.diagnosticos.ranuras) {
    out.push({
      ...base,
      codigo: 'RDA81',
      ruta: 'diagnosis',
      donde: { rank: r.rank },
      min: r.min,
      max: 1,
      patron: {
        id: r.id,
        use: { coding: [{ system: sistema('ColombianDiagnosisRole'), code: r.rol }] },
      },
      que: `Diagnóstico de rango ${r.rank}: rebanada «${r.id}» con rol ${r.rol}`,
    });
    if (r.conTipo)
      out.push({
        ...base,
        codigo: 'RDA84',
        ruta: 'diagnosis',
        donde: { rank: r.rank },
        cuenta: { ruta: 'extension', donde: { url: ext('ExtensionDiagnosisType') }, min: 1, max: 1 },
        que: `Diagnóstico «${r.id}»: ExtensionDiagnosisType (1..1)`,
      });
  }
  out.push({
    ...base,
    codigo: 'RDA83',
    ruta: 'diagnosis.use',
    lista: { nombre: 'ColombianDiagnosisRole', display: true },
    que: 'Rol del diagnóstico (ColombianDiagnosisRole)',
  });
  out.push({
    ...base,
    codigo: 'RDA83',
    ruta: 'diagnosis.extension',
    donde: { url: ext('ExtensionDiagnosisType') },
    lista: { nombre: 'RIPSTipoDiagnosticoPrincipalVersion2', display: true },
    que: 'Tipo de diagnóstico (RIPSTipoDiagnosticoPrincipalVersion2)',
  });
  if (tipo !== 'consulta-externa')
    out.push(
      {
        ...base,
        codigo: 'RDA83',
        ruta: 'hospitalization.admitSource',
        lista: { nombre: 'ViaIngreso', display: true },
        que: 'Vía de ingreso (ViaIngreso)',
      },
      {
        ...base,
        codigo: 'RDA83',
        ruta: 'hospitalization.dischargeDisposition',
        lista: { nombre: 'CondicionyDestinoUsuarioEgreso', display: true },
        que: 'Condición y destino al egreso (CondicionyDestinoUsuarioEgreso)',
      },
    );
  return out;
}

const porTipo = new Map<TipoRda, readonly Hecho[]>();

/** Every fact of the guide that applies to a document type (Composition, Encounter, resources). */
export function hechosDe(tipo: TipoRda): readonly Hecho[] {
  let h = porTipo.get(tipo);
  if (!h) {
    h = [...hechosComposicion(tipo), ...hechosEncuentro(tipo), ...FIJOS_RECURSOS];
    porTipo.set(tipo, h);
  }
  return h;
}
