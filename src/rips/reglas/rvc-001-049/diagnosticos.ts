import type { Registro, TipoServicio } from '../../tipos.js';
import { limitesCie } from '../helpers/catalogos.js';
import { dia, edadEnAnios } from '../helpers/fechas.js';
import { codigoLimpio, dondeServicio, texto, vacio } from '../helpers/registros.js';
import type { ContextoRegla, RefServicio } from '../tipos.js';
import { clases, type Regla, regla } from '../tipos.js';

type CamposPorTipo = Partial<Record<TipoServicio, readonly string[]>>;

/** RVC028 fields (DT1 v002: C10–C13, P13–P15, R04–R08, R10, H06–H11, H13, N09, N11, M05, M06). */
const CAMPOS_RVC028: CamposPorTipo = {
  consultas: [
    'codDiagnosticoPrincipal',
    'codDiagnosticoRelacionado1',
    'codDiagnosticoRelacionado2',
    'codDiagnosticoRelacionado3',
  ],
  procedimientos: ['codDiagnosticoPrincipal', 'codDiagnosticoRelacionado', 'codComplicacion'],
  urgencias: [
    'codDiagnosticoPrincipal',
    'codDiagnosticoPrincipalE',
    'codDiagnosticoRelacionadoE1',
    'codDiagnosticoRelacionadoE2',
    'codDiagnosticoRelacionadoE3',
    'codDiagnosticoCausaMuerte',
  ],
  hospitalizacion: [
    'codDiagnosticoPrincipal',
    'codDiagnosticoPrincipalE',
    'codDiagnosticoRelacionadoE1',
    'codDiagnosticoRelacionadoE2',
    'codDiagnosticoRelacionadoE3',
    'codComplicacion',
    'codDiagnosticoCausaMuerte',
  ],
  recienNacidos: ['codDiagnosticoPrincipal', 'codDiagnosticoCausaMuerte'],
  medicamentos: ['codDiagnosticoPrincipal', 'codDiagnosticoRelacionado'],
};

/** RVC031 fields: C10, P13, P15, R04, R05, R10, H06, H07, H11, H13, N09, N11, M05. */
const CAMPOS_RVC031: CamposPorTipo = {
  consultas: ['codDiagnosticoPrincipal'],
  procedimientos: ['codDiagnosticoPrincipal', 'codComplicacion'],
  urgencias: ['codDiagnosticoPrincipal', 'codDiagnosticoPrincipalE', 'codDiagnosticoCausaMuerte'],
  hospitalizacion: [
    'codDiagnosticoPrincipal',
    'codDiagnosticoPrincipalE',
    'codComplicacion',
    'codDiagnosticoCausaMuerte',
  ],
  recienNacidos: ['codDiagnosticoPrincipal', 'codDiagnosticoCausaMuerte'],
  medicamentos: ['codDiagnosticoPrincipal'],
};

/** RVC032 and RVC033 fields: P13, P15, R04, R10, H13, N11. */
const CAMPOS_RVC032_033: CamposPorTipo = {
  procedimientos: ['codDiagnosticoPrincipal', 'codComplicacion'],
  urgencias: ['codDiagnosticoPrincipal', 'codDiagnosticoCausaMuerte'],
  hospitalizacion: ['codDiagnosticoCausaMuerte'],
  recienNacidos: ['codDiagnosticoCausaMuerte'],
};

/** Date of the attention, to compute the patient's age for RVC028. */
const CAMPO_FECHA: Partial<Record<TipoServicio, string>> = {
  consultas: 'fechaInicioAtencion',
  procedimientos: 'fechaInicioAtencion',
  urgencias: 'fechaInicioAtencion',
  hospitalizacion: 'fechaInicioAtencion',
  medicamentos: 'fechaDispensAdmon',
};
/** Sexo.Extra_II of the newborn (codSexoBiologico). */
const SEXO_RECIEN_NACIDO: Readonly<Record<string, 'M' | 'F'>> = { '01': 'M', '02': 'F' };
const CONDICION_MUERTO = '02';
/** /^[A-Z]\d{2}/ on char codes (three rules test every diagnosis field of every record). */
function pareceCie(c: string): boolean {
  if (c.length < 3) return false;
  const letra = c.charCodeAt(0);
  const d1 = c.charCodeAt(1);
  const d2 = c.charCodeAt(2);
  return letra >= 65 && letra <= 90 && d1 >= 48 && d1 <= 57 && d2 >= 48 && d2 <= 57;
}

function tiposDe(campos: CamposPorTipo): TipoServicio[] {
  return Object.keys(campos) as TipoServicio[];
}

/** Upper-cased CIE10 code of a field when it looks like one. */
function cie(r: Registro, campo: string): string | undefined {
  const v = r[campo];
  const c = codigoLimpio(v) ?? texto(v)?.toUpperCase();
  return c && pareceCie(c) ? c : undefined;
}

