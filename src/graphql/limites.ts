import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import {
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLError,
  type GraphQLSchema,
  Kind,
  Lexer,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  Source,
  type Token,
  TokenKind,
  TypeInfo,
  type ValidationContext,
  type ValidationRule,
  validate,
  visit,
  visitWithTypeInfo,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import type { LimitesGraphql } from '../config.js';
import { type ErrorApp, errores } from '../errores/errores.js';
import { MAX_PROFUNDIDAD_JSON, mensajeProblemaJson, revisarJson } from '../http/json-seguro.js';
import { MAX_PRIMERO } from './conexion.js';

/**
 * Root fields whose resolver calls the MUV, the IHCE or the official validator, checks a whole
 * document or sends a webhook's test POST: each may run at most `maxCampoCostoso` times in one
 * operation (aliases would otherwise turn one request into a thousand upstream calls). The reason
 * completes the refusal's message.
 */
export const CAMPOS_COSTOSOS: Readonly<Record<string, string>> = {
  'Mutation.radicarRips': 'radica ante el MUV',
  'Query.verificarCuv': 'consulta el MUV (ConsultarCUV)',
  'Mutation.transmitirRda': 'transmite a la IHCE',
  'Mutation.transmitirRdaDesdeDatos': 'transmite a la IHCE',
  'Mutation.consultarRda': 'consulta la IHCE',
  'Query.documentoIhce': 'consulta la IHCE ($document)',
  'Query.validarRdaOficial': 'usa el validador oficial HL7',
  'Query.validarRips': 'valida un RIPS completo',
  'Query.validarRda': 'valida un RDA completo',
  'Query.construirRda': 'construye y valida un RDA completo',
  'Mutation.probarWebhook': 'envía un POST de prueba al receptor del webhook',
};

/**
 * Brackets, braces and parentheses open at once. graphql-js parses recursively (about 2,000 nested
 * list literals overflow the stack); this bound is checked by the lexer, which does not recurse.
 */
export const MAX_ANIDAMIENTO = 128;

/** Longest document text whose acceptance is remembered. */
const MAX_TEXTO_RECORDADO = 16 * 1024;

/** Why a document was refused (the metric's label). */
export type MotivoLimite =
  | 'tokens'
  | 'anidamiento'
  | 'alias'
  | 'profundidad'
  | 'costo'
  | 'directivas'
  | 'campo-costoso'
  | 'literal';

export interface Rechazo {
  /** The limit reached (the metric's label); none when the text itself is refused (NUL, lone surrogate). */
  motivo?: MotivoLimite;
  error: ErrorApp;
}

/** A string written in the document whose value PostgreSQL could never store. */
export interface TextoProhibido {
  cual: 'nulo' | 'sustituto';
  linea: number;
  columna: number;
  /** The argument or input field it is the value of, when written as `nombre: "…"`. */
  nombre?: string;
}

const ABREN: ReadonlySet<string> = new Set([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CIERRAN: ReadonlySet<string> = new Set([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

const SUSTITUTO_SUELTO = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** NUL or a lone surrogate in a string's value (the lexer has already decoded its escapes). */
function caracterProhibido(valor: string): TextoProhibido['cual'] | undefined {
  if (valor.includes('\u0000')) return 'nulo';
  return SUSTITUTO_SUELTO.test(valor) ? 'sustituto' : undefined;
}

/**
 * One pass of the lexer over the text, stopping at the first limit reached or at the first string
 * value holding NUL or a lone surrogate (`"\u0000"` written in the document: the JSON body that carries
 * it has only `\\u0000`, which the body check rightly lets through). A lexical error is left to Apollo,
 * which reports it as usual (its parser stops at the same place, within these bounds).
 */
export function escanear(texto: string, maxTokens: number): MotivoLimite | TextoProhibido | undefined {
  const lexer = new Lexer(new Source(texto));
  let tokens = 0;
  let nivel = 0;
  // The two tokens before the current one: `nombre :` names the value that follows.
  let antes: Token | undefined;
  let anterior: Token | undefined;
  try {
    for (let t = lexer.advance(); t.kind !== TokenKind.EOF; t = lexer.advance()) {
      if (++tokens > maxTokens) return 'tokens';
      if (ABREN.has(t.kind)) {
        if (++nivel > MAX_ANIDAMIENTO) return 'anidamiento';
      } else if (CIERRAN.has(t.kind)) nivel--;
      else if ((t.kind === TokenKind.STRING || t.kind === TokenKind.BLOCK_STRING) && t.value) {
        const cual = caracterProhibido(t.value);
        if (cual) {
          const nombrado = anterior?.kind === TokenKind.COLON && antes?.kind === TokenKind.NAME;
          return {
            cual,
            linea: t.line,
            columna: t.column,
            ...(nombrado && antes?.value ? { nombre: antes.value.slice(0, 64) } : {}),
          };
        }
      }
      antes = anterior;
      anterior = t;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** The Spanish refusal of a document with NUL or a lone surrogate in a string (as the JSON body check words it). */
export function mensajeTextoProhibido(p: TextoProhibido): string {
  const que =
    p.cual === 'nulo'
      ? 'el carácter nulo (\\u0000)'
      : 'un sustituto UTF-16 suelto (\\ud800–\\udfff sin su par)';
  const donde = `${p.nombre ? ` en «${p.nombre}»` : ''} (línea ${p.linea}, columna ${p.columna})`;
  return `La consulta GraphQL contiene ${que}${donde}: no es texto válido y no puede guardarse. Quítelo en el sistema de origen.`;
}

/**
 * Response keys of the fields an operation selects at its root, by field name, fragments included.
 * A response key runs its field once however often it is repeated, so keys are what is counted.
 */
export function camposRaiz(
  operacion: OperationDefinitionNode,
  fragmentos: ReadonlyMap<string, FragmentDefinitionNode>,
): Map<string, Set<string>> {
  const porCampo = new Map<string, Set<string>>();
  const vistos = new Set<string>();
  // Iterative: a long chain of fragments must not recurse.
  const pendientes: SelectionSetNode[] = [operacion.selectionSet];
  for (let ss = pendientes.pop(); ss; ss = pendientes.pop()) {
    for (const s of ss.selections) {
      if (s.kind === Kind.FIELD) {
        const claves = porCampo.get(s.name.value) ?? new Set<string>();
        porCampo.set(s.name.value, claves);
        claves.add(s.alias?.value ?? s.name.value);
      } else if (s.kind === Kind.INLINE_FRAGMENT) pendientes.push(s.selectionSet);
      else if (!vistos.has(s.name.value)) {
        vistos.add(s.name.value);
        const f = fragmentos.get(s.name.value);
        if (f) pendientes.push(f.selectionSet);
      }
    }
  }
  return porCampo;
}

/** Each operation may run each costly root field at most `maximo` times. */
function reglaCamposCostosos(maximo: number, reportar: (r: Rechazo) => void): ValidationRule {
  return (ctx: ValidationContext): ASTVisitor => ({
    OperationDefinition(op) {
      const raiz = ctx.getSchema().getRootType(op.operation)?.name;
      if (!raiz) return;
      const fragmentos = new Map<string, FragmentDefinitionNode>();
      for (const d of ctx.getDocument().definitions)
        if (d.kind === Kind.FRAGMENT_DEFINITION) fragmentos.set(d.name.value, d);
      for (const [campo, claves] of camposRaiz(op, fragmentos)) {
        const razon = CAMPOS_COSTOSOS[`${raiz}.${campo}`];
        if (razon && claves.size > maximo) {
          reportar({
            motivo: 'campo-costoso',
            error: errores.consultaDemasiadoCompleja(
              `El campo «${campo}» aparece ${claves.size} veces en la operación y cada vez ${razon}: el máximo es ${maximo} por operación (GRAPHQL_MAX_EXPENSIVE_FIELD). Envíe una solicitud por documento.`,
            ),
          });
          return;
        }
      }
    },
  });
}

/** Object and list literals written in the document: as deep as a JSON body may be, no deeper. */
function reglaLiterales(reportar: (r: Rechazo) => void): ValidationRule {
  return (): ASTVisitor => {
    let nivel = 0;
    let maximo = 0;
    const entrar = () => {
      nivel++;
      if (nivel > maximo) maximo = nivel;
    };
    const salir = () => {
      nivel--;
    };
    return {
      ListValue: { enter: entrar, leave: salir },
      ObjectValue: { enter: entrar, leave: salir },
      Document: {
        leave() {
          if (maximo > MAX_PROFUNDIDAD_JSON)
            reportar({
              motivo: 'literal',
              error: errores.consultaDemasiadoCompleja(
                `Un valor escrito en la consulta anida objetos o listas a ${maximo} niveles; el máximo es ${MAX_PROFUNDIDAD_JSON}. Envíe los datos en variables.`,
              ),
            });
        },
      },
    };
  };
}

/**
 * The cost rule multiplies a connection's selection by its `first` only when the document writes it
 * as a number. A page size set by a variable (any value up to the maximum, chosen per request) is
 * counted as the maximum, and an omitted one as the argument's default: the same document costs the
 * same whatever its variables, so a variable cannot carry a page past the limit.
 */
export function conTamanosDePagina(documento: DocumentNode, schema: GraphQLSchema): DocumentNode {
  const info = new TypeInfo(schema);
  return visit(
    documento,
    visitWithTypeInfo(info, {
      Field(campo: FieldNode) {
        const arg = info.getFieldDef()?.args.find((a) => a.name === 'first');
        if (!arg) return undefined;
        const dado = campo.arguments?.find((a) => a.name.value === 'first');
        if (dado?.value.kind === Kind.INT) return undefined;
        const n = !dado && typeof arg.defaultValue === 'number' ? arg.defaultValue : MAX_PRIMERO;
        return {
          ...campo,
          arguments: [
            ...(campo.arguments ?? []).filter((a) => a.name.value !== 'first'),
            {
              kind: Kind.ARGUMENT,
              name: { kind: Kind.NAME, value: 'first' },
              value: { kind: Kind.INT, value: String(n) },
            },
          ],
        };
      },
    }),
  );
}

/** The figure graphql-armor found, read from its (English) message. */
function hallado(e: GraphQLError): number {
  const m = /found (\d+(?:\.\d+)?)/.exec(e.message);
  return m ? Math.ceil(Number(m[1])) : Number.NaN;
}

/**
 * The document limits of one GraphQL request, checked on its text after authentication and before
 * Apollo parses, validates or runs it: a refused document costs one lexer pass and, at most, one
 * parse and a walk of its tree, never graphql-js's validation (whose overlapping-fields rule is
 * quadratic in repeated fields) nor any resolver.
 */
export class LimitesOperacion {
  /**
   * Texts already found within the limits (clients repeat the same few operations): about 0.2 ms of
   * lexing, parsing and walking saved per request. Long texts are not kept.
   */
  private readonly aceptados = new LRUCache<string, true>({ max: 500 });

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly limites: LimitesGraphql,
  ) {
    const faltan = Object.keys(CAMPOS_COSTOSOS).filter((c) => {
      const [tipo, campo] = c.split('.') as [string, string];
      const t = tipo === 'Query' ? schema.getQueryType() : schema.getMutationType();
      return !t?.getFields()[campo];
    });
    // A renamed field would silently lose its cap.
    if (faltan.length)
      throw new Error(`CAMPOS_COSTOSOS nombra campos que el esquema no tiene: ${faltan.join(', ')}`);
  }

  /** The refusal of the document's text, or undefined when it is within the limits (or not GraphQL at all). */
  verificar(texto: string): Rechazo | undefined {
    if (this.aceptados.has(texto)) return undefined;
    const r = this.revisar(texto);
    if (!r && texto.length <= MAX_TEXTO_RECORDADO) this.aceptados.set(texto, true);
    return r;
  }

  private revisar(texto: string): Rechazo | undefined {
    const l = this.limites;
    const escaneo = escanear(texto, l.maxTokens);
    if (typeof escaneo === 'object')
      return { error: errores.entradaInvalida(mensajeTextoProhibido(escaneo)) };
    if (escaneo === 'tokens')
      return {
        motivo: 'tokens',
        error: errores.consultaDemasiadoCompleja(
          `La consulta GraphQL tiene más de ${l.maxTokens} elementos léxicos (GRAPHQL_MAX_TOKENS). Envíe los datos en variables, no escritos en la consulta.`,
        ),
      };
    if (escaneo === 'anidamiento')
      return {
        motivo: 'anidamiento',
        error: errores.consultaDemasiadoCompleja(
          `La consulta GraphQL abre más de ${MAX_ANIDAMIENTO} llaves, corchetes o paréntesis anidados.`,
        ),
      };
    let documento: DocumentNode;
    try {
      documento = parse(texto, { maxTokens: l.maxTokens, noLocation: true });
    } catch {
      // A syntax error: Apollo reports it in its usual form.
      return undefined;
    }
    let rechazo: Rechazo | undefined;
    const reportar = (r: Rechazo) => {
      rechazo ??= r;
    };
    const deArmor =
      (motivo: MotivoLimite, mensaje: (n: number) => string) => (_ctx: unknown, e: GraphQLError) =>
        reportar({ motivo, error: errores.consultaDemasiadoCompleja(mensaje(hallado(e))) });
    const comun = { propagateOnRejection: false, exposeLimits: true };
    const reglas: ValidationRule[] = [
      reglaCamposCostosos(l.maxCampoCostoso, reportar),
      maxAliasesRule({
        ...comun,
        n: l.maxAlias,
        onReject: [
          deArmor(
            'alias',
            (n) => `La operación usa ${n} alias; el máximo es ${l.maxAlias} (GRAPHQL_MAX_ALIASES).`,
          ),
        ],
      }),
      maxDepthRule({
        ...comun,
        n: l.maxProfundidad,
        flattenFragments: true,
        onReject: [
          deArmor(
            'profundidad',
            (n) =>
              `La operación anida campos a ${n} niveles; el máximo es ${l.maxProfundidad} (GRAPHQL_MAX_DEPTH).`,
          ),
        ],
      }),
      costLimitRule({
        ...comun,
        maxCost: l.maxCosto,
        flattenFragments: true,
        onReject: [
          deArmor(
            'costo',
            (n) =>
              `La operación es demasiado costosa (costo ${n}; el máximo es ${l.maxCosto}, GRAPHQL_MAX_COST): pida menos campos o divídala en varias solicitudes.`,
          ),
        ],
      }),
      maxDirectivesRule({
        ...comun,
        n: l.maxDirectivas,
        onReject: [
          deArmor(
            'directivas',
            (n) =>
              `La operación usa ${n} directivas; el máximo es ${l.maxDirectivas} (GRAPHQL_MAX_DIRECTIVES).`,
          ),
        ],
      }),
      reglaLiterales(reportar),
    ];
    try {
      validate(this.schema, conTamanosDePagina(documento, this.schema), reglas);
    } catch {
      // Within the bounds above nothing here recurses far; should anything still fail, refuse.
      return {
        motivo: 'anidamiento',
        error: errores.consultaDemasiadoCompleja(
          'La consulta GraphQL es demasiado compleja para analizarla.',
        ),
      };
    }
    return rechazo;
  }
}

/** What a request to /graphql carries: the document's text and, on GET, the variables as text. */
export function consultaDeSolicitud(req: { method: string; body?: unknown; query?: unknown }): {
  texto?: string;
  variablesGet?: string;
} {
  if (req.method === 'GET') {
    const q = (req.query ?? {}) as Record<string, unknown>;
    return {
      texto: typeof q.query === 'string' ? q.query : undefined,
      variablesGet: typeof q.variables === 'string' ? q.variables : undefined,
    };
  }
  const b = req.body;
  if (b && typeof b === 'object' && !Array.isArray(b)) {
    const q = (b as Record<string, unknown>).query;
    return { texto: typeof q === 'string' ? q : undefined };
  }
  return {};
}

/**
 * GET variables arrive in the query string, not through the JSON body checks: the same depth,
 * NUL and surrogate rules apply to them here (wrapped, so a message names «variables.x»).
 */
export function problemaVariablesGet(variables: string): ErrorApp | undefined {
  const p = revisarJson(Buffer.from(`{"variables":${variables}}`, 'utf8'), MAX_PROFUNDIDAD_JSON + 1);
  if (!p) return undefined;
  if (p.tipo === 'profundidad')
    return errores.entradaInvalida(
      `El parámetro variables anida más de ${MAX_PROFUNDIDAD_JSON} niveles de objetos o arreglos.`,
    );
  return errores.entradaInvalida(mensajeProblemaJson(p).replace(/^El cuerpo JSON/, 'El parámetro variables'));
}
