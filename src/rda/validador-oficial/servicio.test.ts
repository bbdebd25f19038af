import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { ErrorApp } from '../../errores/errores.js';
import { construirBundle } from '../construccion/construir.js';
import { PERFILES } from '../perfiles.js';
import { argumentos } from './comando.js';
import { type ConfigValidadorHl7, leerConfigValidador } from './config.js';
import { ServicioValidadorOficial } from './servicio.js';
import { urlValidate } from './servidor.js';

const FALSO = fileURLToPath(new URL('../../../test/fixtures/validador-falso.mjs', import.meta.url));
const REGISTRO = path.join(os.tmpdir(), `validador-falso-${process.pid}.log`);

const comando = (extra: Record<string, string> = {}) =>
  leerConfigValidador({
    RDA_VALIDADOR_JAR: '/opt/fhir/validator_cli.jar',
    RDA_VALIDADOR_JAVA: process.execPath,
    RDA_VALIDADOR_OPCIONES_JAVA: FALSO,
    RDA_VALIDADOR_IG: '/opt/fhir/minsalud.fhir.co.rda-1.0.0.tgz, /opt/fhir/hl7.fhir.co.core.tgz',
    ...extra,
  });
const bundle = (tipo: 'paciente' | 'urgencias' = 'urgencias') =>
  construirBundle(tipo, datosRda(tipo), { ahora: AHORA_RDA }) as Record<string, any>;
const temporales = () => readdirSync(os.tmpdir()).filter((n) => n.startsWith('rda-validador-'));
const vivo = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterEach(() => {
  delete process.env.FALSO_REGISTRO;
  delete process.env.FALSO_DEMORA_MS;
  rmSync(REGISTRO, { force: true });
});

describe('configuración', () => {
  it('sin variables: no configurado; jar y url a la vez: error', () => {
    expect(leerConfigValidador({}).modo).toBe('ninguno');
    expect(() => leerConfigValidador({ RDA_VALIDADOR_JAR: 'a.jar', RDA_VALIDADOR_URL: 'http://x' })).toThrow(
      /no ambos/,
    );
    expect(() => leerConfigValidador({ RDA_VALIDADOR_URL: 'ftp://x' })).toThrow(/http/);
    expect(() =>
      leerConfigValidador({ RDA_VALIDADOR_URL: 'http://x', RDA_VALIDADOR_TIMEOUT_MS: 'x' }),
    ).toThrow();
  });

  it('los argumentos son los de validator_cli (versión, paquetes, tx, perfil, salida)', () => {
    const c = comando() as Extract<ConfigValidadorHl7, { modo: 'comando' }>;
    expect(argumentos(c, 'P', 'in.json', 'out.json')).toEqual([
      FALSO,
      '-jar',
      '/opt/fhir/validator_cli.jar',
      'in.json',
      '-version',
      '4.0.1',
      '-ig',
      '/opt/fhir/minsalud.fhir.co.rda-1.0.0.tgz',
      '-ig',
      '/opt/fhir/hl7.fhir.co.core.tgz',
      '-tx',
      'n/a',
      '-profile',
      'P',
      '-output',
      'out.json',
    ]);
  });

  it('la URL del servidor: /Bundle/$validate con el perfil, o la dada si ya nombra la operación', () => {
    const s = (url: string) =>
      leerConfigValidador({ RDA_VALIDADOR_URL: url }) as Extract<ConfigValidadorHl7, { modo: 'servidor' }>;
    expect(urlValidate(s('http://m:8080/fhir/'), 'https://p/B')).toBe(
      'http://m:8080/fhir/Bundle/$validate?profile=https%3A%2F%2Fp%2FB',
    );
    expect(urlValidate(s('http://m/fhir/$validate'), 'X')).toBe('http://m/fhir/$validate?profile=X');
  });
});

