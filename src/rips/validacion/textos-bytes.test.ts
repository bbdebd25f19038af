import { describe, expect, it } from 'vitest';
import { Cortador } from './hilos/cortes.js';
import { decodificar, finDeCaracter, restoEnBytes, TextosDeBytes } from './textos-bytes.js';

async function* trozos(b: Buffer, tam: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < b.length; i += tam) yield b.subarray(i, i + tam);
}

const texto = '{"nombre":"Peñalosa Núñez 😀","ciudad":"Bogotá"}'.repeat(50);

describe('texto en trozos que terminan en un carácter completo', () => {
  it('el fin de carácter respeta secuencias de 2, 3 y 4 bytes', () => {
    const b = Buffer.from('añ€😀', 'utf8');
    expect(finDeCaracter(b)).toBe(b.length);
    expect(finDeCaracter(b.subarray(0, 2))).toBe(1);
    expect(finDeCaracter(b.subarray(0, 5))).toBe(3);
    expect(finDeCaracter(b.subarray(0, 8))).toBe(6);
  });

  it.each([1, 2, 3, 5, 7, 64])(
    'trozos de %i bytes: el mismo texto, sin caracteres de reemplazo',
    async (tam) => {
      let leido = '';
      for await (const t of new TextosDeBytes(trozos(Buffer.from(texto, 'utf8'), tam))) leido += t;
      expect(leido).toBe(texto);
    },
  );

  it('lo no leído se puede tomar como bytes, también a mitad de un carácter', async () => {
    const b = Buffer.from(texto, 'utf8');
    for (const tam of [3, 5, 17]) {
      const t = new TextosDeBytes(trozos(b, tam));
      let leido = '';
      for (let i = 0; i < 10; i++) leido += (await t.next()).value;
      const resto: Buffer[] = [];
      for await (const x of restoEnBytes(t)) resto.push(Buffer.from(x));
      expect(leido + Buffer.concat(resto).toString('utf8')).toBe(texto);
    }
  });
});

describe('cortes de usuarios en bytes', () => {
  const usuario = (i: number) => ({
    tipoDocumentoIdentificacion: 'CC',
    n: i,
    nombre: 'Ñandú',
    sub: [{ a: 1 }],
  });
  const cuerpo = `${Array.from({ length: 60 }, (_, i) => JSON.stringify(usuario(i))).join(' ,\n ')}], "x": 1}`;

  it.each([1, 13, 256])('trozos de %i bytes: arreglos de usuarios enteros que juntos dan el texto', (tam) => {
    const c = new Cortador(300);
    const tramos: string[] = [];
    const b = Buffer.from(cuerpo, 'utf8');
    for (let i = 0; i < b.length; i += tam) {
      for (const t of c.poner(b.subarray(i, i + tam))) tramos.push(Buffer.from(t).toString('utf8'));
    }
    const ultimo = Buffer.from(c.resto()).toString('utf8');
    expect(tramos.length).toBeGreaterThan(3);
    for (const t of tramos) expect(() => JSON.parse(t)).not.toThrow();
    const usuarios = tramos.flatMap((t) => JSON.parse(t) as unknown[]);
    expect(usuarios).toEqual(Array.from({ length: usuarios.length }, (_, i) => usuario(i)));
    expect(ultimo.endsWith('], "x": 1}')).toBe(true);
  });

  it('sin objetos como usuarios no corta nunca', () => {
    const c = new Cortador(10);
    expect([...c.poner(Buffer.from(`${'1,'.repeat(100)}2]}`))]).toEqual([]);
    expect(Buffer.from(c.resto()).toString()).toBe(`${'1,'.repeat(100)}2]}`);
  });
});

/** decodificar equals toString('utf8'), on a copy and rewriting the bytes in place. */
function comoToString(b: Buffer, desde = 0, hasta = b.length): void {
  const esperado = b.toString('utf8', desde, hasta);
  expect(decodificar(b, desde, hasta)).toBe(esperado);
  expect(decodificar(Buffer.from(b), desde, hasta, true)).toBe(esperado);
}

describe('decodificar: lo mismo que toString("utf8"), más rápido si casi todo es ASCII', () => {
  /** Deterministic pseudo-random bytes (no flaky seeds). */
  function bytes(n: number, semilla: number, raros: number): Buffer {
    const b = Buffer.alloc(n);
    let x = semilla;
    for (let i = 0; i < n; i++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff;
      b[i] = x % 1000 < raros ? 0x80 + (x % 128) : 32 + (x % 90);
    }
    return b;
  }

  it('texto con acentos y emojis en cualquier punto, incluso en el borde de un bloque de 1 KB', () => {
    for (const relleno of [0, 1, 1020, 1021, 1022, 1023, 1024, 2047]) {
      const t = `${'a'.repeat(relleno)}Peñalosa 😀 Bogotá €${'b'.repeat(3000)}ñ`;
      const b = Buffer.from(t, 'utf8');
      expect(decodificar(b)).toBe(t);
      comoToString(b);
      comoToString(b, 3, b.length - 2);
    }
  });

  it('solo acentos de Latin-1 (el caso de un RIPS), también partidos en el borde de un bloque', () => {
    for (const relleno of [0, 1, 1022, 1023, 1024, 1025, 2046, 2047]) {
      const t = `${'a'.repeat(relleno)}Peñalosa Núñez «Bogotá» ¿qué?${'b'.repeat(1500)}ü${'c'.repeat(relleno)}Ñ`;
      const b = Buffer.from(t, 'utf8');
      expect(decodificar(b)).toBe(t);
      comoToString(b);
      comoToString(b, 2, b.length - 3);
    }
    // A lead byte of Latin-1 with no continuation (invalid): replaced as toString does.
    const roto = Buffer.concat([
      Buffer.from('añb'),
      Buffer.from([0xc3]),
      Buffer.from('x'),
      Buffer.from([0xc3]),
    ]);
    comoToString(roto);
    // Latin-1 first, then a character outside it: the rewritten part and the untouched rest.
    comoToString(Buffer.from(`${'ñ'.repeat(700)}x€${'á'.repeat(900)}😀 fin`));
  });

  it.each([0, 1, 5, 50, 400])(
    'bytes inválidos (%i por mil) se reemplazan igual que en una sola llamada',
    (raros) => {
      for (let semilla = 1; semilla <= 20; semilla++) {
        const b = bytes(5000 + semilla * 97, semilla, raros);
        comoToString(b);
        comoToString(b, 7, b.length - 5);
      }
    },
  );

  it('ASCII puro y vacío', () => {
    expect(decodificar(Buffer.from('{"a":1}'))).toBe('{"a":1}');
    expect(decodificar(Buffer.alloc(0))).toBe('');
  });
});
