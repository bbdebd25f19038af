/** Types of a RIPS filing: an invoice (FEV) or the note type of `rips.tipoNota` (decorator-free: enums.ts reads it). */
export const TIPOS_RADICACION = ['FEV', 'NC', 'ND', 'NA', 'RS'] as const;
export type TipoRadicacion = (typeof TIPOS_RADICACION)[number];
