import { CODIGOS, FORMATOS } from '../codigos.js';
import { mostrarValor } from '../json-acotado.js';
import { extension, perfil, SISTEMAS } from '../tipos.js';
import {
  arr,
  type ContextoLint,
  codigoEn,
  type Entrada,
  esObj,
  extensiones,
  objs,
  type Rec,
  type ReglaRda,
  texto,
  valorCodificado,
} from './contexto.js';

type Emitir = (ruta: string, detalle?: string) => void;

/** Runs a check on every entry of a resource type. */
const enCada =
  (tipoRecurso: string, f: (r: Rec, ruta: string, ctx: ContextoLint, emitir: Emitir, e: Entrada) => void) =>
  (ctx: ContextoLint, emitir: Emitir) => {
    for (const e of ctx.porTipo(tipoRecurso)) f(e.recurso, e.ruta, ctx, emitir, e);
  };

/** The NationalPersonIdentifier slice: system RNEC, a value, PN + a ColombianPersonIdentifier code. */
function identificadorNacional(r: Rec): { i: number; id: Rec } | undefined {
  const ids = objs(r.identifier);
  const i = ids.findIndex((x) => x.system === SISTEMAS.rnec && texto(x.value));
  return i < 0 ? undefined : { i, id: ids[i]! };
}

function nombreOficial(r: Rec): { i: number; n: Rec } | undefined {
  const ns = objs(r.name);
  const i = ns.findIndex((n) => n.use === 'official');
  return i < 0 ? undefined : { i, n: ns[i]! };
}

function chequearTipoDocumento(r: Rec, ruta: string, emitir: Emitir) {
  const nid = identificadorNacional(r);
  if (!nid) return;
  const tipos = objs(esObj(nid.id.type) ? nid.id.type.coding : []);
  const pn = tipos.some((c) => c.system === SISTEMAS.v2_0203 && c.code === 'PN');
  const doc = codigoEn(nid.id.type, CODIGOS.identificacionPersona.url);
  if (!pn || !doc || !CODIGOS.identificacionPersona.codigos.has(doc) || tipos.length !== 2)
    emitir(
      `${ruta}.identifier[${nid.i}].type`,
      doc && !CODIGOS.identificacionPersona.codigos.has(doc)
        ? `Tipo de documento «${doc}» desconocido.`
        : undefined,
    );
}

/** A required coded extension of the Patient. */
function extensionCodificada(
  r: Rec,
  ruta: string,
  emitir: Emitir,
  nombre: string,
  sistema: Parameters<typeof valorCodificado>[1],
  minimo: number,
) {
  const exts = extensiones(r, extension(nombre));
  if (exts.length < minimo) {
    emitir(`${ruta}.extension`, `Falta la extensión ${nombre}.`);
    return;
  }
  for (const x of exts) {
    const v = valorCodificado(x, sistema);
    if (!v.ok) emitir(`${ruta}.extension(${nombre})`, `${nombre}: ${v.motivo}.`);
  }
}

const comparaFecha = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/** Payers (EAPB) are Organizations too, with their own profile and identifiers. */
const esPagador = (r: Rec) =>
  esObj(r.meta) && arr(r.meta.profile).includes(perfil('HealthBenefitPlanAdminOrganizationRDA'));

