import { LRUCache } from 'lru-cache';
import type { AvisosBd } from '../db/avisos.js';
import { emDe, type FuenteEm } from '../db/fuente-em.js';
import type { ConsultaPrestadores } from '../rips/validacion/servicio.js';

interface Entrada {
  generacion: number;
  codigos: readonly string[];
}

/**
 * The REPS provider codes each entity declared (entidad.prestadores), read for every validation that
 * knows its entity (RVC011/RVC012). Kept in memory like the authentication cache (src/auth/cache.ts):
 * a hit is served only while LISTEN is active and no notice about `entidad` arrived since the fill,
 * so a change made with the CLI in another process applies to the next validation.
 */
export class PrestadoresPorEntidad implements ConsultaPrestadores {
  private readonly cache: LRUCache<string, Entrada>;

  constructor(
    private readonly avisos?: AvisosBd,
    maximo = 10_000,
  ) {
    this.cache = new LRUCache({ max: maximo });
  }

  private generacion(): number | undefined {
    return this.avisos?.vigente ? this.avisos.generacion('entidad') : undefined;
  }

  async codigos(fuente: FuenteEm, entidadId: string): Promise<readonly string[] | undefined> {
    const antes = this.generacion();
    if (antes !== undefined) {
      const e = this.cache.get(entidadId);
      if (e?.generacion === antes) return e.codigos;
    }
    const fila: { prestadores: string[] | null } | undefined = await emDe(fuente)
      .getConnection()
      .execute('select prestadores from entidad where id = ?', [entidadId], 'get');
    if (!fila) return undefined;
    const codigos: readonly string[] = [...(fila.prestadores ?? [])];
    if (antes !== undefined && this.generacion() === antes)
      this.cache.set(entidadId, { generacion: antes, codigos });
    return codigos;
  }
}
