import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashApiKey } from '../src/auth/api-keys.js';
import * as c from '../src/cli/comandos.js';
import { crearEjecutor } from '../src/cli/conexion.js';
import { crearPrograma, type Dependencias, ejecutarCli } from '../src/cli/programa.js';
import { loadConfig } from '../src/config.js';
import { crearOrm, migrar } from '../src/db/orm.js';
import { ServicioCredenciales } from '../src/entidades/credenciales.js';
import { ServicioEntidades } from '../src/entidades/servicio.js';
import { ErrorApp } from '../src/errores/errores.js';

let orm: MikroORM;
let aplicadas: string[];
const entidades = new ServicioEntidades();
const credenciales = new ServicioCredenciales(randomBytes(32));
const base = `cli-${Date.now()}`;

/** A fresh EntityManager per command, as the CLI opens one per run. */
const ctx = (): c.Contexto => ({
  em: orm.em.fork(),
  entidades,
  credenciales,
  migracionesAplicadas: aplicadas,
});

async function errorDe(p: Promise<unknown>): Promise<ErrorApp> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ErrorApp);
    return e as ErrorApp;
  }
  throw new Error('se esperaba un ErrorApp');
}

async function crear(slug: string, modulos = ['rips', 'rda']) {
  return c.crearEntidad(ctx(), {
    slug,
    nombre: `Entidad ${slug}`,
    tipoEntidad: 'ips',
    modulos,
    emitirApiKey: true,
  });
}

async function cifradoEnBd(slug: string, sistema: string): Promise<string[]> {
  const filas: { cifrado: string }[] = await orm.em
    .getConnection()
    .execute(
      'select c.cifrado from credencial_ministerio c join entidad e on e.id = c.entidad_id where e.slug = ? and c.sistema = ?',
      [slug, sistema],
    );
  return filas.map((f) => f.cifrado);
}

beforeAll(async () => {
  orm = await crearOrm({ url: inject('databaseUrl'), timeoutConexionMs: 3000 });
  aplicadas = await migrar(orm);
});

afterAll(async () => {
  await orm?.close(true);
});

