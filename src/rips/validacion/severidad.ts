import { diaColombia } from '../reglas/helpers/fechas.js';
import type { Regla } from '../reglas/tipos.js';
import type { Clase, Severidad } from '../tipos.js';

// The regulations' dates are local: one helper gives a date's day in Colombia (UTC−5, no DST).
export { diaColombia };

/** Class in force on a date; an announced N→R change (`rechazoDesde`) is data, not code. */
export function claseVigente(regla: Regla, fecha: Date, rechazoDesde?: Record<string, string>): Clase {
  const dia = diaColombia(fecha);
  let clase: Clase = regla.clases[0]?.clase ?? 'R';
  for (const c of regla.clases) if (c.desde <= dia) clase = c.clase;
  const desde = rechazoDesde?.[regla.codigo];
  if (clase === 'N' && desde && desde <= dia) return 'R';
  return clase;
}

export function severidadDe(clase: Clase): Severidad {
  return clase === 'R' ? 'rechazo' : 'aviso-gradualidad';
}