describe('modo comando (programa sustituto que emite un OperationOutcome)', () => {
  it('no configurado → 503 en español', async () => {
    const s = new ServicioValidadorOficial({ modo: 'ninguno' });
    await expect(s.validar(bundle())).rejects.toMatchObject({ codigo: 'upstream-no-configurado' });
    await expect(s.validar(bundle())).rejects.toThrow(/no está configurado/);
  });

  it('explica cada issue, cuenta por severidad, elige el perfil del Bundle y borra los temporales', async () => {
    const antes = temporales().length;
    const s = new ServicioValidadorOficial(comando());
    const b = bundle('urgencias');
    const r = await s.validar(b);
    expect(r.perfil).toBe(PERFILES.urgencias.bundle);
    expect(r.porSeveridad).toEqual({ fatal: 0, error: 0, warning: 1, information: 1 });
    expect(r.valid).toBe(true);
    expect(r.issues[1]!.message).toContain(
      `Validated against ${PERFILES.urgencias.bundle} with /opt/fhir/minsalud.fhir.co.rda-1.0.0.tgz /opt/fhir/hl7.fhir.co.core.tgz tx=n/a version=4.0.1`,
    );
    expect(r.errores[0]).toMatchObject({
      codigo: 'HL7-invariant',
      severidad: 'aviso-conformidad',
      fuente: 'validador-hl7',
      mensajeOriginal: expect.stringContaining('dom-6'),
    });
    expect(temporales().length).toBe(antes);
  });

  it('errores del validador → rechazo, con el campo de negocio (salida con código 1 no es una falla)', async () => {
    const s = new ServicioValidadorOficial(comando());
    const b = bundle('paciente');
    b.type = 'collection';
    delete b.entry.find((e: any) => e.resource.resourceType === 'Patient').resource.birthDate;
    const r = await s.validar(b, 'paciente');
    expect(r.valid).toBe(false);
    expect(r.porSeveridad.error).toBe(2);
    const nac = r.errores.find((e) => e.codigo === 'HL7-required')!;
    expect(nac.severidad).toBe('rechazo');
    expect(nac.ubicacion.campoNombre).toBe('Fecha de nacimiento del paciente');
    expect(nac.explicacion).toMatch(/^El validador oficial HL7/);
    expect(r.issues.find((i) => i.location === 'Bundle.type')!.severity).toBe('error');
  });

  it('un Bundle sin perfil ni tipo reconocible → 400; algo que no es Bundle → 400', async () => {
    const s = new ServicioValidadorOficial(comando());
    await expect(s.validar({ resourceType: 'Bundle', type: 'document', entry: [] })).rejects.toMatchObject({
      codigo: 'entrada-invalida',
    });
    await expect(s.validar({ resourceType: 'Patient' })).rejects.toMatchObject({
      codigo: 'entrada-invalida',
    });
  });

  it('una corrida a la vez: las demás esperan su turno', async () => {
    process.env.FALSO_REGISTRO = REGISTRO;
    process.env.FALSO_DEMORA_MS = '150';
    const s = new ServicioValidadorOficial(comando());
    const rs = await Promise.all([s.validar(bundle()), s.validar(bundle()), s.validar(bundle())]);
    expect(rs.every((r) => r.valid)).toBe(true);
    const lineas = readFileSync(REGISTRO, 'utf8').trim().split('\n');
    expect(lineas.map((l) => l.split(' ')[0])).toEqual(['inicio', 'fin', 'inicio', 'fin', 'inicio', 'fin']);
  });

  it('cola llena → 503 validador-ocupado con reintento', async () => {
    process.env.FALSO_DEMORA_MS = '200';
    const s = new ServicioValidadorOficial(comando({ RDA_VALIDADOR_COLA_MAX: '1' }));
    const primera = s.validar(bundle());
    await new Promise((r) => setTimeout(r, 20));
    const segunda = s.validar(bundle());
    const tercera = s.validar(bundle());
    await expect(tercera).rejects.toMatchObject({ codigo: 'validador-ocupado' });
    await expect(Promise.all([primera, segunda])).resolves.toHaveLength(2);
  });

  it('tiempo agotado → 502, el proceso muere y no quedan temporales', async () => {
    process.env.FALSO_REGISTRO = REGISTRO;
    const antes = temporales().length;
    const s = new ServicioValidadorOficial(comando({ RDA_VALIDADOR_TIMEOUT_MS: '600' }));
    const b = bundle();
    b.id = 'dormir';
    const e = await s.validar(b).catch((x) => x);
    expect(e).toBeInstanceOf(ErrorApp);
    expect(e.codigo).toBe('upstream-no-disponible');
    expect(e.message).toMatch(/no terminó/);
    const pid = Number(readFileSync(REGISTRO, 'utf8').split(' ')[1]);
    await new Promise((r) => setTimeout(r, 100));
    expect(vivo(pid)).toBe(false);
    expect(temporales().length).toBe(antes);
    // The queue is free again afterwards.
    await expect(s.validar(bundle())).resolves.toMatchObject({ valid: true });
  });

  it('detener() termina la validación en curso (apagado del servicio)', async () => {
    process.env.FALSO_REGISTRO = REGISTRO;
    const s = new ServicioValidadorOficial(comando());
    const b = bundle();
    b.id = 'dormir';
    const enCurso = s.validar(b).catch((e) => e);
    for (let i = 0; i < 50 && !readFileSync(REGISTRO, { flag: 'a+' }).length; i++)
      await new Promise((r) => setTimeout(r, 50));
    const pid = Number(readFileSync(REGISTRO, 'utf8').split(' ')[1]);
    expect(vivo(pid)).toBe(true);
    s.detener();
    const e = await enCurso;
    expect(e).toBeInstanceOf(ErrorApp);
    expect(e.codigo).toBe('upstream-no-disponible');
    await new Promise((r) => setTimeout(r, 50));
    expect(vivo(pid)).toBe(false);
  });

  it('sin resultado o ejecutable inexistente → 502 en español', async () => {
    const s = new ServicioValidadorOficial(comando());
    const b = bundle();
    b.id = 'sin-salida';
    await expect(s.validar(b)).rejects.toThrow(/sin producir un resultado/);
    const mal = new ServicioValidadorOficial(comando({ RDA_VALIDADOR_JAVA: '/no/existe/java' }));
    await expect(mal.validar(bundle())).rejects.toThrow(/No se encontró el ejecutable/);
  });
});

