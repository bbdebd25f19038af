import ipaddr from 'ipaddr.js';
import { citar, type Lector } from './lector.js';

/**
 * Proxies whose `X-Forwarded-For` entries are believed, as express's `trust proxy` takes them: a number
 * of hops (0: none, the client is the connection's address) or the proxies' addresses and subnets.
 */
export type ProxiesConfiables = number | string[];

/** proxy-addr's named ranges (express resolves them itself). */
const RANGOS = ['loopback', 'linklocal', 'uniquelocal'];

const EJEMPLO =
  'use un número de saltos (0 a 10) o una lista separada por comas de direcciones o subredes de sus proxies, p. ej. 10.0.0.0/8,192.0.2.10 (también loopback, linklocal o uniquelocal)';

/** An address or `address/prefix`, as proxy-addr (express) accepts it; anything else would throw there. */
function entradaValida(entrada: string): boolean {
  if (RANGOS.includes(entrada)) return true;
  const barra = entrada.lastIndexOf('/');
  const dir = barra === -1 ? entrada : entrada.slice(0, barra);
  if (!ipaddr.isValid(dir)) return false;
  if (barra === -1) return true;
  const prefijo = entrada.slice(barra + 1);
  const max = ipaddr.parse(dir).kind() === 'ipv6' ? 128 : 32;
  return /^\d{1,3}$/.test(prefijo) && Number(prefijo) >= 1 && Number(prefijo) <= max;
}

/**
 * TRUST_PROXY: none unless configured (a client reaching the instance directly must not choose its own
 * address through the header). TRUST_PROXY_HOPS, the older hop count, still works when set on its own.
 */
export function leerProxiesConfiables(l: Lector): ProxiesConfiables {
  const valor = l.texto('TRUST_PROXY');
  const saltosAntiguos = l.texto('TRUST_PROXY_HOPS');
  if (valor === undefined) return saltosAntiguos === undefined ? 0 : l.entero('TRUST_PROXY_HOPS', 0, 0, 10);
  if (saltosAntiguos !== undefined) {
    l.problema(
      'TRUST_PROXY_HOPS',
      'no se combina con TRUST_PROXY (que la reemplaza): defina solo TRUST_PROXY',
    );
    return 0;
  }
  if (/^\d+$/.test(valor)) return l.entero('TRUST_PROXY', 0, 0, 10);
  if (/^(true|todos|all|\*)$/i.test(valor)) {
    l.problema(
      'TRUST_PROXY',
      `${citar(valor)}: confiar en cualquier proxy dejaría a todo cliente elegir su dirección; ${EJEMPLO}`,
    );
    return 0;
  }
  const entradas = valor
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const malas = entradas.filter((e) => !entradaValida(e));
  if (malas.length || !entradas.length) {
    l.problema(
      'TRUST_PROXY',
      `${malas.map(citar).join(', ') || citar(valor)} no es una dirección IP ni una subred (CIDR): ${EJEMPLO}`,
    );
    return 0;
  }
  return [...new Set(entradas)];
}

/** True when some proxy is trusted (the header is read). */
export function hayProxiesConfiables(p: ProxiesConfiables): boolean {
  return typeof p === 'number' ? p > 0 : p.length > 0;
}
