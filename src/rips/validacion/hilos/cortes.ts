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

const CORCHETE_A = 0x5b;
const CORCHETE_C = 0x5d;

/**
 * Cuts the UTF-8 bytes of `usuarios` (from a user's `{` on) into slices of whole users as they
 * arrive: at the first key of the first user (`{"tipoDocumentoIdentificacion"`) preceded by `}` and
 * `,`, once a slice reaches `tamano`. Bytes, not text: the request thread never decodes the users
 * (the threads do). A cut inside a user (a nested object with the same first key after `},`)
 * leaves an unbalanced slice, which then fails to parse: the caller detects it and reads in order.
 * The arriving chunks are searched where they are and each slice is copied once, into its own
 * ArrayBuffer (transferable), as a JSON array: the thread decodes it into one flat string for
 * JSON.parse.
 */
export class Cortador {
  /** Bytes not cut yet, as received (views of the inflated chunks). */
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
    if (!bytes.byteLength) return;
    this.trozos.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    this.total += bytes.byteLength;
    if (this.clave === undefined) this.clave = this.decidirClave();
    if (!this.clave) return;
    while (this.total > this.desde) {
      const corte = this.buscar(this.clave);
      if (!corte) return;
      const tramo = new Uint8Array(corte.fin + 2);
      tramo[0] = CORCHETE_A;
      this.copiar(corte.fin, tramo, 1);
      tramo[tramo.length - 1] = CORCHETE_C;
      this.descartar(corte.siguiente);
      this.desde = this.tamano;
      yield tramo;
    }
  }

  /** The bytes not yet cut: the last users, the `]` closing `usuarios` and the rest of the body. */
  resto(): Uint8Array {
    const r = new Uint8Array(this.total);
    this.copiar(this.total, r, 0);
    return r;
  }

  /** Copies the first `n` pending bytes into `destino` at `en`. */
  private copiar(n: number, destino: Uint8Array, en: number): void {
    for (const t of this.trozos) {
      if (n <= 0) return;
      const parte = n < t.length ? t.subarray(0, n) : t;
      destino.set(parte, en);
      en += parte.length;
      n -= parte.length;
    }
  }

  /** Drops the first `n` pending bytes. */
  private descartar(n: number): void {
    this.total -= n;
    let i = 0;
    while (i < this.trozos.length && n >= this.trozos[i]!.length) n -= this.trozos[i++]!.length;
    const quedan = this.trozos.slice(i);
    if (n > 0) quedan[0] = quedan[0]!.subarray(n);
    this.trozos = quedan;
  }

  /** Byte at pending position `p` (undefined outside), for the short look-backs around a key. */
  private byte(p: number): number | undefined {
    if (p < 0) return undefined;
    for (const t of this.trozos) {
      if (p < t.length) return t[p];
      p -= t.length;
    }
    return undefined;
  }

  /** `"tipoDocumentoIdentificacion"` of the first user (a key with escapes is never used). */
  private decidirClave(): Buffer | null | undefined {
    if (this.trozos.length > 1) this.trozos = [Buffer.concat(this.trozos, this.total)];
    const b = this.trozos[0]!;
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

  /** The first valid cut at or after `desde`: a key preceded by `{`, `,` and `}` (spaces allowed). */
  private buscar(clave: Buffer): { fin: number; siguiente: number } | undefined {
    for (const k of this.apariciones(clave)) {
      let q = k - 1;
      while (espacio(this.byte(q))) q--;
      if (this.byte(q) !== LLAVE_A) continue;
      const llave = q;
      q--;
      while (espacio(this.byte(q))) q--;
      if (this.byte(q) !== COMA) continue;
      q--;
      while (espacio(this.byte(q))) q--;
      if (this.byte(q) !== LLAVE_C) continue;
      return { fin: q + 1, siguiente: llave };
    }
    // No cut yet: search again later from near the end (the key may straddle two chunks).
    this.desde = Math.max(this.desde, this.total - clave.length + 1);
    return undefined;
  }

  /** Pending positions of `clave` from `desde` on, in order, also across chunk boundaries. */
  private *apariciones(clave: Buffer): Generator<number> {
    let base = 0;
    for (let j = 0; j < this.trozos.length; j++) {
      const t = this.trozos[j]!;
      const fin = base + t.length;
      if (fin > this.desde) {
        for (let k = t.indexOf(clave, Math.max(0, this.desde - base)); k >= 0; k = t.indexOf(clave, k + 1))
          yield base + k;
        // A key that starts in this chunk and ends in a later one.
        const desdeBorde = Math.max(this.desde, fin - clave.length + 1);
        if (desdeBorde < fin && fin < this.total) {
          const ventana = Buffer.alloc(Math.min(this.total, fin + clave.length - 1) - desdeBorde);
          for (let p = 0; p < ventana.length; p++) ventana[p] = this.byte(desdeBorde + p)!;
          for (
            let k = ventana.indexOf(clave);
            k >= 0 && desdeBorde + k < fin;
            k = ventana.indexOf(clave, k + 1)
          )
            yield desdeBorde + k;
        }
      }
      base = fin;
    }
  }
}
