import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Entidad } from '../src/entidades/entidad.entity.js';
import { iniciarEmisor } from './issuer.js';
import { graphql, iniciarServicio, pedir } from './servidor.js';

let emisor: Awaited<ReturnType<typeof iniciarEmisor>>;
let s: Awaited<ReturnType<typeof iniciarServicio>>;
let a: { entidad: { slug: string; id: string }; clave: string };
let b: { entidad: { slug: string; id: string }; clave: string };
let soloRda: { entidad: { slug: string; id: string }; clave: string };

beforeAll(async () => {
  emisor = await iniciarEmisor();
  s = await iniciarServicio({
    ...emisor.entorno,
  });
  a = await s.crearEntidad('auth-a');
  b = await s.crearEntidad('auth-b');
  soloRda = await s.crearEntidad('auth-rda', ['rda']);
});

afterAll(async () => {
  await s?.cerrar();
  await emisor?.cerrar();
});

/**
 * The real filing mutation (guarded by `rips:enviar`) with a RIPS that is no object: a caller the
 * shield lets through reaches the resolver and gets 400 entrada-invalida; nothing is filed.
 */
const enviarRips = (cab: Record<string, string>) =>
  graphql(s.url, 'mutation { radicarRips(rips: []) { radicacion { id } } }', cab);
const pasoElEscudo = (r: Awaited<ReturnType<typeof enviarRips>>) =>
  r.body.errors?.[0]?.extensions?.codigo === 'entrada-invalida';

