import {
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  Kind,
  type OperationDefinitionNode,
  parse,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { pide } from './seleccion.js';

/** The info of the first root field's `serie` selection in `texto`. */
function info(texto: string): GraphQLResolveInfo {
  const doc = parse(texto);
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(
    doc.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  const raiz = op.selectionSet.selections[0]!;
  return { fieldNodes: [raiz], fragments } as unknown as GraphQLResolveInfo;
}

describe('pide', () => {
  it('ve un campo directo, en fragmentos en línea y con nombre (también anidados)', () => {
    expect(pide(info('{ serie { periodo montos { radicado } } }'), 'montos')).toBe(true);
    expect(pide(info('{ serie { periodo } }'), 'montos')).toBe(false);
    expect(pide(info('{ serie { ... on PeriodoRips { montos { radicado } } } }'), 'montos')).toBe(true);
    expect(
      pide(
        info(
          '{ serie { ...A } } fragment A on PeriodoRips { ...B } fragment B on PeriodoRips { montos { radicado } }',
        ),
        'montos',
      ),
    ).toBe(true);
  });

  it('no mira más abajo del nivel pedido ni se enreda en fragmentos repetidos', () => {
    expect(pide(info('{ serie { otro { montos { radicado } } } }'), 'montos')).toBe(false);
    expect(pide(info('{ serie { ...A ...A } } fragment A on PeriodoRips { periodo }'), 'montos')).toBe(false);
  });
});
