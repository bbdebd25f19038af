import type { ErrorAccionable } from '../../errores/error-accionable.js';
import type { Catalogos } from '../catalogos/tipos.js';
import { CAMPOS } from '../estructura/campos.js';
import type { TablaCampos } from '../estructura/tipos.js';
import type { VerificadorEstructura } from '../estructura/verificador.js';
import type { DocumentoFev } from '../fev/documento.js';
import { REGLAS, REGLAS_POR_CODIGO } from '../reglas/registro.js';
import type { DatosFev, Regla } from '../reglas/tipos.js';
import type { Registro } from '../tipos.js';
import { type HallazgosOmitidos, LIMITES_POR_DEFECTO, type LimitesHallazgos, maxCrudos } from './acotar.js';
import { explicar, type RipsIssue } from './explicar.js';
import { type ResultadoMotor, recorrer } from './motor.js';

export interface OpcionesValidar {
  /** Evaluation date (default now): preview how a RIPS fares on a future date. */
  fecha?: Date;
  catalogos: Catalogos;
  reglas?: readonly Regla[];
  estructura?: VerificadorEstructura;
  campos?: TablaCampos;
  /** Announced N→R changes by code (YYYY-MM-DD). */
  rechazoDesde?: Record<string, string>;
  /** The invoice read by the FEV gate (see OpcionesMotor.fev). */
  fev?: DatosFev | null;
  /** Findings and characters answered (LIMITES_POR_DEFECTO if absent). */
  limites?: LimitesHallazgos;
  /** The codigoVIDA cross-check runs (see OpcionesMotor.vida); set by ServicioValidacionRips. */
  vida?: boolean;
  /** The entity's declared provider codes (see OpcionesMotor.prestadores); set by ServicioValidacionRips. */
  prestadores?: readonly string[];
}

export interface ResultadoValidacion {
  valid: boolean;
  fechaEvaluacion: Date;
  issues: RipsIssue[];
  errores: ErrorAccionable[];
  /** Counts every finding, the omitted ones too (so does `valid`). */
  resumen: { rechazos: number; avisos: number; informativos: number };
  /** Findings left out of `errores`/`issues` by the bounds, by code (empty when none). */
  omitidos: HallazgosOmitidos[];
  /** The invoice or note read by the FEV gate, when it could be read (the filing reads its value). */
  documentoFev?: DocumentoFev;
}

/** Validates a RIPS object against the registry; contacts nothing and stores nothing. */
export function validarRips(
  rips: Registro,
  o: OpcionesValidar,
  usuariosPorPartes?: Iterable<unknown>,
): ResultadoValidacion {
  const fecha = o.fecha ?? new Date();
  const reglas = o.reglas ?? REGLAS;
  const motor = recorrer(
    rips,
    {
      fecha,
      catalogos: o.catalogos,
      reglas,
      estructura: o.estructura,
      fev: o.fev,
      vida: o.vida,
      prestadores: o.prestadores,
      maxHallazgos: maxCrudos((o.limites ?? LIMITES_POR_DEFECTO).maxHallazgos),
    },
    usuariosPorPartes,
  );
  return resultadoDeMotor(rips, motor, reglas, fecha, o);
}

/** Findings of a walk explained (texts, severity on `fecha`) and counted. */
export function resultadoDeMotor(
  rips: Registro,
  { hallazgos, notas, documentos, omitidos: omitidosMotor }: ResultadoMotor,
  reglas: readonly Regla[],
  fecha: Date,
  o: OpcionesValidar,
): ResultadoValidacion {
  // A custom rule list (tests) overrides the registry's texts; otherwise the registry's map as is.
  const porCodigo = o.reglas
    ? new Map([...REGLAS_POR_CODIGO, ...reglas.map((r): [string, Regla] => [r.codigo, r])])
    : REGLAS_POR_CODIGO;
  const { errores, issues, omitidos } = explicar(rips, documentos, hallazgos, notas, {
    fecha,
    reglas: porCodigo,
    campos: o.campos ?? CAMPOS,
    rechazoDesde: o.rechazoDesde,
    limites: o.limites,
    omitidos: omitidosMotor,
  });
  const resumen = resumir(errores, omitidos);
  return { valid: resumen.rechazos === 0, fechaEvaluacion: fecha, issues, errores, resumen, omitidos };
}

/** Findings by severity, the omitted ones included. */
export function resumir(
  errores: readonly Pick<ErrorAccionable, 'severidad'>[],
  omitidos: readonly HallazgosOmitidos[],
): ResultadoValidacion['resumen'] {
  const resumen = { rechazos: 0, avisos: 0, informativos: 0 };
  const sumar = (severidad: string, n: number) => {
    if (severidad === 'rechazo') resumen.rechazos += n;
    else if (severidad === 'informativo') resumen.informativos += n;
    else resumen.avisos += n;
  };
  for (const e of errores) sumar(e.severidad, 1);
  for (const o of omitidos) sumar(o.severidad, o.cantidad);
  return resumen;
}
