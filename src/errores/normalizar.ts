import {
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  isEnumType,
  isInputObjectType,
  isScalarType,
} from 'graphql';
import type { Logger } from 'pino';
import { esErrorDeConexion, type MonitorBd } from '../db/monitor.js';
import { resumenError } from '../logger.js';
import { CODIGOS_ERROR, type CodigoError, ErrorApp, errores } from './errores.js';

/** Apollo's (English) refusal of `__schema`/`__type` when introspection is off. */
const INTROSPECCION = /introspection is not allowed/i;

export interface DepsNormalizar {
  monitor: MonitorBd;
  reintentarEnSegundos: number;
  log: Logger;
  /** To name a refused variable's expected type and its allowed values (enums, closed scalars). */
  schema?: GraphQLSchema;
  /** The REST door: an enum's allowed values are listed as REST writes them (`consulta-externa`). */
  rest?: boolean;
}

/** Turns anything thrown while serving a request into a typed ErrorApp (both doors use it). */
export function normalizarError(e: unknown, d: DepsNormalizar): ErrorApp {
  const original = e instanceof GraphQLError && e.originalError ? e.originalError : e;
  if (original instanceof ErrorApp) return original;
  const variable = e instanceof GraphQLError ? errorDeVariable(e, d.schema, d.rest) : undefined;
  if (variable) return variable;
  if (original instanceof GraphQLError) {
    const code = original.extensions?.code;
    if (typeof code === 'string' && code in CODIGOS_ERROR)
      return new ErrorApp(code as CodigoError, original.message);
    if (!original.originalError) return deApollo(original, code, d.schema);
  }
  if (esErrorDeConexion(original)) {
    d.monitor.reportarFallo(original);
    return errores.bdArrancando(d.reintentarEnSegundos);
  }
  d.log.error({ err: resumenError(original) }, 'error interno');
  return errores.interno();
}

/**
 * Apollo's own refusals (parse, validation, persisted queries), in Spanish with a code of ours; the
 * standard `extensions.code` Apollo gave them is kept in the answer (src/graphql/errores-graphql.ts).
 */
function deApollo(e: GraphQLError, code: unknown, schema?: GraphQLSchema): ErrorApp {
  const enumLiteral = enumEnLiteral(e.message, schema);
  if (enumLiteral) return enumLiteral;
  const objetoLiteral = objetoEnLiteral(e.message, schema);
  if (objetoLiteral) return objetoLiteral;
  if (code === 'PERSISTED_QUERY_NOT_FOUND')
    return new ErrorApp(
      'consulta-persistida-no-encontrada',
      'El servicio no tiene guardada la consulta de ese hash (consulta persistida automática): reenvíela con el texto completo de la consulta y el mismo hash.',
    );
  if (INTROSPECCION.test(e.message))
    return new ErrorApp(
      'introspeccion-deshabilitada',
      'La introspección del esquema GraphQL está deshabilitada en este entorno (GRAPHQL_INTROSPECTION). El esquema está en schema/schema.graphql del proyecto.',
    );
  if (e.message === 'provided sha does not match query')
    return errores.entradaInvalida(
      'El hash de extensions.persistedQuery.sha256Hash no es el SHA-256 del texto de la consulta enviada.',
    );
  if (e.message === 'Unsupported persisted query version')
    return errores.entradaInvalida(
      'Versión de consulta persistida no soportada: use extensions.persistedQuery.version 1.',
    );
  return errores.entradaInvalida(`Consulta GraphQL inválida: ${e.message}`);
}

/** graphql-js validation of an input object written in the document (names are the document's tokens). */
const LITERAL_FALTA =
  /^Field "([_A-Za-z]\w{0,63})\.([_A-Za-z]\w{0,63})" of required type "([^"]{1,200})" was not provided\.$/;
const LITERAL_DESCONOCIDO =
  /^Field "([_A-Za-z]\w{0,63})" is not defined by type "([_A-Za-z]\w{0,63})"\.( Did you mean [^?]*\?)?$/;
const LITERAL_UNO_DE = /^OneOf Input Object "([_A-Za-z]\w{0,63})" must specify exactly one key\.$/;
const LITERAL_UNO_DE_NULO = /^Field "([_A-Za-z]\w{0,63})\.([_A-Za-z]\w{0,63})" must be non-null\.$/;