describe('API key', () => {
  it('sin credencial → 401 no-autenticado', async () => {
    const r = await pedir(s.url, '/sesion');
    expect(r.status).toBe(401);
    expect(r.body.codigo).toBe('no-autenticado');
    expect(r.body.error).toMatch(/X-Api-Key/);
    // The GraphQL door keeps the same contract: HTTP 401 before any operation is parsed or run.
    const g = await graphql(s.url, '{ sesion { permisos } }');
    expect(g.status).toBe(401);
    expect(g.body.data).toBeUndefined();
    expect(g.body.errors[0].extensions.codigo).toBe('no-autenticado');
  });

  it('clave mal formada o desconocida → 401 credencial-invalida', async () => {
    for (const clave of ['basura', `rda_${'x'.repeat(43)}`]) {
      const r = await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': clave } });
      expect(r.status).toBe(401);
      expect(r.body.codigo).toBe('credencial-invalida');
    }
  });

  it('clave válida → sesión de su entidad con todos los permisos', async () => {
    const r = await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': a.clave } });
    expect(r.status).toBe(200);
    expect(r.body.entidad.slug).toBe(a.entidad.slug);
    expect(r.body.identidad).toMatchObject({ tipo: 'api-key', rol: null });
    expect(r.body.permisos).toEqual(['rips:enviar', 'rips:leer', 'rda:enviar', 'rda:leer']);
    expect(pasoElEscudo(await enviarRips({ 'X-Api-Key': a.clave }))).toBe(true);
  });

  it('clave revocada → 401', async () => {
    const em = s.em();
    const entidad = await em.findOneOrFail(Entidad, { id: a.entidad.id });
    const extra = await s.servicio.servicios.entidades.emitirApiKey(em, entidad);
    expect((await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': extra.clave } })).status).toBe(200);
    await s.servicio.servicios.entidades.revocarApiKey(em, entidad, extra.apiKey.id);
    const r = await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': extra.clave } });
    expect(r.status).toBe(401);
    expect(r.body.error).toMatch(/revocada/);
  });

  it('solo se guarda el hash', async () => {
    const filas: { hash: string }[] = await s
      .em()
      .getConnection()
      .execute('select hash, prefijo from api_key');
    expect(filas.some((f) => f.hash.includes(a.clave.slice(4)))).toBe(false);
    expect(filas.every((f) => /^[0-9a-f]{64}$/.test(f.hash))).toBe(true);
  });

  it('X-Tenant de otra entidad con una API key → 403', async () => {
    const r = await pedir(s.url, '/sesion', {
      cabeceras: { 'X-Api-Key': a.clave, 'X-Tenant': b.entidad.slug },
    });
    expect(r.status).toBe(403);
    expect(r.body.codigo).toBe('entidad-no-autorizada');
  });
});

describe('Bearer JWT', () => {
  const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });

  it('token válido → entidad y rol del grupo', async () => {
    const t = await emisor.firmar({ sub: 'ana', groups: [`${a.entidad.slug}:auditor`] });
    const r = await pedir(s.url, '/sesion', { cabeceras: bearer(t) });
    expect(r.status).toBe(200);
    expect(r.body.entidad.slug).toBe(a.entidad.slug);
    expect(r.body.identidad).toMatchObject({ tipo: 'usuario', rol: 'auditor', sujeto: 'ana' });
    expect(r.body.permisos).toEqual(['rips:leer', 'rda:leer']);
  });

  it.each([
    ['expirado', () => emisor.firmar({ groups: [] }, { exp: Math.floor(Date.now() / 1000) - 60 }), /expiró/],
    ['sin vencimiento (exp)', () => emisor.firmar({ groups: [] }, { exp: null }), /no tiene vencimiento/],
    ['emisor equivocado', () => emisor.firmar({ groups: [] }, { iss: 'https://otro.example' }), /emisor/],
    ['audiencia equivocada', () => emisor.firmar({ groups: [] }, { aud: 'otra-api' }), /audiencia/],
    ['firma inválida', () => emisor.firmar({ groups: [] }, { clave: emisor.claveAjena }), /firma|clave/],
    ['alg none', async () => emisor.sinFirma({ groups: [] }), /algoritmo|mal formado|firma/],
    ['basura', async () => 'no.es.un-jwt', /mal formado|firma|verificarse/],
    [
      'válido por diez años',
      () => emisor.firmar({ groups: [`${a.entidad.slug}:owner`] }, { exp: '3650d' }),
      /vale por 10 años \(de iat a exp\) y este servicio acepta tokens de a lo sumo 24 horas \(OIDC_MAX_TOKEN_LIFETIME_SECONDS\)/,
    ],
    [
      'sin iat y válido por diez años',
      () => emisor.firmar({ groups: [`${a.entidad.slug}:owner`] }, { exp: '3650d', iat: null }),
      /vale por 10 años \(sin iat: de ahora a exp\)/,
    ],
  ])('token %s → 401', async (_n, token, motivo) => {
    const t = await token();
    const r = await pedir(s.url, '/sesion', { cabeceras: bearer(t) });
    expect(r.status).toBe(401);
    expect(r.body.codigo).toBe('credencial-invalida');
    expect(r.body.error).toMatch(motivo);
    // The GraphQL door answers the same with HTTP 401.
    const g = await graphql(s.url, '{ sesion { permisos } }', bearer(t));
    expect(g.status).toBe(401);
    expect(g.body.errors[0].extensions.codigo).toBe('credencial-invalida');
  });

  it('un token de vida acotada (23 h, con o sin iat) sí se acepta', async () => {
    for (const iat of [undefined, null]) {
      const t = await emisor.firmar(
        { sub: 'ana', groups: [`${a.entidad.slug}:auditor`] },
        { exp: '23h', iat },
      );
      expect((await pedir(s.url, '/sesion', { cabeceras: bearer(t) })).status).toBe(200);
    }
  });

  it('Authorization sin esquema Bearer → 401', async () => {
    const r = await pedir(s.url, '/sesion', { cabeceras: { Authorization: 'Basic abc' } });
    expect(r.status).toBe(401);
  });

  it('grupo de otra entidad (X-Tenant ajeno) → 403', async () => {
    const t = await emisor.firmar({ groups: [`${b.entidad.slug}:owner`] });
    const r = await pedir(s.url, '/sesion', { cabeceras: { ...bearer(t), 'X-Tenant': a.entidad.slug } });
    expect(r.status).toBe(403);
    expect(r.body.codigo).toBe('entidad-no-autorizada');
  });

  it('grupo de una entidad no registrada → 403', async () => {
    const t = await emisor.firmar({ groups: ['no-existe:owner'] });
    expect((await pedir(s.url, '/sesion', { cabeceras: bearer(t) })).status).toBe(403);
  });

  it('sin grupos válidos → 403', async () => {
    const t = await emisor.firmar({ groups: ['sin-rol', `${a.entidad.slug}:superusuario`] });
    expect((await pedir(s.url, '/sesion', { cabeceras: bearer(t) })).status).toBe(403);
  });

  it('varios grupos sin X-Tenant → 400 tenant-requerido; con X-Tenant elige la entidad', async () => {
    const t = await emisor.firmar({ groups: [`${a.entidad.slug}:operador`, `${b.entidad.slug}:auditor`] });
    const sin = await pedir(s.url, '/sesion', { cabeceras: bearer(t) });
    expect(sin.status).toBe(400);
    expect(sin.body.codigo).toBe('tenant-requerido');
    const con = await pedir(s.url, '/sesion', { cabeceras: { ...bearer(t), 'X-Tenant': b.entidad.slug } });
    expect(con.status).toBe(200);
    expect(con.body.entidad.slug).toBe(b.entidad.slug);
    expect(con.body.identidad.rol).toBe('auditor');
  });

  it('varios roles en la misma entidad → el más fuerte', async () => {
    const t = await emisor.firmar({ groups: [`${a.entidad.slug}:auditor`, `${a.entidad.slug}:operador`] });
    const r = await pedir(s.url, '/sesion', { cabeceras: bearer(t) });
    expect(r.body.identidad.rol).toBe('operador');
  });

  describe.each([
    ['owner', true],
    ['operador', true],
    ['auditor', false],
  ])('rol %s', (rol, puedeEnviar) => {
    it(`rips:enviar ${puedeEnviar ? 'permitido' : '→ 403 sin-permiso'}; rda:leer permitido`, async () => {
      const t = await emisor.firmar({ groups: [`${a.entidad.slug}:${rol}`] });
      const envio = await enviarRips(bearer(t));
      if (puedeEnviar) expect(pasoElEscudo(envio)).toBe(true);
      else {
        expect(envio.body.errors[0].extensions.codigo).toBe('sin-permiso');
        expect(envio.body.errors[0].message).toMatch(/rips:enviar/);
      }
      const lectura = await pedir(s.url, '/rda/configuracion', { cabeceras: bearer(t) });
      expect(lectura.status).toBe(200);
      expect(lectura.body.modulo).toBe('rda');
    });
  });
});

