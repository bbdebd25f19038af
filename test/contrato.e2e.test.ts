import { Writable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUTAS } from '../rest-adapter/rutas.js';
import { crearLogger } from '../src/logger.js';
import { comoRest, graphql, iniciarServicio, pedir } from './servidor.js';

const lineasLog: string[] = [];
const destino = new Writable({
  write(chunk, _enc, cb) {
    lineasLog.push(String(chunk));
    cb();
  },
});

let s: Awaited<ReturnType<typeof iniciarServicio>>;
let clave: string;

beforeAll(async () => {
  s = await iniciarServicio({ BODY_LIMIT: '64kb' }, { log: crearLogger('debug', destino) });
  clave = (await s.crearEntidad('contrato')).clave;
});

afterAll(async () => {
  await s?.cerrar();
});

describe('OpenAPI', () => {
  it('es un documento OpenAPI 3.1 válido que lista cada ruta de la tabla', async () => {
    const r = await pedir(s.url, '/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toBe('3.1.0');
    expect(r.body.info.version).toBe('1.0');
    const resultado = await new Validator().validate(r.body);
    expect(resultado.errors ?? []).toEqual([]);
    expect(resultado.valid).toBe(true);
    for (const ruta of RUTAS) {
      const op = r.body.paths[ruta.ruta.replace(/:(\w+)/g, '{$1}')]?.[ruta.metodo];
      expect(op, `${ruta.metodo} ${ruta.ruta}`).toBeDefined();
      expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['401', '503']));
      // 200 by default; routes whose outcome is a state document 201/202/422 (and their media type).
      const exitos = Object.keys(ruta.exitos ?? { 200: {} });
      expect(exitos.some((c) => c.startsWith('2'))).toBe(true);
      for (const c of exitos) {
        const contenido = op.responses[c].content[ruta.tipoContenido ?? 'application/json'];
        expect(contenido.schema.type, `${ruta.metodo} ${ruta.ruta} ${c}`).toBeDefined();
      }
    }
    for (const p of ['/health', '/ready', '/openapi.json']) expect(r.body.paths[p]).toBeDefined();
  });

  it('toda respuesta lleva las cabeceras de seguridad de helmet y ninguna X-Powered-By', async () => {
    for (const ruta of ['/health', '/sesion', '/no-existe']) {
      const { headers } = await pedir(s.url, ruta);
      expect(headers.get('x-content-type-options'), ruta).toBe('nosniff');
      expect(headers.get('strict-transport-security'), ruta).toMatch(/max-age=\d+/);
      expect(headers.get('x-frame-options'), ruta).toBe('SAMEORIGIN');
      expect(headers.get('cross-origin-opener-policy'), ruta).toBe('same-origin');
      expect(headers.get('x-powered-by'), ruta).toBeNull();
    }
  });

  it('el esquema de respuesta derivado de GraphQL describe la respuesta real', async () => {
    const doc = (await pedir(s.url, '/openapi.json')).body;
    const esquema = doc.paths['/sesion'].get.responses['200'].content['application/json'].schema;
    const real = (await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': clave } })).body;
    expect(Object.keys(real).sort()).toEqual(Object.keys(esquema.properties).sort());
    expect(esquema.properties.permisos.items.enum).toContain('rips:enviar');
    expect(esquema.properties.identidad.properties.rol.type).toEqual(['string', 'null']);
  });
});

describe('GraphQL y REST', () => {
  it('/sesion da la misma respuesta por ambas puertas', async () => {
    const rest = await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': clave } });
    const { SesionDocument } = await import('../rest-adapter/generated/operaciones.js');
    const { print } = await import('graphql');
    const gql = await graphql(s.url, print(SesionDocument), { 'X-Api-Key': clave });
    expect(gql.status).toBe(200);
    expect(comoRest(gql.body.data.sesion)).toEqual(rest.body);
    expect(gql.body.data.sesion.permisos).toContain('RIPS_LEER');
  });

  it('operationName que no está en el documento, o varias operaciones sin nombre → 400 en español', async () => {
    const consulta = 'query A { sesion { entidad { slug } } } query C { sesion { entidad { slug } } }';
    const pedirOp = (operationName?: string) =>
      pedir(s.url, '/graphql', {
        cuerpo: { query: consulta, operationName },
        cabeceras: { 'X-Api-Key': clave },
      });
    const inexistente = await pedirOp('B');
    expect(inexistente.status).toBe(400);
    expect(inexistente.body.errors[0].message).toBe(
      'El documento no tiene una operación llamada «B» (operationName).',
    );
    const sinNombre = await pedirOp();
    expect(sinNombre.status).toBe(400);
    expect(sinNombre.body.errors[0].extensions.codigo).toBe('entrada-invalida');
    const elegida = await pedirOp('C');
    expect(elegida.status).toBe(200);
    expect(elegida.body.data.sesion.entidad.slug).toMatch(/^contrato-/);
  });

  it('un campo raíz sin regla no arranca: toda operación está protegida', async () => {
    const { Query, Resolver } = await import('type-graphql');
    @Resolver()
    class SinRegla {
      @Query(() => String)
      abierto(): string {
        return 'x';
      }
    }
    const { construirSchema } = await import('../src/graphql/schema.js');
    await expect(construirSchema([{ resolvers: [SinRegla], reglas: {} }])).rejects.toThrow(/no tiene regla/);
  });
});

