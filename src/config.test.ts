import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseTamano, textoConfigInvalida } from './config.js';

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'cfg-'));

describe('configuración', () => {
  it('valores por defecto para una ejecución local', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.bodyLimitBytes).toBe(200 * 1024 * 1024);
    expect(c.demo.crear).toBe(true);
    expect(c.credentialsKey.length).toBe(32);
    expect(c.oidc).toBeUndefined();
  });

  it('la clave generada se conserva entre arranques', () => {
    const d = dir();
    expect(loadConfig({ DATA_DIR: d }).credentialsKey).toEqual(loadConfig({ DATA_DIR: d }).credentialsKey);
  });

  it('producción exige CREDENTIALS_KEY; OIDC exige audiencia y nunca acepta alg none', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dir() })).toThrow(/CREDENTIALS_KEY/);
    expect(() => loadConfig({ DATA_DIR: dir(), OIDC_ISSUER: 'https://idp' })).toThrow(/OIDC_AUDIENCE/);
    const c = loadConfig({
      DATA_DIR: dir(),
      OIDC_ISSUER: 'https://idp',
      OIDC_AUDIENCE: 'api',
      OIDC_ALGORITHMS: 'RS256,none',
    });
    expect(c.oidc?.algorithms).toEqual(['RS256']);
  });

  it('OIDC_MAX_TOKEN_LIFETIME_SECONDS: 24 h por defecto, de 60 s a 31 días', () => {
    const oidc = { DATA_DIR: dir(), OIDC_ISSUER: 'https://idp', OIDC_AUDIENCE: 'api' };
    expect(loadConfig(oidc).oidc?.maxVidaTokenSegundos).toBe(86_400);
    expect(loadConfig({ ...oidc, OIDC_MAX_TOKEN_LIFETIME_SECONDS: '3600' }).oidc?.maxVidaTokenSegundos).toBe(
      3600,
    );
    for (const v of ['59', '2678401', 'un-dia'])
      expect(() => loadConfig({ ...oidc, OIDC_MAX_TOKEN_LIFETIME_SECONDS: v })).toThrow(
        /OIDC_MAX_TOKEN_LIFETIME_SECONDS/,
      );
  });

  it('tamaños y enteros', () => {
    expect(parseTamano('16MB')).toBe(16 * 1024 * 1024);
    expect(parseTamano('512kb')).toBe(512 * 1024);
    expect(() => parseTamano('mucho')).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir(), PORT: '-1' })).toThrow(/PORT/);
  });

  it('hilos de validación: por defecto hasta 2, 0 los apaga, umbral como tamaño', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c.rips.hilos).toBe(Math.min(2, os.availableParallelism()));
    expect(c.rips.hiloDesdeBytes).toBe(1024 * 1024);
    const d = loadConfig({ DATA_DIR: dir(), RIPS_HILOS: '0', RIPS_HILO_DESDE: '512kb' });
    expect(d.rips).toMatchObject({ hilos: 0, hiloDesdeBytes: 512 * 1024 });
    expect(() => loadConfig({ DATA_DIR: dir(), RIPS_HILOS: 'dos' })).toThrow(/RIPS_HILOS/);
  });

  it('cuerpos REST leídos enteros: hasta 2 MB por defecto, 0 los lee siempre por trozos', () => {
    expect(loadConfig({ DATA_DIR: dir() }).rips.cuerpoEnteroHastaBytes).toBe(2 * 1024 * 1024);
    const c = loadConfig({ DATA_DIR: dir(), RIPS_CUERPO_ENTERO_HASTA: '0' });
    expect(c.rips.cuerpoEnteroHastaBytes).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dir(), RIPS_CUERPO_ENTERO_HASTA: 'poco' })).toThrow(ConfigError);
  });

  it('desarrollo: los valores por defecto del inicio rápido no cambian', () => {
    const c = loadConfig({ DATA_DIR: dir() });
    expect(c.entorno).toBe('desarrollo');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.demo.crear).toBe(true);
    expect(c.muv.simulador.iniciar).toBe(true);
    expect(c.rda.simulador).toBe(true);
    expect(c.graphqlIntrospection).toBe(true);
    expect(c.bd.poolMax).toBe(10);
    expect(c.apagado.drenajeMs).toBe(30_000);
    expect(c.metricas).toEqual({ habilitadas: true, token: undefined });
    expect(c.modulos).toEqual(['rips', 'rda']);
  });

  it('CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS: 90 por defecto, 0 desactiva, no admite negativos ni texto', () => {
    expect(loadConfig({ DATA_DIR: dir() }).catalogos).toEqual({ antiguedadMaximaDias: 90 });
    const cero = loadConfig({ DATA_DIR: dir(), CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS: '0' });
    expect(cero.catalogos.antiguedadMaximaDias).toBe(0);
    for (const v of ['-1', 'noventa', '36501'])
      expect(() => loadConfig({ DATA_DIR: dir(), CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS: v })).toThrow(
        /CATALOGOS_ANTIGUEDAD_MAXIMA_DIAS: debe ser un número entero entre 0 y 36500/,
      );
  });

  it('reúne todos los errores a la vez, una línea por variable', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir(), PORT: 'abc', DEMO: 'maybe', DB_POOL_MAX: '0', BODY_LIMIT: 'lots' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { errores, message } = error as ConfigError;
    expect(errores).toHaveLength(4);
    expect(errores.map((l) => l.split(':')[0]).sort()).toEqual(['BODY_LIMIT', 'DB_POOL_MAX', 'DEMO', 'PORT']);
    expect(errores.find((l) => l.startsWith('PORT:'))).toMatch(/entero entre 0 y 65535.*«abc»/);
    expect(errores.find((l) => l.startsWith('DB_POOL_MAX:'))).toMatch(/entre 1 y 1000/);
    expect(errores.find((l) => l.startsWith('DEMO:'))).toMatch(/«maybe» no reconocido.*true\/false/);
    expect(message).toBe(errores.join('\n'));
    expect(textoConfigInvalida(error as ConfigError)).toBe(
      `Configuración inválida:\n${errores.map((l) => `  - ${l}\n`).join('')}`,
    );
  });

  it('los errores de otros lectores (validador HL7, gradualidad, módulos) entran en la misma lista', () => {
    try {
      loadConfig({
        DATA_DIR: dir(),
        RDA_VALIDADOR_URL: 'ftp://x',
        RIPS_RECHAZO_DESDE: 'RVC015:2027',
        MODULOS: 'rips,fev',
        OTEL_EXPORTER_OTLP_ENDPOINT: 'no es url',
        DATABASE_URL: 'mysql://u:secreta@h/db',
      });
      expect.unreachable();
    } catch (e) {
      const { errores } = e as ConfigError;
      expect(errores.map((l) => l.split(':')[0]).sort()).toEqual([
        'DATABASE_URL',
        'MODULOS',
        'OTEL_EXPORTER_OTLP_ENDPOINT',
        'RDA_VALIDADOR_URL',
        'RIPS_RECHAZO_DESDE',
      ]);
      expect(errores.join('\n')).not.toContain('secreta');
      expect(errores).toContainEqual(
        expect.stringMatching(/^RIPS_RECHAZO_DESDE: entrada inválida «RVC015:2027»/),
      );
      expect(errores).toContainEqual('RDA_VALIDADOR_URL: debe ser una URL http(s)');
    }
  });

  it('un valor mal escrito no produce errores en cadena', () => {
    try {
      loadConfig({ DATA_DIR: dir(), CREDENTIALS_KEY: 'corta', NODE_ENV: 'production', DEMO: 'talvez' });
      expect.unreachable();
    } catch (e) {
      // CREDENTIALS_KEY is present (but wrong): one line for it, not a second «obligatoria» one.
      expect((e as ConfigError).errores.map((l) => l.split(':')[0])).toEqual([
        'CREDENTIALS_KEY',
        'DATABASE_URL',
        'DEMO',
      ]);
    }
  });

  it('booleanos: grafías aceptadas y cualquier otra es un error', () => {
    for (const [v, esperado] of [
      ['true', true],
      [' TRUE ', true],
      ['1', true],
      ['sí', true],
      ['Si', true],
      ['yes', true],
      ['on', true],
      ['false', false],
      ['0', false],
      ['no', false],
      ['OFF', false],
    ] as const) {
      expect(loadConfig({ DATA_DIR: dir(), METRICS_ENABLED: v }).metricas.habilitadas).toBe(esperado);
    }
    for (const v of ['verdadero', 'y', 'n', 'falso', '2', 'treu']) {
      expect(() => loadConfig({ DATA_DIR: dir(), METRICS_ENABLED: v })).toThrow(/^METRICS_ENABLED: valor/);
    }
  });

  it('enteros y rangos: sin fracciones, negativos ni valores absurdos', () => {
    for (const [nombre, valor] of [
      ['PORT', '65536'],
      ['PORT', '80.5'],
      ['PORT', '1e3'],
      ['DB_POOL_MAX', '1001'],
      ['SHUTDOWN_DRAIN_SECONDS', '-5'],
      ['MUV_REINTENTOS', '6'],
      ['READY_PROBE_TIMEOUT_MS', '0'],
      ['MUV_SIM_PROPORCION_5XX', '1.5'],
      ['RIPS_HILO_DESDE', '3 megas'],
      ['NODE_ENV', 'prod'],
      ['LOG_LEVEL', 'verbose'],
    ]) {
      expect(() => loadConfig({ DATA_DIR: dir(), [nombre]: valor }), `${nombre}=${valor}`).toThrow(
        new RegExp(`^${nombre}: `),
      );
    }
    const c = loadConfig({ DATA_DIR: dir(), DB_POOL_MAX: '25', SHUTDOWN_DRAIN_SECONDS: '0', PORT: '0' });
    expect(c.bd.poolMax).toBe(25);
    expect(c.apagado.drenajeMs).toBe(0);
    expect(c.port).toBe(0);
  });

  it('producción sin DATABASE_URL no arranca: el PostgreSQL embebido es solo para desarrollo', () => {
    const clave = Buffer.alloc(32, 1).toString('base64');
    expect(() => loadConfig({ NODE_ENV: 'production', CREDENTIALS_KEY: clave, DATA_DIR: dir() })).toThrow(
      /^DATABASE_URL: es obligatoria en producción.*embebido es solo para desarrollo/,
    );
  });

  it('producción rechaza la demo y los simuladores; por defecto están apagados', () => {
    const base = {
      NODE_ENV: 'production',
      CREDENTIALS_KEY: Buffer.alloc(32, 1).toString('base64'),
      DATABASE_URL: 'postgres://u:p@db:5432/motor',
      DATA_DIR: dir(),
    };
    const c = loadConfig(base);
    expect(c.entorno).toBe('produccion');
    expect(c.demo.crear).toBe(false);
    expect(c.muv.simulador.iniciar).toBe(false);
    expect(c.rda.simulador).toBe(false);
    try {
      loadConfig({ ...base, DEMO: 'true', MUV_SIMULADOR: '1', IHCE_SIMULADOR: 'sí' });
      expect.unreachable();
    } catch (e) {
      const { errores } = e as ConfigError;
      expect(errores.map((l) => l.split(':')[0])).toEqual(['DEMO', 'MUV_SIMULADOR', 'IHCE_SIMULADOR']);
      for (const l of errores) expect(l).toMatch(/no se permite en producción.*NODE_ENV=development/);
    }
    // Saying «false» explicitly is fine.
    expect(loadConfig({ ...base, DEMO: 'false', MUV_SIMULADOR: 'no' }).demo.crear).toBe(false);
  });

  it('producción: introspección apagada salvo GRAPHQL_INTROSPECTION=true; METRICS_TOKEN es opcional', () => {
    const base = {
      NODE_ENV: 'production',
      CREDENTIALS_KEY: Buffer.alloc(32, 1).toString('base64'),
      DATABASE_URL: 'postgresql://u:p@db/motor',
      DATA_DIR: dir(),
    };
    expect(loadConfig(base).graphqlIntrospection).toBe(false);
    expect(loadConfig({ ...base, GRAPHQL_INTROSPECTION: 'true' }).graphqlIntrospection).toBe(true);
    expect(loadConfig({ ...base, METRICS_ENABLED: 'true' }).metricas.token).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir(), GRAPHQL_INTROSPECTION: 'off' }).graphqlIntrospection).toBe(false);
  });

  it('panel (/panel): activo en desarrollo, en producción solo con PANEL=true', () => {
    const prod = {
      NODE_ENV: 'production',
      CREDENTIALS_KEY: Buffer.alloc(32, 1).toString('base64'),
      DATABASE_URL: 'postgresql://u:p@db/motor',
      DATA_DIR: dir(),
    };
    expect(loadConfig(prod).panel).toBe(false);
    expect(loadConfig({ ...prod, PANEL: 'true' }).panel).toBe(true);
    expect(loadConfig({ DATA_DIR: dir() }).panel).toBe(true);
    expect(loadConfig({ DATA_DIR: dir(), PANEL: 'false' }).panel).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dir(), PANEL: 'talvez' })).toThrow(/PANEL/);
  });

  it('espera previa del apagado: 5 s en producción, 0 fuera de ella; SHUTDOWN_PRESTOP_SECONDS la fija (0–600)', () => {
    const prod = {
      NODE_ENV: 'production',
      CREDENTIALS_KEY: Buffer.alloc(32, 1).toString('base64'),
      DATABASE_URL: 'postgresql://u:p@db/motor',
      DATA_DIR: dir(),
    };
    expect(loadConfig(prod).apagado).toEqual({ esperaPreviaMs: 5000, drenajeMs: 30_000 });
    expect(loadConfig({ ...prod, SHUTDOWN_PRESTOP_SECONDS: '0' }).apagado.esperaPreviaMs).toBe(0);
    for (const NODE_ENV of ['development', 'test'])
      expect(loadConfig({ NODE_ENV, DATA_DIR: dir() }).apagado.esperaPreviaMs).toBe(0);
    const propia = loadConfig({ DATA_DIR: dir(), SHUTDOWN_PRESTOP_SECONDS: '15' });
    expect(propia.apagado.esperaPreviaMs).toBe(15_000);
    for (const malo of ['-1', '601', '2.5', 'cinco'])
      expect(() => loadConfig({ DATA_DIR: dir(), SHUTDOWN_PRESTOP_SECONDS: malo }), malo).toThrow(
        /^SHUTDOWN_PRESTOP_SECONDS: debe ser un número entero entre 0 y 600/,
      );
  });

  it('un error de configuración no crea la clave local', () => {
    const d = dir();
    expect(() => loadConfig({ DATA_DIR: d, PORT: 'x' })).toThrow(ConfigError);
    expect(existsSync(path.join(d, 'credentials.key'))).toBe(false);
  });
});
