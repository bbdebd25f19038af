import { CODIGOS } from '../codigos.js';
import { DOCUMENTOS_GUIA } from '../guia/documentos.js';
import { type ClaveSeccion, SECCIONES, tituloSeccion } from '../guia/secciones.js';
import { mostrarValor } from '../json-acotado.js';
import { SISTEMAS } from '../tipos.js';
import {
  arr,
  type ContextoLint,
  codigoEn,
  type Emitir,
  EPISODIOS,
  esObj,
  esPagador,
  objs,
  type Rec,
  type ReglaRda,
  texto,
} from './contexto.js';

const seccionesDe = (ctx: ContextoLint) =>
  ctx.composicion ? objs(ctx.composicion.recurso.section).map((s, i) => ({ s, i })) : [];
const rutaComp = (ctx: ContextoLint) => ctx.composicion?.ruta ?? 'Bundle.entry[0].resource';

const PORLOINC = new Map(Object.values(SECCIONES).map((d) => [d.loinc as string, d.clave as ClaveSeccion]));
/** The guide section a Composition.section is, by its LOINC code. */
const claveDe = (s: Rec): ClaveSeccion | undefined => {
  const loinc = codigoEn(s.code, SISTEMAS.loinc);
  return loinc ? PORLOINC.get(loinc) : undefined;
};

const NOMBRE_AUTOR: Record<string, string> = {
  Organization: 'el prestador (Organization CareDeliveryOrganizationRDA)',
  Practitioner: 'el profesional (Practitioner)',
};
const describirAutor = (tipo: string, r: Rec) =>
  tipo === 'Organization' && esPagador(r)
    ? 'un pagador (EAPB)'
    : (NOMBRE_AUTOR[tipo] ?? `un recurso ${mostrarValor(tipo, 40)}`);

/** At least year, month and day (inv-period-full-date-* of the guide). */
const FECHA_COMPLETA = /^[0-9]{4}-[0-9]{2}-[0-9]{2}/;

/** A Period's start and end: full dates, start ≤ end, none after now (when present). */
function chequearPeriodo(p: unknown, ruta: string, ahora: Date, emitir: Emitir) {
  if (!esObj(p)) return;
  const t: Partial<Record<'start' | 'end', number>> = {};
  for (const k of ['start', 'end'] as const) {
    const v = p[k];
    if (v === undefined) continue;
    const ms = typeof v === 'string' && FECHA_COMPLETA.test(v) ? Date.parse(v) : Number.NaN;
    if (Number.isNaN(ms))
      emitir(`${ruta}.${k}`, `Valor ${mostrarValor(v, 40)}: se espera al menos AAAA-MM-DD.`);
    else if (ms > ahora.getTime()) emitir(`${ruta}.${k}`, 'Es posterior a ahora.');
    else t[k] = ms;
  }
  if (t.start !== undefined && t.end !== undefined && t.start > t.end)
    emitir(ruta, 'El inicio es posterior al fin.');
}

/** Checks of one Composition element, only when the Composition exists. */
const enComposicion =
  (f: (c: Rec, ruta: string, ctx: ContextoLint, emitir: Emitir) => void) =>
  (ctx: ContextoLint, emitir: Emitir) => {
    if (ctx.composicion) f(ctx.composicion.recurso, ctx.composicion.ruta, ctx, emitir);
  };

