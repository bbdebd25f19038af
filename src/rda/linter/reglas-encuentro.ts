import { CODIGOS, FORMATOS } from '../codigos.js';
import { DOCUMENTOS_GUIA } from '../guia/documentos.js';
import { mostrarValor } from '../json-acotado.js';
import { perfil, SISTEMAS } from '../tipos.js';
import {
  arr,
  type ContextoLint,
  codigoEn,
  type Emitir,
  EPISODIOS,
  esObj,
  objs,
  type Rec,
  type ReglaRda,
} from './contexto.js';

/** ObservationTriageRDA's fixed SNOMED CT code (how an undeclared triage is recognised). */
const TRIAGE = '225390008';
/** FHIR dateTime with a time: seconds and zone are required. */
const FECHA_HORA =
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$/;
const UN_ANO_MS = 366 * 24 * 3600 * 1000;

const enEncuentro =
  (f: (r: Rec, ruta: string, ctx: ContextoLint, emitir: Emitir) => void) =>
  (ctx: ContextoLint, emitir: Emitir) => {
    const e = ctx.porTipo('Encounter')[0];
    if (e) f(e.recurso, e.ruta, ctx, emitir);
  };

const periodo = (r: Rec) => {
  const p = esObj(r.period) ? r.period : {};
  const fecha = (v: unknown) =>
    typeof v === 'string' && FECHA_HORA.test(v) && !Number.isNaN(Date.parse(v)) ? new Date(v) : undefined;
  return { inicio: fecha(p.start), fin: fecha(p.end), crudo: p };
};

