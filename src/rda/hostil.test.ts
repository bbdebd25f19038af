import type { MikroORM } from '@mikro-orm/postgresql';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../test/fixtures/rda.js';
import type { Autenticacion } from '../auth/autenticacion.js';
import { loadConfig } from '../config.js';
import { crearOrm, migrar } from '../db/orm.js';
import type { ServicioCredenciales } from '../entidades/credenciales.js';
import { ServicioEntidades } from '../entidades/servicio.js';
import { ErrorApp } from '../errores/errores.js';
import { construirBundle } from './construccion/construir.js';
import type { ClienteIhce, ResultadoEnvio } from './ihce/cliente.js';
import { leerAceptacion } from './ihce/cliente.js';
import { explicarResultado } from './ihce/explicar.js';
import { lintearBundle } from './linter/lintear.js';
import type { ColaTransmisiones } from './transmision/cola.js';
import { EventoTransmision } from './transmision/evento.entity.js';
import { preparadorRda } from './transmision/preparar.js';
import { ServicioTransmisiones } from './transmision/servicio.js';
import { Transmision } from './transmision/transmision.entity.js';

/** JSON no client would send on purpose (red-team shapes): deep nesting, NUL, lone surrogates, traps. */
function anidado(n: number, hoja: unknown = 1): unknown {
  let v = hoja;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
}
function lista(n: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = [v];
  return v;
}
const bundleValido = () => construirBundle('paciente', datosRda('paciente'), { ahora: AHORA_RDA });

function error400(f: () => unknown): ErrorApp {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ErrorApp);
    expect((e as ErrorApp).codigo).toBe('entrada-invalida');
    return e as ErrorApp;
  }
  throw new Error('no lanzó');
}

describe('linter ante JSON hostil', () => {
  it.each([5_000, 10_000, 100_000])(
    '%i niveles en una clave desconocida → hallazgo RDA01, no RangeError',
    (n) => {
      const b = bundleValido();
      (b.entry as { resource: Record<string, unknown> }[])[1]!.resource.extra = anidado(n);
      const r = lintearBundle(b, { ahora: AHORA_RDA });
      expect(r.valid).toBe(false);
      expect(r.errores).toHaveLength(1);
      expect(r.errores[0]).toMatchObject({ codigo: 'RDA01', severidad: 'rechazo' });
      expect(r.errores[0]!.explicacion).toMatch(/anida más de 64 niveles/);
      expect(r.errores[0]!.ubicacion.ruta).toMatch(/^Bundle\.entry\[1\]\.resource\.extra\.a\.a/);
    },
  );

  it('NUL y sustitutos sueltos → RDA01 que dice dónde', () => {
    const b = bundleValido();
    (b as Record<string, unknown>).nota = 'x\u0000';
    expect(lintearBundle(b).errores[0]).toMatchObject({
      codigo: 'RDA01',
      ubicacion: { ruta: 'Bundle.nota' },
    });
    const c = bundleValido();
    (c as Record<string, unknown>).nota = ['\udfff'];
    expect(lintearBundle(c).errores[0]!.explicacion).toMatch(/sustituto UTF-16 suelto/);
  });

  it('objetos trampa ({toString: 1}) y textos de un megabyte: hallazgos acotados, sin TypeError', () => {
    const trampa = { toString: 1, valueOf: 1 };
    const b = bundleValido() as Record<string, unknown>;
    b.type = trampa;
    const entradas = b.entry as { fullUrl: unknown; resource: Record<string, unknown> }[];
    entradas[1]!.resource.resourceType = trampa;
    entradas[1]!.resource.birthDate = [trampa];
    entradas[1]!.resource.gender = trampa;
    const mega = 'u'.repeat(1_048_576);
    entradas[2]!.resource.managingOrganization = { reference: mega };
    entradas[2]!.resource[mega] = { reference: 'urn:uuid:nada' };
    const r = lintearBundle(b, { ahora: AHORA_RDA });
    expect(r.valid).toBe(false);
    expect(r.errores.find((e) => e.codigo === 'RDA02')!.explicacion).toMatch(/Valor recibido: un objeto/);
    for (const e of r.errores) {
      expect(e.explicacion.length).toBeLessThan(2000);
      expect((e.ubicacion.ruta ?? '').length).toBeLessThanOrEqual(301);
    }
  });
});