export const REGLAS_COMPOSICION: ReglaRda[] = [
  {
    codigo: 'RDA12',
    severidad: 'rechazo',
    campo: 'Tipo de documento (LOINC)',
    titulo: 'La Composition no tiene el tipo LOINC de este RDA',
    explicacion:
      'Composition.type fija el tipo de RDA: 102089-0 paciente, 51845-6 consulta externa, 34105-7 hospitalización, 59258-4 urgencias.',
    comoCorregir: 'Use en Composition.type el código LOINC del tipo de RDA que envía.',
    chequear: enComposicion((c, ruta, ctx, emitir) => {
      const loinc = codigoEn(c.type, SISTEMAS.loinc);
      if (!ctx.perfil)
        emitir(
          `${ruta}.type`,
          `Código recibido: ${loinc ?? 'ninguno'}; no corresponde a ningún tipo de RDA.`,
        );
      else if (loinc !== ctx.perfil.loinc)
        emitir(`${ruta}.type`, `Se espera ${ctx.perfil.loinc}; se recibió ${loinc ?? 'ninguno'}.`);
    }),
  },
  {
    codigo: 'RDA13',
    severidad: 'aviso-conformidad',
    campo: 'Estado del documento',
    titulo: 'El estado de la Composition no es «final»',
    explicacion:
      'Los perfiles fijan Composition.status = final: el RDA se envía cuando la atención está cerrada.',
    comoCorregir: 'Envíe Composition.status = "final".',
    chequear: enComposicion((c, ruta, _ctx, emitir) => {
      if (c.status !== 'final') emitir(`${ruta}.status`);
    }),
  },
  {
    codigo: 'RDA14',
    severidad: 'rechazo',
    campo: 'Paciente del documento',
    titulo: 'La Composition no apunta al paciente',
    explicacion: 'Composition.subject (1..1) referencia al paciente (PatientRDA) incluido en el Bundle.',
    comoCorregir: 'Ponga en Composition.subject la referencia a la entrada Patient (su fullUrl).',
    chequear: enComposicion((c, ruta, ctx, emitir) => {
      if (ctx.apunta(c.subject)?.tipoRecurso !== 'Patient') emitir(`${ruta}.subject`);
    }),
  },
  {
    codigo: 'RDA15',
    severidad: 'rechazo',
    campo: 'Atención del documento',
    titulo: 'La Composition no apunta al encuentro de la atención',
    explicacion:
      'En los RDA de atención, Composition.encounter (1..1) referencia el Encounter del perfil del tipo.',
    comoCorregir: 'Incluya el Encounter como entrada y ponga en Composition.encounter la referencia a ella.',
    tipos: EPISODIOS,
    chequear: enComposicion((c, ruta, ctx, emitir) => {
      if (ctx.apunta(c.encounter)?.tipoRecurso !== 'Encounter') emitir(`${ruta}.encounter`);
    }),
  },
  {
    codigo: 'RDA16',
    severidad: 'aviso-conformidad',
    campo: 'Autor del documento',
    titulo: 'El autor de la Composition no es del tipo que la guía admite para este RDA',
    explicacion:
      'Composition.author (1..1) referencia, según el tipo de RDA: en hospitalización, solo al prestador (CareDeliveryOrganizationRDA); en consulta externa y urgencias, al prestador o al profesional (PractitionerRDA); en el RDA de paciente, al profesional. Es un aviso: el tipo del destino de una referencia no se ha visto rechazado. Un autor que no se resuelve dentro del Bundle es un rechazo (RDA07 o RDA17), y dos autores también (RDA82).',
    comoCorregir:
      'Apunte el autor a la entrada que admite el tipo de RDA (detalle): la Organization del prestador o el Practitioner.',
    chequear: enComposicion((c, ruta, ctx, emitir) => {
      if (!ctx.tipo) return;
      const admitidos: readonly string[] = DOCUMENTOS_GUIA[ctx.tipo].autores;
      const autores = objs(c.author);
      autores.forEach((a, i) => {
        const destino = ctx.apunta(a);
        // An author that resolves to nothing is a rechazo: RDA07 (broken reference) or RDA17 (none).
        if (!destino) return;
        const ips = destino.tipoRecurso === 'Organization' && !esPagador(destino.recurso);
        const valido =
          admitidos.includes(destino.tipoRecurso) && (destino.tipoRecurso !== 'Organization' || ips);
        if (!valido)
          emitir(
            `${ruta}.author[${i}]`,
            `Apunta a ${describirAutor(destino.tipoRecurso, destino.recurso)}; en este tipo de RDA se admite ${admitidos.map((t) => NOMBRE_AUTOR[t]).join(' o ')}.`,
          );
      });
    }),
  },
  {
    codigo: 'RDA17',
    severidad: 'rechazo',
    campo: 'Fecha, título y autor del documento',
    titulo: 'Falta la fecha, el título o el autor de la Composition',
    explicacion:
      'Composition.date, Composition.title y Composition.author son obligatorios (1..1): sin autor que referencie una entrada del Bundle el documento no dice quién responde por él.',
    comoCorregir:
      'Envíe Composition.date (fecha y hora con zona), Composition.title y un author con la referencia a la entrada del prestador o del profesional.',
    chequear: enComposicion((c, ruta, _ctx, emitir) => {
      if (typeof c.date !== 'string' || Number.isNaN(Date.parse(c.date))) emitir(`${ruta}.date`);
      if (!texto(c.title)) emitir(`${ruta}.title`);
      if (!objs(c.author).some((a) => texto(a.reference)))
        emitir(`${ruta}.author`, 'No hay autor con una referencia.');
    }),
  },
  {
    codigo: 'RDA18',
    severidad: 'aviso-conformidad',
    campo: 'Custodio del documento',
    titulo: 'La Composition no tiene como custodio al prestador',
    explicacion:
      'Composition.custodian (1..1) es el prestador (CareDeliveryOrganizationRDA) que guarda la historia clínica. Si el custodio apunta a otra cosa es un aviso; si falta, RDA84 lo rechaza.',
    comoCorregir: 'Incluya la Organization del prestador y ponga su fullUrl en Composition.custodian.',
    chequear: enComposicion((c, ruta, ctx, emitir) => {
      if (c.custodian === undefined) return; // RDA84 (1..1)
      if (ctx.apunta(c.custodian)?.tipoRecurso !== 'Organization') emitir(`${ruta}.custodian`);
    }),
  },
  {
    codigo: 'RDA19',
    severidad: 'aviso-conformidad',
    campo: 'Confidencialidad y atestación',
    titulo: 'Confidencialidad o atestación distinta de la fijada',
    explicacion:
      'Los perfiles de Composition fijan confidentiality = N y, en cada attester, mode = legal. Ambos elementos son opcionales: la regla solo revisa los que se envían.',
    comoCorregir: 'Envíe confidentiality "N" (o no la envíe) y, si hay attester, mode "legal".',
    chequear: enComposicion((c, ruta, _ctx, emitir) => {
      if (c.confidentiality !== undefined && c.confidentiality !== 'N')
        emitir(`${ruta}.confidentiality`, `Valor recibido: ${mostrarValor(c.confidentiality)}.`);
      objs(c.attester).forEach((a, i) => {
        if (a.mode !== 'legal') emitir(`${ruta}.attester[${i}].mode`);
      });
    }),
  },
  {
    codigo: 'RDA20',
    severidad: 'aviso-conformidad',
    campo: 'Evento de la atención',
    titulo: 'El evento de la atención está mal formado',
    explicacion:
      'Composition.event es obligatorio (1..1) en el RDA de paciente, con modalidad, grupo de servicios y periodo (los revisan RDA82 a RDA84); en los RDA de atención es opcional (must-support), pero si se envía su modalidad es de ColombianTechModality y su grupo de servicios el del tipo de RDA. En los cuatro tipos event.period.start y event.period.end llevan al menos año, mes y día (AAAA-MM-DD), el inicio no es posterior al fin y ninguno está en el futuro.',
    comoCorregir:
      'Corrija en el sistema de origen la modalidad, el grupo de servicios o las fechas del evento indicados en el detalle.',
    visto:
      'Sandbox IHCE, abril de 2026: aceptó un evento cuyo periodo es posterior a Composition.date; esta regla no compara el evento con la fecha del documento, solo con el momento de la revisión.',
    chequear: enComposicion((c, ruta, ctx, emitir) => {
      const grupo = ctx.perfil?.encuentro?.grupoServicio;
      objs(c.event).forEach((ev, i) => {
        const re = `${ruta}.event[${i}]`;
        // In paciente the codes are sliced and bound: RDA83 reports them.
        if (grupo) {
          for (const cc of arr(ev.code)) {
            const m = codigoEn(cc, CODIGOS.modalidad.url);
            if (m && !CODIGOS.modalidad.codigos.has(m))
              emitir(
                `${re}.code`,
                `Modalidad «${mostrarValor(m, 20)}»: no pertenece a ColombianTechModality.`,
              );
            const g = codigoEn(cc, CODIGOS.grupoServicio.url);
            if (g && g !== grupo)
              emitir(
                `${re}.code`,
                `Grupo de servicios «${mostrarValor(g, 20)}»: en este tipo de RDA es ${grupo}.`,
              );
          }
        }
        chequearPeriodo(ev.period, `${re}.period`, ctx.ahora, emitir);
      });
    }),
  },
  {
    codigo: 'RDA21',
    severidad: 'rechazo',
    campo: 'Secciones del documento',
    titulo: 'Sección con un código no previsto para este RDA',
    explicacion:
      'Las secciones están rebanadas de forma cerrada por su código LOINC; la plataforma rechaza secciones con otro código.',
    comoCorregir:
      'Use solo las secciones del perfil, con su código LOINC exacto (ver docs/rda-documentos.md).',
    chequear(ctx, emitir) {
      if (!ctx.perfil) return;
      const permitidos = new Map<string, string>(ctx.perfil.secciones.map((k) => [SECCIONES[k].loinc, k]));
      for (const { s, i } of seccionesDe(ctx)) {
        const loinc = codigoEn(s.code, SISTEMAS.loinc);
        if (!loinc || !permitidos.has(loinc))
          emitir(`${rutaComp(ctx)}.section[${i}].code`, `Código recibido: ${loinc ?? 'ninguno'}.`);
      }
    },
  },
  {
    codigo: 'RDA23',
    severidad: 'aviso-conformidad',
    campo: 'Sección vacía',
    titulo: 'Sección vacía sin emptyReason, o con entradas y emptyReason a la vez',
    explicacion:
      'Una sección sin entradas que la guía deja opcionales lleva emptyReason con el único código que admite la guía: list-empty-reason nilknown, display «Nil Known» (RDA80 revisa el código y el display). Una sección con entradas no lleva emptyReason. Las secciones que exigen entradas (diagnósticos y anexos en consulta externa y urgencias, pagadores en urgencias y hospitalización, notas aclaratorias si se envían) no se corrigen con emptyReason: ver RDA82 y RDA25.',
    comoCorregir:
      'En una sección vacía envíe emptyReason.coding = [{system http://terminology.hl7.org/CodeSystem/list-empty-reason, code nilknown, display «Nil Known»}]; quítelo de las secciones con entradas.',
    chequear(ctx, emitir) {
      const guia = ctx.tipo ? DOCUMENTOS_GUIA[ctx.tipo].secciones : undefined;
      for (const { s, i } of seccionesDe(ctx)) {
        const vacia = arr(s.entry).length === 0;
        const rs = `${rutaComp(ctx)}.section[${i}].emptyReason`;
        if (!vacia) {
          if (s.emptyReason !== undefined) emitir(rs, 'La sección tiene entradas y emptyReason a la vez.');
          continue;
        }
        const clave = claveDe(s);
        const minimo = guia?.find((x) => x.clave === clave)?.min ?? 0;
        if (minimo === 0 && s.emptyReason === undefined)
          emitir(rs, 'La sección no tiene entradas ni emptyReason.');
      }
    },
  },
  {
    codigo: 'RDA25',
    severidad: 'rechazo',
    campo: 'Diagnósticos y epicrisis del documento',
    titulo: 'Una sección obligatoria no tiene entradas',
    explicacion:
      'En consulta externa y urgencias la guía exige entradas en la sección de diagnósticos (11450-4, al menos un diagnóstico) y en la de documentos de soporte (55107-7, la epicrisis), sin emptyReason: sin ellas el RDA no tiene contenido clínico. En hospitalización ambas secciones admiten emptyReason.',
    comoCorregir:
      'Incluya el diagnóstico principal y la epicrisis (DocumentReference) y refiéralos desde su sección.',
    tipos: EPISODIOS,
    chequear(ctx, emitir) {
      if (!ctx.perfil || !ctx.composicion) return;
      const secciones = seccionesDe(ctx);
      for (const k of ctx.perfil.seccionesConEntradas) {
        const s = secciones.find(({ s }) => codigoEn(s.code, SISTEMAS.loinc) === SECCIONES[k].loinc);
        if (!s || arr(s.s.entry).length === 0)
          emitir(
            `${rutaComp(ctx)}.section${s ? `[${s.i}].entry` : ''}`,
            `Sección «${tituloSeccion(k, ctx.perfil!.tipo)}» (${SECCIONES[k].loinc}) sin entradas.`,
          );
      }
    },
  },
  {
    codigo: 'RDA26',
    severidad: 'aviso-conformidad',
    campo: 'Entradas de la sección',
    titulo: 'La sección referencia un recurso que no le corresponde',
    explicacion:
      'Cada sección lista recursos de su tipo (diagnósticos → Condition, alergias → AllergyIntolerance…).',
    comoCorregir: 'Mueva la referencia a la sección de ese tipo de recurso.',
    chequear(ctx, emitir) {
      for (const { s, i } of seccionesDe(ctx)) {
        const clave = claveDe(s);
        if (!clave) continue;
        const def = SECCIONES[clave];
        const nombre = ctx.tipo ? `«${tituloSeccion(clave, ctx.tipo)}» (${def.loinc})` : def.loinc;
        objs(s.entry).forEach((e, j) => {
          const destino = ctx.apunta(e);
          if (destino && !(def.recursos as readonly string[]).includes(destino.tipoRecurso))
            emitir(
              `${rutaComp(ctx)}.section[${i}].entry[${j}]`,
              `${destino.tipoRecurso} en la sección ${nombre}.`,
            );
        });
      }
    },
  },
];
