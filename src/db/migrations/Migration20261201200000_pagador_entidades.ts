import { Migration } from '@mikro-orm/migrations';
import { EntityDecoder } from '@nodable/entities';

/**
 * Issue 30: payer names were read from the invoice XML with its entities left as written, so
 * `A&amp;B S.A.S.` reached GET /resumen. The XML reader now decodes them; the names stored before
 * are decoded here once, in one pass per name (`&amp;lt;` is `&lt;`, not `<`), with the five XML
 * entities and numeric character references, as the reader does.
 */
export class Migration20261201200000_pagador_entidades extends Migration {
  override async up(): Promise<void> {
    const decodificador = new EntityDecoder({ numericAllowed: true, ncr: { xmlVersion: 1.0 } });
    const filas = (await this.execute(
      `select entidad_id, nit, nombre from pagador where nombre like '%&%'`,
    )) as {
      entidad_id: string;
      nit: string;
      nombre: string;
    }[];
    for (const f of filas) {
      decodificador.reset();
      const nombre = decodificador.decode(f.nombre).trim();
      if (nombre !== f.nombre && nombre !== '')
        await this.execute('update pagador set nombre = ? where entidad_id = ? and nit = ?', [
          nombre,
          f.entidad_id,
          f.nit,
        ]);
    }
  }
}