/**
 * Emits `codigo` for every field of `campos` whose 3-character category satisfies `fuera`. `fuera`
 * gets the whole code (no 3-character copy per field): it compares the category as a prefix, and
 * holds only for codes whose letter is between `desde` and `hasta`.
 */
function porCategoria(
  codigo: string,
  campos: CamposPorTipo,
  desde: string,
  hasta: string,
  fuera: (cie: string) => boolean,
) {
  const primera = desde.charCodeAt(0);
  const ultima = hasta.charCodeAt(0);
  return (r: Registro, ref: RefServicio, ctx: ContextoRegla) => {
    for (const campo of campos[ref.tipo] ?? []) {
      const v = r[campo];
      // A value that starts with another capital letter keeps it once trimmed and upper-cased:
      // its category is not one `fuera` accepts (the usual case, decided on one char code).
      if (typeof v === 'string' && v.length !== 0) {
        const letra = v.charCodeAt(0);
        if (letra >= 65 && letra <= 90 && (letra < primera || letra > ultima)) continue;
      }
      const c = cie(r, campo);
      if (c && fuera(c)) ctx.emitir(codigo, dondeServicio(ref), campo, { valor: c });
    }
  };
}

/** Sex (M/F) and age in years of the patient a diagnosis refers to; for newborn records, the newborn. */
function paciente(r: Registro, ref: RefServicio): { sexo?: 'M' | 'F'; edad?: number } {
  if (ref.tipo === 'recienNacidos') {
    return { sexo: SEXO_RECIEN_NACIDO[texto(r.codSexoBiologico) ?? ''], edad: 0 };
  }
  const s = texto(ref.usuario.codSexo)?.toUpperCase();
  const sexo = s === 'M' || s === 'F' ? s : undefined;
  const nacimiento = dia(ref.usuario.fechaNacimiento);
  const campoFecha = CAMPO_FECHA[ref.tipo];
  const atencion = campoFecha ? dia(r[campoFecha]) : undefined;
  const edad =
    nacimiento && atencion && atencion >= nacimiento ? edadEnAnios(nacimiento, atencion) : undefined;
  return { sexo, edad };
}

