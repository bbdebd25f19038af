import type { MikroORM } from '@mikro-orm/postgresql';
import type { ConsultaHistoria } from '../validacion/historia.js';
import { buscarHistoria } from './buscar.js';
import { pacienteHmac } from './clave.js';

/** The history store as the validation's cross-RIPS step reads it (one fork per lookup). */
export function consultaHistoria(clave: Buffer, orm: MikroORM): ConsultaHistoria {
  return {
    hmac: (tipo, numero) => pacienteHmac(clave, tipo, numero),
    buscar: (entidadId, hmacs) => buscarHistoria(orm.em.fork(), entidadId, hmacs),
  };
}