/** The Spanish refusal of an input object literal: a required field missing, an unknown one, @oneOf. */
function objetoEnLiteral(mensaje: string, schema?: GraphQLSchema): ErrorApp | undefined {
  let m = LITERAL_FALTA.exec(mensaje);
  if (m) {
    const tipo = nombreDeTipo(m[3]!.replace(/[[\]!]/g, ''), schema);
    return errores.entradaInvalida(`Falta «${m[2]}» en ${m[1]}: es obligatorio${tipo ? ` (${tipo})` : ''}.`);
  }
  m = LITERAL_DESCONOCIDO.exec(mensaje);
  if (m) {
    const sugeridos = [...(m[3] ?? '').matchAll(/"([_A-Za-z]\w{0,63})"/g)].map((x) => `«${x[1]}»`);
    return errores.entradaInvalida(
      `Campo desconocido: «${m[1]}» no es un campo de ${m[2]}${sugeridos.length ? `; ¿quiso decir ${sugeridos.join(' o ')}?` : ': revise el nombre.'}`,
    );
  }
  m = LITERAL_UNO_DE.exec(mensaje);
  if (m) {
    const t = schema?.getType(m[1]!);
    const campos = t && isInputObjectType(t) ? ` (${Object.keys(t.getFields()).join(', ')})` : '';
    return errores.entradaInvalida(`${m[1]} es @oneOf: envíe exactamente uno de sus campos${campos}.`);
  }
  m = LITERAL_UNO_DE_NULO.exec(mensaje);
  if (m)
    return errores.entradaInvalida(
      `${m[1]} es @oneOf: «${m[2]}», el único campo enviado, no puede ser null.`,
    );
  return undefined;
}

/** graphql-js validation of an enum written in the document: `Value "x" does not exist in "T" enum.` */
const ENUM_INEXISTENTE = /^Value .* does not exist in "([_A-Za-z]\w{0,63})" enum\.(?: Did you mean .*)?$/s;
/** …and of a string where an enum goes: `Enum "T" cannot represent non-enum value: "x".` */
const ENUM_ENTRE_COMILLAS = /^Enum "([_A-Za-z]\w{0,63})" cannot represent non-enum value: /;

/** The Spanish refusal of an enum literal, naming the allowed values (never the received one). */
function enumEnLiteral(mensaje: string, schema?: GraphQLSchema): ErrorApp | undefined {
  const inexistente = ENUM_INEXISTENTE.exec(mensaje);
  const comillas = inexistente ? undefined : ENUM_ENTRE_COMILLAS.exec(mensaje);
  const nombre = (inexistente ?? comillas)?.[1];
  const tipo = nombre ? schema?.getType(nombre) : undefined;
  if (!nombre || !tipo || !isEnumType(tipo)) return undefined;
  const valores = explicarTipo(nombre, tipo, false);
  return errores.entradaInvalida(
    comillas
      ? `${nombre} es un enum: su valor se escribe sin comillas (${valores}).`
      : `Valor inválido para ${nombre} (${valores}).`,
  );
}

// ---------------------------------------------------------------------------------------------
// Variables that failed coercion (graphql-jit and graphql-js wording): the REST field of the same name.

const VARIABLE = /^Variable "\$([_A-Za-z]\w{0,63})" /;
const OBLIGATORIA = /^Variable "\$\w+" of required type "([^"]{1,200})" was not provided\.$/;
const NO_NULA = /^Variable "\$\w+" of non-null type "([^"]{1,200})" must not be null\.$/;
const VALOR_INVALIDO = 'got invalid value ';
/** A leaf type named at the end (graphql-jit: custom scalars and enums; graphql-js leaf coercion). */
const TIPO_AL_FINAL = /; Expected type "?([_A-Za-z]\w{0,63})"?\.$/;
/** graphql-jit's built-in scalars: `V; Expected type Int; Int cannot represent …: V`. */
const TIPO_PRIMITIVO = /; Expected type ([_A-Za-z]\w{0,63}); \1 cannot represent [^:]*: /g;
/** graphql-js enums: `…; Value "x" does not exist in "Estado" enum.` */
const TIPO_ENUM = /does not exist in "([_A-Za-z]\w{0,63})" enum\.(?: Did you mean [^;]*)?$/;
const TIPO_OBJETO = /; Expected type "?([_A-Za-z]\w{0,63})"? to be an object\.$/;