describe('constructor ante datos hostiles', () => {
  it('anidamiento profundo en cualquier campo → 400 que nombra el campo', () => {
    for (const datos of [
      { ...datosRda('paciente'), extra: anidado(5_000) },
      { ...datosRda('paciente'), paciente: { tipoDocumento: lista(10_000) } },
      anidado(100_000),
    ]) {
      const e = error400(() => construirBundle('paciente', datos));
      expect(e.extras.detalles?.[0]?.mensaje).toMatch(/más de 64 niveles/);
    }
    const nulo = error400(() =>
      construirBundle('paciente', { ...datosRda('paciente'), paciente: { nombres: 'A\u0000' } }),
    );
    expect(nulo.extras.detalles?.[0]?.campo).toBe('datos.paciente.nombres');
  });

  it('tipos equivocados y trampas → 400 con detalles, nunca TypeError', () => {
    const base = datosRda('consulta-externa');
    for (const cambio of [
      { procedimientos: 'texto' },
      { procedimientos: { forEach: 1 } },
      { diagnosticos: [{ toString: 1, valueOf: 1 }] },
      { paciente: { ...base.paciente, tipoDocumento: { toString: 1, valueOf: 1 } } },
      { paciente: { ...base.paciente, fechaNacimiento: `2020-01-01${'x'.repeat(1_000_000)}` } },
    ]) {
      const e = error400(() => construirBundle('consulta-externa', { ...base, ...cambio }));
      for (const d of e.extras.detalles ?? []) expect(d.mensaje.length).toBeLessThan(1000);
    }
  });
});

describe('respuestas hostiles de la plataforma', () => {
  it('OperationOutcome con issues nulos, «constructor» y NUL: hallazgos limpios', () => {
    const errores = explicarResultado({
      resourceType: 'OperationOutcome',
      issue: [
        null,
        'x',
        { severity: 'constructor', code: '__proto__', diagnostics: `a\u0000\ud800${'m'.repeat(100_000)}` },
        {
          severity: 'error',
          code: 'constructor',
          details: { coding: [{ code: 'R\u0000' }] },
          expression: ['\udc00'],
        },
      ] as never,
    });
    expect(errores).toHaveLength(4);
    for (const e of errores) {
      expect(e.severidad).toBe('rechazo');
      expect(typeof e.titulo).toBe('string');
      expect(JSON.stringify(e)).not.toMatch(/\\u0000|\\ud8|\\udc/);
      expect((e.mensajeOriginal ?? '').length).toBeLessThanOrEqual(2001);
    }
  });

  it('VIDA y Composition.id con NUL, sustitutos o un megabyte: se acotan', () => {
    const sistema = 'https://fhir.minsalud.gov.co/rda/NamingSystem/identifier-RDA';
    const r = leerAceptacion(
      {
        identifier: { system: sistema, value: `7\u0000${'9'.repeat(1_000_000)}` },
        entry: [{ resource: { resourceType: 'Composition', id: '\ud800id' } }],
      },
      null,
    );
    expect(r!.vida.startsWith('7\ufffd')).toBe(true);
    expect(r!.vida.length).toBeLessThanOrEqual(201);
    expect(r!.compositionId).toBe('\ufffdid');
  });
});

