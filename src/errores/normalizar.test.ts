import {
  execute,
  GraphQLEnumType,
  GraphQLID,
  GraphQLInt,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  validate,
} from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { MonitorBd } from '../db/monitor.js';
import { Enums } from '../graphql/enums.js';
import { ErrorApp } from './errores.js';
import { normalizarError } from './normalizar.js';

// A closed scalar as today, and a real enum as a later issue will make them.
const Color = new GraphQLEnumType({ name: 'Color', values: { ROJO: {}, VERDE: {} } });
// A domain enum as type-graphql builds it: GraphQL names, the seed's values.
const EstadoTransmision = new GraphQLEnumType({
  name: 'EstadoTransmision',
  values: Object.fromEntries(Object.entries(Enums.EstadoTransmision).map(([n, value]) => [n, { value }])),
});
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      eco: {
        type: GraphQLString,
        args: {
          id: { type: GraphQLID },
          texto: { type: GraphQLString },
          limit: { type: GraphQLInt },
          estado: { type: EstadoTransmision },
          color: { type: Color },
        },
        resolve: () => 'ok',
      },
    },
  }),
});

const lineas: string[] = [];
const deps = {
  monitor: { reportarFallo: () => {} } as unknown as MonitorBd,
  reintentarEnSegundos: 5,
  log: pino({ level: 'debug' }, { write: (l: string) => lineas.push(l) }),
  schema,
};

/** The first error of running `query($v: tipo) { eco(campo: $v) }` with graphql-jit (the service's executor). */
async function errorJit(tipo: string, campo: string, valor: unknown, conValor = true) {
  const q = compileQuery(schema, parse(`query($${campo}: ${tipo}) { eco(${campo}: $${campo}) }`));
  if (!isCompiledQuery(q)) throw new Error('no compila');
  const r = await q.query(undefined, {}, conValor ? { [campo]: valor } : {});
  return r.errors![0]!;
}

function normalizado(e: unknown, conSchema = true) {
  const n = normalizarError(e, conSchema ? deps : { ...deps, schema: undefined });
  expect(n).toBeInstanceOf(ErrorApp);
  return n;
}