/** What each built-in and general scalar takes, for the client. */
const ESPERADO: Readonly<Record<string, string>> = {
  ID: 'un identificador: texto o número entero',
  String: 'un texto',
  Int: 'un número entero de 32 bits',
  Float: 'un número',
  Boolean: 'true o false',
  JSON: 'un valor JSON',
  JSONObject: 'un objeto JSON',
  DateTimeISO: 'fecha y hora ISO 8601, p. ej. 2025-06-30T10:00:00-05:00',
};

/** Most values listed in a message; the schema documents the rest. */
const MAX_VALORES = 30;

/**
 * The Spanish 400 for a variable whose value the type refused, built from the error's structure only
 * (variable name, expected type, kind of value received): the received value is never echoed, so no
 * text of it (however long, or whatever it holds) reaches the answer, and nothing is String()'d.
 */
export function errorDeVariable(e: GraphQLError, schema?: GraphQLSchema, rest = false): ErrorApp | undefined {
  const m = VARIABLE.exec(e.message);
  if (!m) return undefined;
  const campo = m[1]!;
  const anidado = errorConCausa(e, campo, schema, rest);
  if (anidado) return anidado;
  const resto = e.message.slice(m[0].length);
  const causa = causaConCodigo(e);
  const codigo = causa?.codigo ?? 'entrada-invalida';
  const crear = (mensaje: string) =>
    new ErrorApp(codigo, `El valor recibido en «${campo}» no es válido: ${mensaje}`, {
      detalles: [{ campo, mensaje: mayuscula(mensaje) }],
    });
  const falta = OBLIGATORIA.exec(e.message);
  const nulo = falta ? undefined : NO_NULA.exec(e.message);
  if (falta || nulo) {
    const tipo = nombreDeTipo((falta ?? nulo)![1]!.replace(/[[\]!]/g, ''), schema);
    const mensaje = `${nulo ? 'no puede ser null: ' : ''}es obligatorio${tipo ? ` (${tipo})` : ''}.`;
    return new ErrorApp(
      'entrada-invalida',
      falta ? `Falta «${campo}»: ${mensaje}` : `«${campo}» ${mensaje}`,
      {
        detalles: [{ campo, mensaje: mayuscula(mensaje) }],
      },
    );
  }
  if (!resto.startsWith(VALOR_INVALIDO)) return crear('revise su tipo en el esquema.');
  const valor = resto.slice(VALOR_INVALIDO.length);
  const recibido = claseDeValor(valor);
  const nombre =
    TIPO_AL_FINAL.exec(valor)?.[1] ??
    tipoPrimitivo(valor) ??
    TIPO_ENUM.exec(valor)?.[1] ??
    TIPO_OBJETO.exec(valor)?.[1];
  const tipo = nombre ? schema?.getType(nombre) : undefined;
  const seRecibio = recibido ? `; se recibió ${recibido}` : '';
  if (nombre && (tipo || !schema)) {
    const explicacion = explicarTipo(nombre, tipo, rest);
    if (explicacion) return crear(`se esperaba ${nombre} (${explicacion})${seRecibio}.`);
    if (causa) return crear(`se esperaba ${nombre}; ${sinPunto(causa.mensaje)}.`);
    return crear(`se esperaba ${nombre}${seRecibio}.`);
  }
  return crear(causa ? `${sinPunto(causa.mensaje)}.` : `revise su tipo en el esquema${seRecibio}.`);
}

// graphql-js's refusals (the executor's second look at refused input objects) keep their cause as the
// original error: `Variable "$d" got invalid value V at "d.a[0].b"; <cause>`.
const RUTA_AL_FINAL = / at "([_A-Za-z]\w{0,63}(?:\.[_A-Za-z]\w{0,63}|\[\d{1,9}\]){1,64})"$/;
const FALTA_CAMPO = /^Field "([_A-Za-z]\w{0,63})" of required type "([^"]{1,200})" was not provided\.$/;
const CAMPO_NULO = /^Expected non-nullable type "([^"]{1,200})" not to be null\.$/;
const CAMPO_DESCONOCIDO =
  /^Field "([\s\S]*)" is not defined by type "([_A-Za-z]\w{0,63})"\.( Did you mean [\s\S]*\?)?$/;
