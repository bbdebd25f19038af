import type { EntityManager } from '@mikro-orm/postgresql';
import type { Catalogos } from '../catalogos/tipos.js';
import { CAMPOS } from '../estructura/campos.js';
import type { VerificadorEstructura } from '../estructura/verificador.js';
import { crearVerificadorEstructura } from '../estructura/verificar.js';
import type { Registro } from '../tipos.js';
import { type ResultadoValidacion, validarRips } from './validar.js';

export interface ProveedorCatalogos {
  obtener(em: EntityManager): Promise<Catalogos>;
}

/** Validates with the current catalogs; the structure checker is compiled once per catalog set. */
export class ServicioValidacionRips {
  private readonly verificadores = new WeakMap<Catalogos, VerificadorEstructura>();

  constructor(
    private readonly catalogos: ProveedorCatalogos,
    private readonly rechazoDesde: Record<string, string>,
  ) {}

  async validar(em: EntityManager, rips: Registro, fecha?: Date): Promise<ResultadoValidacion> {
    const catalogos = await this.catalogos.obtener(em);
    let estructura = this.verificadores.get(catalogos);
    if (!estructura) {
      estructura = crearVerificadorEstructura(CAMPOS, catalogos);
      this.verificadores.set(catalogos, estructura);
    }
    return validarRips(rips, { fecha, catalogos, estructura, rechazoDesde: this.rechazoDesde });
  }
}
