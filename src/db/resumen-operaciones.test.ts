import type { MikroORM } from '@mikro-orm/postgresql';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { enServidor } from '../../test/db.js';
import { slugUnico } from '../../test/servidor.js';
import { crearOrm } from './orm.js';

/** The filings of the test: every later operation beside classic ones, as the service writes them. */
const FILAS: {
  en: string;
  operacion: string;
  numFactura: string;
  tipoNota?: string;
  numNota?: string;
  estado: string;
  codigo?: string;
  monto: number;
}[] = [
  {
    en: '2026-04-06T15:00:00Z',
    operacion: 'CargarCapitaInicial',
    numFactura: 'CI1',
    estado: 'radicado',
    monto: 5000,
  },
  {
    en: '2026-04-06T16:00:00Z',
    operacion: 'CargarCapitaPeriodo',
    numFactura: 'CP1',
    estado: 'rechazado',
    codigo: 'RVC019',
    monto: 4000,
  },
  {
    en: '2026-04-06T17:00:00Z',
    operacion: 'CargarCapitaFinal',
    numFactura: 'CP1',
    estado: 'rechazado',
    codigo: 'RVC019',
    monto: 3000,
  },
  {
    en: '2026-04-07T15:00:00Z',
    operacion: 'CargarCapitaPeriodo',
    numFactura: 'CP1',
    estado: 'radicado',
    monto: 4100,
  },
  {
    en: '2026-04-07T15:30:00Z',
    operacion: 'CargarCapitaFinal',
    numFactura: 'CP1',
    estado: 'radicado',
    monto: 3000,
  },
  {
    en: '2026-04-07T16:00:00Z',
    operacion: 'CargarNCTotal',
    numFactura: 'CI1',
    tipoNota: 'NC',
    numNota: 'NCT1',
    estado: 'radicado',
    monto: 5000,
  },
  {
    en: '2026-04-07T16:30:00Z',
    operacion: 'CargarNCAcuerdoVoluntades',
    numFactura: 'CI1',
    tipoNota: 'NC',
    numNota: 'NCA1',
    estado: 'rechazado',
    codigo: 'RVC019',
    monto: 100,
  },
  {
    en: '2026-04-07T17:00:00Z',
    operacion: 'CargarNCCapita',
    numFactura: 'CP1',
    tipoNota: 'NC',
    numNota: 'NCC1',
    estado: 'fallido',
    monto: 200,
  },
  {
    en: '2026-04-07T18:00:00Z',
    operacion: 'CargarFevRips',
    numFactura: 'F9',
    estado: 'radicado',
    monto: 1000,
  },
  {
    en: '2026-04-07T19:00:00Z',
    operacion: 'CargarNC',
    numFactura: 'F9',
    tipoNota: 'NC',
    numNota: 'NC9',
    estado: 'rechazado',
    codigo: 'RVC020',
    monto: 50,
  },
];

/** What each roll-up and counter holds for one entity, summed over stripes (no entity id in the rows). */
const LECTURAS: Record<string, string> = {
  conteo_radicacion: `select tipo, estado, sum(cantidad)::int as n from conteo_radicacion where entidad_id = ?
    group by 1, 2 having sum(cantidad) <> 0 order by 1, 2`,
  resumen_dia: `select dia::text, k, sum(v::bigint)::int as n from resumen_dia, jsonb_each_text(conteos) as x(k, v)
    where entidad_id = ? and modulo = 'rips' group by 1, 2 having sum(v::bigint) <> 0 order by 1, 2`,
  resumen_causa_documento: `select fuente, codigo, documento from resumen_causa_documento where entidad_id = ? order by 1, 2, 3`,
  resumen_causa_mes: `select mes::text, k, sum((v ->> 0)::int)::int as i, sum((v ->> 1)::int)::int as d
    from resumen_causa_mes, jsonb_each(causas) as x(k, v) where entidad_id = ? group by 1, 2 order by 1, 2`,
  resumen_monto_dia: `select dia::text, pagador, sum(radicado)::int as radicado, sum(radicados)::int as radicados,
    sum(retenido)::int as retenido, sum(retenidos)::int as retenidos from resumen_monto_dia where entidad_id = ?
    group by 1, 2 having sum(radicado) <> 0 or sum(radicados) <> 0 or sum(retenido) <> 0 or sum(retenidos) <> 0 order by 1, 2`,
  resumen_documento_rips: `select documento, radicado, retenido_dia::text, retenido_monto::int from resumen_documento_rips
    where entidad_id = ? order by 1`,
};

