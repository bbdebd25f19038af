import { CODIGOS, FORMATOS } from '../codigos.js';
import { CODIGOS_ANTERIORES } from '../guia/listas.js';
import { mostrarValor } from '../json-acotado.js';
import { extension, SISTEMAS } from '../tipos.js';
import {
  arr,
  codigoEn,
  type Emitir,
  enCada,
  esObj,
  esPagador,
  extensiones,
  objs,
  type Rec,
  type ReglaRda,
  texto,
  valorCodificado,
} from './contexto.js';

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

/** The Colombian document type of the national identifier (PN and the displays: RDA80, RDA83). */
function chequearTipoDocumento(r: Rec, ruta: string, emitir: Emitir) {
  const nid = identificadorNacional(r);
  if (!nid) return;
  const doc = codigoEn(nid.id.type, CODIGOS.identificacionPersona.url);
  const rt = `${ruta}.identifier[${nid.i}].type`;
  if (!doc) emitir(rt, `No hay un código del sistema ${CODIGOS.identificacionPersona.url}.`);
  else if (!CODIGOS.identificacionPersona.codigos.has(doc)) {
    const anterior = CODIGOS_ANTERIORES.ColombianPersonIdentifier?.[doc];
    emitir(rt, `Tipo de documento «${mostrarValor(doc, 20)}» desconocido${anterior ? `: ${anterior}` : ''}.`);
  }
}

/** The extensions with a URL and their index in `extension` (for exact paths). */
const extensionesEn = (r: unknown, url: string): { x: Rec; j: number }[] =>
  esObj(r)
    ? arr(r.extension)
        .map((x, j) => ({ x, j }))
        .filter((e): e is { x: Rec; j: number } => esObj(e.x) && e.x.url === url)
    : [];

/** The code of each extension `nombre` of the Patient, in a given system (a binding: aviso). */
function extensionCodificada(
  r: Rec,
  ruta: string,
  emitir: Emitir,
  nombre: string,
  sistema: Parameters<typeof valorCodificado>[1],
) {
  for (const { x, j } of extensionesEn(r, extension(nombre))) {
    const v = valorCodificado(x, sistema);
    if (!v.ok) emitir(`${ruta}.extension[${j}]`, `${nombre}: ${v.motivo}.`);
  }
}

/** What the platform answered for a required extension missing (RDA36 and its kin). */
const VISTO_ETNIA =
  "Sandbox IHCE, abril de 2026: rechazó un RDA de paciente sin ExtensionPatientEthnicity: «Instance count for 'Patient.extension:ExtensionPatientEthnicity' is 0, which is not within the specified cardinality of 1..1» (code invalid, el texto en details.text).";

