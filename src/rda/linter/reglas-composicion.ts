import { CODIGOS } from '../codigos.js';
import { SECCIONES } from '../perfiles.js';
import { SISTEMAS } from '../tipos.js';
import { arr, type ContextoLint, codigoEn, esObj, objs, type ReglaRda, texto } from './contexto.js';

const EPISODIOS = ['consulta-externa', 'hospitalizacion', 'urgencias'] as const;
const seccionesDe = (ctx: ContextoLint) =>
  ctx.composicion ? objs(ctx.composicion.recurso.section).map((s, i) => ({ s, i })) : [];
const rutaComp = (ctx: ContextoLint) => ctx.composicion?.ruta ?? 'Bundle.entry[0].resource';

/** Checks of one Composition element, only when the Composition exists. */
const enComposicion =
  (
    f: (
      c: Record<string, unknown>,
      ruta: string,
      ctx: ContextoLint,
      emitir: (r: string, d?: string) => void,
    ) => void,
  ) =>
  (ctx: ContextoLint, emitir: (r: string, d?: string) => void) => {
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
    comoCorregir: 'Ponga en Composition.subject el fullUrl de la entrada Patient.',
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
    comoCorregir: 'Incluya el Encounter y ponga su fullUrl en Composition.encounter.',
    tipos: EPISODIOS,
    chequear: enComposicion((c, ruta, ctx, emitir) => {
      if (ctx.apunta(c.encounter)?.tipoRecurso !== 'Encounter') emitir(`${ruta}.encounter`);
    }),
  },
  {
    codigo: 'RDA16',
    severidad: 'rechazo',
    campo: 'Autor del documento',
    titulo: 'La Composition no tiene como autor al profesional',
    explicacion: 'Composition.author (1..1) referencia al profesional (PractitionerRDA) que firma el RDA.',
    comoCorregir: 'Ponga en Composition.author el fullUrl de la entrada Practitioner.',
    chequear: enComposicion((c, ruta, ctx, emitir) => {
      const autores = arr(c.author);
      if (autores.length !== 1 || ctx.apunta(autores[0])?.tipoRecurso !== 'Practitioner')
        emitir(`${ruta}.author`);
    }),
  },
  {
    codigo: 'RDA17',
    severidad: 'rechazo',
    campo: 'Fecha y título del documento',
    titulo: 'Falta la fecha o el título de la Composition',
    explicacion: 'Composition.date y Composition.title son obligatorios (1..1).',
    comoCorregir: 'Envíe Composition.date (fecha y hora con zona) y Composition.title.',
    chequear: enComposicion((c, ruta, _ctx, emitir) => {
      if (typeof c.date !== 'string' || Number.isNaN(Date.parse(c.date))) emitir(`${ruta}.date`);
      if (!texto(c.title)) emitir(`${ruta}.title`);
    }),
  },
  {
    codigo: 'RDA18',
    severidad: 'aviso-conformidad',
    campo: 'Custodio del documento',
    titulo: 'La Composition no tiene como custodio al prestador',
    explicacion:
      'Composition.custodian (1..1) es el prestador (CareDeliveryOrganizationRDA) que guarda la historia clínica.',
    comoCorregir: 'Incluya la Organization del prestador y ponga su fullUrl en Composition.custodian.',
    chequear: enComposicion((c, ruta, ctx, emitir) => {
      if (ctx.apunta(c.custodian)?.tipoRecurso !== 'Organization') emitir(`${ruta}.custodian`);
    }),
  },
  {
    codigo: 'RDA19',
    severidad: 'aviso-conformidad',
    campo: 'Confidencialidad y atestación',
    titulo: 'Confidencialidad o atestación distinta de la fijada',
    explicacion: 'Los perfiles fijan confidentiality = N y attester.mode = legal.',
    comoCorregir: 'Envíe confidentiality "N" y un attester con mode "legal" y el profesional como party.',
    chequear: enComposicion((c, ruta, _ctx, emitir) => {
      if (c.confidentiality !== 'N') emitir(`${ruta}.confidentiality`);
      const at = objs(c.attester);
      if (at.length === 0 || at.some((a) => a.mode !== 'legal')) emitir(`${ruta}.attester`);
    }),
  },
  {
    codigo: 'RDA20',
    severidad: 'aviso-conformidad',
    campo: 'Evento de la atención',
    titulo: 'Falta el evento de la atención o está incompleto',
    explicacion:
      'Composition.event (1..1) lleva la modalidad (ColombianTechModality), el grupo de servicios (GrupoServicios) y el periodo con inicio y fin.',
    comoCorregir: 'Envíe event con code [modalidad, grupo de servicios] y period.start y period.end.',
    tipos: EPISODIOS,
    chequear: enComposicion((c, ruta, ctx, emitir) => {
      const ev = objs(c.event);
      if (ev.length !== 1) {
        emitir(`${ruta}.event`, `Hay ${ev.length} eventos.`);
        return;
      }
      const codigos = arr(ev[0]!.code);
      const modalidad = codigos.map((x) => codigoEn(x, CODIGOS.modalidad.url)).find(Boolean);
      const grupo = codigos.map((x) => codigoEn(x, CODIGOS.grupoServicio.url)).find(Boolean);
      if (!modalidad || !CODIGOS.modalidad.codigos.has(modalidad))
        emitir(`${ruta}.event[0].code`, 'Falta la modalidad o no es válida.');
      if (grupo !== ctx.perfil?.encuentro?.grupoServicio)
        emitir(
          `${ruta}.event[0].code`,
          `El grupo de servicios debe ser ${ctx.perfil?.encuentro?.grupoServicio}.`,
        );
      const periodo = ev[0]!.period;
      if (!esObj(periodo) || !texto(periodo.start) || !texto(periodo.end)) emitir(`${ruta}.event[0].period`);
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
    codigo: 'RDA22',
    severidad: 'aviso-conformidad',
    campo: 'Título de la sección',
    titulo: 'El título de la sección no es el fijado',
    explicacion: 'Cada sección tiene código y título fijos.',
    comoCorregir: 'Use el título indicado en el detalle.',
    chequear(ctx, emitir) {
      if (!ctx.perfil) return;
      for (const { s, i } of seccionesDe(ctx)) {
        const clave = ctx.perfil.secciones.find(
          (k) => SECCIONES[k].loinc === codigoEn(s.code, SISTEMAS.loinc),
        );
        if (clave && s.title !== SECCIONES[clave].titulo)
          emitir(`${rutaComp(ctx)}.section[${i}].title`, `Se espera «${SECCIONES[clave].titulo}».`);
      }
    },
  },
  {
    codigo: 'RDA23',
    severidad: 'aviso-conformidad',
    campo: 'Sección vacía',
    titulo: 'Sección vacía sin emptyReason «nilknown»',
    explicacion:
      'Una sección sin entradas lleva emptyReason = list-empty-reason#nilknown (y texto); una sección con entradas no lleva emptyReason.',
    comoCorregir:
      'En secciones vacías envíe emptyReason nilknown y un texto «Sin información»; quítelo si hay entradas.',
    chequear(ctx, emitir) {
      for (const { s, i } of seccionesDe(ctx)) {
        const vacia = arr(s.entry).length === 0;
        const razon = codigoEn(s.emptyReason, SISTEMAS.listEmptyReason);
        if (vacia && razon !== 'nilknown') emitir(`${rutaComp(ctx)}.section[${i}].emptyReason`);
        if (!vacia && s.emptyReason !== undefined)
          emitir(
            `${rutaComp(ctx)}.section[${i}].emptyReason`,
            'La sección tiene entradas y emptyReason a la vez.',
          );
      }
    },
  },
  {
    codigo: 'RDA24',
    severidad: 'aviso-conformidad',
    campo: 'Secciones del documento',
    titulo: 'Falta una sección del perfil o está repetida',
    explicacion: 'Cada sección del perfil aparece una vez (vacía con emptyReason si no hay información).',
    comoCorregir: 'Incluya la sección indicada una sola vez.',
    chequear(ctx, emitir) {
      if (!ctx.perfil || !ctx.composicion) return;
      const codigos = seccionesDe(ctx).map(({ s }) => codigoEn(s.code, SISTEMAS.loinc));
      for (const k of ctx.perfil.secciones) {
        const n = codigos.filter((c) => c === SECCIONES[k].loinc).length;
        if (n !== 1)
          emitir(
            `${rutaComp(ctx)}.section`,
            `Sección «${SECCIONES[k].titulo}» (${SECCIONES[k].loinc}): aparece ${n} veces.`,
          );
      }
    },
  },
  {
    codigo: 'RDA25',
    severidad: 'rechazo',
    campo: 'Diagnósticos y epicrisis del documento',
    titulo: 'Una sección obligatoria no tiene entradas',
    explicacion:
      'En los RDA de atención la sección de diagnósticos (11450-4) lleva al menos un diagnóstico y la de documentos anexos (55107-7) la epicrisis; no admiten emptyReason.',
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
            `Sección «${SECCIONES[k].titulo}» sin entradas.`,
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
        const loinc = codigoEn(s.code, SISTEMAS.loinc);
        const def = Object.values(SECCIONES).find((x) => x.loinc === loinc);
        if (!def) continue;
        objs(s.entry).forEach((e, j) => {
          const destino = ctx.apunta(e);
          if (destino && !(def.recursos as readonly string[]).includes(destino.tipoRecurso))
            emitir(
              `${rutaComp(ctx)}.section[${i}].entry[${j}]`,
              `${destino.tipoRecurso} en «${def.titulo}».`,
            );
        });
      }
    },
  },
];
