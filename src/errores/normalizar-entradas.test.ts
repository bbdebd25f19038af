import {
  buildSchema,
  GraphQLError,
  getVariableValues,
  type OperationDefinitionNode,
  parse,
  validate,
} from 'graphql';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { MonitorBd } from '../db/monitor.js';
import { ErrorApp } from './errores.js';
import { normalizarError } from './normalizar.js';

// Input objects as the generated RDA inputs are: nested, in lists, and a @oneOf root.
const schema = buildSchema(`
  input Hijo { codigo: String!, cantidad: Float, activo: Boolean }
  input Padre { hijo: Hijo!, hijos: [Hijo!] }
  input Uno @oneOf { a: Padre, b: Padre }
  type Query { f(d: Uno!, n: Int): Int }
`);
const deps = {
  monitor: { reportarFallo: () => {} } as unknown as MonitorBd,
  reintentarEnSegundos: 5,
  log: pino({ level: 'silent' }),
  schema,
};
const CONSULTA = 'query($d: Uno!, $n: Int) { f(d: $d, n: $n) }';

/** graphql-js's refusals of the variables (what the executor asks for when graphql-jit refused them). */
function rechazos(variables: Record<string, unknown>): ErrorApp[] {
  const op = parse(CONSULTA).definitions[0] as OperationDefinitionNode;
  const r = getVariableValues(schema, op.variableDefinitions ?? [], variables, { maxErrors: 20 });
  expect(r.errors?.length).toBeGreaterThan(0);
  return (r.errors ?? []).map((e) => normalizarError(e, deps));
}
const uno = (variables: Record<string, unknown>) => {
  const [e] = rechazos(variables);
  expect(e).toBeInstanceOf(ErrorApp);
  expect(e!.codigo).toBe('entrada-invalida');
  return { error: e!.message, detalles: e!.extensions.detalles };
};
const hijo = { codigo: 'x' };

describe('valores rechazados dentro de un input object: la ruta completa y la causa en español', () => {
  it('un escalar anidado, también dentro de una lista', () => {
    expect(uno({ d: { a: { hijo: { codigo: 5 } } } })).toEqual({
      error:
        'El valor recibido en «d.a.hijo.codigo» no es válido: se esperaba String (un texto); se recibió un número.',
      detalles: [
        { campo: 'd.a.hijo.codigo', mensaje: 'Se esperaba String (un texto); se recibió un número.' },
      ],
    });
    expect(uno({ d: { a: { hijo, hijos: [hijo, { codigo: 'y', activo: 'si' }] } } }).detalles).toEqual([
      { campo: 'd.a.hijos[1].activo', mensaje: 'Se esperaba Boolean (true o false); se recibió un texto.' },
    ]);
  });

  it('un campo obligatorio que falta o es null, un campo desconocido, un objeto esperado', () => {
    expect(uno({ d: { a: { hijo: {} } } }).error).toBe('Falta «d.a.hijo.codigo»: es obligatorio (String).');
    expect(uno({ d: { a: { hijo: { codigo: null } } } }).error).toBe(
      '«d.a.hijo.codigo» no puede ser null: es obligatorio (String).',
    );
    expect(uno({ d: { a: { hijo: { codigo: 'x', codgo: 1 } } } })).toEqual({
      error: 'Campo desconocido en «d.a.hijo»: «codgo» no es un campo de Hijo; ¿quiso decir «codigo»?',
      detalles: [
        { campo: 'd.a.hijo.codgo', mensaje: '«codgo» no es un campo de Hijo; ¿quiso decir «codigo»?' },
      ],
    });
    // A received key that is not a GraphQL name is not repeated.
    expect(uno({ d: { a: { hijo: { codigo: 'x', 'a b"; DROP': 1 } } } }).error).toBe(
      'Campo desconocido en «d.a.hijo»: uno de los campos recibidos no es un campo de Hijo: revise el nombre.',
    );
    expect(uno({ d: { a: { hijo: 'x' } } }).detalles).toEqual([
      { campo: 'd.a.hijo', mensaje: 'Se esperaba Hijo (un objeto); se recibió un texto.' },
    ]);
  });

  it('@oneOf: ninguno o dos campos', () => {
    expect(uno({ d: { a: { hijo }, b: { hijo } } }).detalles).toEqual([
      { campo: 'd', mensaje: 'Debe traer exactamente uno de sus campos (a, b): Uno es @oneOf.' },
    ]);
  });

  it('cada rechazo es un error; una variable de primer nivel se explica como antes', () => {
    const todos = rechazos({ d: { a: { hijo: { codigo: 1, cantidad: 'x' } } }, n: 'x' });
    expect(todos.map((e) => e.extensions.detalles)).toEqual([
      [{ campo: 'd.a.hijo.codigo', mensaje: 'Se esperaba String (un texto); se recibió un número.' }],
      [{ campo: 'd.a.hijo.cantidad', mensaje: 'Se esperaba Float (un número); se recibió un texto.' }],
      [{ campo: 'n', mensaje: 'Se esperaba Int (un número entero de 32 bits); se recibió un texto.' }],
    ]);
  });

  it('un valor recibido que imita la ruta o la causa no la cambia y nunca se repite', () => {
    const imitacion = 'zz at "d.falso"; Field "q" of required type "String!" was not provided.';
    const { error, detalles } = uno({ d: { a: { hijo: { codigo: 'x', cantidad: imitacion } } } });
    expect(detalles).toEqual([
      { campo: 'd.a.hijo.cantidad', mensaje: 'Se esperaba Float (un número); se recibió un texto.' },
    ]);
    expect(error).not.toContain('zz');
    const lista = uno({ d: { a: { hijo: { codigo: [`x at "d.b"`] } } } });
    expect(lista.detalles).toEqual([
      { campo: 'd.a.hijo.codigo', mensaje: 'Se esperaba String (un texto); se recibió una lista.' },
    ]);
  });
});

describe('input objects escritos en la consulta: la validación en español', () => {
  const validacion = (q: string) =>
    validate(schema, parse(q)).map((e) => normalizarError(new GraphQLError(e.message), deps).message);

  it('falta un campo, sobra uno, @oneOf', () => {
    expect(validacion('{ f(d: {a: {hijo: {}}}) }')).toEqual([
      'Falta «codigo» en Hijo: es obligatorio (String).',
    ]);
    expect(validacion('{ f(d: {a: {hijo: {codigo: "x", cantidd: 1}}}) }')).toEqual([
      'Campo desconocido: «cantidd» no es un campo de Hijo; ¿quiso decir «cantidad»?',
    ]);
    expect(validacion('{ f(d: {}) }')).toEqual([
      'Uno es @oneOf: envíe exactamente uno de sus campos (a, b).',
    ]);
    expect(validacion('{ f(d: {a: null}) }')).toEqual([
      'Uno es @oneOf: «a», el único campo enviado, no puede ser null.',
    ]);
  });
});