export const REGLAS_PERSONAS: ReglaRda[] = [
  {
    codigo: 'RDA30',
    severidad: 'rechazo',
    campo: 'Documento de identidad del paciente',
    titulo: 'El paciente no tiene identificador nacional',
    explicacion:
      'PatientRDA exige la rebanada NationalPersonIdentifier (1..1): system RNEC y el número de documento. La plataforma valida al paciente contra la Registraduría con él.',
    comoCorregir: `Envíe identifier con system ${SISTEMAS.rnec} y value = número de documento.`,
    chequear: enCada('Patient', (r, ruta, _c, emitir) => {
      if (!identificadorNacional(r)) emitir(`${ruta}.identifier`);
    }),
  },
  {
    codigo: 'RDA31',
    severidad: 'rechazo',
    campo: 'Tipo de documento del paciente',
    titulo: 'El tipo de documento del paciente falta o no es válido',
    explicacion:
      'identifier.type lleva exactamente dos códigos: v2-0203 PN y el tipo de documento de ColombianPersonIdentifier (CC, TI, RC, CE…).',
    comoCorregir: 'Envíe identifier.type.coding = [PN, tipo de documento] con un tipo de documento válido.',
    chequear: enCada('Patient', (r, ruta, _c, emitir) => chequearTipoDocumento(r, ruta, emitir)),
  },
  {
    codigo: 'RDA32',
    severidad: 'rechazo',
    campo: 'Nombres y apellidos del paciente',
    titulo: 'Falta el nombre oficial del paciente',
    explicacion:
      'PatientRDA exige un nombre de uso official con apellidos (family) y uno o dos nombres (given); se comparan con la Registraduría.',
    comoCorregir: 'Envíe name con use "official", family (apellidos) y given (1 o 2 nombres).',
    chequear: enCada('Patient', (r, ruta, _c, emitir) => {
      const n = nombreOficial(r);
      const given = n ? arr(n.n.given) : [];
      if (!n || !texto(n.n.family) || given.length < 1 || given.length > 2 || !given.every(texto))
        emitir(n ? `${ruta}.name[${n.i}]` : `${ruta}.name`);
    }),
  },
  {
    codigo: 'RDA33',
    severidad: 'rechazo',
    campo: 'Fecha de nacimiento del paciente',
    titulo: 'Falta la fecha de nacimiento del paciente o no es válida',
    explicacion:
      'birthDate es obligatoria (1..1), con formato AAAA-MM-DD y no posterior a la fecha del documento.',
    comoCorregir: 'Envíe birthDate como 1985-04-12, tomada del documento de identidad.',
    chequear: enCada('Patient', (r, ruta, ctx, emitir) => {
      const f = r.birthDate;
      const d = typeof f === 'string' && comparaFecha.test(f) ? new Date(`${f}T00:00:00Z`) : undefined;
      if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== f)
        emitir(`${ruta}.birthDate`, f === undefined ? 'No se envió.' : `Valor: ${mostrarValor(f)}.`);
      else if (d.getTime() > ctx.ahora.getTime()) emitir(`${ruta}.birthDate`, 'Es posterior a hoy.');
    }),
  },
  {
    codigo: 'RDA34',
    severidad: 'rechazo',
    campo: 'Sexo biológico del paciente',
    titulo: 'Falta el sexo biológico del paciente o no es válido',
    explicacion:
      'PatientRDA exige gender y la extensión ExtensionBiologicalGender (1..1) con un código de ColombianGenderGroup (01 hombre, 02 mujer, 03 indeterminado).',
    comoCorregir:
      'Envíe gender (male/female/other) y la extensión ExtensionBiologicalGender con valueCoding 01, 02 o 03.',
    chequear: enCada('Patient', (r, ruta, _c, emitir) => {
      if (!['male', 'female', 'other', 'unknown'].includes(r.gender as string)) emitir(`${ruta}.gender`);
      extensionCodificada(r, ruta, emitir, 'ExtensionBiologicalGender', CODIGOS.sexoBiologico, 1);
    }),
  },
  {
    codigo: 'RDA35',
    severidad: 'aviso-conformidad',
    campo: 'Nacionalidad del paciente',
    titulo: 'Falta la nacionalidad del paciente o no es válida',
    explicacion:
      'La extensión ExtensionPatientNationality (1..*) lleva el país con código ISO 3166-1 numérico (CodeSystem ISO31661).',
    comoCorregir: 'Envíe la extensión con valueCoding del sistema ISO31661 (Colombia = 170).',
    chequear: enCada('Patient', (r, ruta, _c, emitir) =>
      extensionCodificada(r, ruta, emitir, 'ExtensionPatientNationality', CODIGOS.pais, 1),
    ),
  },
  {
    codigo: 'RDA36',
    severidad: 'aviso-conformidad',
    campo: 'Pertenencia étnica del paciente',
    titulo: 'Falta la pertenencia étnica del paciente o no es válida',
    explicacion: 'La extensión ExtensionPatientEthnicity (1..1) usa ColombianEthnicGroup.',
    comoCorregir: 'Envíe una sola extensión ExtensionPatientEthnicity con un código de ColombianEthnicGroup.',
    chequear: enCada('Patient', (r, ruta, _c, emitir) => {
      extensionCodificada(r, ruta, emitir, 'ExtensionPatientEthnicity', CODIGOS.etnia, 1);
      if (extensiones(r, extension('ExtensionPatientEthnicity')).length > 1)
        emitir(`${ruta}.extension(ExtensionPatientEthnicity)`, 'Hay más de una.');
    }),
  },
  {
    codigo: 'RDA37',
    severidad: 'aviso-conformidad',
    campo: 'Discapacidad del paciente',
    titulo: 'Falta la discapacidad del paciente o no es válida',
    explicacion:
      'La extensión ExtensionPatientDisability (1..*) usa ColombianDisabilityClassification; si no hay discapacidad se informa «sin discapacidad».',
    comoCorregir: 'Envíe al menos una extensión ExtensionPatientDisability con un código válido.',
    chequear: enCada('Patient', (r, ruta, _c, emitir) =>
      extensionCodificada(r, ruta, emitir, 'ExtensionPatientDisability', CODIGOS.discapacidad, 1),
    ),
  },
  {
    codigo: 'RDA38',
    severidad: 'aviso-conformidad',
    campo: 'Residencia del paciente',
    titulo: 'La dirección de residencia del paciente está incompleta',
    explicacion:
      'HomeAddress (1..1, use home, type physical) lleva la zona de residencia (ExtensionResidenceZone), el municipio DIVIPOLA en city y el país con ExtensionCountryCode.',
    comoCorregir:
      'Envíe address con use "home", la extensión de zona (01 urbana, 02 rural), city = código DIVIPOLA y country con su extensión.',
    chequear: enCada('Patient', (r, ruta, _c, emitir) => {
      const dirs = objs(r.address);
      const i = dirs.findIndex((a) => a.use === 'home');
      if (i < 0) {
        emitir(`${ruta}.address`, 'No hay dirección de uso home.');
        return;
      }
      const a = dirs[i]!;
      const aq = `${ruta}.address[${i}]`;
      const zona = extensiones(a, extension('ExtensionResidenceZone'))[0];
      if (!zona || !valorCodificado(zona, CODIGOS.zonaResidencia).ok)
        emitir(`${aq}.extension`, 'Zona de residencia.');
      if (typeof a.city !== 'string' || !FORMATOS.divipola.patron.test(a.city))
        emitir(`${aq}.city`, 'Municipio DIVIPOLA.');
      const pais = esObj(a._country)
        ? extensiones(a._country, extension('ExtensionCountryCode'))[0]
        : undefined;
      if (!texto(a.country) || !pais || !valorCodificado(pais, CODIGOS.pais).ok)
        emitir(`${aq}.country`, 'País.');
    }),
  },
  {
    codigo: 'RDA39',
    severidad: 'aviso-conformidad',
    campo: 'Identidad de género del paciente',
    titulo: 'La identidad de género del paciente no es válida',
    explicacion: 'La extensión opcional ExtensionPatientGenderIdentity usa ColombianGenderIdentity.',
    comoCorregir: 'Use un código de ColombianGenderIdentity o no envíe la extensión.',
    chequear: enCada('Patient', (r, ruta, _c, emitir) => {
      for (const x of extensiones(r, extension('ExtensionPatientGenderIdentity'))) {
        const v = valorCodificado(x, CODIGOS.identidadGenero);
        if (!v.ok) emitir(`${ruta}.extension(ExtensionPatientGenderIdentity)`, `${v.motivo}.`);
      }
    }),
  },
  {
    codigo: 'RDA40',
    severidad: 'aviso-conformidad',
    campo: 'Apellidos del paciente',
    titulo: 'Falta el primer apellido separado del paciente',
    explicacion:
      'name.family lleva la extensión ExtensionFathersFamilyName (y ExtensionMothersFamilyName si hay segundo apellido).',
    comoCorregir: 'Envíe _family.extension con ExtensionFathersFamilyName = primer apellido.',
    chequear(ctx, emitir) {
      for (const e of [...ctx.porTipo('Patient'), ...ctx.porTipo('Practitioner')]) {
        const n = nombreOficial(e.recurso);
        if (!n) continue;
        const padre = esObj(n.n._family)
          ? extensiones(n.n._family, extension('ExtensionFathersFamilyName'))[0]
          : undefined;
        if (!padre || !texto(padre.valueString)) emitir(`${e.ruta}.name[${n.i}]._family`);
      }
    },
  },
  {
    codigo: 'RDA41',
    severidad: 'aviso-conformidad',
    campo: 'Estado del registro de la persona',
    titulo: 'Falta active en el paciente o el profesional',
    explicacion: 'PatientRDA y PractitionerRDA exigen active (1..1).',
    comoCorregir: 'Envíe active = true.',
    chequear(ctx, emitir) {
      for (const e of [...ctx.porTipo('Patient'), ...ctx.porTipo('Practitioner')])
        if (typeof e.recurso.active !== 'boolean') emitir(`${e.ruta}.active`);
    },
  },
  {
    codigo: 'RDA45',
    severidad: 'rechazo',
    campo: 'Documento de identidad del profesional',
    titulo: 'El profesional no tiene identificador nacional válido',
    explicacion:
      'PractitionerRDA exige NationalPersonIdentifier (system RNEC, número, tipos PN + ColombianPersonIdentifier); la plataforma verifica al profesional en RETHUS.',
    comoCorregir: `Envíe identifier con system ${SISTEMAS.rnec}, el número y type [PN, tipo de documento].`,
    chequear: enCada('Practitioner', (r, ruta, _c, emitir) => {
      if (!identificadorNacional(r)) emitir(`${ruta}.identifier`);
      else chequearTipoDocumento(r, ruta, emitir);
    }),
  },
  {
    codigo: 'RDA46',
    severidad: 'aviso-conformidad',
    campo: 'Nombre del profesional',
    titulo: 'Falta el nombre oficial del profesional',
    explicacion: 'PractitionerRDA exige un nombre official con apellidos y nombres.',
    comoCorregir: 'Envíe name con use "official", family y given.',
    chequear: enCada('Practitioner', (r, ruta, _c, emitir) => {
      const n = nombreOficial(r);
      if (!n || !texto(n.n.family) || arr(n.n.given).length === 0) emitir(`${ruta}.name`);
    }),
  },
  {
    codigo: 'RDA47',
    severidad: 'aviso-conformidad',
    campo: 'Título del profesional en RETHUS',
    titulo: 'Falta la calificación RETHUS del profesional',
    explicacion:
      'qualification (1..*) incluye la rebanada Rethus: identificador tipo LN con system RETHUS y el código de la profesión (RETHUSqualification).',
    comoCorregir:
      'Envíe qualification con identifier (type LN, system RETHUS) y code del sistema RETHUSqualification.',
    chequear: enCada('Practitioner', (r, ruta, _c, emitir) => {
      const ok = objs(r.qualification).some(
        (q) =>
          objs(q.identifier).some((i) => i.system === SISTEMAS.rethus && texto(i.value)) &&
          FORMATOS.rethus.patron.test(codigoEn(q.code, FORMATOS.rethus.url) ?? ''),
      );
      if (!ok) emitir(`${ruta}.qualification`);
    }),
  },
  {
    codigo: 'RDA50',
    severidad: 'aviso-conformidad',
    campo: 'NIT y código de habilitación del prestador',
    titulo: 'Faltan los identificadores del prestador',
    explicacion:
      'CareDeliveryOrganizationRDA lleva exactamente dos identificadores: el NIT (system DIAN, tipo TAX) y el código de habilitación REPS (system REPS, tipo PRN).',
    comoCorregir: 'Envíe identifier [NIT con system DIAN, código de habilitación con system REPS].',
    chequear: enCada('Organization', (r, ruta, _c, emitir) => {
      if (esPagador(r)) return;
      const ids = objs(r.identifier);
      const nit = ids.find((i) => i.system === SISTEMAS.dian);
      const reps = ids.find((i) => i.system === SISTEMAS.reps);
      if (!nit || !FORMATOS.nit.patron.test(String(nit.value ?? '')))
        emitir(`${ruta}.identifier`, 'NIT (DIAN).');
      if (!reps || !FORMATOS.habilitacion.patron.test(String(reps.value ?? '')))
        emitir(`${ruta}.identifier`, 'Código de habilitación (REPS).');
    }),
  },
  {
    codigo: 'RDA51',
    severidad: 'aviso-conformidad',
    campo: 'Nombre del prestador',
    titulo: 'Falta el nombre del prestador',
    explicacion: 'CareDeliveryOrganizationRDA exige name y active.',
    comoCorregir: 'Envíe name (razón social o nombre del prestador) y active = true.',
    chequear: enCada('Organization', (r, ruta, _c, emitir) => {
      if (esPagador(r)) return;
      if (!texto(r.name)) emitir(`${ruta}.name`);
      if (typeof r.active !== 'boolean') emitir(`${ruta}.active`);
    }),
  },
];
