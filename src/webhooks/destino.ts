import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { errores } from '../errores/errores.js';
import { MAX_LARGO_URL } from './valores.js';

/**
 * Where deliveries may go. Production (`soloPublicas`): https only, and the host must resolve to
 * public unicast addresses only, checked at registration and again at every delivery (DNS
 * rebinding). Development and tests: http and loopback or private receivers are allowed.
 */
export interface PoliticaDestinos {
  soloPublicas: boolean;
}

export interface DireccionResuelta {
  address: string;
  family: number;
}

/** All the addresses of a host, in the resolver's order (tests inject their own). */
export type Resolutor = (host: string) => Promise<DireccionResuelta[]>;

export const resolverDns: Resolutor = (host) => lookup(host, { all: true, verbatim: true });

/** The host, its checked address (the connection is pinned to it) and its family. */
export interface Destino {
  host: string;
  direccion: string;
  familia: 4 | 6;
}

/** A destination refused at delivery time, with the class recorded in the delivery log. */
export class ErrorDestino extends Error {
  constructor(
    readonly clase: 'dns' | 'destino-no-permitido',
    mensaje: string,
  ) {
    super(mensaje);
    this.name = 'ErrorDestino';
  }
}

// Ranges ipaddr.js 1.9 calls `unicast` but that are no public Internet host.
const NO_PUBLICOS_V4: [ipaddr.IPv4, number][] = [
  ipaddr.IPv4.parseCIDR('198.18.0.0/15'), // benchmarking
];
const NO_PUBLICOS_V6: [ipaddr.IPv6, number][] = [
  ipaddr.IPv6.parseCIDR('::/96'), // IPv4-compatible (deprecated): ::7f00:1 is 127.0.0.1
  ipaddr.IPv6.parseCIDR('fec0::/10'), // site-local (deprecated, still routed internally somewhere)
  ipaddr.IPv6.parseCIDR('100::/64'), // discard-only
  ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'), // local-use NAT64 (may embed private IPv4)
  ipaddr.IPv6.parseCIDR('2001::/23'), // IETF protocol assignments (Teredo, benchmarking…)
];

/**
 * Why an address is not a public unicast one (loopback, private, linkLocal, uniqueLocal,
 * multicast, unspecified, carrierGradeNat, broadcast, reserved, a tunnel or translation prefix…),
 * or undefined when it is. IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
 */
export function motivoNoPublica(ip: string): string | undefined {
  const sinZona = ip.split('%')[0]!;
  if (!isIP(sinZona) || !ipaddr.isValid(sinZona)) return 'no-reconocida';
  let dir = ipaddr.parse(sinZona);
  if (dir.kind() === 'ipv6' && (dir as ipaddr.IPv6).isIPv4MappedAddress())
    dir = (dir as ipaddr.IPv6).toIPv4Address();
  const rango = dir.range();
  if (rango !== 'unicast') return rango;
  const extra =
    dir.kind() === 'ipv4'
      ? NO_PUBLICOS_V4.some((r) => (dir as ipaddr.IPv4).match(r))
      : NO_PUBLICOS_V6.some((r) => (dir as ipaddr.IPv6).match(r));
  return extra ? 'reservado' : undefined;
}

function urlInvalida(mensaje: string) {
  return errores.entradaInvalida('URL de webhook inválida.', [{ campo: 'url', mensaje }]);
}

/** Syntax, scheme and form of a webhook URL (no resolution yet); a Spanish 400 naming `url` otherwise. */
export function comprobarUrl(texto: string, politica: PoliticaDestinos): URL {
  const t = texto.trim();
  if (!t) throw urlInvalida('Es obligatoria.');
  if (t.length > MAX_LARGO_URL) throw urlInvalida(`Admite hasta ${MAX_LARGO_URL} caracteres.`);
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    throw urlInvalida('No es una URL absoluta (p. ej. https://facturacion.hospital.gov.co/webhooks/motor).');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw urlInvalida('Use https:// (http:// solo fuera de producción).');
  if (url.protocol === 'http:' && politica.soloPublicas)
    throw urlInvalida(
      'En producción solo se admite https://: la entrega viaja firmada, pero no cifrada, por http.',
    );
  if (!url.hostname) throw urlInvalida('Falta el host.');
  // The URL is listed back to the entity and kept in plain text: credentials belong in the receiver's check of the signature.
  if (url.username || url.password)
    throw urlInvalida('No incluya usuario ni contraseña en la URL: el receptor autentica con la firma.');
  if (url.hash) throw urlInvalida('No incluya fragmento (#…): no se envía al receptor.');
  return url;
}

/** `[::1]` → `::1`: the URL keeps IPv6 literals in brackets. */
export function hostDe(url: URL): string {
  const h = url.hostname;
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

/**
 * Resolves the host once and checks every address it has (a host with one private address among
 * public ones is refused: the connection could land on it). The delivery then connects to the
 * returned address, so a second resolution cannot switch it.
 */
export async function resolverDestino(
  url: URL,
  politica: PoliticaDestinos,
  resolver: Resolutor = resolverDns,
): Promise<Destino> {
  const host = hostDe(url);
  let direcciones: DireccionResuelta[];
  if (isIP(host)) direcciones = [{ address: host, family: isIP(host) }];
  else {
    try {
      direcciones = await resolver(host);
    } catch {
      direcciones = [];
    }
    if (!direcciones.length) throw new ErrorDestino('dns', 'No se pudo resolver el host de la URL.');
  }
  if (politica.soloPublicas && direcciones.some((d) => motivoNoPublica(d.address) !== undefined)) {
    // The address and its range are not echoed: registration would become a probe of internal names.
    throw new ErrorDestino(
      'destino-no-permitido',
      'El host no resuelve solo a direcciones públicas: en producción no se admiten loopback, redes privadas, enlace local, CGNAT, multidifusión ni rangos reservados.',
    );
  }
  const elegida = direcciones[0]!;
  return { host, direccion: elegida.address, familia: elegida.family === 6 ? 6 : 4 };
}

/** Registration: the form, then the resolution, each refusal a Spanish 400 on `url`. */
export async function validarUrlWebhook(
  texto: string,
  politica: PoliticaDestinos,
  resolver: Resolutor = resolverDns,
): Promise<URL> {
  const url = comprobarUrl(texto, politica);
  try {
    await resolverDestino(url, politica, resolver);
  } catch (e) {
    if (e instanceof ErrorDestino) throw urlInvalida(e.message);
    throw e;
  }
  return url;
}