describe('módulos y tenencia', () => {
  it('módulo no contratado → 403 con codigo y modulo, en REST y GraphQL, aun con rol suficiente', async () => {
    const t = await emisor.firmar({ groups: [`${soloRda.entidad.slug}:owner`] });
    const credenciales: Record<string, string>[] = [
      { 'X-Api-Key': soloRda.clave },
      { Authorization: `Bearer ${t}` },
    ];
    for (const cab of credenciales) {
      const r = await pedir(s.url, '/rips/configuracion', { cabeceras: cab });
      expect(r.status).toBe(403);
      expect(r.body).toMatchObject({ codigo: 'modulo-no-contratado', modulo: 'rips' });
      const g = await enviarRips(cab);
      expect(g.body.errors[0].extensions).toMatchObject({ codigo: 'modulo-no-contratado', modulo: 'rips' });
      expect((await pedir(s.url, '/rda/configuracion', { cabeceras: cab })).status).toBe(200);
    }
    const sesion = await pedir(s.url, '/sesion', { cabeceras: { 'X-Api-Key': soloRda.clave } });
    expect(sesion.body.permisos).toEqual(['rda:enviar', 'rda:leer']);
  });

  it('recurso de otra entidad → 404, igual que uno inexistente o un id mal formado', async () => {
    const propias = await pedir(s.url, '/api-keys', { cabeceras: { 'X-Api-Key': a.clave } });
    expect(propias.status).toBe(200);
    const enUso = propias.body.find((k: { enUso: boolean }) => k.enUso);
    expect(enUso.prefijo).toBe(a.clave.slice(0, 10));
    expect(
      (await pedir(s.url, `/api-keys/${enUso.id}`, { cabeceras: { 'X-Api-Key': a.clave } })).status,
    ).toBe(200);
    for (const id of [enUso.id, '00000000-0000-4000-8000-000000000000', 'no-es-uuid']) {
      const r = await pedir(s.url, `/api-keys/${id}`, { cabeceras: { 'X-Api-Key': b.clave } });
      expect(r.status).toBe(404);
      expect(r.body.codigo).toBe('no-encontrado');
    }
    const g = await graphql(
      s.url,
      'query($id: ID!) { apiKey(id: $id) { id } }',
      { 'X-Api-Key': b.clave },
      { id: enUso.id },
    );
    expect(g.body.errors[0].extensions.codigo).toBe('no-encontrado');
  });
});