const UNO_DE = /^Exactly one key must be specified for OneOf type "([_A-Za-z]\w{0,63})"\.$/;
const UNO_DE_NULO = /^Field "([_A-Za-z]\w{0,63})" must be non-null\.$/;
const NO_ES_OBJETO = /^Expected type "([_A-Za-z]\w{0,63})" to be an object\.$/;
const ESCALAR_RECHAZA = /^(?:([_A-Za-z]\w{0,63}) cannot represent |Expected type "([_A-Za-z]\w{0,63})"\.)/;
const NOMBRE = /^[_A-Za-z]\w{0,63}$/;

/**
 * A value graphql-js refused, named by its whole path (`d.consultaExterna.paciente.tipoDocumento`) and
 * explained from the cause's fixed wording and the schema. The path is read only at the very end of the
 * text before the cause, where a received value cannot imitate it (strings are printed quoted and
 * escaped, objects end in `}`, lists in `]`); field names are echoed only when they are GraphQL names.
 * undefined: not this shape or an unknown cause (errorDeVariable's general reading applies).
 */
function errorConCausa(
  e: GraphQLError,
  variable: string,
  schema: GraphQLSchema | undefined,
  rest: boolean,
): ErrorApp | undefined {
  const causa = e.originalError;
  if (!(causa instanceof Error) || causa instanceof ErrorApp) return undefined;
  const c = causa.message;
  const prefijo = `Variable "$${variable}" got invalid value `;
  if (!e.message.startsWith(prefijo) || !e.message.endsWith(`; ${c}`)) return undefined;
  const cabeza = e.message.slice(0, e.message.length - c.length - 2);
  const r = RUTA_AL_FINAL.exec(cabeza);
  const enRuta = r && /^[.[]/.test(r[1]!.slice(variable.length)) && r[1]!.startsWith(variable);
  const ruta = enRuta ? r[1]! : variable;
  const recibido = claseDeValor(`${cabeza.slice(prefijo.length, enRuta ? r.index : undefined)};`);
  const seRecibio = recibido ? `; se recibió ${recibido}` : '';
  const crear = (campo: string, mensaje: string, error?: string) =>
    new ErrorApp('entrada-invalida', error ?? `El valor recibido en «${campo}» no es válido: ${mensaje}`, {
      detalles: [{ campo, mensaje: mayuscula(mensaje) }],
    });
  const tipoDe = (t: string) => nombreDeTipo(t.replace(/[[\]!]/g, ''), schema);
  let m = FALTA_CAMPO.exec(c);
  if (m) {
    const campo = `${ruta}.${m[1]}`;
    const tipo = tipoDe(m[2]!);
    const mensaje = `es obligatorio${tipo ? ` (${tipo})` : ''}.`;
    return crear(campo, mensaje, `Falta «${campo}»: ${mensaje}`);
  }
  m = CAMPO_NULO.exec(c);
  if (m) {
    const tipo = tipoDe(m[1]!);
    const mensaje = `no puede ser null: es obligatorio${tipo ? ` (${tipo})` : ''}.`;
    return crear(ruta, mensaje, `«${ruta}» ${mensaje}`);
  }
  m = CAMPO_DESCONOCIDO.exec(c);
  if (m) {
    const nombre = NOMBRE.test(m[1]!) ? m[1] : undefined;
    const sugeridos = [...(m[3] ?? '').matchAll(/"([_A-Za-z]\w{0,63})"/g)].map((x) => `«${x[1]}»`);
    const campo = nombre ? `${ruta}.${nombre}` : ruta;
    const mensaje = `${nombre ? `«${nombre}»` : 'uno de los campos recibidos'} no es un campo de ${m[2]}${sugeridos.length ? `; ¿quiso decir ${sugeridos.join(' o ')}?` : ': revise el nombre.'}`;
    return crear(campo, mensaje, `Campo desconocido en «${ruta}»: ${mensaje}`);
  }
  m = UNO_DE.exec(c);
  if (m) {
    const t = schema?.getType(m[1]!);
    const campos = t && isInputObjectType(t) ? Object.keys(t.getFields()) : [];
    const mensaje = `debe traer exactamente uno de sus campos${campos.length ? ` (${campos.join(', ')})` : ''}: ${m[1]} es @oneOf.`;
    return crear(ruta, mensaje);
  }
  m = UNO_DE_NULO.exec(c);
  if (m) return crear(`${ruta}.${m[1]}`, 'no puede ser null: es el único campo enviado de un input @oneOf.');
  m = NO_ES_OBJETO.exec(c);
  if (m) return crear(ruta, `se esperaba ${m[1]} (un objeto)${seRecibio}.`);
  const nombre = ESCALAR_RECHAZA.exec(c)?.slice(1).find(Boolean) ?? TIPO_ENUM.exec(c)?.[1];
  const tipo = nombre ? schema?.getType(nombre) : undefined;
  if (!nombre || (schema && !tipo)) return undefined;
  const explicacion = explicarTipo(nombre, tipo, rest);
  return crear(ruta, `se esperaba ${nombre}${explicacion ? ` (${explicacion})` : ''}${seRecibio}.`);
}

/**
 * The built-in type of `V; Expected type T; T cannot represent …: V`. The value is printed twice, so
 * only the occurrence that splits the text into equal halves is the type (a value imitating the
 * wording is not): one length test per occurrence, one comparison in all.
 */
function tipoPrimitivo(texto: string): string | undefined {
  for (const m of texto.matchAll(TIPO_PRIMITIVO)) {
    const antes = m.index;
    const despues = m.index + m[0].length;
    if (texto.length - despues === antes) return texto.startsWith(texto.slice(despues)) ? m[1] : undefined;
  }
  return undefined;
}

/** Allowed values of an enum or closed scalar, or what a general scalar takes. */
function explicarTipo(nombre: string, tipo: GraphQLNamedType | undefined, rest: boolean): string | undefined {
  let valores: readonly unknown[] | undefined;
  if (tipo && isEnumType(tipo)) valores = tipo.getValues().map((v) => (rest ? v.value : v.name));
  else if (tipo && isScalarType(tipo) && Array.isArray(tipo.extensions?.valores))
    valores = tipo.extensions.valores as unknown[];
  if (valores?.length) {
    const lista = valores.slice(0, MAX_VALORES).map(String).join(', ');
    return `valores: ${lista}${valores.length > MAX_VALORES ? ', …' : ''}`;
  }
  if (tipo && isInputObjectType(tipo)) return 'un objeto';
  return ESPERADO[nombre];
}

/** A type named in a message, only when the schema has it (or there is no schema to ask). */
function nombreDeTipo(nombre: string, schema?: GraphQLSchema): string | undefined {
  if (!/^[_A-Za-z]\w{0,63}$/.test(nombre)) return undefined;
  return !schema || schema.getType(nombre) ? nombre : undefined;
}

/**
 * The kind of value received, read from the first characters of its printed form in the message
 * (graphql-jit and graphql-js print strings as JSON, objects as `{ a: … }`, lists as `[…]`).
 */
function claseDeValor(impreso: string): string | undefined {
  const c = impreso[0];
  if (c === '"') return 'un texto';
  if (c === '{') return 'un objeto';
  if (c === '[') return 'una lista';
  if (/^(?:true|false)[;,]/.test(impreso)) return 'un valor booleano';
  if (/^null[;,]/.test(impreso)) return 'null';
  if (/^-?\d[\d.e+-]*[;,]/i.test(impreso)) return 'un número';
  return undefined;
}

/**
 * The innermost cause that carries one of our codes (a closed scalar's refusal, «cuerpoFlujo» outside
 * REST): its code and its Spanish message, which explains the refusal better than the type alone.
 */
function causaConCodigo(e: GraphQLError): { codigo: CodigoError; mensaje: string } | undefined {
  let hallada: { codigo: CodigoError; mensaje: string } | undefined;
  let x: unknown = e;
  for (let i = 0; i < 8 && x instanceof Error; i++) {
    const code = (x as { extensions?: { code?: unknown } }).extensions?.code;
    if (typeof code === 'string' && code in CODIGOS_ERROR && x !== e)
      hallada = { codigo: code as CodigoError, mensaje: x.message.slice(0, 300) };
    x = (x as { originalError?: unknown }).originalError;
  }
  return hallada;
}

const mayuscula = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
const sinPunto = (t: string) => t.replace(/\.+$/, '');