describe('Migration20261202200000_resumen_operaciones', () => {
  let orm: MikroORM;
  let limpiar: () => Promise<void>;
  const sql = (texto: string, p: unknown[] = []) =>
    orm.em.getConnection().execute(texto, p) as Promise<any[]>;

  // Plain SQL with the columns the entity had at this migration: later ones (prestadores…) are not there yet.
  async function entidad(): Promise<string> {
    const id = crypto.randomUUID();
    await sql(
      `insert into entidad (id, slug, nombre, tipo_entidad, modulos, obligados, created_at) values (?, ?, ?, 'ips', '{rips}', '{}', now())`,
      [id, slugUnico('resumen-operaciones'), 'Entidad resumen operaciones'],
    );
    return id;
  }

  /** Inserted pending, then completed: the one UPDATE the filing service makes. */
  async function radicar(entidadId: string) {
    for (const f of FILAS) {
      const id = crypto.randomUUID();
      await sql(
        `insert into radicacion (id, entidad_id, num_factura, num_documento_id_obligado, tipo_nota, num_nota, operacion,
           estado, errores, n_errores, n_avisos, monto, pagador, created_at)
         values (?, ?, ?, '900123456', ?, ?, ?, 'pendiente', '[]', 0, 0, ?, '900111222', ?)`,
        [id, entidadId, f.numFactura, f.tipoNota ?? null, f.numNota ?? null, f.operacion, f.monto, f.en],
      );
      const errores = f.codigo ? [{ codigo: f.codigo, severidad: 'rechazo', fuente: 'muv' }] : [];
      await sql('update radicacion set estado = ?, errores = ? where id = ?', [
        f.estado,
        JSON.stringify(errores),
        id,
      ]);
    }
  }

  async function leer(entidadId: string) {
    const r: Record<string, unknown[]> = {};
    for (const [k, q] of Object.entries(LECTURAS)) r[k] = await sql(q, [entidadId]);
    return r;
  }

  const porTipo = (filas: unknown[]) => {
    const r: Record<string, number> = {};
    for (const f of filas as { tipo: string; n: number }[]) r[f.tipo] = (r[f.tipo] ?? 0) + f.n;
    return r;
  };

  beforeAll(async () => {
    const bd = await enServidor(inject('databaseUrl'));
    limpiar = bd.limpiar;
    orm = await crearOrm({ url: bd.url, timeoutConexionMs: 3000 });
    await orm.getMigrator().up({ to: 'Migration20261202100000_operaciones' });
  });
  afterAll(async () => {
    await orm?.close(true);
    await limpiar?.();
  });

  it('rehace contadores y resúmenes de las radicaciones de operaciones nuevas ya guardadas, como los disparadores', async () => {
    const antes = await entidad();
    await radicar(antes);
    // Before the migration: capitation counted as FEV, the notes without RIPS as NC, CF shared the invoice's key.
    expect(porTipo((await leer(antes)).conteo_radicacion!)).toEqual({ FEV: 6, NC: 4 });
    expect((await leer(antes)).resumen_monto_dia).toContainEqual(
      expect.objectContaining({ dia: '2026-04-07', pagador: '900111222', radicados: 3 }),
    );

    const aplicadas = await orm.getMigrator().up();
    expect(aplicadas.map((m) => m.name)).toContain('Migration20261202200000_resumen_operaciones');

    const migrado = await leer(antes);
    expect(porTipo(migrado.conteo_radicacion!)).toEqual({
      'CAPITA-INICIAL': 1,
      'CAPITA-PERIODO': 2,
      'CAPITA-FINAL': 2,
      'NC-TOTAL': 1,
      'NC-ACUERDO-VOLUNTADES': 1,
      'NC-CAPITA': 1,
      FEV: 1,
      NC: 1,
    });
    expect(migrado.resumen_documento_rips).toEqual([
      { documento: '900123456|FEV|CI1', radicado: true, retenido_dia: null, retenido_monto: null },
      { documento: '900123456|FEV|CP1', radicado: true, retenido_dia: null, retenido_monto: null },
      { documento: '900123456|FEV|F9', radicado: true, retenido_dia: null, retenido_monto: null },
    ]);
    expect(migrado.resumen_causa_documento).toEqual([
      { fuente: 'muv', codigo: 'RVC019', documento: '900123456|CF|CP1' },
      { fuente: 'muv', codigo: 'RVC019', documento: '900123456|FEV|CP1' },
      { fuente: 'muv', codigo: 'RVC019', documento: '900123456|NC|NCA1' },
      { fuente: 'muv', codigo: 'RVC020', documento: '900123456|NC|NC9' },
    ]);
    // Money: CI1 on 6 April; CP1 (4,100) and F9 on 7 April; neither the credit notes nor the final RIPS.
    expect(migrado.resumen_monto_dia).toEqual([
      { dia: '2026-04-06', pagador: '*', radicado: 5000, radicados: 1, retenido: 0, retenidos: 0 },
      { dia: '2026-04-06', pagador: '900111222', radicado: 5000, radicados: 1, retenido: 0, retenidos: 0 },
      { dia: '2026-04-07', pagador: '*', radicado: 5100, radicados: 2, retenido: 0, retenidos: 0 },
      { dia: '2026-04-07', pagador: '900111222', radicado: 5100, radicados: 2, retenido: 0, retenidos: 0 },
    ]);

    // The same filings after the migration, through its triggers: the same figures.
    const despues = await entidad();
    await radicar(despues);
    expect(await leer(despues)).toEqual(migrado);
  });
});
