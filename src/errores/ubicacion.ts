import type { UbicacionError } from './error-accionable.js';

// Kept apart from the GraphQL classes: the validation engine (also in worker threads and benchmarks)
// must not load type-graphql decorators.
/** A location given by its known parts (a document path, an XML node, a field); the rest is null. */
export function ubicacion(u: Partial<UbicacionError> & Pick<UbicacionError, 'descripcion'>): UbicacionError {
  return {
    factura: null,
    usuarioIndex: null,
    documentoUsuario: null,
    tipoServicio: null,
    servicioIndex: null,
    campo: null,
    campoNombre: null,
    ruta: null,
    ...u,
  };
}
