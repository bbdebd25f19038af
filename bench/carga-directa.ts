import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** A client of the embedded PostgreSQL of a benchmark's server, for rows loaded directly by SQL. */
export async function conectarBd(servidor: { dataDir: string; pgPort: number }): Promise<pg.Client> {
  const { password } = JSON.parse(readFileSync(path.join(servidor.dataDir, 'pg.json'), 'utf8'));
  const bd = new pg.Client({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${servidor.pgPort}/motor`,
  });
  await bd.connect();
  return bd;
}

/**
 * The per-state counters rebuilt from the base tables, as the migrations build them: after rows were
 * loaded with `session_replication_role = replica` (no trigger ran). The roll-ups are rebuilt apart,
 * with `select resumen_reconstruir()`.
 */
export async function reconstruirContadores(bd: pg.Client): Promise<void> {
  await bd.query('begin');
  await bd.query('truncate conteo_radicacion, conteo_transmision');
  await bd.query(
    `insert into conteo_radicacion (entidad_id, tipo, estado, cantidad)
       select entidad_id, radicacion_tipo(tipo_nota, operacion), estado, count(*) from radicacion group by 1, 2, 3`,
  );
  await bd.query(
    `insert into conteo_transmision (entidad_id, tipo, estado, cantidad)
       select entidad_id, tipo, estado, count(*) from transmision group by 1, 2, 3`,
  );
  await bd.query('commit');
}