describe('cli: entidades', () => {
  it('crea una entidad con su API key, que se guarda solo como hash', async () => {
    const slug = `${base}-a`;
    const r = await c.crearEntidad(ctx(), {
      slug,
      nombre: ' IPS Uno ',
      tipoEntidad: 'ips',
      modulos: c.separarLista('rips, rda'),
      descripcionClave: 'integración HIS',
      emitirApiKey: true,
    });
    expect(r.entidad).toMatchObject({
      slug,
      nombre: 'IPS Uno',
      tipoEntidad: 'ips',
      modulos: ['rips', 'rda'],
    });
    expect(r.entidad.apiKeysActivas).toBe(1);
    const k = r.apiKey!;
    expect(k.clave).toMatch(/^rda_[A-Za-z0-9_-]{32,}$/);
    expect(k.apiKey.prefijo).toBe(k.clave.slice(0, 10));
    expect(k.apiKey.descripcion).toBe('integración HIS');
    expect(k.aviso).toContain('no se puede volver a mostrar');
    expect(JSON.stringify(r)).not.toContain('"hash"');
    expect(JSON.stringify(r)).not.toContain(hashApiKey(k.clave));

    const filas: { hash: string }[] = await orm.em
      .getConnection()
      .execute('select hash from api_key where id = ?', [k.apiKey.id]);
    expect(filas[0]!.hash).toBe(hashApiKey(k.clave));
    expect(filas[0]!.hash).not.toContain(k.clave);
  });

  it('crea sin API key con --sin-api-key, lista y muestra el detalle', async () => {
    const slug = `${base}-b`;
    const r = await c.crearEntidad(ctx(), {
      slug,
      nombre: 'Profesional',
      tipoEntidad: 'profesional-independiente',
      modulos: [],
      emitirApiKey: false,
    });
    expect(r.apiKey).toBeUndefined();
    expect(r.entidad.apiKeysActivas).toBe(0);

    const lista = await c.listarEntidades(ctx());
    const mia = lista.find((e) => e.slug === slug);
    expect(mia).toMatchObject({ tipoEntidad: 'profesional-independiente', modulos: [], apiKeysActivas: 0 });

    const d = await c.verEntidad(ctx(), slug);
    expect(d.entidad.slug).toBe(slug);
    expect(d.apiKeys).toEqual([]);
    expect(d.credenciales).toEqual([
      { sistema: 'muv', configuradas: false, actualizadas: null },
      { sistema: 'ihce', configuradas: false, actualizadas: null },
    ]);
  });

  it('rechaza datos inválidos con detalles en español', async () => {
    const e = await errorDe(
      c.crearEntidad(ctx(), {
        slug: '-Mal',
        nombre: ' ',
        tipoEntidad: 'hospital',
        modulos: [],
        emitirApiKey: true,
      }),
    );
    expect(e.codigo).toBe('entrada-invalida');
    expect(e.message).toBe('Datos de entidad inválidos.');
    expect(e.extras.detalles?.map((d) => d.campo)).toEqual(['slug', 'nombre', 'tipoEntidad']);
    expect(e.extras.detalles![0]!.mensaje).toContain('minúsculas');

    const m = await errorDe(
      c.crearEntidad(ctx(), {
        slug: `${base}-m`,
        nombre: 'X',
        tipoEntidad: 'ips',
        modulos: ['rips', 'facturas'],
        emitirApiKey: true,
      }),
    );
    expect(m.message).toBe('Módulos desconocidos: facturas. Valores: rips, rda.');
    // Nothing half-created.
    await errorDe(c.verEntidad(ctx(), `${base}-m`));

    const slug = `${base}-dup`;
    await crear(slug);
    const dup = await errorDe(crear(slug));
    expect(dup.codigo).toBe('conflicto');
    expect(dup.message).toContain('Ya existe');

    const nf = await errorDe(c.verEntidad(ctx(), `${base}-no-existe`));
    expect(nf.codigo).toBe('no-encontrado');
    expect(nf.message).toBe(`La entidad «${base}-no-existe» no existe.`);
  });

  it('fija, agrega y quita módulos', async () => {
    const slug = `${base}-mod`;
    await crear(slug, ['rips']);
    expect(await c.cambiarModulos(ctx(), slug, { fijar: c.separarLista('') })).toEqual({
      slug,
      antes: ['rips'],
      modulos: [],
    });
    expect((await c.cambiarModulos(ctx(), slug, { agregar: ['rda'] })).modulos).toEqual(['rda']);
    expect((await c.cambiarModulos(ctx(), slug, { agregar: ['rips', 'rda'] })).modulos).toEqual([
      'rda',
      'rips',
    ]);
    expect((await c.cambiarModulos(ctx(), slug, { quitar: ['rda'] })).modulos).toEqual(['rips']);
    expect((await c.cambiarModulos(ctx(), slug, { fijar: ['rda', 'rips', 'rda'] })).modulos).toEqual([
      'rda',
      'rips',
    ]);
    expect((await c.verEntidad(ctx(), slug)).entidad.modulos).toEqual(['rda', 'rips']);

    expect((await errorDe(c.cambiarModulos(ctx(), slug, { agregar: ['xml'] }))).message).toContain(
      'Módulos desconocidos: xml',
    );
    expect((await errorDe(c.cambiarModulos(ctx(), slug, { fijar: ['rips', 'otro'] }))).message).toContain(
      'Módulos desconocidos: otro',
    );
    expect((await errorDe(c.cambiarModulos(ctx(), slug, {}))).message).toBe(
      'Indique --fijar, --agregar o --quitar.',
    );
    expect((await errorDe(c.cambiarModulos(ctx(), slug, { fijar: [], agregar: ['rda'] }))).message).toContain(
      'no se puede combinar',
    );
    expect((await errorDe(c.cambiarModulos(ctx(), `${base}-nadie`, { agregar: ['rda'] }))).codigo).toBe(
      'no-encontrado',
    );
  });
});

