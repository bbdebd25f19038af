import { GraphQLError, GraphQLScalarType } from 'graphql';

/** A REST request body being read, as text chunks (inflated and decoded). */
export class FlujoCuerpo {
  constructor(
    readonly textos: AsyncIterable<string>,
    /** The same body again, from the bytes kept as received (compressed, when it came compressed). */
    readonly releer: () => AsyncIterable<string>,
  ) {}
}

const soloRest = () =>
  new GraphQLError('«cuerpoFlujo» lo usa solo la API REST; en GraphQL envíe «rips» o «ripsTexto».', {
    extensions: { code: 'entrada-invalida' },
  });

/**
 * In-process only: how the REST route hands its request body to the same resolver without
 * reading it first (like an upload scalar). GraphQL clients cannot produce it.
 */
export const EscalarFlujoCuerpo = new GraphQLScalarType<FlujoCuerpo, never>({
  name: 'FlujoCuerpo',
  description:
    'Cuerpo REST {rips, fechaEvaluacion, xmlFevFile} leído mientras llega (solo lo produce la ruta REST)',
  parseValue: (v) => {
    if (v instanceof FlujoCuerpo) return v;
    throw soloRest();
  },
  parseLiteral: () => {
    throw soloRest();
  },
  serialize: () => {
    throw soloRest();
  },
});
