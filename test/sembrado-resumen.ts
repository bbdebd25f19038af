/**
 * Filings and transmissions written as the services write them (insert, then the one completion
 * UPDATE), dated on chosen Colombian days, so the database triggers build the `resumen` roll-ups
 * exactly as in production. Shared by the resumen and panel tests.
 */

export type Sql = (texto: string, params: unknown[]) => Promise<unknown>;

export const rechazo = (codigo: string, fuente: string) => ({ codigo, severidad: 'rechazo', fuente });
export const aviso = (codigo: string, fuente: string) => ({ codigo, severidad: 'aviso-gradualidad', fuente });

/** `entidad`: the entity rows belong to when a call does not say. */
export function sembradorResumen(sql: Sql, entidad: () => string) {
  /** One filing attempt: inserted as the service does (pending, or rejected locally), then completed. */
  async function radicacion(o: {
    en: string;
    numFactura?: string | null;
    tipoNota?: string | null;
    numNota?: string | null;
    estado: string;
    errores?: object[];
    monto?: number | null;
    pagador?: string | null;
    entidad?: string;
    /** The MUV method (CargarFevRips when not said, as the tests before issue 31 wrote every row). */
    operacion?: string;
  }) {
    const id = crypto.randomUUID();
    const directo = o.estado === 'rechazado-local';
    await sql(
      `insert into radicacion (id, entidad_id, num_factura, num_documento_id_obligado, tipo_nota, num_nota, operacion,
         estado, errores, n_errores, n_avisos, monto, pagador, created_at)
       values (?, ?, ?, '900123456', ?, ?, ?, ?, ?, 0, 0, ?, ?, ?)`,
      [
        id,
        o.entidad ?? entidad(),
        o.numFactura === undefined ? null : o.numFactura,
        o.tipoNota ?? null,
        o.numNota ?? null,
        o.operacion ?? 'CargarFevRips',
        directo ? 'rechazado-local' : 'pendiente',
        JSON.stringify(directo ? (o.errores ?? []) : []),
        o.monto ?? null,
        o.pagador === undefined ? 'sin-pagador' : o.pagador,
        o.en,
      ],
    );
    if (!directo)
      await sql(`update radicacion set estado = ?, errores = ? where id = ?`, [
        o.estado,
        JSON.stringify(o.errores ?? []),
        id,
      ]);
  }

  /** One transmission: inserted in its first state, then moved as the service moves it. */
  async function transmision(o: {
    en: string;
    tipo: string;
    estado: string;
    errores?: object[];
    /** Accepted: ms from the first attempt to acceptance, and the attempts. */
    ms?: number;
    intentos?: number;
  }) {
    const id = crypto.randomUUID();
    const inicial = o.estado === 'generado' ? 'generado' : 'enviado';
    const creado = new Date(o.en);
    const primer = new Date(creado.getTime() + 1000);
    await sql(
      `insert into transmision (id, entidad_id, tipo, estado, origen, errores, avisos, intentos, reintentos_agotados,
         eventos, creado_por, primer_intento_en, created_at, updated_at)
       values (?, ?, ?, ?, 'datos', ?, '[]', 1, false, 0, 'prueba', ?, ?, ?)`,
      [
        id,
        entidad(),
        o.tipo,
        inicial,
        JSON.stringify(inicial === 'generado' ? (o.errores ?? []) : []),
        primer,
        creado,
        creado,
      ],
    );
    if (o.estado !== inicial)
      await sql(`update transmision set estado = ?, errores = ?, intentos = ?, updated_at = ? where id = ?`, [
        o.estado,
        JSON.stringify(o.errores ?? []),
        o.intentos ?? 1,
        new Date(primer.getTime() + (o.ms ?? 0)),
        id,
      ]);
    return id;
  }

  return { radicacion, transmision };
}
