import { type GraphQLSchema, isInputObjectType } from 'graphql';
import { Field, Float, InputType, Int } from 'type-graphql';
import { errores } from '../../errores/errores.js';
import { TIPOS_RDA, type TipoRda } from '../tipos.js';
import { campoEntrada, ESQUEMAS_DATOS, type Esquema, nombreEsquema } from './esquemas.js';

/**
 * GraphQL input types of the `datos` model, generated from the JSON Schemas of esquemas.ts (the one
 * source of the model: ajv validation, /openapi.json and these types). Each object schema becomes an
 * input type, registered with type-graphql by applying its decorators as plain functions.
 *
 * Names: the four roots keep the OpenAPI component names (`DatosRdaConsultaExterna`); a nested object
 * used by one RDA type is `DatosRda` + type + property path (`DatosRdaConsultaExternaEncuentro`); one
 * shared by several types is generated once as `DatosRdaComun` + path (`DatosRdaComunPaciente`).
 * The elements of a list take the list's name (`diagnosticos: [DatosRdaComunDiagnosticos!]`).
 */

type Clase = new () => object;
type TipoGql = Clase | typeof String | typeof Boolean | typeof Float | typeof Int | TipoGql[];

export const NOMBRE_ENTRADA = 'DatosRdaEntrada';

const pascal = (s: string) =>
  s
    .split('-')
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join('');

