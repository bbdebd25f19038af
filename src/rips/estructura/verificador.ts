import type { Donde, Hallazgo, TipoRegistro } from '../tipos.js';

export type EmitirCampo = (h: Omit<Hallazgo, keyof Donde>) => void;

/** Type, length, presence and content checks of one record against the field table (RVG01/04/05/06). */
export interface VerificadorEstructura {
  verificar(tipo: TipoRegistro, registro: unknown, emitir: EmitirCampo): void;
  /** Large tables whose existence checks fell back to format (not loaded): one informativo note each. */
  catalogosFaltantes?(): string[];
  /** Loaded tables the checks read (a validation's note names the old imports among them). */
  catalogosUsados?(): string[];
}
