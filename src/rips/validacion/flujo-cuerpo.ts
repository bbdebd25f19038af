import { GraphQLError, GraphQLScalarType } from 'graphql';

/** The body as one text (small bodies) or as its text chunks. */
export type CuerpoAbierto = { texto: string } | { textos: AsyncIterable<string> };

/** A REST request body being read, as text chunks (inflated and decoded). */
export class FlujoCuerpo {
  private leido: AsyncIterable<string> | undefined;
  /**
   * `textos` may be given as a function: the streaming reader is then built on first use, so a small
   * body read whole (`abrir`) never builds it (a Readable and two generators per request, issue 34).
   */
  constructor(
    private readonly fuente: AsyncIterable<string> | (() => AsyncIterable<string>),
    /** The same body again, from the bytes kept as received (compressed, when it came compressed). */
    readonly releer: () => AsyncIterable<string>,
    /**
     * The whole body as one text when its inflated size is at most `hasta` bytes, else its chunks
     * (then read from the kept bytes if the try consumed the request). By default, the chunks.
     */
    readonly abrir: (hasta: number) => Promise<CuerpoAbierto> = async () => ({ textos: this.textos }),
  ) {}

  /** The body's text chunks as they arrive (the same object on every read). */
  get textos(): AsyncIterable<string> {
    this.leido ??= typeof this.fuente === 'function' ? this.fuente() : this.fuente;
    return this.leido;
  }
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