describe('modo servidor ($validate)', () => {
  const recibidos: { url: string; tipo: string; cuerpo: any }[] = [];
  let respuesta: { status: number; cuerpo: unknown; demoraMs?: number } = { status: 200, cuerpo: {} };
  const servidor = createServer((req, res) => {
    let t = '';
    req.on('data', (c) => {
      t += c;
    });
    req.on('end', () => {
      recibidos.push({ url: req.url!, tipo: String(req.headers['content-type']), cuerpo: JSON.parse(t) });
      setTimeout(() => {
        res.writeHead(respuesta.status, { 'content-type': 'application/fhir+json' });
        res.end(typeof respuesta.cuerpo === 'string' ? respuesta.cuerpo : JSON.stringify(respuesta.cuerpo));
      }, respuesta.demoraMs ?? 0);
    });
  });
  const base = async () => {
    if (!servidor.listening) await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(servidor.address() as AddressInfo).port}/fhir`;
  };
  afterAll(() => new Promise<void>((r) => servidor.close(() => r())));

  it('envía el Bundle con el perfil y lee el OperationOutcome (también dentro de Parameters o con HTTP 422)', async () => {
    const s = new ServicioValidadorOficial(leerConfigValidador({ RDA_VALIDADOR_URL: await base() }));
    const oo = {
      resourceType: 'OperationOutcome',
      issue: [
        {
          severity: 'error',
          code: 'code-invalid',
          diagnostics: 'Unknown code',
          expression: ['Bundle.entry[3].resource.code'],
        },
      ],
    };
    respuesta = {
      status: 200,
      cuerpo: { resourceType: 'Parameters', parameter: [{ name: 'return', resource: oo }] },
    };
    const r = await s.validar(bundle('paciente'));
    expect(recibidos.at(-1)!.url).toBe(
      `/fhir/Bundle/$validate?profile=${encodeURIComponent(PERFILES.paciente.bundle)}`,
    );
    expect(recibidos.at(-1)!.tipo).toBe('application/fhir+json');
    expect(recibidos.at(-1)!.cuerpo.resourceType).toBe('Bundle');
    expect(r.porSeveridad.error).toBe(1);
    expect(r.errores[0]!.titulo).toMatch(/terminología/);
    respuesta = { status: 422, cuerpo: oo };
    expect((await s.validar(bundle('paciente'))).valid).toBe(false);
  });

  it('respuesta sin OperationOutcome, servidor caído o lento → 502', async () => {
    const url = await base();
    const s = new ServicioValidadorOficial(
      leerConfigValidador({ RDA_VALIDADOR_URL: url, RDA_VALIDADOR_TIMEOUT_MS: '300' }),
    );
    respuesta = { status: 500, cuerpo: 'boom' };
    await expect(s.validar(bundle())).rejects.toMatchObject({ codigo: 'upstream-no-disponible' });
    respuesta = { status: 200, cuerpo: { resourceType: 'OperationOutcome', issue: [] }, demoraMs: 1000 };
    await expect(s.validar(bundle())).rejects.toThrow(/no respondió en/);
    const caido = new ServicioValidadorOficial(
      leerConfigValidador({ RDA_VALIDADOR_URL: 'http://127.0.0.1:1/fhir' }),
    );
    await expect(caido.validar(bundle())).rejects.toThrow(/No se pudo conectar/);
  });
});