describe('cli: API keys', () => {
  it('emite, lista y revoca por prefijo y por id', async () => {
    const slug = `${base}-keys`;
    const primera = (await crear(slug)).apiKey!;
    const segunda = await c.emitirApiKey(ctx(), slug, 'respaldo');
    expect(segunda.entidad).toBe(slug);
    expect(segunda.clave).not.toBe(primera.clave);
    expect(segunda.apiKey.descripcion).toBe('respaldo');

    let lista = await c.listarApiKeys(ctx(), slug);
    expect(lista.map((k) => k.id)).toEqual([primera.apiKey.id, segunda.apiKey.id]);
    for (const k of lista)
      expect(Object.keys(k).sort()).toEqual(['creada', 'descripcion', 'id', 'prefijo', 'revocada']);
    expect(JSON.stringify(lista)).not.toContain(primera.clave);

    const r1 = await c.revocarApiKey(ctx(), slug, primera.apiKey.prefijo);
    expect(r1.yaEstabaRevocada).toBe(false);
    expect(r1.apiKey.revocada).toBeInstanceOf(Date);
    const r2 = await c.revocarApiKey(ctx(), slug, segunda.apiKey.id);
    expect(r2.apiKey.id).toBe(segunda.apiKey.id);
    expect(r2.yaEstabaRevocada).toBe(false);
    const otraVez = await c.revocarApiKey(ctx(), slug, segunda.apiKey.id);
    expect(otraVez.yaEstabaRevocada).toBe(true);
    expect(otraVez.apiKey.revocada).toEqual(r2.apiKey.revocada);

    lista = await c.listarApiKeys(ctx(), slug);
    expect(lista.every((k) => k.revocada instanceof Date)).toBe(true);
    expect((await c.verEntidad(ctx(), slug)).entidad.apiKeysActivas).toBe(0);

    const nf = await errorDe(c.revocarApiKey(ctx(), slug, 'rda_zzzzzz'));
    expect(nf.codigo).toBe('no-encontrado');
    expect(nf.message).toBe(`La API key «rda_zzzzzz» de la entidad «${slug}» no existe.`);
    // A key of another entity cannot be revoked through this one.
    const ajena = await crear(`${base}-keys-otra`);
    expect((await errorDe(c.revocarApiKey(ctx(), slug, ajena.apiKey!.apiKey.id))).codigo).toBe(
      'no-encontrado',
    );
    expect((await errorDe(c.emitirApiKey(ctx(), `${base}-nadie`))).codigo).toBe('no-encontrado');
  });
});

