import { describe, expect, it } from 'vitest';
import { FlujoCuerpo } from './flujo-cuerpo.js';

async function* trozos(): AsyncGenerator<string> {
  yield '{"rips":';
  yield '{}}';
}

describe('FlujoCuerpo', () => {
  it('una fuente dada como función se construye solo al leer «textos», una sola vez', async () => {
    let construidas = 0;
    const f = new FlujoCuerpo(
      () => {
        construidas++;
        return trozos();
      },
      () => trozos(),
      async () => ({ texto: '{"rips":{}}' }),
    );
    expect(await f.abrir(1 << 20)).toEqual({ texto: '{"rips":{}}' });
    expect(construidas).toBe(0);
    const a = f.textos;
    expect(f.textos).toBe(a);
    expect(construidas).toBe(1);
    let t = '';
    for await (const x of a) t += x;
    expect(t).toBe('{"rips":{}}');
  });

  it('sin «abrir», abre por trozos sobre la misma fuente', async () => {
    const fuente = trozos();
    const f = new FlujoCuerpo(fuente, () => trozos());
    const a = await f.abrir(1 << 20);
    expect('textos' in a && a.textos).toBe(fuente);
  });
});
