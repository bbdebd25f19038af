/**
 * Typed uses of the published operations: an example for integrators, and what
 * test/cliente-tipado.e2e.test.ts compiles against a client generated from live introspection.
 * Nothing here runs at import.
 */
import { print } from 'graphql';
import { createClient } from 'graphql-ws';
import { ejecutar } from './ejecutar.js';
import {
  type AlcanceConsultaRda,
  ConstruirRdaDocument,
  ConsultarRdaDocument,
  type DatosRdaEntrada,
  type EstadoRadicacion,
  type EstadoTransmision,
  type Fuente,
  type Modulo,
  type OrigenTransmision,
  type Permiso,
  RadicacionesDocument,
  type RadicacionesQuery,
  RadicarRipsDocument,
  ResumenDocument,
  type Rol,
  SesionDocument,
  type Severidad,
  type SeveridadHl7,
  type SeveridadIssue,
  type TipoEntidad,
  type TipoEventoDominio,
  type TipoEventoTransmision,
  type TipoIdentidad,
  type TipoNota,
  type TipoRadicacion,
  type TipoRda,
  type TipoServicio,
  TransmisionActualizadaDocument,
  type TransmisionActualizadaSubscription,
  TransmisionesDocument,
  TransmitirRdaDesdeDatosDocument,
  ValidarRdaOficialDocument,
  ValidarRipsDocument,
} from './generated/graphql.js';

/** True only for a closed union of string literals: neither `string` nor `unknown`/`any`. */
type Cerrado<T> = unknown extends T ? false : string extends T ? false : T extends string ? true : false;

// Every domain enum is a closed union in the generated client.
export const enumsCerrados: [
  Cerrado<Modulo>,
  Cerrado<TipoEntidad>,
  Cerrado<Rol>,
  Cerrado<Permiso>,
  Cerrado<TipoIdentidad>,
  Cerrado<Severidad>,
  Cerrado<Fuente>,
  Cerrado<TipoServicio>,
  Cerrado<EstadoTransmision>,
  Cerrado<TipoEventoTransmision>,
  Cerrado<AlcanceConsultaRda>,
  Cerrado<TipoRda>,
  Cerrado<EstadoRadicacion>,
  Cerrado<TipoNota>,
  Cerrado<OrigenTransmision>,
  Cerrado<SeveridadIssue>,
  Cerrado<SeveridadHl7>,
  Cerrado<TipoRadicacion>,
  Cerrado<TipoEventoDominio>,
] = [
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
  true,
];

export const tipo: TipoRda = 'CONSULTA_EXTERNA';
// @ts-expect-error REST's spelling is not a GraphQL enum value
export const tipoRest: TipoRda = 'consulta-externa';

// The `datos` model is typed: exactly the shape of one RDA type.
// @ts-expect-error a consultation without its required fields does not compile
export const datosIncompletos: DatosRdaEntrada = { consultaExterna: {} };
// @ts-expect-error an unknown RDA type does not compile
export const datosDesconocidos: DatosRdaEntrada = { odontologia: {} };