export const REGLAS_ENCUENTRO: ReglaRda[] = [
  {
    codigo: 'RDA56',
    severidad: 'rechazo',
    campo: 'Fechas de inicio y fin de la atención',
    titulo: 'Falta la fecha de inicio o de fin de la atención',
    explicacion:
      'Encounter.period.start y period.end son obligatorios, como fecha y hora completas con zona horaria.',
    comoCorregir: 'Envíe period.start y period.end como 2026-11-18T08:00:00-05:00.',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, _c, emitir) => {
      const p = periodo(r);
      if (!p.inicio) emitir(`${ruta}.period.start`);
      if (!p.fin) emitir(`${ruta}.period.end`);
    }),
  },
  {
    codigo: 'RDA57',
    severidad: 'rechazo',
    campo: 'Fechas de inicio y fin de la atención',
    titulo: 'Las fechas de la atención no son coherentes',
    explicacion:
      'El perfil exige inicio ≤ fin ≤ ahora: una atención no termina antes de empezar ni en el futuro.',
    comoCorregir: 'Corrija las fechas de la atención en el sistema de origen.',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, ctx, emitir) => {
      const { inicio, fin } = periodo(r);
      if (inicio && fin && inicio.getTime() > fin.getTime())
        emitir(`${ruta}.period`, 'El inicio es posterior al fin.');
      if (fin && fin.getTime() > ctx.ahora.getTime())
        emitir(`${ruta}.period.end`, 'El fin es posterior a ahora.');
    }),
  },
  {
    codigo: 'RDA58',
    severidad: 'aviso-conformidad',
    campo: 'Fecha de la atención',
    titulo: 'La atención tiene más de un año',
    explicacion: 'El perfil espera que el encuentro esté dentro del último año.',
    comoCorregir: 'Verifique la fecha; los RDA se envían al cerrar cada atención.',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, ctx, emitir) => {
      const { inicio } = periodo(r);
      if (inicio && ctx.ahora.getTime() - inicio.getTime() > UN_ANO_MS) emitir(`${ruta}.period.start`);
    }),
  },
  {
    codigo: 'RDA59',
    severidad: 'aviso-conformidad',
    campo: 'Servicio REPS de la atención',
    titulo: 'El servicio REPS del encuentro no tiene 3 o 4 dígitos',
    explicacion:
      'Solo EncounterAmbulatoryRDA admite el servicio habilitado (REPShealthcareServices, 0..1) en Encounter.type, con el código del servicio en el REPS: 3 o 4 dígitos (328, 1102). La modalidad, el grupo de servicios, el entorno de la atención (1..1 en los tres tipos, fijo 05 en urgencias) y la ausencia del servicio REPS en urgencias y hospitalización los revisan RDA80 a RDA83.',
    comoCorregir:
      'Envíe el código del servicio tal como figura en el REPS (3 o 4 dígitos) o no envíe ese type.',
    tipos: ['consulta-externa'],
    chequear: enEncuentro((r, ruta, _c, emitir) => {
      arr(r.type).forEach((t, i) => {
        const c = codigoEn(t, FORMATOS.serviciosReps.url);
        if (c !== undefined && !FORMATOS.serviciosReps.patron.test(c))
          emitir(`${ruta}.type[${i}]`, `Servicio REPS «${mostrarValor(c, 20)}».`);
      });
    }),
  },
  {
    codigo: 'RDA60',
    severidad: 'rechazo',
    campo: 'Código CUPS de la consulta',
    titulo: 'Falta el código CUPS de la consulta',
    explicacion:
      'En consulta externa Encounter.serviceType (1..1) es el código CUPS de la consulta; la plataforma rechaza el documento sin él. Un código mal formado es RDA64.',
    comoCorregir: 'Envíe serviceType con el código CUPS (6 caracteres) de la consulta.',
    tipos: ['consulta-externa'],
    chequear: enEncuentro((r, ruta, _c, emitir) => {
      if (!esObj(r.serviceType)) emitir(`${ruta}.serviceType`);
    }),
  },
  {
    codigo: 'RDA64',
    severidad: 'aviso-conformidad',
    campo: 'Código CUPS de la consulta',
    titulo: 'El código CUPS de la consulta no es válido',
    explicacion:
      'Encounter.serviceType lleva un código del sistema CUPS de 6 caracteres. Es un aviso: la plataforma no aplica los vínculos de código.',
    comoCorregir: 'Envíe en serviceType el código CUPS (6 caracteres) de la consulta en el sistema CUPS.',
    tipos: ['consulta-externa'],
    chequear: enEncuentro((r, ruta, _c, emitir) => {
      if (
        esObj(r.serviceType) &&
        !FORMATOS.cups.patron.test(codigoEn(r.serviceType, FORMATOS.cups.url) ?? '')
      )
        emitir(`${ruta}.serviceType`);
    }),
  },
  {
    codigo: 'RDA61',
    severidad: 'aviso-conformidad',
    campo: 'Profesional del encuentro',
    titulo: 'El participante del encuentro no apunta al profesional',
    explicacion:
      'Encounter.participant tiene un solo participante (1..1) cuyo individual referencia al profesional (PractitionerRDA): en consulta externa el que atiende (id AttenderPhysician, tipo ATND «attender»), en urgencias y hospitalización el que da el egreso (id DischargePhysician, tipo DIS «discharger»). El número, el id y el tipo los revisan RDA81 y RDA82.',
    comoCorregir: 'Ponga en participant.individual la referencia a la entrada Practitioner del Bundle.',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, ctx, emitir) => {
      objs(r.participant).forEach((p, i) => {
        const destino = ctx.apunta(p.individual);
        // A reference that resolves to nothing is RDA07 (rechazo).
        if (esObj(p.individual) && typeof p.individual.reference === 'string' && !destino) return;
        if (destino?.tipoRecurso !== 'Practitioner')
          emitir(
            `${ruta}.participant[${i}].individual`,
            destino ? `Apunta a ${destino.tipoRecurso}.` : 'No referencia a ninguna entrada.',
          );
      });
    }),
  },
  {
    codigo: 'RDA62',
    severidad: 'rechazo',
    campo: 'Causa externa de la atención',
    titulo: 'Falta la causa externa o hay más de una',
    explicacion:
      'Encounter.reasonCode (1..1) es la causa externa (RIPSCausaExternaVersion2); la plataforma rechaza el documento sin ella o con más de una. Un código ajeno a la tabla es RDA66.',
    comoCorregir:
      'Envíe un solo reasonCode con un código de RIPSCausaExternaVersion2 (38 enfermedad general…).',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, _c, emitir) => {
      const n = arr(r.reasonCode).length;
      if (n !== 1) emitir(`${ruta}.reasonCode`, n ? `Hay ${n}.` : 'No se envió.');
    }),
  },
  {
    codigo: 'RDA66',
    severidad: 'aviso-conformidad',
    campo: 'Causa externa de la atención',
    titulo: 'La causa externa no es un código de RIPSCausaExternaVersion2',
    explicacion:
      'Encounter.reasonCode usa la tabla RIPSCausaExternaVersion2. Es un aviso: la plataforma no aplica los vínculos de código.',
    comoCorregir: 'Use un código de RIPSCausaExternaVersion2 (38 enfermedad general…) en su sistema.',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, _c, emitir) => {
      arr(r.reasonCode).forEach((x, i) => {
        const c = codigoEn(x, CODIGOS.causaExterna.url);
        if (!c || !CODIGOS.causaExterna.codigos.has(c))
          emitir(
            `${ruta}.reasonCode[${i}]`,
            c
              ? `Código «${mostrarValor(c, 20)}».`
              : `No hay un código del sistema ${CODIGOS.causaExterna.url}.`,
          );
      });
    }),
  },
  {
    codigo: 'RDA63',
    severidad: 'rechazo',
    campo: 'Diagnósticos de la atención',
    titulo: 'Falta un diagnóstico obligatorio del encuentro o un diagnóstico no tiene condition',
    explicacion:
      'Encounter.diagnosis se rebana por rango: en consulta externa el diagnóstico principal (rango 1, MainDiagnosis, rol 8319008) es obligatorio; en urgencias y hospitalización lo son el de ingreso (rango 1, AdmissionDiagnosis, rol 52870002) y el de egreso (rango 2, DischargeDiagnosis, rol 89100005), ambos con ExtensionDiagnosisType; y cada diagnóstico lleva condition (1..1). La plataforma rechaza la rebanada o el elemento que falta. Ids, roles, la extensión y los demás rangos los revisan RDA81 a RDA84; un condition que apunta a otro tipo de recurso, RDA67.',
    comoCorregir:
      'Envíe en diagnosis los diagnósticos obligatorios del tipo de RDA con su rango y con condition apuntando a la Condition del Bundle.',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, ctx, emitir) => {
      const e = ctx.tipo ? DOCUMENTOS_GUIA[ctx.tipo].encuentro : undefined;
      if (!e) return;
      const ds = objs(r.diagnosis);
      ds.forEach((d, i) => {
        if (!esObj(d.condition))
          emitir(`${ruta}.diagnosis[${i}].condition`, 'El diagnóstico no tiene condition.');
      });
      for (const s of e.diagnosticos.ranuras.filter((x) => x.min === 1))
        if (!ds.some((d) => d.rank === s.rank))
          emitir(`${ruta}.diagnosis`, `Falta el diagnóstico de rango ${s.rank} (${s.id}, rol ${s.rol}).`);
    }),
  },
  {
    codigo: 'RDA67',
    severidad: 'aviso-conformidad',
    campo: 'Diagnósticos de la atención',
    titulo: 'Un diagnóstico del encuentro no apunta a una Condition',
    explicacion:
      'Encounter.diagnosis.condition apunta a la Condition (ConditionRDA) del diagnóstico incluida en el Bundle. Es un aviso: el tipo del destino de una referencia no se ha visto rechazado; una referencia que no se resuelve es RDA07 (rechazo).',
    comoCorregir: 'Ponga en diagnosis.condition el fullUrl de la Condition del diagnóstico.',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, ctx, emitir) => {
      objs(r.diagnosis).forEach((d, i) => {
        if (!esObj(d.condition)) return; // RDA63
        const destino = ctx.apunta(d.condition);
        if (typeof d.condition.reference === 'string' && !destino) return; // RDA07
        if (destino?.tipoRecurso !== 'Condition')
          emitir(
            `${ruta}.diagnosis[${i}].condition`,
            destino ? `Apunta a ${destino.tipoRecurso}.` : 'No referencia a ninguna entrada.',
          );
      });
    }),
  },
  {
    codigo: 'RDA65',
    severidad: 'rechazo',
    campo: 'Clasificación de triage',
    titulo: 'El triage no tiene la clase o tiene más de un código',
    explicacion:
      'ObservationTriageRDA (0..1 en urgencias) exige la clase en valueCodeableConcept (1..1) y un solo código en code.coding (1..1); la plataforma rechaza esas cardinalidades. El código SNOMED CT 225390008 «triaje», el texto «Triage» y la clase de ClaseTriage con su display los revisan RDA80 y RDA83.',
    comoCorregir:
      'Envíe en la Observation de triage valueCodeableConcept con la clase de ClaseTriage y deje en code.coding solo 225390008 «triaje».',
    tipos: ['urgencias'],
    chequear(ctx, emitir) {
      for (const o of ctx.porTipo('Observation')) {
        const r = o.recurso;
        const declarado = esObj(r.meta) && arr(r.meta.profile).includes(perfil('ObservationTriageRDA'));
        if (!declarado && codigoEn(r.code, SISTEMAS.snomed) !== TRIAGE) continue;
        const n = objs(esObj(r.code) ? r.code.coding : []).length;
        if (n > 1) emitir(`${o.ruta}.code.coding`, `Hay ${n} códigos; la guía admite uno.`);
        if (!esObj(r.valueCodeableConcept))
          emitir(`${o.ruta}.valueCodeableConcept`, 'Falta la clase de triage.');
      }
    },
  },
];
