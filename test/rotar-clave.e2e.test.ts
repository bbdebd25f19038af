import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { crearEjecutor } from '../src/cli/conexion.js';
import { type Dependencias, ejecutarCli } from '../src/cli/programa.js';
import { loadConfig } from '../src/config.js';
import { crearOrm } from '../src/db/orm.js';
import { ServicioCredenciales } from '../src/entidades/credenciales.js';
import { Entidad } from '../src/entidades/entidad.entity.js';
import { CREDENCIALES_SANDBOX } from '../src/simuladores/ihce/arranque.js';
import { enServidor } from './db.js';
import { capturarSalida } from './fixtures/salida-cli.js';
import { datosUnicos } from './ihce.js';
import { iniciarServicio, pedir } from './servidor.js';

/**
 * `credenciales rotar-clave` through the real program and connection (config → database → migrations),
 * on a private database: the rotation touches every credential stored, so it cannot share the run's.
 */
const A = randomBytes(32).toString('base64');
const B = randomBytes(32).toString('base64');
const OTRA = randomBytes(32).toString('base64');
const slugs = ['rota-uno', 'rota-dos'];
const MUV = (i: number) => ({
  tipoDocumento: 'CC',
  numeroDocumento: `10${i}`,
  nit: `90012345${i}`,
  clave: `muv-${i}`,
});

let url: string;
let dataDir: string;
let limpiarBd: () => Promise<void>;
let orm: MikroORM;

function cli(claveActual: string, o: { env?: Record<string, string>; stdin?: string[] } = {}) {
  const { salida, escritor } = capturarSalida();
  const env = { CREDENTIALS_KEY: claveActual, ...o.env };
  const d: Dependencias = {
    ejecutar: crearEjecutor(() =>
      loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
    ),
    salida: escritor,
    env,
    leerLineas: async () => o.stdin ?? [],
  };
  return { correr: (...argv: string[]) => ejecutarCli(argv, d), salida };
}

/** slug/sistema → stored ciphertext. */
async function cifrados(): Promise<Record<string, string>> {
  const filas: { slug: string; sistema: string; cifrado: string }[] = await orm.em
    .getConnection()
    .execute(
      'select e.slug, c.sistema, c.cifrado from credencial_ministerio c join entidad e on e.id = c.entidad_id order by 1, 2',
    );
  return Object.fromEntries(filas.map((f) => [`${f.slug}/${f.sistema}`, f.cifrado]));
}

async function leerCon(clave: string, slug: string, sistema: 'muv' | 'ihce') {
  const em = orm.em.fork();
  const entidad = await em.findOneOrFail(Entidad, { slug });
  return new ServicioCredenciales(Buffer.from(clave, 'base64')).leer(em, entidad, sistema);
}

beforeAll(async () => {
  const aislada = await enServidor(inject('databaseUrl'));
  url = aislada.url;
  limpiarBd = aislada.limpiar;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'rotar-clave-'));
  for (const [i, slug] of slugs.entries()) {
    const crear = cli(A);
    expect(
      await crear.correr(
        'entidad',
        'crear',
        '--slug',
        slug,
        '--nombre',
        slug,
        '--tipo',
        'ips',
        '--modulos',
        'rips,rda',
      ),
    ).toBe(0);
    const { clave, ...muv } = MUV(i);
    const m = cli(A, { env: { MUV_CLAVE: clave } });
    const opcionesMuv = ['--tipo-documento', muv.tipoDocumento, '--numero-documento', muv.numeroDocumento];
    expect(await m.correr('credenciales', 'muv', slug, ...opcionesMuv, '--nit', muv.nit)).toBe(0);
    const ihce = cli(A, { stdin: [CREDENCIALES_SANDBOX.clientSecret, CREDENCIALES_SANDBOX.subscriptionKey] });
    const s = CREDENCIALES_SANDBOX;
    expect(
      await ihce.correr(
        'credenciales',
        'ihce',
        slug,
        '--client-id',
        s.clientId,
        '--tenant-id',
        s.tenantId,
        '--scope',
        s.scope,
        '--secretos-stdin',
      ),
    ).toBe(0);
  }
  orm = await crearOrm({ url, timeoutConexionMs: 3000 });
}, 60_000);

