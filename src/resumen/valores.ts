/** Types of a RIPS filing: an invoice (FEV) or the note type of `rips.tipoNota` (decorator-free: enums.ts reads it). */
export const TIPOS_RADICACION = ['FEV', 'NC', 'ND', 'NA', 'RS'] as const;
export type TipoRadicacion = (typeof TIPOS_RADICACION)[number];

/** Modules a report can be limited to (`modulo`). */
export const MODULOS_RESUMEN = ['rips', 'rda'] as const;
export type ModuloResumen = (typeof MODULOS_RESUMEN)[number];

/** Period of a series (`agrupar`): Colombian calendar day, ISO week (Monday) or month. */
export const AGRUPACIONES = ['dia', 'semana', 'mes'] as const;
export type Agrupacion = (typeof AGRUPACIONES)[number];

/**
 * Who pays a filing: an organisation by NIT, a natural person (never identified), nobody known, or
 * `otros` (the payers beyond the 100 with most money in the report, summed).
 */
export const CLASES_PAGADOR = ['nit', 'persona-natural', 'sin-pagador', 'otros'] as const;
export type ClasePagador = (typeof CLASES_PAGADOR)[number];

/** CSV views (`vista`): counts, causes of rejection, money per payer, RDA timing. */
export const VISTAS_RESUMEN = ['resumen', 'causas', 'pagadores', 'tiempos'] as const;
export type VistaResumen = (typeof VISTAS_RESUMEN)[number];

/** The reports' calendar: every day, week and month is Colombian (UTC−5, no daylight saving). */
export const ZONA_HORARIA = 'America/Bogota';
