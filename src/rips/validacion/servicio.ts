import type { EntityManager } from '@mikro-orm/postgresql';
import { errores } from '../../errores/errores.js';
import type { Catalogos } from '../catalogos/tipos.js';
import { CAMPOS } from '../estructura/campos.js';
import type { VerificadorEstructura } from '../estructura/verificador.js';
import { crearVerificadorEstructura } from '../estructura/verificar.js';
import type { Registro } from '../tipos.js';
import { ErrorTextoRips, MiembrosTrasUsuarios, ripsPorPartes } from './texto-rips.js';
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
    return validarRips(rips, await this.opciones(em, fecha));
  }

  /** The RIPS as JSON text, read one user at a time (never one object graph of the whole RIPS). */
  async validarTexto(em: EntityManager, texto: string, fecha?: Date): Promise<ResultadoValidacion> {
    const opciones = await this.opciones(em, fecha);
    try {
      const inicio = texto.search(/\S/);
      if (inicio < 0 || texto[inicio] !== '{') throw new ErrorTextoRips('se esperaba un objeto');
      const { transaccion, usuarios } = ripsPorPartes(texto, inicio);
      return validarRips(transaccion, opciones, usuarios);
    } catch (e) {
      // Properties after «usuarios» (unusual layout): read the RIPS whole instead.
      if (e instanceof MiembrosTrasUsuarios) return this.validarCompleto(texto, opciones);
      if (e instanceof ErrorTextoRips || e instanceof SyntaxError) {
        throw errores.entradaInvalida(
          'El RIPS no es un objeto JSON válido. Revise comillas, comas y llaves.',
          [{ campo: 'rips', mensaje: e.message }],
        );
      }
      throw e;
    }
  }

  private validarCompleto(texto: string, opciones: Awaited<ReturnType<ServicioValidacionRips['opciones']>>) {
    let rips: unknown;
    try {
      rips = JSON.parse(texto);
    } catch (e) {
      throw errores.entradaInvalida('El RIPS no es un objeto JSON válido. Revise comillas, comas y llaves.', [
        { campo: 'rips', mensaje: (e as Error).message },
      ]);
    }
    return validarRips(rips as Registro, opciones);
  }

  private async opciones(em: EntityManager, fecha?: Date) {
    const catalogos = await this.catalogos.obtener(em);
    let estructura = this.verificadores.get(catalogos);
    if (!estructura) {
      estructura = crearVerificadorEstructura(CAMPOS, catalogos);
      this.verificadores.set(catalogos, estructura);
    }
    return { fecha, catalogos, estructura, rechazoDesde: this.rechazoDesde };
  }
}