const NOMBRE_GRAPHQL = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** Every object schema reachable from `e`, with its property path (list elements keep the list's). */
function recorrer(e: Esquema, ruta: string[], visitar: (o: Esquema, ruta: string[]) => void): void {
  if (e.type === 'object') {
    visitar(e, ruta);
    for (const [p, s] of Object.entries((e.properties ?? {}) as Record<string, Esquema>))
      recorrer(s, [...ruta, p], visitar);
  } else if (e.type === 'array') recorrer(e.items as Esquema, ruta, visitar);
}

/** Name of each object schema (by identity: a reused sub-schema is one type). */
function nombrar(): Map<Esquema, string> {
  const usos = new Map<Esquema, { tipos: Set<TipoRda>; tipo: TipoRda; ruta: string[] }>();
  for (const tipo of TIPOS_RDA)
    recorrer(ESQUEMAS_DATOS[tipo], [], (o, ruta) => {
      const u = usos.get(o);
      if (u) u.tipos.add(tipo);
      else usos.set(o, { tipos: new Set([tipo]), tipo, ruta });
    });
  const nombres = new Map<Esquema, string>();
  const porNombre = new Map<string, Esquema>();
  for (const [o, u] of usos) {
    const camino = u.ruta.map(pascal).join('');
    const nombre =
      u.ruta.length === 0
        ? nombreEsquema(u.tipo)
        : `${u.tipos.size > 1 ? 'DatosRdaComun' : `DatosRda${pascal(u.tipo)}`}${camino}`;
    // Two different schemas with one name would silently merge in GraphQL: fail at start-up instead.
    if (porNombre.has(nombre) && porNombre.get(nombre) !== o)
      throw new Error(`Dos esquemas de datos RDA distintos generan el tipo GraphQL ${nombre}`);
    porNombre.set(nombre, o);
    nombres.set(o, nombre);
  }
  return nombres;
}

/** Constraints the GraphQL type cannot say (ajv checks them), in words for the description. */
function restricciones(e: Esquema): string | undefined {
  const r: string[] = [];
  const n = (k: string) => (typeof e[k] === 'number' ? (e[k] as number) : undefined);
  if (e.type === 'string') {
    const valores = e.enum as string[] | undefined;
    const desc = String(e.description ?? '');
    if (valores?.some((v) => !desc.includes(v))) r.push(`valores: ${valores.join(', ')}`);
    if (e.pattern === '\\S') r.push('no puede estar en blanco');
    else if (typeof e.pattern === 'string' && !valores) r.push(`patrón ${e.pattern}`);
    const [min, max] = [n('minLength'), n('maxLength')];
    if (min !== undefined && max !== undefined) r.push(`de ${min} a ${max} caracteres`);
    else if (max !== undefined) r.push(`hasta ${max} caracteres`);
    else if (min !== undefined) r.push(`al menos ${min} caracteres`);
  } else if (e.type === 'number' || e.type === 'integer') {
    if (n('exclusiveMinimum') !== undefined) r.push(`mayor que ${n('exclusiveMinimum')}`);
    if (n('minimum') !== undefined) r.push(`desde ${n('minimum')}`);
    if (n('maximum') !== undefined) r.push(`hasta ${n('maximum')}`);
  } else if (e.type === 'array') {
    const [min, max] = [n('minItems'), n('maxItems')];
    if (min !== undefined && max !== undefined) r.push(`de ${min} a ${max} elementos`);
    else if (max !== undefined) r.push(`hasta ${max} elementos`);
    else if (min !== undefined) r.push(`al menos ${min} elemento(s)`);
  }
  return r.length ? `Restricciones: ${r.join('; ')}` : undefined;
}

/** `title`, `description` (with the code list) and the constraints, one Spanish sentence each. */
export function describir(e: Esquema): string {
  const partes = [e.title, e.description, restricciones(e)]
    .filter((x): x is string => typeof x === 'string' && x.trim() !== '')
    .map((x) => x.trim().replace(/\.+$/, ''));
  return `${partes.join('. ')}.`;
}

function generar(): Clase {
  const nombres = nombrar();
  const clases = new Map<Esquema, Clase>();

  const tipoDe = (e: Esquema, donde: string): TipoGql => {
    switch (e.type) {
      case 'string':
        return String;
      case 'integer':
        return Int;
      case 'number':
        return Float;
      case 'boolean':
        return Boolean;
      case 'array':
        return [tipoDe(e.items as Esquema, donde)];
      case 'object':
        return claseDe(e);
      default:
        throw new Error(
          `${donde}: el tipo JSON Schema ${JSON.stringify(e.type)} no tiene equivalente GraphQL`,
        );
    }
  };

  function claseDe(o: Esquema): Clase {
    const hecha = clases.get(o);
    if (hecha) return hecha;
    const nombre = nombres.get(o)!;
    // A named class: type-graphql and stack traces show the GraphQL name.
    const clase = { [nombre]: class {} }[nombre]!;
    clases.set(o, clase);
    const requeridos = new Set((o.required ?? []) as string[]);
    for (const [p, s] of Object.entries((o.properties ?? {}) as Record<string, Esquema>)) {
      if (!NOMBRE_GRAPHQL.test(p)) throw new Error(`${nombre}: «${p}» no es un nombre de campo GraphQL`);
      const tipo = tipoDe(s, `${nombre}.${p}`);
      Field(() => tipo, { nullable: !requeridos.has(p), description: describir(s) })(clase.prototype, p);
    }
    InputType(nombre, { description: describir(o) })(clase);
    return clase;
  }

  const Entrada = { [NOMBRE_ENTRADA]: class {} }[NOMBRE_ENTRADA]!;
  for (const tipo of TIPOS_RDA) {
    const clase = claseDe(ESQUEMAS_DATOS[tipo]);
    Field(() => clase, {
      nullable: true,
      description: `Datos planos del RDA de ${tipo}: envíe este campo para construir un RDA «${tipo}».`,
    })(Entrada.prototype, campoEntrada(tipo));
  }
  InputType(NOMBRE_ENTRADA, {
    description: `Datos planos de un RDA: exactamente uno de ${TIPOS_RDA.map(campoEntrada).join(', ')}; el campo enviado decide el tipo de RDA. Los tipos se generan de los esquemas JSON publicados en /openapi.json (DatosRda*).`,
  })(Entrada);
  return Entrada;
}

/** The argument type of construirRda and transmitirRdaDesdeDatos. */
export const DatosRdaEntrada = generar();

/** What the resolver receives: type-graphql instances of the generated classes. */
export type EntradaDatosRda = Readonly<Record<string, unknown>>;

/**
 * `DatosRdaEntrada` is a OneOf input (`@oneOf`): GraphQL itself refuses zero or two types. type-graphql
 * has no option for it, so the flag is set on the built type (printSchema, introspection and
 * graphql-js validation and coercion read it).
 */
export function conEntradaUnoDe(schema: GraphQLSchema): GraphQLSchema {
  const t = schema.getType(NOMBRE_ENTRADA);
  if (t && isInputObjectType(t)) t.isOneOf = true;
  return schema;
}

/** A value of the input as plain JSON: no class instances, and a null optional field is an absent one. */
function plano(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plano);
  if (typeof v !== 'object' || v === null) return v;
  const r: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) if (x !== null && x !== undefined) r[k] = plano(x);
  return r;
}

/**
 * The RDA type and its flat datos from the input. Exactly one field is required: GraphQL already
 * checks it (`@oneOf`); this check also covers executors that do not (the REST door's compiled one).
 */
export function entradaRda(entrada: EntradaDatosRda): { tipo: TipoRda; datos: Record<string, unknown> } {
  const dados = TIPOS_RDA.filter((t) => entrada[campoEntrada(t)] != null);
  if (dados.length !== 1) {
    const campos = TIPOS_RDA.map(campoEntrada);
    throw errores.entradaInvalida(
      `Envíe en «datos» exactamente uno de ${campos.join(', ')}: el campo enviado decide el tipo de RDA.`,
      [
        {
          campo: 'datos',
          mensaje: dados.length
            ? `Trae ${dados.length}: ${dados.map(campoEntrada).join(', ')}; envíe solo uno.`
            : `No trae ninguno de ${campos.join(', ')}.`,
        },
      ],
    );
  }
  const tipo = dados[0]!;
  return { tipo, datos: plano(entrada[campoEntrada(tipo)]) as Record<string, unknown> };
}