const comparaFecha = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const GENEROS = ['male', 'female', 'other', 'unknown'];

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
      'identifier.type del identificador nacional lleva el tipo de documento de ColombianPersonIdentifierCodes (CN, RC, TI, CC, PA, CD, CE, DE, SC, PE, PT, PPT, PC, RUT, AS, MS, SI); con el tipo y el número la plataforma consulta la Registraduría. El código v2-0203 PN y los displays los revisan RDA80 y RDA83.',
    comoCorregir:
      'Envíe en identifier.type.coding el tipo de documento del sistema ColombianPersonIdentifier con uno de los códigos de la guía (NV ya no existe: use CN).',
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
      'PatientRDA lleva el sexo biológico en la extensión ExtensionBiologicalGender con un código de ColombianGenderGroup (01 Hombre, 02 Mujer, 03 Indeterminado o Intersexual); se compara con la Registraduría. La guía la rebana en Patient.gender (en JSON, Patient._gender.extension, 1..1 si hay gender) aunque declara como su contexto Patient, un defecto de la guía: la plataforma la acepta en _gender; en Patient.extension esta regla la lee, pero la rebanada de gender queda vacía y RDA84 lo rechaza. gender, si se envía, es male, female, other o unknown.',
    comoCorregir:
      'Envíe _gender.extension = [ExtensionBiologicalGender con valueCoding 01, 02 o 03 del sistema ColombianGenderGroup] y gender male, female u other.',
    visto:
      'Sandbox IHCE, abril de 2026: aceptó ExtensionBiologicalGender en Patient._gender, donde la rebana PatientRDA, aunque la extensión declara como contexto Patient.',
    chequear: enCada('Patient', (r, ruta, _c, emitir) => {
      if (r.gender !== undefined && !GENEROS.includes(r.gender as string))
        emitir(`${ruta}.gender`, `Valor recibido: ${mostrarValor(r.gender, 40)}.`);
      const url = extension('ExtensionBiologicalGender');
      const sexos = [
        ...extensionesEn(r._gender, url).map(({ x, j }) => ({ x, ruta: `${ruta}._gender.extension[${j}]` })),
        ...extensionesEn(r, url).map(({ x, j }) => ({ x, ruta: `${ruta}.extension[${j}]` })),
      ];
      if (sexos.length === 0) {
        emitir(`${ruta}._gender.extension`, 'Falta la extensión ExtensionBiologicalGender.');
        return;
      }
      for (const { x, ruta: rx } of sexos) {
        const v = valorCodificado(x, CODIGOS.sexoBiologico);
        if (!v.ok) emitir(rx, `ExtensionBiologicalGender: ${v.motivo}.`);
      }
    }),
  },
  {
    codigo: 'RDA35',
    severidad: 'rechazo',
    campo: 'Nacionalidad del paciente',
    titulo: 'Falta la nacionalidad del paciente',
    explicacion:
      'PatientRDA exige al menos una extensión ExtensionPatientNationality (1..*) con el país (ISO 3166-1 numérico, CodeSystem ISO31661); la plataforma rechaza el documento sin ella. Un código que no es de la tabla es RDA42.',
    comoCorregir:
      'Envíe la extensión ExtensionPatientNationality con valueCoding del sistema ISO31661 (Colombia = 170).',
    chequear: enCada('Patient', (r, ruta, _c, emitir) => {
      if (extensiones(r, extension('ExtensionPatientNationality')).length === 0)
        emitir(`${ruta}.extension`, 'Falta la extensión ExtensionPatientNationality.');
    }),
  },
  {
    codigo: 'RDA42',
    severidad: 'aviso-conformidad',
    campo: 'Nacionalidad del paciente',
    titulo: 'La nacionalidad del paciente no es un código de país ISO 3166-1',
    explicacion:
      'ExtensionPatientNationality lleva valueCoding del sistema ISO31661 con el código numérico del país (170 Colombia). Es un aviso: la plataforma no aplica los vínculos de código.',
    comoCorregir: 'Use el código ISO 3166-1 numérico del país en el sistema ISO31661 (Colombia = 170).',
    chequear: enCada('Patient', (r, ruta, _c, emitir) =>
      extensionCodificada(r, ruta, emitir, 'ExtensionPatientNationality', CODIGOS.pais),
    ),
  },
  {
    codigo: 'RDA36',
    severidad: 'rechazo',
    campo: 'Pertenencia étnica del paciente',
    titulo: 'Falta la pertenencia étnica del paciente o está repetida',
    explicacion:
      'PatientRDA exige exactamente una extensión ExtensionPatientEthnicity (1..1) y el validador de perfiles de la plataforma rechaza el documento sin ella o con dos. Su código de ColombianEthnicGroup (1 a 6 y 99) y su display los revisa RDA83.',
    comoCorregir:
      'Envíe una sola extensión ExtensionPatientEthnicity con valueCoding de ColombianEthnicGroup (99 si no pertenece a ninguno).',
    visto: VISTO_ETNIA,
    chequear: enCada('Patient', (r, ruta, _c, emitir) => {
      const n = extensiones(r, extension('ExtensionPatientEthnicity')).length;
      if (n === 0) emitir(`${ruta}.extension`, 'Falta la extensión ExtensionPatientEthnicity.');
      else if (n > 1)
        emitir(`${ruta}.extension`, `Hay ${n} extensiones ExtensionPatientEthnicity; se admite una.`);
    }),
  },
  {
    codigo: 'RDA37',
    severidad: 'rechazo',
    campo: 'Discapacidad del paciente',
    titulo: 'Falta la discapacidad del paciente',
    explicacion:
      'PatientRDA exige al menos una extensión ExtensionPatientDisability (1..*) y la plataforma rechaza el documento sin ella; si no hay discapacidad se informa 08 «Sin discapacidad». El código (ColombianDisabilityClassification) y su display los revisa RDA83.',
    comoCorregir:
      'Envíe al menos una extensión ExtensionPatientDisability con valueCoding de ColombianDisabilityClassification.',
    chequear: enCada('Patient', (r, ruta, _c, emitir) => {
      if (extensiones(r, extension('ExtensionPatientDisability')).length === 0)
        emitir(`${ruta}.extension`, 'Falta la extensión ExtensionPatientDisability.');
    }),
  },
  {
    codigo: 'RDA38',
    severidad: 'aviso-conformidad',
    campo: 'Residencia del paciente',
    titulo: 'El municipio o el país de residencia del paciente están mal codificados',
    explicacion:
      'La dirección HomeAddress de PatientRDA (use home) lleva el municipio DIVIPOLA de 5 dígitos en city y en country la extensión ExtensionCountryCode con el país ISO 3166-1 numérico (Colombia = 170); un código mal formado es un aviso (la plataforma no aplica los vínculos de código). Que falten la zona de residencia (ExtensionResidenceZone 1..1), city o country es RDA84 (rechazo); el id «HomeAddress-0», use, type y el código de la zona los revisan RDA80 y RDA83.',
    comoCorregir:
      'Envíe city = código DIVIPOLA del municipio (5 dígitos) y _country.extension con ExtensionCountryCode del sistema ISO31661.',
    chequear: enCada('Patient', (r, ruta, _c, emitir) => {
      const dirs = objs(r.address);
      const i = dirs.findIndex((a) => a.use === 'home');
      if (i < 0) return;
      const a = dirs[i]!;
      const aq = `${ruta}.address[${i}]`;
      if (a.city !== undefined && (typeof a.city !== 'string' || !FORMATOS.divipola.patron.test(a.city)))
        emitir(`${aq}.city`, 'El municipio no es un código DIVIPOLA de 5 dígitos.');
      for (const p of esObj(a._country) ? extensiones(a._country, extension('ExtensionCountryCode')) : []) {
        const v = valorCodificado(p, CODIGOS.pais);
        if (!v.ok) emitir(`${aq}._country`, `ExtensionCountryCode: ${v.motivo}.`);
      }
    }),
  },
  {
    codigo: 'RDA39',
    severidad: 'rechazo',
    campo: 'Identidad de género del paciente',
    titulo: 'Hay más de una identidad de género del paciente',
    explicacion:
      'La extensión ExtensionPatientGenderIdentity es opcional y única (0..1): dos exceden la cardinalidad del perfil y la plataforma rechaza el documento. Su código de ColombianGenderIdentity y su display los revisa RDA83.',
    comoCorregir: 'Envíe como máximo una extensión ExtensionPatientGenderIdentity.',
    chequear: enCada('Patient', (r, ruta, _c, emitir) => {
      const n = extensiones(r, extension('ExtensionPatientGenderIdentity')).length;
      if (n > 1) emitir(`${ruta}.extension`, `Hay ${n} extensiones ExtensionPatientGenderIdentity.`);
    }),
  },
  {
    codigo: 'RDA40',
    severidad: 'rechazo',
    campo: 'Apellidos del profesional',
    titulo: 'Falta el primer apellido separado del profesional',
    explicacion:
      'PractitionerRDA exige en name.family la extensión ExtensionFathersFamilyName (1..1) con el primer apellido (ExtensionMothersFamilyName es opcional) y la plataforma rechaza el documento sin ella. En el paciente ambas son opcionales.',
    comoCorregir:
      'Envíe en el profesional name._family.extension con ExtensionFathersFamilyName = primer apellido.',
    chequear: enCada('Practitioner', (r, ruta, _c, emitir) => {
      const n = nombreOficial(r);
      if (!n) return;
      const padre = esObj(n.n._family)
        ? extensiones(n.n._family, extension('ExtensionFathersFamilyName'))[0]
        : undefined;
      if (!padre || !texto(padre.valueString)) emitir(`${ruta}.name[${n.i}]._family`);
    }),
  },
  {
    codigo: 'RDA41',
    severidad: 'rechazo',
    campo: 'Estado del registro de la persona',
    titulo: 'Falta active en el paciente o el profesional',
    explicacion:
      'PatientRDA y PractitionerRDA exigen active (1..1); la plataforma rechaza el documento sin él.',
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
      'PractitionerRDA exige NationalPersonIdentifier (1..1): system RNEC, el número y el tipo de documento de ColombianPersonIdentifierCodes; la plataforma verifica al profesional en RETHUS con ellos. El código PN, el id y los displays los revisan RDA80 y RDA83.',
    comoCorregir: `Envíe identifier con system ${SISTEMAS.rnec}, el número y en type el tipo de documento de ColombianPersonIdentifier.`,
    chequear: enCada('Practitioner', (r, ruta, _c, emitir) => {
      if (!identificadorNacional(r)) emitir(`${ruta}.identifier`);
      else chequearTipoDocumento(r, ruta, emitir);
    }),
  },
  {
    codigo: 'RDA46',
    severidad: 'rechazo',
    campo: 'Nombre del profesional',
    titulo: 'Falta el nombre oficial del profesional',
    explicacion:
      'PractitionerRDA exige un nombre official con apellidos y nombres; la plataforma rechaza el documento sin él.',
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
    titulo: 'La calificación RETHUS del profesional no tiene número o su código no es válido',
    explicacion:
      'La calificación Rethus de PractitionerRDA lleva un identificador con system RETHUS y el número de registro (value), y el título en code con un código de RETHUSqualification (P07, 003, M13…). El id «Rethus», identifier.use official, el tipo LN «License number» y el display del título los revisan RDA80 y RDA84.',
    comoCorregir:
      'Envíe en qualification el identifier del RETHUS con su value y en code el código RETHUSqualification del título.',
    chequear: enCada('Practitioner', (r, ruta, _c, emitir) => {
      objs(r.qualification).forEach((q, i) => {
        const ids = objs(q.identifier);
        const j = ids.findIndex((x) => x.system === SISTEMAS.rethus);
        if (j < 0) return;
        if (!texto(ids[j]!.value))
          emitir(`${ruta}.qualification[${i}].identifier[${j}].value`, 'Falta el número de registro RETHUS.');
        const cod = codigoEn(q.code, FORMATOS.rethus.url);
        if (cod !== undefined && !FORMATOS.rethus.patron.test(cod))
          emitir(
            `${ruta}.qualification[${i}].code`,
            `Código RETHUSqualification «${mostrarValor(cod, 30)}» mal formado.`,
          );
      });
    }),
  },
  {
    codigo: 'RDA50',
    severidad: 'aviso-conformidad',
    campo: 'NIT y código de habilitación del prestador',
    titulo: 'El NIT o el código de habilitación del prestador no tienen un valor válido',
    explicacion:
      'CareDeliveryOrganizationRDA lleva el NIT (system DIAN, solo dígitos, 5 a 15) y el código de habilitación REPS (system REPS, 10 a 12 dígitos), cada uno con su valor. Que estén los dos, sus ids y sus tipos los revisan RDA80 y RDA82.',
    comoCorregir:
      'Envíe en identifier.value el NIT sin puntos ni dígito de verificación y el código de habilitación completo del REPS.',
    chequear: enCada('Organization', (r, ruta, _c, emitir) => {
      if (esPagador(r)) return;
      objs(r.identifier).forEach((x, i) => {
        const v = String(x.value ?? '');
        if (x.system === SISTEMAS.dian && !FORMATOS.nit.patron.test(v))
          emitir(`${ruta}.identifier[${i}].value`, 'NIT (DIAN): se esperan de 5 a 15 dígitos.');
        if (x.system === SISTEMAS.reps && !FORMATOS.habilitacion.patron.test(v))
          emitir(
            `${ruta}.identifier[${i}].value`,
            'Código de habilitación (REPS): se esperan de 10 a 12 dígitos.',
          );
      });
    }),
  },
  {
    codigo: 'RDA51',
    severidad: 'rechazo',
    campo: 'Nombre del prestador',
    titulo: 'Falta el nombre del prestador',
    explicacion:
      'CareDeliveryOrganizationRDA exige name y active (1..1); la plataforma rechaza el documento sin ellos.',
    comoCorregir: 'Envíe name (razón social o nombre del prestador) y active = true.',
    chequear: enCada('Organization', (r, ruta, _c, emitir) => {
      if (esPagador(r)) return;
      if (!texto(r.name)) emitir(`${ruta}.name`);
      if (typeof r.active !== 'boolean') emitir(`${ruta}.active`);
    }),
  },
];
