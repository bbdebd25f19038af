import { anclaDe } from '../texto-rips.js';

const PRIMERA_CLAVE = /^\s*\{\s*("(?:[^"\\]|\\.)*")\s*:/;
/** Text read before deciding a body has no usable first key (then it is never cut). */
const PRIMERA_MAXIMA = 64 * 1024;

function espacio(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * Cuts the text of `usuarios` (after its `[`) into slices of whole users as it arrives: at the first
 * key of the first user (`{"tipoDocumentoIdentificacion"`) preceded by `}` and `,`, once a slice
 * reaches `tamano`. A cut inside a user (a nested object with the same first key after `},`) leaves
 * an unbalanced slice, which then fails to parse: the caller detects it and reads in order.
 */
export class Cortador {
  private acum = '';
  /** undefined: not decided yet · null: never cut (no object users, or no first key found). */
  private ancla: RegExp | null | undefined;
  /** Where the next search for a cut starts (the text before it has no valid cut). */
  private desde: number;

  constructor(private readonly tamano: number) {
    this.desde = tamano;
  }

  /** Adds text; yields the slices that are now complete (comma separated users, no outer comma). */
  *poner(texto: string): Generator<string> {
    this.acum += texto;
    if (this.ancla === undefined) this.ancla = this.decidirAncla();
    if (!this.ancla) return;
    while (this.acum.length > this.desde) {
      const corte = this.buscar(this.ancla);
      if (!corte) return;
      const tramo = this.acum.slice(0, corte.fin);
      this.acum = this.acum.slice(corte.siguiente);
      this.desde = this.tamano;
      yield tramo;
    }
  }

  /** The text not yet cut: the last users, the `]` closing `usuarios` and the rest of the body. */
  resto(): string {
    return this.acum;
  }

  private decidirAncla(): RegExp | null | undefined {
    const m = PRIMERA_CLAVE.exec(this.acum);
    if (m) return anclaDe({ [JSON.parse(m[1]!) as string]: 0 }) ?? null;
    const inicio = this.acum.trimStart();
    if ((inicio.length && inicio[0] !== '{') || this.acum.length > PRIMERA_MAXIMA) return null;
    return undefined;
  }

  private buscar(ancla: RegExp): { fin: number; siguiente: number } | undefined {
    const t = this.acum;
    ancla.lastIndex = this.desde;
    for (let m = ancla.exec(t); m; m = ancla.exec(t)) {
      let q = m.index - 1;
      while (q > 0 && espacio(t.charCodeAt(q))) q--;
      if (t.charCodeAt(q) !== 0x2c) continue;
      q--;
      while (q > 0 && espacio(t.charCodeAt(q))) q--;
      if (t.charCodeAt(q) !== 0x7d) continue;
      return { fin: q + 1, siguiente: m.index };
    }
    // No cut yet: search again later from near the end (an anchor may straddle two chunks).
    this.desde = Math.max(this.desde, t.length - 1024);
    return undefined;
  }
}
