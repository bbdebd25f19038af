import { ConfigError } from '../config.js';
import { ErrorApp } from '../errores/errores.js';
import type {
  ApiKeyEmitida,
  DetalleEntidad,
  EstadoCredencial,
  VistaApiKey,
  VistaEntidad,
} from './comandos.js';

/** Human-readable (Spanish) rendering of command results; every function returns whole lines. */

const NOMBRE_SISTEMA: Record<string, string> = { muv: 'MUV (SISPRO)', ihce: 'IHCE' };

export function fecha(d: Date | null): string {
  return d ? `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC` : '—';
}

function lista(valores: readonly string[]): string {
  return valores.length ? valores.join(', ') : '(ninguno)';
}

/** Left-aligned columns separated by two spaces. */
export function tabla(encabezados: string[], filas: string[][]): string {
  const anchos = encabezados.map((h, i) => Math.max(h.length, ...filas.map((f) => (f[i] ?? '').length)));
  const linea = (celdas: string[]) =>
    celdas
      .map((c, i) => (i === celdas.length - 1 ? c : c.padEnd(anchos[i]!)))
      .join('  ')
      .trimEnd();
  return `${[linea(encabezados), ...filas.map(linea)].join('\n')}\n`;
}

function campos(pares: [string, string][], sangria = '  '): string {
  const ancho = Math.max(...pares.map(([k]) => k.length)) + 1;
  return pares.map(([k, v]) => `${sangria}${`${k}:`.padEnd(ancho)} ${v}\n`).join('');
}

function datosEntidad(e: VistaEntidad): string {
  return campos([
    ['id', e.id],
    ['nombre', e.nombre],
    ['tipo', e.tipoEntidad],
    ['módulos', lista(e.modulos)],
    ['obligados (NIT)', lista(e.obligados)],
    ['prestadores (REPS)', lista(e.prestadores ?? [])],
    ['creada', fecha(e.creada)],
    ['API keys activas', String(e.apiKeysActivas)],
  ]);
}

export function textoApiKeyEmitida(k: ApiKeyEmitida): string {
  return (
    `API key emitida para «${k.entidad}» (id ${k.apiKey.id}, prefijo ${k.apiKey.prefijo}):\n\n` +
    `    ${k.clave}\n\n` +
    `ATENCIÓN: ${k.aviso}\n`
  );
}

export function textoEntidadCreada(r: { entidad: VistaEntidad; apiKey?: ApiKeyEmitida }): string {
  let t = `Entidad «${r.entidad.slug}» creada.\n${datosEntidad(r.entidad)}`;
  t += r.apiKey
    ? `\n${textoApiKeyEmitida(r.apiKey)}`
    : `\nNo se emitió API key (--sin-api-key). Emita una con: apikey emitir ${r.entidad.slug}\n`;
  return t;
}

export function textoEntidades(es: VistaEntidad[]): string {
  if (es.length === 0) return 'No hay entidades registradas.\n';
  return tabla(
    ['SLUG', 'NOMBRE', 'TIPO', 'MÓDULOS', 'KEYS ACTIVAS'],
    es.map((e) => [e.slug, e.nombre, e.tipoEntidad, lista(e.modulos), String(e.apiKeysActivas)]),
  );
}

export function textoApiKeys(keys: VistaApiKey[]): string {
  if (keys.length === 0) return 'La entidad no tiene API keys.\n';
  return tabla(
    ['ID', 'PREFIJO', 'CREADA', 'REVOCADA', 'DESCRIPCIÓN'],
    keys.map((k) => [k.id, k.prefijo, fecha(k.creada), fecha(k.revocada), k.descripcion ?? '']),
  );
}

export function textoEstados(cs: EstadoCredencial[]): string {
  return tabla(
    ['SISTEMA', 'CONFIGURADAS', 'ACTUALIZADAS'],
    cs.map((c) => [
      NOMBRE_SISTEMA[c.sistema] ?? c.sistema,
      c.configuradas ? 'sí' : 'no',
      fecha(c.actualizadas),
    ]),
  );
}

export function textoDetalleEntidad(d: DetalleEntidad): string {
  return (
    `Entidad «${d.entidad.slug}»\n${datosEntidad(d.entidad)}\n` +
    `API keys:\n${textoApiKeys(d.apiKeys)}\n` +
    `Credenciales del Ministerio:\n${textoEstados(d.credenciales)}`
  );
}