export async function ejemplos(url: string, clave: string, datos: DatosRdaEntrada): Promise<string[]> {
  const h = { 'X-Api-Key': clave };
  const vistos: string[] = [];

  const { sesion } = await ejecutar(url, SesionDocument, {}, h);
  const permisos: Permiso[] = sesion.permisos;
  const rol: Rol | null = sesion.identidad.rol;
  vistos.push(...permisos, rol ?? '', sesion.entidad.tipoEntidad, sesion.identidad.tipo);

  // Validation: blocking findings, warnings and notes come apart, each finding typed.
  const v = await ejecutar(url, ValidarRipsDocument, { ripsTexto: '{}' }, h);
  for (const e of v.validarRips.errores) {
    const s: Severidad = e.severidad;
    const f: Fuente = e.fuente;
    const ts: TipoServicio | null = e.ubicacion.tipoServicio;
    vistos.push(s, f, ts ?? '', e.comoCorregir);
  }
  const compacta: SeveridadIssue | undefined = v.validarRips.issues[0]?.severity;
  vistos.push(compacta ?? '', String(v.validarRips.avisos.length + v.validarRips.informativos.length));

  // Filing: the filing and the per-call flag apart (a normalised cache keeps the entity clean).
  const r = await ejecutar(url, RadicarRipsDocument, { rips: {} }, h);
  const estado: EstadoRadicacion = r.radicarRips.radicacion.estado;
  vistos.push(estado, String(r.radicarRips.repetida));

  // Connections: cursor pages with filters by state and date.
  let after: string | null = null;
  do {
    const p: RadicacionesQuery = await ejecutar(
      url,
      RadicacionesDocument,
      { first: 50, after, estado: 'RECHAZADO_LOCAL' },
      h,
    );
    for (const { node } of p.radicaciones.edges) {
      const nota: TipoNota | null = node.tipoNota;
      vistos.push(node.id, nota ?? 'FEV');
    }
    after = p.radicaciones.pageInfo.hasNextPage ? p.radicaciones.pageInfo.endCursor : null;
  } while (after);

  const t = await ejecutar(
    url,
    TransmisionesDocument,
    { first: 20, estado: 'RECHAZADO', tipo: 'URGENCIAS', desde: '2026-01-01T00:00:00-05:00' },
    h,
  );
  for (const { node } of t.transmisiones.edges) {
    const origen: OrigenTransmision = node.origen;
    for (const ev of node.eventos) {
      const te: TipoEventoTransmision = ev.tipo;
      vistos.push(te, ev.id, origen);
    }
  }

  // Typed inputs: the flat data of an RDA and the documents of a query.
  const c = await ejecutar(url, ConstruirRdaDocument, { datos }, h);
  const d = await ejecutar(url, TransmitirRdaDesdeDatosDocument, { datos, idempotencyKey: 'k-1' }, h);
  vistos.push(String(c.construirRda.valid), d.transmitirRdaDesdeDatos.transmision.estado);
  const alcance: AlcanceConsultaRda = 'ENCUENTROS';
  const q = await ejecutar(
    url,
    ConsultarRdaDocument,
    { paciente: { tipo: 'CC', numero: '1' }, humanuser: { tipo: 'CC', numero: '2' }, alcance },
    h,
  );
  vistos.push(...q.consultarRda.items.map((i) => i.tipo ?? ''));

  const o = await ejecutar(url, ValidarRdaOficialDocument, { bundle: {}, tipo }, h);
  const sh: SeveridadHl7 | undefined = o.validarRdaOficial.issues[0]?.severity;
  const { resumen } = await ejecutar(url, ResumenDocument, {}, h);
  const porTipo: TipoRadicacion[] = resumen.rips?.porTipo.map((x) => x.tipo) ?? [];
  vistos.push(sh ?? '', ...porTipo);
  return vistos;
}

/**
 * A live subscription (graphql-ws over WebSocket on /graphql): the credential goes in connectionParams,
 * as the browser cannot set headers on a WebSocket. Returns the function that ends it.
 */
export function seguirTransmision(
  url: string,
  clave: string,
  id: string,
  alCambiar: (tipo: TipoEventoDominio, estado: EstadoTransmision, vida: string | null) => void,
): () => void {
  const cliente = createClient({
    url: `${url.replace(/^http/, 'ws')}/graphql`,
    connectionParams: { 'X-Api-Key': clave },
  });
  const terminar = cliente.subscribe<TransmisionActualizadaSubscription>(
    { query: print(TransmisionActualizadaDocument), variables: { id } },
    {
      next: ({ data }) => {
        const c = data?.transmisionActualizada;
        if (c) alCambiar(c.tipo, c.datos.estado, c.datos.vida ?? null);
      },
      error: () => {},
      complete: () => {},
    },
  );
  return () => {
    terminar();
    void cliente.dispose();
  };
}