describe('cli: credenciales', () => {
  it('guarda las del MUV cifradas y las lee de vuelta', async () => {
    const slug = `${base}-muv`;
    await crear(slug);
    const clave = 'Clave-MUV-Secreta-123';
    const r = await c.guardarCredencialesMuv(ctx(), slug, {
      tipoDocumento: 'CC',
      numeroDocumento: '123',
      nit: '900123456',
      tipoUsuario: 'RE',
      clave,
    });
    expect(r).toMatchObject({ sistema: 'muv', configuradas: true });
    expect(r.actualizadas).toBeInstanceOf(Date);

    const crudo = await cifradoEnBd(slug, 'muv');
    expect(crudo).toHaveLength(1);
    expect(crudo[0]).not.toContain(clave);
    expect(Buffer.from(crudo[0]!, 'base64').toString('latin1')).not.toContain(clave);

    const em = orm.em.fork();
    const leidas = await credenciales.leer(em, await entidades.porSlug(em, slug), 'muv');
    expect(leidas).toEqual({
      tipoDocumento: 'CC',
      numeroDocumento: '123',
      nit: '900123456',
      tipoUsuario: 'RE',
      clave,
    });

    // Replacing keeps one row.
    await c.guardarCredencialesMuv(ctx(), slug, {
      tipoDocumento: 'CC',
      numeroDocumento: '123',
      nit: '900123456',
      clave: 'otra',
    });
    expect(await cifradoEnBd(slug, 'muv')).toHaveLength(1);
    const em2 = orm.em.fork();
    expect((await credenciales.leer(em2, await entidades.porSlug(em2, slug), 'muv')).clave).toBe('otra');
  });

  it('guarda las de IHCE; estado y borrado', async () => {
    const slug = `${base}-ihce`;
    await crear(slug);
    const secreto = 'secreto-entra-id-xyz';
    const suscripcion = 'apim-subscription-key-abc';
    await c.guardarCredencialesIhce(ctx(), slug, {
      clientId: 'cid',
      tenantId: 'tid',
      scope: 'api://ihce/.default',
      clientSecret: secreto,
      subscriptionKey: suscripcion,
    });
    const crudo = (await cifradoEnBd(slug, 'ihce'))[0]!;
    expect(crudo).not.toContain(secreto);
    expect(crudo).not.toContain(suscripcion);
    const em = orm.em.fork();
    expect(await credenciales.leer(em, await entidades.porSlug(em, slug), 'ihce')).toEqual({
      clientId: 'cid',
      tenantId: 'tid',
      scope: 'api://ihce/.default',
      clientSecret: secreto,
      subscriptionKey: suscripcion,
    });

    const estado = await c.estadoCredenciales(ctx(), slug);
    expect(estado.entidad).toBe(slug);
    expect(estado.credenciales.map((e) => [e.sistema, e.configuradas])).toEqual([
      ['muv', false],
      ['ihce', true],
    ]);
    expect(estado.credenciales[1]!.actualizadas).toBeInstanceOf(Date);
    expect(JSON.stringify(estado)).not.toContain(secreto);

    expect(await c.borrarCredenciales(ctx(), slug, 'ihce')).toEqual({
      entidad: slug,
      sistema: 'ihce',
      borradas: true,
    });
    expect((await c.borrarCredenciales(ctx(), slug, 'ihce')).borradas).toBe(false);
    expect((await c.estadoCredenciales(ctx(), slug)).credenciales.every((e) => !e.configuradas)).toBe(true);
    const e = await errorDe(c.borrarCredenciales(ctx(), slug, 'sispro'));
    expect(e.message).toBe('Sistema desconocido: «sispro».');
    expect(e.extras.detalles).toEqual([{ campo: 'sistema', mensaje: 'Valores: muv, ihce.' }]);
  });

  it('explica en español qué falta y de dónde se toma', async () => {
    const slug = `${base}-faltan`;
    await crear(slug);
    const muv = await errorDe(
      c.guardarCredencialesMuv(ctx(), slug, { tipoDocumento: 'CC', numeroDocumento: '1' }),
    );
    expect(muv.codigo).toBe('entrada-invalida');
    expect(muv.message).toBe('Credenciales de MUV (SISPRO) incompletas.');
    expect(muv.extras.detalles).toEqual([
      {
        campo: 'clave',
        mensaje: 'Es obligatorio. Se indica con: variable de entorno MUV_CLAVE o --clave-stdin.',
      },
      { campo: 'nit', mensaje: 'Es obligatorio. Se indica con: opción --nit.' },
    ]);
    const tipo = await errorDe(
      c.guardarCredencialesMuv(ctx(), slug, {
        tipoDocumento: 'CC',
        numeroDocumento: '1',
        nit: '9',
        clave: 'x',
        tipoUsuario: 'ADMIN',
      }),
    );
    expect(tipo.extras.detalles?.[0]).toMatchObject({ campo: 'tipoUsuario' });
    expect(tipo.extras.detalles![0]!.mensaje).toContain('RE, PIN, PINx, PIE');

    const ihce = await errorDe(
      c.guardarCredencialesIhce(ctx(), slug, { clientId: 'cid', clientSecret: 's' }),
    );
    expect(ihce.message).toBe('Credenciales de IHCE incompletas.');
    expect(ihce.extras.detalles?.map((d) => d.campo)).toEqual(['tenantId', 'scope', 'subscriptionKey']);
    expect(ihce.extras.detalles![2]!.mensaje).toContain('IHCE_SUBSCRIPTION_KEY');
    expect(await cifradoEnBd(slug, 'muv')).toEqual([]);
    expect(await cifradoEnBd(slug, 'ihce')).toEqual([]);
    expect((await errorDe(c.guardarCredencialesMuv(ctx(), `${base}-nadie`, {}))).codigo).toBe(
      'no-encontrado',
    );
  });
});

