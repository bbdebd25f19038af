import 'reflect-metadata';
import { type ExecutionResult, type GraphQLSchema, parse, subscribe } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { BusFalso, eventoDePrueba } from '../../test/bus-falso.js';
import { permisosEfectivos } from '../auth/permisos.js';
import type { Modulo } from '../entidades/valores.js';
import type { Contexto } from '../graphql/contexto.js';
import { construirSchema, schemaPublico } from '../graphql/schema.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const T = '00000000-0000-4000-8000-000000000001';
const OTRA = '00000000-0000-4000-8000-000000000002';

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = schemaPublico(await construirSchema());
});

/** A context with the fake bus and an EntityManager that knows one transmission (T) of entity A. */
function contexto(bus: BusFalso, modulos: Modulo[] | null = ['rips', 'rda']): Contexto {
  const auth = modulos && {
    entidad: { id: A, slug: 'a', modulos },
    entidadId: A,
    modulos,
    identidad: { tipo: 'api-key', apiKeyId: 'k', prefijo: 'rda_x' },
    permisos: permisosEfectivos('api-key', modulos),
  };
  const em = {
    findOne: async (_clase: unknown, f: { id: string; entidad: string }) =>
      f.id === T && f.entidad === A ? { id: T } : null,
  };
  return { auth, em, servicios: { eventos: bus } } as unknown as Contexto;
}

async function suscribir(ctx: Contexto, query: string, variables?: Record<string, unknown>) {
  return subscribe({ schema, document: parse(query), contextValue: ctx, variableValues: variables });
}

const esFlujo = (r: unknown): r is AsyncGenerator<ExecutionResult> =>
  !!r && typeof (r as AsyncGenerator)[Symbol.asyncIterator] === 'function';

const DATOS_TRANSMISION = {
  id: T,
  tipo: 'consulta-externa',
  estado: 'aceptado',
  estadoAnterior: 'enviado',
  estadoActual: 'aceptado',
  evento: 'aceptado',
  secuencia: 8,
  intento: 3,
  statusUpstream: 200,
  origen: 'datos',
  vida: '123456',
  compositionId: 'c-1',
  intentos: 3,
  reintentosAgotados: false,
  siguienteIntentoEn: null,
  fecha: '2026-11-28T10:00:00.123456+00:00',
};

