/**
 * Text chunks decoded from UTF-8 byte chunks, each ending on a character boundary (a split
 * character waits for the next chunk), so the part not read yet can also be taken as bytes: the
 * validation threads decode their own slices and the request thread never decodes them.
 */
export class TextosDeBytes implements AsyncIterableIterator<string> {
  private readonly it: AsyncIterator<Uint8Array>;
  private arrastre: Buffer | undefined;

  constructor(fuente: AsyncIterable<Uint8Array>) {
    this.it = fuente[Symbol.asyncIterator]();
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async next(): Promise<IteratorResult<string>> {
    for (;;) {
      const r = await this.it.next();
      if (r.done) {
        const a = this.arrastre;
        this.arrastre = undefined;
        return a?.length ? { done: false, value: a.toString('utf8') } : { done: true, value: undefined };
      }
      const nuevo = Buffer.from(r.value.buffer, r.value.byteOffset, r.value.byteLength);
      const b = this.arrastre ? Buffer.concat([this.arrastre, nuevo]) : nuevo;
      const corte = finDeCaracter(b);
      this.arrastre = corte < b.length ? Buffer.from(b.subarray(corte)) : undefined;
      if (corte > 0) return { done: false, value: b.toString('utf8', 0, corte) };
    }
  }

  /** What was not read yet, as bytes (a carried partial character first). */
  async *restoEnBytes(): AsyncGenerator<Uint8Array> {
    const a = this.arrastre;
    this.arrastre = undefined;
    if (a?.length) yield a;
    for (let r = await this.it.next(); !r.done; r = await this.it.next()) yield r.value;
  }
}

/** Index after the last complete UTF-8 character of `b` (invalid tails count as complete). */
export function finDeCaracter(b: Uint8Array): number {
  let i = b.length - 1;
  let continuaciones = 0;
  while (i >= 0 && continuaciones < 3 && (b[i]! & 0xc0) === 0x80) {
    i--;
    continuaciones++;
  }
  if (i < 0) return b.length;
  const inicio = b[i]!;
  const largo = inicio >= 0xf0 ? 4 : inicio >= 0xe0 ? 3 : inicio >= 0xc0 ? 2 : 1;
  return b.length - i >= largo ? b.length : i;
}

/** The rest of any text source as UTF-8 bytes (sources that are not TextosDeBytes, e.g. in tests). */
export async function* restoEnBytes(it: AsyncIterator<string>): AsyncGenerator<Uint8Array> {
  if (it instanceof TextosDeBytes) {
    yield* it.restoEnBytes();
    return;
  }
  for (let r = await it.next(); !r.done; r = await it.next()) yield Buffer.from(r.value, 'utf8');
}
