/** Severities of an ErrorAccionable across modules (RIPS uses the first three, RDA adds aviso-conformidad). */
export const SEVERIDADES_ERROR = [
  'rechazo',
  'aviso-gradualidad',
  'aviso-conformidad',
  'informativo',
] as const;
export type SeveridadError = (typeof SEVERIDADES_ERROR)[number];

/** Who produced a finding. */
export const FUENTES = ['linter-local', 'muv', 'linter-rda', 'validador-hl7', 'ihce'] as const;
export type Fuente = (typeof FUENTES)[number];