describe('suscripciones GraphQL (bus falso)', () => {
  it('transmisionesDeLaEntidad: datos tipados con nombres de enum, filtro por estado, solo su entidad', async () => {
    const bus = new BusFalso();
    const r = await suscribir(
      contexto(bus),
      'subscription { transmisionesDeLaEntidad(estados: [ACEPTADO]) { id tipo fecha datos { id tipo estado estadoAnterior evento intento statusUpstream vida origen fecha siguienteIntentoEn } } }',
    );
    if (!esFlujo(r)) throw new Error(JSON.stringify(r));
    bus.publicar(eventoDePrueba(A, 'transmision.enviado', T, { ...DATOS_TRANSMISION, estado: 'enviado' }));
    bus.publicar(eventoDePrueba(B, 'transmision.aceptado', OTRA, DATOS_TRANSMISION));
    bus.publicar(eventoDePrueba(A, 'radicacion.radicado', OTRA, { estado: 'aceptado' }));
    const e = eventoDePrueba(A, 'transmision.aceptado', T, DATOS_TRANSMISION);
    bus.publicar(e);
    const { value } = await r.next();
    expect(value).toEqual({
      data: {
        transmisionesDeLaEntidad: {
          id: e.id,
          tipo: 'TRANSMISION_ACEPTADO',
          fecha: '2026-11-28T10:00:00.000Z',
          datos: {
            id: T,
            tipo: 'CONSULTA_EXTERNA',
            estado: 'ACEPTADO',
            estadoAnterior: 'ENVIADO',
            evento: 'ACEPTADO',
            intento: 3,
            statusUpstream: 200,
            vida: '123456',
            origen: 'DATOS',
            fecha: '2026-11-28T10:00:00.123Z',
            siguienteIntentoEn: null,
          },
        },
      },
    });
    await r.return(undefined);
    expect(bus.suscritos.size).toBe(0);
  });

  it('radicacionesDeLaEntidad: el resultado de la radicación con sus campos públicos', async () => {
    const bus = new BusFalso();
    const r = await suscribir(
      contexto(bus),
      'subscription { radicacionesDeLaEntidad { tipo datos { id estado numFactura tipoNota operacion cuv procesoId nErrores fechaRadicacion } } }',
    );
    if (!esFlujo(r)) throw new Error(JSON.stringify(r));
    bus.publicar(eventoDePrueba(A, 'transmision.aceptado', T, DATOS_TRANSMISION));
    bus.publicar(
      eventoDePrueba(A, 'radicacion.rechazado-local', OTRA, {
        id: OTRA,
        estado: 'rechazado-local',
        numFactura: 'FE-1',
        numDocumentoIdObligado: '900123456',
        tipoNota: null,
        numNota: null,
        // The operation tells a capitation invoice from an ordinary one (both have tipoNota null).
        operacion: 'CargarCapitaPeriodo',
        cuv: null,
        procesoId: null,
        fechaRadicacion: null,
        nErrores: 2,
        nAvisos: 0,
        createdAt: '2026-11-28T10:00:00+00:00',
      }),
    );
    expect((await r.next()).value).toEqual({
      data: {
        radicacionesDeLaEntidad: {
          tipo: 'RADICACION_RECHAZADO_LOCAL',
          datos: {
            id: OTRA,
            estado: 'RECHAZADO_LOCAL',
            numFactura: 'FE-1',
            tipoNota: null,
            operacion: 'CargarCapitaPeriodo',
            cuv: null,
            procesoId: null,
            nErrores: 2,
            fechaRadicacion: null,
          },
        },
      },
    });
    await r.return(undefined);
  });

  it('transmisionActualizada: solo los eventos de esa transmisión; una ajena → no-encontrado y sin baja pendiente', async () => {
    const bus = new BusFalso();
    const q = 'subscription($id: ID!) { transmisionActualizada(id: $id) { datos { id estado } } }';
    const ajena = await suscribir(contexto(bus), q, { id: OTRA });
    expect(esFlujo(ajena)).toBe(false);
    expect((ajena as ExecutionResult).errors?.[0]).toMatchObject({
      message: 'La transmisión no existe.',
      extensions: { code: 'no-encontrado' },
    });
    expect(bus.suscritos.size).toBe(0);

    const r = await suscribir(contexto(bus), q, { id: T });
    if (!esFlujo(r)) throw new Error(JSON.stringify(r));
    bus.publicar(eventoDePrueba(A, 'transmision.aceptado', OTRA, { ...DATOS_TRANSMISION, id: OTRA }));
    bus.publicar(eventoDePrueba(A, 'transmision.aceptado', T, DATOS_TRANSMISION));
    expect((await r.next()).value).toEqual({
      data: { transmisionActualizada: { datos: { id: T, estado: 'ACEPTADO' } } },
    });
    await r.return(undefined);
  });

  it('el escudo corre al suscribirse: sin credencial o sin el módulo no se toca el bus', async () => {
    const bus = new BusFalso();
    const sinModulo = await suscribir(
      contexto(bus, ['rips']),
      'subscription { transmisionesDeLaEntidad { id } }',
    );
    expect((sinModulo as ExecutionResult).errors?.[0]).toMatchObject({
      extensions: { code: 'modulo-no-contratado', modulo: 'rda' },
    });
    const sinAuth = await suscribir(contexto(bus, null), 'subscription { radicacionesDeLaEntidad { id } }');
    expect((sinAuth as ExecutionResult).errors?.[0]).toMatchObject({
      extensions: { code: 'no-autenticado' },
    });
    expect(bus.suscritos.size).toBe(0);
  });
});