describe('variables que no cumplen su tipo: 400 en español que nombra la variable', () => {
  it('escalares propios de GraphQL con un objeto, una lista, un booleano o un número', async () => {
    const casos: [string, string, unknown, string][] = [
      ['ID', 'id', {}, 'se esperaba ID (un identificador: texto o número entero); se recibió un objeto.'],
      [
        'ID',
        'id',
        { toString: 1, valueOf: 1 },
        'se esperaba ID (un identificador: texto o número entero); se recibió un objeto.',
      ],
      ['ID', 'id', [1], 'se esperaba ID (un identificador: texto o número entero); se recibió una lista.'],
      ['String', 'texto', false, 'se esperaba String (un texto); se recibió un valor booleano.'],
      ['String', 'texto', 0, 'se esperaba String (un texto); se recibió un número.'],
      [
        'Int',
        'limit',
        { toString: 1 },
        'se esperaba Int (un número entero de 32 bits); se recibió un objeto.',
      ],
      ['Int', 'limit', Number.NaN, 'se esperaba Int (un número entero de 32 bits).'],
      ['Int', 'limit', 2 ** 40, 'se esperaba Int (un número entero de 32 bits); se recibió un número.'],
    ];
    for (const [tipo, campo, valor, mensaje] of casos) {
      const n = normalizado(await errorJit(tipo, campo, valor));
      expect(n.codigo).toBe('entrada-invalida');
      expect(n.message).toBe(`El valor recibido en «${campo}» no es válido: ${mensaje}`);
      expect(n.extras.detalles).toEqual([
        { campo, mensaje: mensaje.charAt(0).toUpperCase() + mensaje.slice(1) },
      ]);
    }
  });

  it('un enum: lista los valores permitidos (nombres GraphQL; en REST, como los escribe REST), sin repetir lo recibido', async () => {
    const estado = normalizado(await errorJit('EstadoTransmision', 'estado', 'xy'));
    expect(estado.message).toBe(
      'El valor recibido en «estado» no es válido: se esperaba EstadoTransmision (valores: GENERADO, VALIDADO, ENVIADO, ACEPTADO, RECHAZADO); se recibió un texto.',
    );
    const rest = normalizarError(await errorJit('EstadoTransmision', 'estado', 'xy'), {
      ...deps,
      rest: true,
    });
    expect(rest.message).toBe(
      'El valor recibido en «estado» no es válido: se esperaba EstadoTransmision (valores: generado, validado, enviado, aceptado, rechazado); se recibió un texto.',
    );
    const color = normalizado(await errorJit('Color', 'color', 'xy'));
    expect(color.message).toBe(
      'El valor recibido en «color» no es válido: se esperaba Color (valores: ROJO, VERDE); se recibió un texto.',
    );
    // graphql-js words an enum's refusal differently: the same answer.
    const js = await execute({
      schema,
      document: parse('query($color: Color) { eco(color: $color) }'),
      variableValues: { color: 'AZUL' },
    });
    expect(normalizado(js.errors![0]).message).toBe(
      'El valor recibido en «color» no es válido: se esperaba Color (valores: ROJO, VERDE); se recibió un texto.',
    );
  });

  it('lo recibido nunca se repite: ni un texto de 1 MiB con datos, ni el que imita el mensaje en inglés', async () => {
    for (const valor of [
      `52345678 ${'x'.repeat(1_048_576)}`,
      '52345678"; Expected type Int; Int cannot represent x: "',
      '52345678; Expected type Boolean.',
    ]) {
      for (const [tipo, campo] of [
        ['EstadoTransmision', 'estado'],
        ['Int', 'limit'],
        ['ID', 'id'],
      ] as const) {
        const n = normalizado(await errorJit(tipo, campo, tipo === 'ID' ? { a: valor } : valor));
        expect(n.message).not.toContain('52345678');
        expect(n.message.length).toBeLessThan(300);
        expect(n.message).toContain(`se esperaba ${tipo} (`);
        expect(JSON.stringify(n.extras)).not.toContain('52345678');
      }
    }
  });

  it('una variable obligatoria que falta o llega null', async () => {
    const falta = normalizado(await errorJit('ID!', 'id', undefined, false));
    expect(falta.message).toBe('Falta «id»: es obligatorio (ID).');
    expect(falta.extras.detalles).toEqual([{ campo: 'id', mensaje: 'Es obligatorio (ID).' }]);
    const nula = normalizado(await errorJit('ID!', 'id', null));
    expect(nula.message).toBe('«id» no puede ser null: es obligatorio (ID).');
  });

  it('un enum mal escrito en el documento: español, con los valores, sin repetir lo escrito', () => {
    const [inexistente] = validate(schema, parse('{ eco(estado: CONSULTA_X) }'));
    expect(normalizado(inexistente).message).toBe(
      'Valor inválido para EstadoTransmision (valores: GENERADO, VALIDADO, ENVIADO, ACEPTADO, RECHAZADO).',
    );
    const [comillas] = validate(schema, parse('{ eco(estado: "enviado") }'));
    expect(normalizado(comillas).message).toBe(
      'EstadoTransmision es un enum: su valor se escribe sin comillas (valores: GENERADO, VALIDADO, ENVIADO, ACEPTADO, RECHAZADO).',
    );
  });

  it('sin esquema a mano, nombra el tipo del mensaje sin listar valores', async () => {
    const n = normalizado(await errorJit('EstadoTransmision', 'estado', 'xy'), false);
    expect(n.message).toBe(
      'El valor recibido en «estado» no es válido: se esperaba EstadoTransmision; se recibió un texto.',
    );
  });

  it('un error inesperado se registra por tipo, código y marcos, y responde interno', () => {
    const desde = lineas.length;
    const n = normalizarError(Object.assign(new Error('insert … CC 52345678'), { code: '23514' }), deps);
    expect(n.codigo).toBe('interno');
    const [l] = lineas.slice(desde).map((x) => JSON.parse(x));
    expect(l.msg).toBe('error interno');
    expect(l.err.codigo).toBe('23514');
    expect(JSON.stringify(l)).not.toContain('52345678');
  });
});
