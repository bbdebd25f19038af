import type { Registro, TipoServicio } from '../../tipos.js';
import { codigoLimpio } from '../helpers/registros.js';
import type { ContextoRegla, RefServicio } from '../tipos.js';
import { clases, type Regla, regla } from '../tipos.js';
import { dondeServicio, texto } from './comun.js';

const RELACIONADOS_CONSULTA = [
  'codDiagnosticoRelacionado1',
  'codDiagnosticoRelacionado2',
  'codDiagnosticoRelacionado3',
];
const RELACIONADOS_EGRESO = [
  'codDiagnosticoRelacionadoE1',
  'codDiagnosticoRelacionadoE2',
  'codDiagnosticoRelacionadoE3',
];

function codigo(v: unknown): string | null {
  return codigoLimpio(v) ?? texto(v)?.toUpperCase() ?? null;
}

/** Each related diagnosis that repeats the principal one (same code, case-insensitive). */
function igualAlPrincipal(
  codigoRegla: string,
  principal: string,
  relacionados: readonly string[],
  r: Registro,
  ref: RefServicio,
  ctx: ContextoRegla,
): void {
  const p = codigo(r[principal]);
  if (!p) return;
  for (const campo of relacionados) {
    if (codigo(r[campo]) !== p) continue;
    ctx.emitir(codigoRegla, dondeServicio(ref), campo, {
      valor: r[campo],
      detalle: `Repite el diagnóstico principal (${p}).`,
    });
  }
}

/** The first of the fields before `hasta` whose code is `c`. */
function primeroCon(c: string, campos: readonly string[], hasta: number, r: Registro): string | undefined {
  for (let m = 0; m < hasta; m++) if (codigo(r[campos[m]!]) === c) return campos[m];
  return undefined;
}

/** Each related diagnosis equal to an earlier one of the same record (reported on the later field). */
function repetidos(
  codigoRegla: string,
  relacionados: readonly string[],
  r: Registro,
  ref: RefServicio,
  ctx: ContextoRegla,
) {
  // At most three fields: rescanning the earlier ones is cheaper than a Map per record.
  for (let k = 0; k < relacionados.length; k++) {
    const campo = relacionados[k]!;
    const c = codigo(r[campo]);
    if (!c) continue;
    const anterior = primeroCon(c, relacionados, k, r);
    if (anterior) {
      ctx.emitir(codigoRegla, dondeServicio(ref), campo, {
        valor: r[campo],
        detalle: `El código ${c} ya está informado en «${anterior}».`,
      });
    }
  }
}

/** Principal field and related fields per service type for RVC086. */
const PRINCIPAL_Y_RELACIONADOS: Partial<Record<TipoServicio, { principal: string; relacionados: string[] }>> =
  {
    consultas: { principal: 'codDiagnosticoPrincipal', relacionados: RELACIONADOS_CONSULTA },
    procedimientos: { principal: 'codDiagnosticoPrincipal', relacionados: ['codDiagnosticoRelacionado'] },
    medicamentos: { principal: 'codDiagnosticoPrincipal', relacionados: ['codDiagnosticoRelacionado'] },
  };

const EGRESO: readonly TipoServicio[] = ['urgencias', 'hospitalizacion'];

const COMO_CORREGIR_RELACIONADO =
  'En el sistema de origen, deje en los diagnósticos relacionados solo códigos distintos del principal y distintos entre sí: borre el repetido o reemplácelo por el diagnóstico adicional que corresponda (si no hay otro, el campo va en null).';

/** Related diagnoses different from the principal one and from each other (RVC086–RVC089). */
export const REGLAS_DIAGNOSTICOS: Regla[] = [
  regla({
    codigo: 'RVC086',
    campos: ['C11', 'C12', 'C13', 'P14', 'M06'],
    clases: clases('N', 'R'),
    mensajeOficial: 'El código de diagnóstico relacionado es igual al código de diagnóstico principal.',
    titulo: 'Diagnóstico relacionado igual al principal',
    explicacion:
      'Un «Diagnóstico relacionado» de una consulta, un procedimiento o un medicamento no puede repetir el código del «Diagnóstico principal» del mismo registro.',
    comoCorregir: COMO_CORREGIR_RELACIONADO,
    alcance: 'local',
    servicio: {
      tipos: Object.keys(PRINCIPAL_Y_RELACIONADOS) as TipoServicio[],
      verificar(r, ref, ctx) {
        const c = PRINCIPAL_Y_RELACIONADOS[ref.tipo]!;
        igualAlPrincipal('RVC086', c.principal, c.relacionados, r, ref, ctx);
      },
    },
  }),
  regla({
    codigo: 'RVC087',
    campos: ['C11', 'C12', 'C13'],
    clases: clases('N', 'R'),
    mensajeOficial: 'El código de diagnóstico relacionado es igual a otro código de diagnóstico relacionado.',
    titulo: 'Diagnósticos relacionados repetidos en la consulta',
    explicacion:
      'Los tres «Diagnósticos relacionados» de una consulta deben ser códigos distintos entre sí: el mismo código no puede informarse dos veces.',
    comoCorregir: COMO_CORREGIR_RELACIONADO,
    alcance: 'local',
    servicio: {
      tipos: ['consultas'],
      verificar(r, ref, ctx) {
        repetidos('RVC087', RELACIONADOS_CONSULTA, r, ref, ctx);
      },
    },
  }),
  regla({
    codigo: 'RVC088',
    campos: ['R06', 'R07', 'R08', 'H08', 'H09', 'H10'],
    clases: clases('N', 'R'),
    mensajeOficial:
      'El código de diagnóstico relacionado de egreso es igual al código de diagnóstico principal de egreso.',
    titulo: 'Diagnóstico relacionado de egreso igual al principal de egreso',
    explicacion:
      'En urgencias con observación y en hospitalización, un «Diagnóstico relacionado de egreso» no puede repetir el código del «Diagnóstico principal de egreso».',
    comoCorregir: COMO_CORREGIR_RELACIONADO,
    alcance: 'local',
    servicio: {
      tipos: EGRESO,
      verificar(r, ref, ctx) {
        igualAlPrincipal('RVC088', 'codDiagnosticoPrincipalE', RELACIONADOS_EGRESO, r, ref, ctx);
      },
    },
  }),
  regla({
    codigo: 'RVC089',
    campos: ['R06', 'R07', 'R08', 'H08', 'H09', 'H10'],
    clases: clases('N', 'R'),
    mensajeOficial:
      'El código de diagnóstico relacionado de egreso es igual a otro código de diagnóstico relacionado de egreso.',
    titulo: 'Diagnósticos relacionados de egreso repetidos',
    explicacion:
      'En urgencias con observación y en hospitalización, los tres «Diagnósticos relacionados de egreso» deben ser códigos distintos entre sí.',
    comoCorregir: COMO_CORREGIR_RELACIONADO,
    alcance: 'local',
    servicio: {
      tipos: EGRESO,
      verificar(r, ref, ctx) {
        repetidos('RVC089', RELACIONADOS_EGRESO, r, ref, ctx);
      },
    },
  }),
];