describe('cli: migrar', () => {
  it('informa lo aplicado al abrir la conexión y no repite', async () => {
    expect(c.migrarBd(ctx())).toEqual({ aplicadas });
    expect(await migrar(orm)).toEqual([]);
    expect(c.migrarBd({ ...ctx(), migracionesAplicadas: [] })).toEqual({ aplicadas: [] });
  });
});

describe('cli: obligados a reportar', () => {
  it('crea con --obligados, agrega, quita, valida el NIT y avisa si otra entidad lo declara', async () => {
    const slug = `${base}-obl`;
    const otra = `${base}-obl2`;
    const creada = await c.crearEntidad(ctx(), {
      slug,
      nombre: 'IPS Obligados',
      tipoEntidad: 'ips',
      modulos: ['rips'],
      obligados: c.separarLista('900123456, 800765432'),
      emitirApiKey: false,
    });
    expect(creada.entidad.obligados).toEqual(['900123456', '800765432']);
    await c.crearEntidad(ctx(), {
      slug: otra,
      nombre: 'Otra',
      tipoEntidad: 'ips',
      modulos: [],
      emitirApiKey: false,
    });
    // Sharing a NIT with another entity is deliberate (issue 30): refused without --compartir-nit.
    const sinPermiso = await errorDe(c.cambiarObligados(ctx(), otra, { agregar: ['800765432'], quitar: [] }));
    expect(sinPermiso.message).toMatch(/ya lo declara otra entidad .*--compartir-nit/);
    const r = await c.cambiarObligados(ctx(), otra, { agregar: ['800765432'], quitar: [], compartir: true });
    expect(r).toMatchObject({ antes: [], obligados: ['800765432'], compartidos: [slug] });
    expect(
      (
        await errorDe(
          c.crearEntidad(ctx(), {
            slug: `${base}-obl3`,
            nombre: 'Tercera',
            tipoEntidad: 'ips',
            modulos: [],
            obligados: ['800765432'],
            emitirApiKey: false,
          }),
        )
      ).message,
    ).toMatch(/--compartir-nit/);
    expect((await c.cambiarObligados(ctx(), slug, { agregar: [], quitar: ['900123456'] })).obligados).toEqual(
      ['800765432'],
    );
    expect(
      (await errorDe(c.cambiarObligados(ctx(), slug, { agregar: ['12-3'], quitar: [] }))).message,
    ).toContain('NIT inválido');
    expect((await errorDe(c.cambiarObligados(ctx(), slug, { agregar: [], quitar: [] }))).message).toBe(
      'Indique --agregar o --quitar.',
    );
    const { textoObligados } = await import('../src/cli/formato.js');
    expect(textoObligados(r)).toContain(`NIT compartido (--compartir-nit) con: ${slug}`);
  });
});

