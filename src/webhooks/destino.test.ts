import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { ErrorApp } from '../errores/errores.js';
import { motivoNoPublica, type Resolutor, resolverDestino, validarUrlWebhook } from './destino.js';

const CLAVE = Buffer.alloc(32, 3).toString('base64');
const produccion = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://motor:motor@bd.interna:5432/motor',
  CREDENTIALS_KEY: CLAVE,
  LOG_LEVEL: 'silent',
}).webhooks;
const prueba = loadConfig({ NODE_ENV: 'test', CREDENTIALS_KEY: CLAVE, DATA_DIR: '/tmp/no-se-usa' }).webhooks;

/** A DNS that answers from a table (unknown names: not found). */
const dns =
  (tabla: Record<string, string[]>): Resolutor =>
  async (host) => {
    const d = tabla[host];
    if (!d) throw Object.assign(new Error('no existe'), { code: 'ENOTFOUND' });
    return d.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

async function rechazo(url: string, resolver?: Resolutor): Promise<string> {
  try {
    await validarUrlWebhook(url, produccion, resolver);
  } catch (e) {
    expect(e).toBeInstanceOf(ErrorApp);
    const a = e as ErrorApp;
    expect(a.codigo).toBe('entrada-invalida');
    expect(a.extras.detalles?.[0]?.campo).toBe('url');
    return a.extras.detalles![0]!.mensaje;
  }
  throw new Error(`${url} no fue rechazada`);
}

describe('política de destinos en producción (NODE_ENV=production)', () => {
  it('la configuración de producción exige destinos públicos; la de pruebas no', () => {
    expect(produccion.soloPublicas).toBe(true);
    expect(prueba.soloPublicas).toBe(false);
  });

  it.each([
    ['no es una url', /URL absoluta/],
    ['', /obligatoria/],
    ['ftp://archivos.hospital.co/x', /https/],
    ['http://facturacion.hospital.co/webhook', /solo se admite https/],
    ['https://usuario:clave@facturacion.hospital.co/webhook', /usuario ni contraseña/],
    ['https://facturacion.hospital.co/webhook#x', /fragmento/],
    [`https://facturacion.hospital.co/${'a'.repeat(2100)}`, /2048/],
  ])('URL mal formada o no permitida: %s', async (url, motivo) => {
    expect(await rechazo(url)).toMatch(motivo);
  });

  it.each([
    'https://127.0.0.1/w',
    'https://127.1.2.3:8443/w',
    'https://0x7f000001/w', // the URL parser turns numeric forms into 127.0.0.1
    'https://2130706433/w',
    'https://017700000001/w',
    'https://10.0.0.8/w',
    'https://172.16.5.4/w',
    'https://192.168.1.10/w',
    'https://169.254.169.254/latest/meta-data', // cloud metadata (link-local)
    'https://100.64.0.1/w', // CGNAT
    'https://0.0.0.0/w',
    'https://224.0.0.1/w',
    'https://255.255.255.255/w',
    'https://198.18.0.1/w',
    'https://[::1]/w',
    'https://[::]/w',
    'https://[fe80::1]/w',
    'https://[fd00::1]/w', // unique local
    'https://[fc00::abcd]/w',
    'https://[ff02::1]/w',
    'https://[::ffff:127.0.0.1]/w', // IPv4-mapped
    'https://[::ffff:10.1.2.3]/w',
    'https://[::127.0.0.1]/w', // IPv4-compatible
    'https://[64:ff9b::7f00:1]/w', // NAT64 of 127.0.0.1
    'https://[2002:7f00:1::1]/w', // 6to4
    'https://[2001:db8::1]/w', // documentation
    'https://[fec0::1]/w', // site-local
  ])('dirección literal no pública: %s', async (url) => {
    expect(await rechazo(url)).toMatch(/direcciones públicas/);
  });

  it('un nombre que resuelve a 127.0.0.1 (localhost, resolución real) se rechaza', async () => {
    expect(await rechazo('https://localhost/webhook')).toMatch(/direcciones públicas/);
    expect(await rechazo('https://localhost:8443/webhook')).toMatch(/direcciones públicas/);
  });

  it('un nombre con una sola dirección privada entre públicas se rechaza; sin respuesta DNS también', async () => {
    const r = dns({
      'mixto.example.co': ['203.0.114.7', '10.0.0.7'],
      'v6.example.co': ['2606:4700::1111', 'fd12::1'],
    });
    expect(await rechazo('https://mixto.example.co/w', r)).toMatch(/direcciones públicas/);
    expect(await rechazo('https://v6.example.co/w', r)).toMatch(/direcciones públicas/);
    expect(await rechazo('https://no-existe.example.co/w', r)).toMatch(/No se pudo resolver/);
  });

  it('el mensaje no revela a qué dirección resolvió el nombre', async () => {
    const r = dns({ 'interno.example.co': ['10.20.30.40'] });
    expect(await rechazo('https://interno.example.co/w', r)).not.toContain('10.20.30.40');
  });

  it('https a un host con solo direcciones públicas se acepta y la conexión se fija a la primera', async () => {
    const r = dns({ 'facturacion.example.co': ['2606:4700::1111', '1.1.1.1'] });
    const url = await validarUrlWebhook('https://facturacion.example.co/hooks?canal=motor', produccion, r);
    expect(url.toString()).toBe('https://facturacion.example.co/hooks?canal=motor');
    expect(await resolverDestino(url, produccion, r)).toEqual({
      host: 'facturacion.example.co',
      direccion: '2606:4700::1111',
      familia: 6,
    });
    const literal = await resolverDestino(new URL('https://1.1.1.1/x'), produccion, dns({}));
    expect(literal).toEqual({ host: '1.1.1.1', direccion: '1.1.1.1', familia: 4 });
  });
});

describe('fuera de producción', () => {
  it('http y loopback se admiten (el receptor de las pruebas está en 127.0.0.1)', async () => {
    const url = await validarUrlWebhook('http://127.0.0.1:8080/w', prueba);
    expect(url.host).toBe('127.0.0.1:8080');
    await expect(validarUrlWebhook('http://localhost:8080/w', prueba)).resolves.toBeInstanceOf(URL);
    await expect(validarUrlWebhook('http://[::1]:8080/w', prueba)).resolves.toBeInstanceOf(URL);
  });

  it('pero la forma se comprueba igual', async () => {
    await expect(validarUrlWebhook('ftp://127.0.0.1/w', prueba)).rejects.toThrow(/inválida/);
    await expect(validarUrlWebhook('http://u:p@127.0.0.1/w', prueba)).rejects.toThrow(/inválida/);
  });
});

describe('motivoNoPublica', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.1.1', 'private'],
    ['169.254.0.1', 'linkLocal'],
    ['100.64.1.1', 'carrierGradeNat'],
    ['::ffff:192.168.0.1', 'private'],
    ['fd00::1', 'uniqueLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['::', 'unspecified'],
    ['no-es-ip', 'no-reconocida'],
    ['8.8.8.8', undefined],
    ['2001:4860:4860::8888', undefined],
  ])('%s → %s', (ip, motivo) => {
    expect(motivoNoPublica(ip)).toBe(motivo);
  });
});
