import type { OperacionMuv } from '../rips/muv/operaciones.js';

/**
 * Types of a RIPS filing in the reports (decorator-free: enums.ts reads it). The five classic
 * operations keep the contract's values (FEV = an invoice, else the note type of `rips.tipoNota`);
 * each later operation has its own, so capitation and the notes without RIPS are seen apart.
 */
export const TIPOS_RADICACION = [
  'FEV',
  'NC',
  'ND',
  'NA',
  'RS',
  'NC-TOTAL',
  'NC-ACUERDO-VOLUNTADES',
  'CAPITA-INICIAL',
  'CAPITA-PERIODO',
  'CAPITA-FINAL',
  'NC-CAPITA',
] as const;
export type TipoRadicacion = (typeof TIPOS_RADICACION)[number];

/**
 * The type of each operation's filings. The database computes it with `radicacion_tipo(tipo_nota,
 * operacion)` (Migration20261202200000_resumen_operaciones): for the classic operations it stays
 * `coalesce(tipo_nota, 'FEV')`, as rows were always counted. A new operation without a type here
 * does not compile.
 */
export const TIPO_POR_OPERACION = {
  CargarFevRips: 'FEV',
  CargarNC: 'NC',
  CargarND: 'ND',
  CargarNotaAjuste: 'NA',
  CargarRipsSinFactura: 'RS',
  CargarNCTotal: 'NC-TOTAL',
  CargarNCAcuerdoVoluntades: 'NC-ACUERDO-VOLUNTADES',
  CargarCapitaInicial: 'CAPITA-INICIAL',
  CargarCapitaPeriodo: 'CAPITA-PERIODO',
  CargarCapitaFinal: 'CAPITA-FINAL',
  CargarNCCapita: 'NC-CAPITA',
} as const satisfies Record<OperacionMuv, TipoRadicacion>;

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