describe('cuerpos de solicitud', () => {
  it('JSON mal formado → 400 en español', async () => {
    const r = await pedir(s.url, '/graphql', {
      crudo: '{"query": ',
      cabeceras: { 'content-type': 'application/json', 'X-Api-Key': clave },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ codigo: 'entrada-invalida', error: expect.stringMatching(/JSON válido/) });
  });

  it('acepta Content-Encoding gzip', async () => {
    const r = await pedir(s.url, '/graphql', {
      crudo: gzipSync(JSON.stringify({ query: '{ sesion { permisos } }' })),
      cabeceras: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'X-Api-Key': clave },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.sesion.permisos).toContain('RIPS_LEER');
  });

  it('gzip corrupto → 400; codificación desconocida → 415', async () => {
    const corrupto = await pedir(s.url, '/graphql', {
      crudo: Buffer.from('esto no es gzip'),
      cabeceras: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'X-Api-Key': clave },
    });
    expect(corrupto.status).toBe(400);
    const br = await pedir(s.url, '/graphql', {
      crudo: Buffer.from('{}'),
      cabeceras: { 'content-type': 'application/json', 'content-encoding': 'compress', 'X-Api-Key': clave },
    });
    expect(br.status).toBe(415);
  });

  it('cuerpo mayor al límite (medido tras descomprimir) → 413', async () => {
    const grande = JSON.stringify({ query: '{ sesion { permisos } }', relleno: 'a'.repeat(100_000) });
    const r = await pedir(s.url, '/graphql', {
      crudo: gzipSync(grande),
      cabeceras: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'X-Api-Key': clave },
    });
    expect(r.status).toBe(413);
    expect(r.body.codigo).toBe('cuerpo-demasiado-grande');
  });

  it('POST /rips/validar lee su cuerpo mientras llega: mismos límites y errores que las demás rutas', async () => {
    const cab = { 'content-type': 'application/json', 'X-Api-Key': clave };
    const grande = JSON.stringify({ rips: { usuarios: [{ relleno: 'a'.repeat(100_000) }] } });
    const excedido = await pedir(s.url, '/rips/validar', {
      crudo: gzipSync(grande),
      cabeceras: { ...cab, 'content-encoding': 'gzip' },
    });
    expect(excedido.status).toBe(413);
    expect(excedido.body.codigo).toBe('cuerpo-demasiado-grande');
    const corrupto = await pedir(s.url, '/rips/validar', {
      crudo: Buffer.from('esto no es gzip'),
      cabeceras: { ...cab, 'content-encoding': 'gzip' },
    });
    expect(corrupto.status).toBe(400);
    const codificacion = await pedir(s.url, '/rips/validar', {
      crudo: Buffer.from('{}'),
      cabeceras: { ...cab, 'content-encoding': 'compress' },
    });
    expect(codificacion.status).toBe(415);
    const malformado = await pedir(s.url, '/rips/validar', {
      crudo: '{"rips": {"usuarios": [',
      cabeceras: cab,
    });
    expect(malformado.status).toBe(400);
    expect(malformado.body.error).toMatch(/JSON válido/);
  });

  it('ruta desconocida → 404 en español', async () => {
    const r = await pedir(s.url, '/nada', { cabeceras: { 'X-Api-Key': clave } });
    expect(r.status).toBe(404);
    expect(r.body.codigo).toBe('no-encontrado');
  });
});

describe('registros (logs)', () => {
  it('llevan id de solicitud y nunca la credencial ni la consulta', async () => {
    lineasLog.length = 0;
    const r = await pedir(s.url, '/sesion?numDocumento=1234567890', {
      cabeceras: {
        'X-Api-Key': clave,
        'X-Request-Id': 'req-prueba-1',
        Authorization: 'Bearer secreto.jwt.x',
      },
    });
    expect(r.headers.get('x-request-id')).toBe('req-prueba-1');
    await new Promise((ok) => setTimeout(ok, 50));
    const todo = lineasLog.join('');
    expect(todo).toContain('req-prueba-1');
    expect(todo).not.toContain(clave);
    expect(todo).not.toContain('1234567890');
    expect(todo).not.toContain('secreto.jwt');
  });

  it('la redacción oculta identificadores de pacientes y secretos si alguien los registra', () => {
    lineasLog.length = 0;
    const log = crearLogger('info', destino);
    log.info({ usuario: { numDocumentoIdentificacion: '99887766' }, cred: { clave: 'x1y2z3w4' } }, 'prueba');
    const todo = lineasLog.join('');
    expect(todo).not.toContain('99887766');
    expect(todo).not.toContain('x1y2z3w4');
  });
});