describe('cli: programa (commander)', () => {
  function deps(o: { env?: Record<string, string>; stdin?: string[] } = {}) {
    const salida = { out: '', err: '' };
    const lecturas: { cantidad: number; indicaciones: string[] }[] = [];
    const d: Dependencias = {
      ejecutar: async (fn) => fn(ctx()),
      salida: {
        out: (t) => {
          salida.out += t;
        },
        err: (t) => {
          salida.err += t;
        },
      },
      env: o.env ?? {},
      leerLineas: async (cantidad, indicaciones) => {
        lecturas.push({ cantidad, indicaciones });
        return o.stdin ?? [];
      },
    };
    return { d, salida, lecturas };
  }

  it('analiza los argumentos y responde en JSON o en texto', async () => {
    const slug = `${base}-prog`;
    const { d, salida } = deps();
    await crearPrograma(d).parseAsync(
      [
        'entidad',
        'crear',
        '--slug',
        slug,
        '--nombre',
        'IPS Prog',
        '--tipo',
        'ips',
        '--modulos',
        'rips',
        '--json',
      ],
      { from: 'user' },
    );
    const creada = JSON.parse(salida.out);
    expect(creada.entidad).toMatchObject({ slug, modulos: ['rips'], apiKeysActivas: 1 });
    expect(creada.apiKey.clave).toMatch(/^rda_/);
    expect(salida.err).toContain('ATENCIÓN');
    expect(salida.err).not.toContain(creada.apiKey.clave);

    const texto = deps();
    await crearPrograma(texto.d).parseAsync(['entidad', 'modulos', slug, '--fijar', ''], { from: 'user' });
    expect(texto.salida.out).toBe(`Módulos de «${slug}»: rips → (ninguno)\n`);

    const lista = deps();
    await crearPrograma(lista.d).parseAsync(['apikey', 'listar', slug], { from: 'user' });
    expect(lista.salida.out).toMatch(/^ID\s+PREFIJO\s+CREADA\s+REVOCADA\s+DESCRIPCIÓN\n/);
    expect(lista.salida.out).toContain(creada.apiKey.apiKey.prefijo);
    expect(lista.salida.out).not.toContain(creada.apiKey.clave);

    const revocar = deps();
    await crearPrograma(revocar.d).parseAsync(['apikey', 'revocar', slug, creada.apiKey.apiKey.prefijo], {
      from: 'user',
    });
    expect(revocar.salida.out).toContain('revocada');
  });

  it('toma los secretos del entorno o de stdin, nunca de los argumentos, y no los imprime', async () => {
    const slug = `${base}-prog-cred`;
    await crear(slug);
    const muvEnv = deps({ env: { MUV_CLAVE: 'clave-de-entorno' } });
    await crearPrograma(muvEnv.d).parseAsync(
      [
        'credenciales',
        'muv',
        slug,
        '--tipo-documento',
        'CC',
        '--numero-documento',
        '123',
        '--nit',
        '900123456',
      ],
      { from: 'user' },
    );
    expect(muvEnv.lecturas).toEqual([]);
    expect(muvEnv.salida.out).toContain('Credenciales de MUV (SISPRO) guardadas');
    expect(muvEnv.salida.out + muvEnv.salida.err).not.toContain('clave-de-entorno');
    let em = orm.em.fork();
    expect((await credenciales.leer(em, await entidades.porSlug(em, slug), 'muv')).clave).toBe(
      'clave-de-entorno',
    );

    const muvStdin = deps({ env: { MUV_CLAVE: 'ignorada' }, stdin: ['clave-de-stdin'] });
    await crearPrograma(muvStdin.d).parseAsync(
      [
        'credenciales',
        'muv',
        slug,
        '--tipo-documento',
        'CC',
        '--numero-documento',
        '1',
        '--nit',
        '9',
        '--clave-stdin',
      ],
      { from: 'user' },
    );
    expect(muvStdin.lecturas).toEqual([{ cantidad: 1, indicaciones: ['Contraseña del MUV'] }]);
    em = orm.em.fork();
    expect((await credenciales.leer(em, await entidades.porSlug(em, slug), 'muv')).clave).toBe(
      'clave-de-stdin',
    );

    const ihce = deps({ stdin: ['secreto-cliente', 'clave-suscripcion'] });
    await crearPrograma(ihce.d).parseAsync(
      [
        'credenciales',
        'ihce',
        slug,
        '--client-id',
        'c',
        '--tenant-id',
        't',
        '--scope',
        's',
        '--secretos-stdin',
        '--json',
      ],
      { from: 'user' },
    );
    expect(ihce.lecturas[0]!.cantidad).toBe(2);
    expect(JSON.parse(ihce.salida.out)).toMatchObject({ entidad: slug, sistema: 'ihce', configuradas: true });
    expect(ihce.salida.out).not.toContain('secreto-cliente');
    em = orm.em.fork();
    expect(await credenciales.leer(em, await entidades.porSlug(em, slug), 'ihce')).toMatchObject({
      clientSecret: 'secreto-cliente',
      subscriptionKey: 'clave-suscripcion',
    });

    const estado = deps();
    await crearPrograma(estado.d).parseAsync(['credenciales', 'estado', slug], { from: 'user' });
    expect(estado.salida.out).toMatch(/MUV \(SISPRO\)\s+sí/);
    expect(estado.salida.out).toMatch(/IHCE\s+sí/);

    const borrar = deps();
    await crearPrograma(borrar.d).parseAsync(['credenciales', 'borrar', slug, 'muv', '--json'], {
      from: 'user',
    });
    expect(JSON.parse(borrar.salida.out)).toEqual({ entidad: slug, sistema: 'muv', borradas: true });

    // A password given as an argument is a usage error, not a stored credential.
    const arg = deps();
    expect(await ejecutarCli(['credenciales', 'muv', slug, '--clave', 'en-historial'], arg.d)).toBe(2);
    expect(arg.salida.err).toContain("error: opción desconocida '--clave'");
  });

  it('códigos de salida: 0 correcto, 1 error de la aplicación, 2 error de uso', async () => {
    const ayuda = deps();
    expect(await ejecutarCli(['entidad', 'crear', '--help'], ayuda.d)).toBe(0);
    expect(ayuda.salida.out).toContain('Uso: npm run cli -- entidad crear [opciones]');
    expect(ayuda.salida.out).toContain('Opciones:');

    const uso = deps();
    expect(await ejecutarCli(['entidad', 'crear', '--slug', 'x'], uso.d)).toBe(2);
    expect(uso.salida.err).toContain("error: falta la opción obligatoria '--nombre <nombre>'");

    const desconocido = deps();
    expect(await ejecutarCli(['entidad', 'lista'], desconocido.d)).toBe(2);
    expect(desconocido.salida.err).toContain("comando desconocido 'lista'");
    expect(desconocido.salida.err).toContain('¿Quiso decir listar?');

    expect(await ejecutarCli([], deps().d)).toBe(2);

    const app = deps({ env: {} });
    const slug = `${base}-prog-err`;
    await crear(slug);
    expect(
      await ejecutarCli(
        ['credenciales', 'muv', slug, '--tipo-documento', 'CC', '--numero-documento', '1'],
        app.d,
      ),
    ).toBe(1);
    expect(app.salida.out).toBe('');
    expect(app.salida.err).toBe(
      'Error: Credenciales de MUV (SISPRO) incompletas.\n' +
        '  - clave: Es obligatorio. Se indica con: variable de entorno MUV_CLAVE o --clave-stdin.\n' +
        '  - nit: Es obligatorio. Se indica con: opción --nit.\n',
    );

    const slugMalo = deps();
    expect(
      await ejecutarCli(
        ['entidad', 'crear', '--slug', 'Mal_Slug', '--nombre', 'X', '--tipo', 'ips', '--modulos', 'rips'],
        slugMalo.d,
      ),
    ).toBe(1);
    expect(slugMalo.salida.err).toMatch(/^Error: Datos de entidad inválidos\.\n {2}- slug: Use minúsculas/);

    const inesperado = deps();
    inesperado.d.ejecutar = async () => {
      throw new Error('connect ECONNREFUSED postgres://u:contraseña@127.0.0.1:1/motor');
    };
    expect(await ejecutarCli(['entidad', 'listar'], inesperado.d)).toBe(1);
    expect(inesperado.salida.err).toBe(
      'Error inesperado: connect ECONNREFUSED postgres://u:***@127.0.0.1:1/motor\n',
    );
  });

  it('abre su propia conexión con DATABASE_URL, migra y la cierra', async () => {
    const slug = `${base}-conexion`;
    await crear(slug);
    const { d, salida } = deps();
    d.ejecutar = crearEjecutor(() =>
      loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: inject('databaseUrl'),
        CREDENTIALS_KEY: randomBytes(32).toString('base64'),
      }),
    );
    expect(await ejecutarCli(['entidad', 'ver', slug, '--json'], d)).toBe(0);
    expect(JSON.parse(salida.out).entidad).toMatchObject({ slug, apiKeysActivas: 1 });
    salida.out = '';
    expect(await ejecutarCli(['migrar'], d)).toBe(0);
    expect(salida.out).toBe('No había migraciones pendientes; la base de datos está al día.\n');
  });
});