describe('transmisión con entrada o plataforma hostil (PostgreSQL real)', () => {
  let orm: MikroORM;
  let respuesta: ResultadoEnvio;
  const config = loadConfig({
    NODE_ENV: 'test',
    CREDENTIALS_KEY: Buffer.alloc(32, 1).toString('base64'),
  }).rda;
  const ihce = {
    configurado: true,
    enviar: async () => respuesta,
  } as unknown as ClienteIhce;
  const cola = { programar: async () => {}, quitar: async () => {} } as unknown as ColaTransmisiones;
  const credenciales = { leer: async () => ({}) } as unknown as ServicioCredenciales;
  const servicio = new ServicioTransmisiones(
    config,
    credenciales,
    ihce,
    cola,
    preparadorRda,
    pino({ level: 'silent' }),
  );
  let auth: Autenticacion;

  beforeAll(async () => {
    orm = await crearOrm({ url: inject('databaseUrl'), timeoutConexionMs: 3000 });
    await migrar(orm);
    const entidad = await new ServicioEntidades().crear(orm.em.fork(), {
      slug: `rda-hostil-${Date.now()}`,
      nombre: 'RDA hostil',
      tipoEntidad: 'ips',
      modulos: ['rda'],
    });
    auth = {
      entidad,
      entidadId: entidad.id,
      modulos: entidad.modulos,
      perfilEntidad: { ...entidad },
      identidad: { tipo: 'api-key', apiKeyId: 'x', prefijo: 'pref' },
      permisos: [],
    };
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  it('bundle o datos anidados 5 000 niveles → 400 antes de la huella (JSON.stringify)', async () => {
    for (const [origen, contenido] of [
      ['bundle', { ...bundleValido(), extra: anidado(5_000) }],
      ['datos', { ...datosRda('paciente'), extra: anidado(10_000) }],
      ['bundle', { ...bundleValido(), nota: 'a\u0000' }],
    ] as const) {
      await expect(
        servicio.transmitir(orm.em.fork(), auth, {
          tipo: 'paciente',
          origen,
          contenido,
          idempotencyKey: 'k1',
        }),
      ).rejects.toSatisfy((e) => e instanceof ErrorApp && e.codigo === 'entrada-invalida');
    }
  });

  it('una respuesta de la plataforma con NUL y sustitutos se guarda limpia, con su traza', async () => {
    const sucio = `x\u0000\ud800${'z'.repeat(200_000)}`;
    const hallazgo = {
      codigo: `R\u0000${sucio}`,
      severidad: 'rechazo' as const,
      fuente: 'ihce' as const,
      ubicacion: {
        factura: null,
        usuarioIndex: null,
        documentoUsuario: null,
        tipoServicio: null,
        servicioIndex: null,
        campo: sucio,
        campoNombre: null,
        ruta: sucio,
        descripcion: sucio,
      },
      titulo: sucio,
      explicacion: sucio,
      comoCorregir: sucio,
      mensajeOriginal: sucio,
    };
    respuesta = { resultado: 'rechazado', status: 400, errores: [hallazgo] };
    const r1 = await servicio.transmitir(orm.em.fork(), auth, {
      tipo: 'paciente',
      origen: 'bundle',
      contenido: bundleValido(),
    });
    respuesta = { resultado: 'aceptado', status: 200, vida: sucio, compositionId: sucio, avisos: [hallazgo] };
    const r2 = await servicio.transmitir(orm.em.fork(), auth, {
      tipo: 'paciente',
      origen: 'bundle',
      contenido: bundleValido(),
    });
    respuesta = { resultado: 'transitorio', status: 503, errores: [hallazgo] };
    const r3 = await servicio.transmitir(orm.em.fork(), auth, {
      tipo: 'paciente',
      origen: 'bundle',
      contenido: bundleValido(),
    });
    const em = orm.em.fork();
    for (const [r, estado, eventos] of [
      [r1, 'rechazado', 4],
      [r2, 'aceptado', 4],
      [r3, 'enviado', 4],
    ] as const) {
      const t = await em.findOneOrFail(Transmision, { id: r.transmision.id });
      expect(t.estado).toBe(estado);
      const texto = JSON.stringify([t.errores, t.avisos, t.vida, t.compositionId]);
      expect(texto).not.toMatch(/\\u0000|\\ud800/);
      expect(texto.length).toBeLessThan(20_000);
      expect(await em.count(EventoTransmision, { transmision: t })).toBe(eventos);
    }
    const aceptada = await em.findOneOrFail(Transmision, { id: r2.transmision.id });
    expect(aceptada.vida!.startsWith('x\ufffd\ufffd')).toBe(true);
  });
});
