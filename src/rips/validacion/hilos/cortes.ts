/** Bytes of the first user before deciding a body has no usable first key (then it is never cut). */
const PRIMERA_MAXIMA = 64 * 1024;

const LLAVE_A = 0x7b;
const LLAVE_C = 0x7d;
const COMA = 0x2c;
const COMILLA = 0x22;
const BARRA = 0x5c;

function espacio(c: number | undefined): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** A copy in its own ArrayBuffer, so it can be transferred to a thread. */
function propia(b: Uint8Array): Uint8Array {
  const c = new Uint8Array(b.byteLength);
  c.set(b);
  return c;
}

const CORCHETE_A = 0x5b;
const CORCHETE_C = 0x5d;

/**
 * The users as a JSON array in its own ArrayBuffer: the thread decodes it into one flat string for
 * JSON.parse (`[` + text + `]` there would be a second copy of every slice).
 */
function arreglo(b: Uint8Array): Uint8Array {
  const c = new Uint8Array(b.byteLength + 2);
  c[0] = CORCHETE_A;
  c.set(b, 1);
  c[c.length - 1] = CORCHETE_C;
  return c;
}

/**
 * Cuts the UTF-8 bytes of `usuarios` (from a user's `{` on) into slices of whole users as they
 * arrive: at the first key of the first user (`{"tipoDocumentoIdentificacion"`) preceded by `}` and
 * `,`, once a slice reaches `tamano`. Bytes, not text: the request thread never decodes the users
 * (the threads do). A cut inside a user (a nested object with the same first key after `},`)
 * leaves an unbalanced slice, which then fails to parse: the caller detects it and reads in order.
 */
export class Cortador {
  private trozos: Buffer[] = [];
  private total = 0;
  /** undefined: not decided yet · null: never cut (no object users, or no plain first key). */
  private clave: Buffer | null | undefined;
  /** Where the next search for a cut starts (the bytes before it have no valid cut). */
  private desde: number;

  constructor(private readonly tamano: number) {
    this.desde = tamano;
  }

  /** Adds bytes; yields the slices now complete, each a JSON array of whole users. */
  *poner(bytes: Uint8Array): Generator<Uint8Array> {
    this.trozos.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    this.total += bytes.byteLength;
    if (this.clave === undefined) this.clave = this.decidirClave();
    if (!this.clave) return;
    while (this.total > this.desde) {
      const b = this.unir();
      const corte = this.buscar(b, this.clave);
      if (!corte) return;
      yield arreglo(b.subarray(0, corte.fin));
      const resto = b.subarray(corte.siguiente);
      this.trozos = [resto];
      this.total = resto.byteLength;
      this.desde = this.tamano;
    }
  }

  /** The bytes not yet cut: the last users, the `]` closing `usuarios` and the rest of the body. */
  resto(): Uint8Array {
    return propia(this.unir());
  }

  private unir(): Buffer {
    if (this.trozos.length !== 1) this.trozos = [Buffer.concat(this.trozos, this.total)];
    return this.trozos[0]!;
  }

  /** `"tipoDocumentoIdentificacion"` of the first user (a key with escapes is never used). */
  private decidirClave(): Buffer | null | undefined {
    const b = this.unir();
    let i = 0;
    while (espacio(b[i])) i++;
    if (i >= b.length) return b.length > PRIMERA_MAXIMA ? null : undefined;
    if (b[i] !== LLAVE_A) return null;
    i++;
    while (espacio(b[i])) i++;
    if (i >= b.length) return undefined;
    if (b[i] !== COMILLA) return null;
    for (let j = i + 1; j < b.length; j++) {
      if (b[j] === BARRA) return null;
      if (b[j] === COMILLA) return Buffer.from(b.subarray(i, j + 1));
    }
    return b.length > PRIMERA_MAXIMA ? null : undefined;
  }

  private buscar(b: Buffer, clave: Buffer): { fin: number; siguiente: number } | undefined {
    for (let k = b.indexOf(clave, this.desde); k >= 0; k = b.indexOf(clave, k + 1)) {
      let q = k - 1;
      while (espacio(b[q])) q--;
      if (b[q] !== LLAVE_A) continue;
      const llave = q;
      q--;
      while (espacio(b[q])) q--;
      if (b[q] !== COMA) continue;
      q--;
      while (espacio(b[q])) q--;
      if (b[q] !== LLAVE_C) continue;
      return { fin: q + 1, siguiente: llave };
    }
    // No cut yet: search again later from near the end (the key may straddle two chunks).
    this.desde = Math.max(this.desde, b.length - clave.length);
    return undefined;
  }
}