export function textoObligados(r: {
  slug: string;
  antes: string[];
  obligados: string[];
  compartidos: string[];
}): string {
  let t = `Obligados a reportar (NIT) de «${r.slug}»: ${lista(r.antes)} → ${lista(r.obligados)}\n`;
  t += 'El NIT del usuario del MUV de la entidad también vale, sin declararlo.\n';
  if (r.compartidos.length)
    t += `NIT compartido (--compartir-nit) con: ${r.compartidos.join(', ')}. Cada entidad radica con sus propias filas; ninguna toma el CUV de un documento que radicó la otra.\n`;
  return t;
}

export function textoPrestadores(r: { slug: string; antes: string[]; prestadores: string[] }): string {
  let t = `Códigos de prestador (REPS) de «${r.slug}»: ${lista(r.antes)} → ${lista(r.prestadores)}\n`;
  t += r.prestadores.length
    ? 'La compuerta local exige que el CODIGO_PRESTADOR de la factura (RVC011) y el codPrestador de cada servicio (RVC012) sean de estos prestadores, como el MUV los compara con el prestador de su usuario.\n'
    : 'Sin códigos declarados, RVC011 y RVC012 no se verifican contra los códigos de la entidad (la validación lo dice en una nota informativa PRE01).\n';
  return t;
}

export function textoModulos(r: { slug: string; antes: string[]; modulos: string[] }): string {
  return `Módulos de «${r.slug}»: ${lista(r.antes)} → ${lista(r.modulos)}\n`;
}

export function textoRevocada(r: {
  entidad: string;
  apiKey: VistaApiKey;
  yaEstabaRevocada: boolean;
}): string {
  return r.yaEstabaRevocada
    ? `La API key ${r.apiKey.prefijo} (id ${r.apiKey.id}) de «${r.entidad}» ya estaba revocada desde ${fecha(r.apiKey.revocada)}.\n`
    : `API key ${r.apiKey.prefijo} (id ${r.apiKey.id}) de «${r.entidad}» revocada.\n`;
}

export function textoCredencialesGuardadas(slug: string, c: EstadoCredencial): string {
  return `Credenciales de ${NOMBRE_SISTEMA[c.sistema]} guardadas (cifradas) para «${slug}» el ${fecha(c.actualizadas)}.\n`;
}

export function textoEstadoCredenciales(r: { entidad: string; credenciales: EstadoCredencial[] }): string {
  return `Credenciales de «${r.entidad}»:\n${textoEstados(r.credenciales)}`;
}

export function textoBorradas(r: { entidad: string; sistema: string; borradas: boolean }): string {
  const sistema = NOMBRE_SISTEMA[r.sistema] ?? r.sistema;
  return r.borradas
    ? `Credenciales de ${sistema} de «${r.entidad}» borradas.\n`
    : `«${r.entidad}» no tenía credenciales de ${sistema}; no se borró nada.\n`;
}

export function textoMigraciones(r: { aplicadas: string[] }): string {
  if (r.aplicadas.length === 0) return 'No había migraciones pendientes; la base de datos está al día.\n';
  return `Migraciones aplicadas (${r.aplicadas.length}):\n${r.aplicadas.map((m) => `  - ${m}\n`).join('')}`;
}

/** Hides the password of connection strings that an unexpected error might quote. */
function sinContrasenas(texto: string): string {
  return texto.replace(/(\w+:\/\/[^:/@\s]*:)[^@\s]*@/g, '$1***@');
}

/** `Error: <mensaje>` plus one line per detail; unexpected errors keep only their message. */
export function textoError(e: unknown): string {
  if (e instanceof ErrorApp) {
    const detalles = e.extras.detalles ?? [];
    return `Error: ${e.message}\n${detalles.map((d) => `  - ${d.campo}: ${d.mensaje}\n`).join('')}`;
  }
  if (e instanceof ConfigError) return `Error de configuración: ${e.message}\n`;
  const mensaje = e instanceof Error ? e.message : String(e);
  return `Error inesperado: ${sinContrasenas(mensaje)}\n`;
}