export const REGLAS_RVC_DIAGNOSTICOS: Regla[] = [
  regla({
    codigo: 'RVC028',
    campos: [
      'C10',
      'C11',
      'C12',
      'C13',
      'P13',
      'P14',
      'P15',
      'R04',
      'R05',
      'R06',
      'R07',
      'R08',
      'R10',
      'H06',
      'H07',
      'H08',
      'H09',
      'H10',
      'H11',
      'H13',
      'N09',
      'N11',
      'M05',
      'M06',
    ],
    clases: clases('N', 'N'),
    mensajeOficial: 'El código CIE no corresponde al sexo a la edad del paciente.',
    titulo: 'Diagnóstico no corresponde al sexo o la edad del paciente',
    explicacion:
      'En la tabla CIE10 de SISPRO este diagnóstico está restringido a un sexo o a un rango de edad, y el paciente (o el recién nacido, en sus propios datos) no cumple esa restricción a la fecha de la atención.',
    comoCorregir:
      'Compare en el sistema de origen el diagnóstico codificado con el que consta en la historia clínica, y el sexo y la fecha de nacimiento del paciente con su documento de identidad, y corrija el dato mal registrado. Si todos son correctos, no cambie el diagnóstico: es una notificación y el CUV se emite igual.',
    alcance: 'local',
    catalogos: ['CIE10'],
    servicio: {
      tipos: tiposDe(CAMPOS_RVC028),
      verificar: (r, ref, ctx) => {
        const campos = CAMPOS_RVC028[ref.tipo] ?? [];
        let p: { sexo?: 'M' | 'F'; edad?: number } | undefined;
        for (const campo of campos) {
          const c = cie(r, campo);
          const limites = c ? limitesCie(ctx.catalogos, c) : undefined;
          if (!c || !limites) continue;
          p ??= paciente(r, ref);
          const motivos: string[] = [];
          if (limites.sexo && p.sexo && limites.sexo !== p.sexo) {
            motivos.push(`es solo para sexo ${limites.sexo} y el paciente es de sexo ${p.sexo}`);
          }
          if (p.edad !== undefined) {
            if (limites.edadMinima !== undefined && p.edad < limites.edadMinima) {
              motivos.push(`aplica desde los ${limites.edadMinima} años y el paciente tenía ${p.edad}`);
            } else if (limites.edadMaxima !== undefined && p.edad > limites.edadMaxima) {
              motivos.push(`aplica hasta los ${limites.edadMaxima} años y el paciente tenía ${p.edad}`);
            }
          }
          if (motivos.length) {
            ctx.emitir('RVC028', dondeServicio(ref), campo, {
              valor: c,
              detalle: `El diagnóstico ${motivos.join(' y ')}.`,
            });
          }
        }
      },
    },
  }),
  regla({
    codigo: 'RVC031',
    campos: ['C10', 'P13', 'P15', 'R04', 'R05', 'R10', 'H06', 'H07', 'H11', 'H13', 'N09', 'N11', 'M05'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'El código de Diagnostico principal, de complicación o de egreso, o de causa de muerte, informado debería ser preferiblemente de causas de morbilidad y de mortalidad (CIE10: A00-Q99 Y S00 a T98 o su equivalente en la CIE vigente).',
    titulo: 'Diagnóstico principal de causa externa',
    explicacion:
      'El diagnóstico principal, de egreso, de complicación o de causa de muerte es un código de causas externas de morbilidad y mortalidad (CIE10 V01–Y98). Esos códigos describen cómo ocurrió la lesión; el diagnóstico debe ser preferiblemente la afección (A00–Q99) o la lesión (S00–T98).',
    comoCorregir:
      'Codifique en el sistema de origen como diagnóstico la lesión o enfermedad atendida y deje la causa externa en el campo «Causa que motiva la atención».',
    alcance: 'local',
    servicio: {
      tipos: tiposDe(CAMPOS_RVC031),
      // Category V01–Y98: the code is ≥ 'V01' and < 'Y99' (categories are a letter and two digits).
      verificar: porCategoria('RVC031', CAMPOS_RVC031, 'V', 'Y', (c) => c >= 'V01' && c < 'Y99'),
    },
  }),
  regla({
    codigo: 'RVC032',
    campos: ['P13', 'P15', 'R04', 'R10', 'H13', 'N11'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'El código de Diagnostico principal, de complicación de egreso o de causa de muerte, no puede ser de síntomas, signos y resultados anormales de pruebas complementarias, no clasificados bajo otro concepto (CIE10: R00-R99 o su equivalente en la CIE vigente).',
    titulo: 'Diagnóstico de síntoma o signo (R00–R99)',
    explicacion:
      'El diagnóstico principal del procedimiento o de la urgencia, la complicación o la causa de muerte es un código de síntomas, signos o hallazgos anormales (CIE10 R00–R99), que no puede usarse en estos campos.',
    comoCorregir:
      'Codifique en el sistema de origen la afección que consta en la historia clínica: si el profesional registró un diagnóstico (confirmado o impresión diagnóstica) que explica los síntomas, use ese código. Si la historia solo registra síntomas, no invente un diagnóstico para pasar la validación: es una notificación y el CUV se emite igual.',
    alcance: 'local',
    servicio: {
      tipos: tiposDe(CAMPOS_RVC032_033),
      verificar: porCategoria('RVC032', CAMPOS_RVC032_033, 'R', 'R', (c) => c.startsWith('R')),
    },
  }),
  regla({
    codigo: 'RVC033',
    campos: ['P13', 'P15', 'R04', 'R10', 'H13', 'N11'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'Tener en cuenta que el código de CIE no puede ser de factores que influyen en el estado de salud y contacto con los servicios sanitarios (CIE10: Z00-Z99 o su equivalente en la CIE vigente).',
    titulo: 'Diagnóstico de factores que influyen en la salud (Z00–Z99)',
    explicacion:
      'El diagnóstico principal del procedimiento o de la urgencia, la complicación o la causa de muerte es un código de factores que influyen en el estado de salud y contacto con los servicios (CIE10 Z00–Z99), que no debería usarse en estos campos.',
    comoCorregir:
      'Codifique en el sistema de origen la afección o lesión atendida tal como consta en la historia clínica. Si la atención no tuvo una afección que codificar, no invente un diagnóstico para pasar la validación: es una notificación y el CUV se emite igual.',
    alcance: 'local',
    servicio: {
      tipos: tiposDe(CAMPOS_RVC032_033),
      verificar: porCategoria('RVC033', CAMPOS_RVC032_033, 'Z', 'Z', (c) => c.startsWith('Z')),
    },
  }),
  regla({
    codigo: 'RVC042',
    campos: ['R10', 'H13', 'N11'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'No informó la causa básica de muerte la cual es necesaria ya que la condición y destino del usuario al egreso fue "paciente muerte".',
    titulo: 'Falta la causa básica de muerte',
    explicacion:
      'La «Condición y destino del usuario al egreso» es 02 «Paciente muerto», así que el «Diagnóstico de la causa básica de muerte» es obligatorio y llegó vacío.',
    comoCorregir:
      'Registre en el egreso, en el sistema de origen, el código CIE de la causa básica de muerte que consta en el certificado de defunción, o corrija la condición de egreso si el paciente no falleció.',
    alcance: 'local',
    servicio: {
      tipos: ['urgencias', 'hospitalizacion', 'recienNacidos'],
      verificar: (r, ref, ctx) => {
        if (
          texto(r.condicionDestinoUsuarioEgreso) !== CONDICION_MUERTO ||
          !vacio(r.codDiagnosticoCausaMuerte)
        )
          return;
        ctx.emitir('RVC042', dondeServicio(ref), 'codDiagnosticoCausaMuerte');
      },
    },
  }),
];
