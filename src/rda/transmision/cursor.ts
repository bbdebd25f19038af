import { createHmac, timingSafeEqual } from 'node:crypto';
import { ErrorApp, errores } from '../../errores/errores.js';

/** What a `siguiente` cursor carries: the upstream next link relative to the base URL, bound to its query. */
export interface DatosCursor {
  entidadId: string;
  alcance: string;
  siguiente: string;
  /** Keyed hash of the patient document: the cursor only continues the same patient's query. */
  paciente: string;
}

interface Cuerpo {
  e: string;
  a: string;
  s: string;
  p: string;
  x: number;
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url');

export function huellaPaciente(clave: Buffer, tipo: string, numero: string): string {
  return createHmac('sha256', clave).update(`paciente:${tipo}-${numero}`).digest('base64url').slice(0, 22);
}

/** Opaque, signed (HMAC-SHA256) cursor with its own expiry; never a URL the client could redirect. */
export function firmarCursor(clave: Buffer, d: DatosCursor, ttlSegundos: number, ahora = Date.now()): string {
  const cuerpo: Cuerpo = {
    e: d.entidadId,
    a: d.alcance,
    s: d.siguiente,
    p: d.paciente,
    x: Math.floor(ahora / 1000) + ttlSegundos,
  };
  const datos = b64(JSON.stringify(cuerpo));
  return `${datos}.${b64(createHmac('sha256', clave).update(datos).digest())}`;
}

const invalido = () =>
  errores.entradaInvalida('El cursor no es válido para esta consulta.', [
    { campo: 'cursor', mensaje: 'Use el valor «siguiente» de la respuesta anterior, sin modificarlo.' },
  ]);

export function leerCursor(
  clave: Buffer,
  cursor: string,
  esperado: Omit<DatosCursor, 'siguiente'>,
  ahora = Date.now(),
): string {
  const [datos, firma, ...resto] = cursor.split('.');
  if (!datos || !firma || resto.length) throw invalido();
  const calculada = createHmac('sha256', clave).update(datos).digest();
  const recibida = Buffer.from(firma, 'base64url');
  if (recibida.length !== calculada.length || !timingSafeEqual(recibida, calculada)) throw invalido();
  let c: Cuerpo;
  try {
    c = JSON.parse(Buffer.from(datos, 'base64url').toString('utf8'));
  } catch {
    throw invalido();
  }
  if (c.e !== esperado.entidadId || c.a !== esperado.alcance || c.p !== esperado.paciente) throw invalido();
  if (c.x * 1000 < ahora)
    throw new ErrorApp('cursor-expirado', 'El cursor expiró. Repita la consulta sin cursor.');
  return c.s;
}