afterAll(async () => {
  await orm?.close(true);
  await limpiarBd?.();
  await rm(dataDir, { recursive: true, force: true });
});

describe('credenciales rotar-clave', () => {
  it('rechaza una clave nueva ausente, mal formada o igual a la actual, sin tocar nada', async () => {
    const antes = await cifrados();
    const sinClave = cli(A);
    expect(await sinClave.correr('credenciales', 'rotar-clave')).toBe(1);
    expect(sinClave.salida.err).toContain('Falta la clave nueva.');
    expect(sinClave.salida.err).toContain('CREDENTIALS_KEY_NUEVA o --clave-nueva-stdin');
    const corta = cli(A, { env: { CREDENTIALS_KEY_NUEVA: randomBytes(16).toString('base64') } });
    expect(await corta.correr('credenciales', 'rotar-clave')).toBe(1);
    expect(corta.salida.err).toContain('openssl rand -base64 32');
    const igual = cli(A, { stdin: [A] });
    expect(await igual.correr('credenciales', 'rotar-clave', '--clave-nueva-stdin')).toBe(1);
    expect(igual.salida.err).toContain('igual a la actual');
    // A key given as an argument is a usage error, never accepted.
    expect(await cli(A).correr('credenciales', 'rotar-clave', B)).toBe(2);
    expect(await cifrados()).toEqual(antes);
  });

  it('--simular comprueba el descifrado y no cambia nada', async () => {
    const antes = await cifrados();
    expect(Object.keys(antes)).toHaveLength(4);
    const sim = cli(A, { env: { CREDENTIALS_KEY_NUEVA: B } });
    expect(await sim.correr('credenciales', 'rotar-clave', '--simular', '--json')).toBe(0);
    const r = JSON.parse(sim.salida.out);
    expect(r).toMatchObject({
      simulacion: true,
      total: 4,
      porSistema: { muv: 2, ihce: 2 },
      entidades: 2,
      recifradas: 4,
      yaConClaveNueva: 0,
    });
    expect(r.siguientesPasos[0]).toContain('no se cambió nada');
    expect(await cifrados()).toEqual(antes);
  });

  it('con una CREDENTIALS_KEY equivocada, o una credencial ilegible, aborta sin cambiar nada y nombra las entidades', async () => {
    const antes = await cifrados();
    const mal = cli(OTRA, { env: { CREDENTIALS_KEY_NUEVA: B } });
    expect(await mal.correr('credenciales', 'rotar-clave')).toBe(1);
    expect(mal.salida.err).toContain('4 de 4 credenciales no se pueden descifrar');
    expect(mal.salida.err).toContain('no se cambió nada');
    for (const slug of slugs) expect(mal.salida.err).toContain(`  - ${slug}: `);
    expect(await cifrados()).toEqual(antes);

    // One entity's credential under a foreign key: the others are not rotated either.
    const crearAjena = ['--slug', 'rota-ajena', '--nombre', 'Ajena', '--tipo', 'ips', '--modulos', 'rips'];
    expect(await cli(A).correr('entidad', 'crear', ...crearAjena, '--sin-api-key')).toBe(0);
    const em = orm.em.fork();
    const ajena = await em.findOneOrFail(Entidad, { slug: 'rota-ajena' });
    await new ServicioCredenciales(Buffer.from(OTRA, 'base64')).guardar(em, ajena, 'muv', { ...MUV(9) });
    const conAjena = await cifrados();
    const mezcla = cli(A, { env: { CREDENTIALS_KEY_NUEVA: B } });
    expect(await mezcla.correr('credenciales', 'rotar-clave')).toBe(1);
    expect(mezcla.salida.err).toContain('1 de 5 credenciales');
    expect(mezcla.salida.err).toContain(
      '  - rota-ajena: Credenciales de MUV (SISPRO) ilegibles con ambas claves.',
    );
    expect(mezcla.salida.err).not.toContain('rota-uno');
    expect(await cifrados()).toEqual(conAjena);
    await em.nativeDelete(Entidad, { slug: 'rota-ajena' });
  });

  it('recifra todo con la clave nueva (leída de stdin): mismos secretos con B, ilegibles con A; repetir no cambia nada', async () => {
    const antes = await cifrados();
    const rotar = cli(A, { stdin: [` ${B} `] });
    expect(await rotar.correr('credenciales', 'rotar-clave', '--clave-nueva-stdin')).toBe(0);
    expect(rotar.salida.out).toContain(
      'Rotación de CREDENTIALS_KEY: 4 credenciales (MUV 2, IHCE 2) de 2 entidades.',
    );
    expect(rotar.salida.out).toMatch(/recifradas: +4\n/);
    expect(rotar.salida.out).toContain('Defina CREDENTIALS_KEY con la clave nueva en todas las instancias');
    expect(rotar.salida.out).toContain('RDA_CURSOR_KEY');
    expect(rotar.salida.out).not.toContain(B);

    const despues = await cifrados();
    expect(Object.keys(despues)).toEqual(Object.keys(antes));
    for (const k of Object.keys(antes)) expect(despues[k]).not.toBe(antes[k]);
    for (const [i, slug] of slugs.entries()) {
      expect(await leerCon(B, slug, 'muv')).toEqual(MUV(i));
      expect(await leerCon(B, slug, 'ihce')).toEqual(CREDENCIALES_SANDBOX);
      for (const sistema of ['muv', 'ihce'] as const) {
        await expect(leerCon(A, slug, sistema)).rejects.toMatchObject({
          codigo: 'credenciales-no-configuradas',
        });
      }
    }

    // A rerun (the operator was not sure it finished) finds them all rotated and writes nothing.
    const otra = cli(A, {
      env: { CREDENTIALS_KEY_NUEVA: B, RDA_CURSOR_KEY: randomBytes(32).toString('base64') },
    });
    expect(await otra.correr('credenciales', 'rotar-clave', '--json')).toBe(0);
    const r = JSON.parse(otra.salida.out);
    expect(r).toMatchObject({ simulacion: false, total: 4, recifradas: 0, yaConClaveNueva: 4 });
    expect(r.siguientesPasos.join(' ')).not.toContain('RDA_CURSOR_KEY');
    expect(await cifrados()).toEqual(despues);
  });

  it('un servidor con la clave nueva usa las credenciales rotadas (IHCE sandbox); uno con la anterior, no', async () => {
    const emitir = cli(B);
    expect(await emitir.correr('apikey', 'emitir', slugs[0]!, '--json')).toBe(0);
    const { clave } = JSON.parse(emitir.salida.out);
    const vieja = await iniciarServicio({ DATABASE_URL: url, CREDENTIALS_KEY: A, IHCE_SIMULADOR: 'true' });
    try {
      const r = await pedir(vieja.url, '/rda/desde-datos', {
        cuerpo: { tipo: 'consulta-externa', datos: datosUnicos('consulta-externa') },
        cabeceras: { 'X-Api-Key': clave },
      });
      expect(r.status).toBe(503);
      expect(r.body.codigo).toBe('credenciales-no-configuradas');
      expect(r.body.error).toContain('CREDENTIALS_KEY de esta instancia');
    } finally {
      await vieja.cerrar();
    }
    const s = await iniciarServicio({ DATABASE_URL: url, CREDENTIALS_KEY: B, IHCE_SIMULADOR: 'true' });
    try {
      const cab = { 'X-Api-Key': clave };
      const conf = await pedir(s.url, '/rda/configuracion', { cabeceras: cab });
      expect(conf.body).toMatchObject({ credencialesConfiguradas: true, listo: true });
      const r = await pedir(s.url, '/rda/desde-datos', {
        cuerpo: { tipo: 'consulta-externa', datos: datosUnicos('consulta-externa') },
        cabeceras: cab,
      });
      expect(r.status).toBe(201);
      expect(r.body.compositionId).toBeTruthy();
    } finally {
      await s.cerrar();
    }
  }, 60_000);
});
