import { CODIGOS, FORMATOS, ROLES_DIAGNOSTICO, URL_ROL_DIAGNOSTICO } from '../codigos.js';
import { extension, SISTEMAS } from '../tipos.js';
import {
  arr,
  type ContextoLint,
  codigoEn,
  esObj,
  extensiones,
  objs,
  type Rec,
  type ReglaRda,
  valorCodificado,
} from './contexto.js';

type Emitir = (ruta: string, detalle?: string) => void;
const EPISODIOS = ['consulta-externa', 'hospitalizacion', 'urgencias'] as const;
const CON_EGRESO = ['hospitalizacion', 'urgencias'] as const;
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
    codigo: 'RDA55',
    severidad: 'aviso-conformidad',
    campo: 'Clase de la atención',
    titulo: 'La clase del encuentro no corresponde al tipo de RDA',
    explicacion:
      'Encounter.class es AMB en consulta externa, EMER en urgencias e IMP en hospitalización (v3-ActCode).',
    comoCorregir: 'Use la clase del tipo de RDA que envía.',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, ctx, emitir) => {
      const c = esObj(r.class) ? r.class : {};
      if (c.system !== SISTEMAS.actCode || c.code !== ctx.perfil?.encuentro?.clase)
        emitir(`${ruta}.class`, `Se espera ${ctx.perfil?.encuentro?.clase}.`);
    }),
  },
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
    campo: 'Modalidad, grupo de servicios y servicio REPS',
    titulo: 'Falta o no es válido un tipo del encuentro',
    explicacion:
      'Encounter.type lleva la modalidad (ColombianTechModality), el grupo de servicios fijo del tipo de RDA (01 consulta externa, 03 internación, 05 atención inmediata) y el servicio REPS (3 dígitos).',
    comoCorregir: 'Envíe los tres type con sus sistemas y el grupo de servicios del tipo de RDA.',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, ctx, emitir) => {
      const tipos = arr(r.type);
      const en = (url: string) => tipos.map((t) => codigoEn(t, url)).find(Boolean);
      const modalidad = en(CODIGOS.modalidad.url);
      if (!modalidad || !CODIGOS.modalidad.codigos.has(modalidad)) emitir(`${ruta}.type`, 'Modalidad.');
      if (en(CODIGOS.grupoServicio.url) !== ctx.perfil?.encuentro?.grupoServicio)
        emitir(`${ruta}.type`, `Grupo de servicios ${ctx.perfil?.encuentro?.grupoServicio}.`);
      if (!FORMATOS.serviciosReps.patron.test(en(FORMATOS.serviciosReps.url) ?? ''))
        emitir(`${ruta}.type`, 'Servicio REPS.');
      const entorno = en(CODIGOS.entorno.url);
      if (entorno && !CODIGOS.entorno.codigos.has(entorno)) emitir(`${ruta}.type`, 'Entorno de atención.');
    }),
  },
  {
    codigo: 'RDA60',
    severidad: 'aviso-conformidad',
    campo: 'Código CUPS de la consulta',
    titulo: 'Falta el código CUPS de la consulta',
    explicacion: 'En consulta externa Encounter.serviceType (1..1) es el código CUPS de la consulta.',
    comoCorregir: 'Envíe serviceType con el código CUPS (6 caracteres) de la consulta.',
    tipos: ['consulta-externa'],
    chequear: enEncuentro((r, ruta, _c, emitir) => {
      if (!FORMATOS.cups.patron.test(codigoEn(r.serviceType, FORMATOS.cups.url) ?? ''))
        emitir(`${ruta}.serviceType`);
    }),
  },
  {
    codigo: 'RDA61',
    severidad: 'aviso-conformidad',
    campo: 'Profesional que atiende',
    titulo: 'Falta el profesional que atiende en el encuentro',
    explicacion:
      'Encounter.participant lleva al profesional con tipo ATND (y DIS, quien da el egreso, en urgencias y hospitalización).',
    comoCorregir: 'Envíe participant con type ATND y individual = el Practitioner del Bundle.',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, ctx, emitir) => {
      const con = (codigo: string) =>
        objs(r.participant).some(
          (p) =>
            arr(p.type).some((t) => codigoEn(t, SISTEMAS.participationType) === codigo) &&
            ctx.apunta(p.individual)?.tipoRecurso === 'Practitioner',
        );
      if (!con('ATND')) emitir(`${ruta}.participant`, 'Falta ATND.');
      if (ctx.tipo !== 'consulta-externa' && !con('DIS')) emitir(`${ruta}.participant`, 'Falta DIS.');
    }),
  },
  {
    codigo: 'RDA62',
    severidad: 'aviso-conformidad',
    campo: 'Causa externa de la atención',
    titulo: 'Falta la causa externa o no es válida',
    explicacion: 'Encounter.reasonCode (1..1) usa RIPSCausaExternaVersion2.',
    comoCorregir: 'Envíe reasonCode con un código de RIPSCausaExternaVersion2 (38 enfermedad general…).',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, _c, emitir) => {
      const c = arr(r.reasonCode)
        .map((x) => codigoEn(x, CODIGOS.causaExterna.url))
        .find(Boolean);
      if (!c || !CODIGOS.causaExterna.codigos.has(c) || arr(r.reasonCode).length !== 1)
        emitir(`${ruta}.reasonCode`);
    }),
  },
  {
    codigo: 'RDA63',
    severidad: 'aviso-conformidad',
    campo: 'Diagnóstico principal de la atención',
    titulo: 'Falta el diagnóstico principal en el encuentro o está incompleto',
    explicacion:
      'Encounter.diagnosis lleva el diagnóstico principal (rango 1, rol 8319008 en consulta externa o 52870002 de ingreso) con ExtensionDiagnosisType (RIPSTipoDiagnosticoPrincipalVersion2); cada diagnóstico apunta a una Condition del Bundle.',
    comoCorregir:
      'Envíe diagnosis con condition, use (ColombianDiagnosisRole), rank 1 y la extensión de tipo de diagnóstico.',
    tipos: EPISODIOS,
    chequear: enEncuentro((r, ruta, ctx, emitir) => {
      const rolPrincipal =
        ctx.tipo === 'consulta-externa'
          ? ROLES_DIAGNOSTICO.principal.codigo
          : ROLES_DIAGNOSTICO.ingreso.codigo;
      const roles = new Set<string>(Object.values(ROLES_DIAGNOSTICO).map((x) => x.codigo));
      const ds = objs(r.diagnosis);
      ds.forEach((d, i) => {
        const rol = codigoEn(d.use, URL_ROL_DIAGNOSTICO);
        if (!rol || !roles.has(rol)) emitir(`${ruta}.diagnosis[${i}].use`, 'Rol de diagnóstico desconocido.');
        if (ctx.apunta(d.condition)?.tipoRecurso !== 'Condition')
          emitir(`${ruta}.diagnosis[${i}].condition`, 'No apunta a una Condition.');
      });
      const i = ds.findIndex((d) => codigoEn(d.use, URL_ROL_DIAGNOSTICO) === rolPrincipal && d.rank === 1);
      if (i < 0) {
        emitir(`${ruta}.diagnosis`, `No hay diagnóstico con rol ${rolPrincipal} y rank 1.`);
        return;
      }
      const tipo = extensiones(ds[i], extension('ExtensionDiagnosisType'))[0];
      const v = tipo ? valorCodificado(tipo, CODIGOS.tipoDiagnostico) : undefined;
      if (!v?.ok) emitir(`${ruta}.diagnosis[${i}].extension`, 'Tipo de diagnóstico principal.');
    }),
  },
  {
    codigo: 'RDA64',
    severidad: 'aviso-conformidad',
    campo: 'Vía de ingreso y condición al egreso',
    titulo: 'Falta la vía de ingreso o la condición y destino al egreso',
    explicacion:
      'En urgencias y hospitalización Encounter.hospitalization lleva admitSource (ViaIngreso) y dischargeDisposition (CondicionyDestinoUsuarioEgreso).',
    comoCorregir:
      'Envíe hospitalization.admitSource y hospitalization.dischargeDisposition con códigos válidos.',
    tipos: CON_EGRESO,
    chequear: enEncuentro((r, ruta, _c, emitir) => {
      const h = esObj(r.hospitalization) ? r.hospitalization : {};
      const via = codigoEn(h.admitSource, CODIGOS.viaIngreso.url);
      const egreso = codigoEn(h.dischargeDisposition, CODIGOS.condicionEgreso.url);
      if (!via || !CODIGOS.viaIngreso.codigos.has(via)) emitir(`${ruta}.hospitalization.admitSource`);
      if (!egreso || !CODIGOS.condicionEgreso.codigos.has(egreso))
        emitir(`${ruta}.hospitalization.dischargeDisposition`);
    }),
  },
  {
    codigo: 'RDA65',
    severidad: 'aviso-conformidad',
    campo: 'Clasificación de triage',
    titulo: 'El triage falta o no es válido',
    explicacion:
      'En urgencias el triage es una Observation (ObservationTriageRDA, código SNOMED 225390008) con la clase de ClaseTriage, referida desde la sección de triage (54094-8).',
    comoCorregir: 'Incluya la Observation de triage con valueCodeableConcept de ClaseTriage.',
    tipos: ['urgencias'],
    chequear(ctx, emitir) {
      const triages = ctx
        .porTipo('Observation')
        .filter((o) => codigoEn(o.recurso.code, SISTEMAS.snomed) === '225390008');
      if (triages.length === 0) {
        emitir('Bundle.entry', 'No hay Observation de triage.');
        return;
      }
      for (const t of triages) {
        const clase = codigoEn(t.recurso.valueCodeableConcept, CODIGOS.triage.url);
        if (!clase || !CODIGOS.triage.codigos.has(clase)) emitir(`${t.ruta}.valueCodeableConcept`);
      }
    },
  },
];
