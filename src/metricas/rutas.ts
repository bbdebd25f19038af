/** Route label of requests that match no known route (never the path itself: it may carry identifiers). */
export const NO_ENCONTRADA = 'no-encontrada';

const METODOS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

/** Whether an express path has parameters (`:id`) or a wildcard (`*archivo`), i.e. is matched by pattern. */
export const conParametros = (ruta: string): boolean => ruta.includes(':') || ruta.includes('*');

/** Express path (`/rips/:id`) → route label (`/rips/{id}`). */
export function plantillaDe(ruta: string): string {
  return ruta.replace(/[:*](\w+)/g, '{$1}');
}

interface Tabla<T> {
  fijas: Map<string, T>;
  conParametros: { patron: RegExp; entrada: T }[];
  noEncontrada: T;
}

/**
 * Maps a request (method, path) to its route template from the known route table, in the way
 * express matches (case-insensitive, optional trailing slash). Entries are built once per
 * template and method, so a request costs one or two map lookups and no allocation.
 */
/** Routes the express app declares outside the REST table (src/app.ts): for metrics and the request log. */
export const RUTAS_PROPIAS = [
  { metodo: 'get', ruta: '/health' },
  { metodo: 'get', ruta: '/ready' },
  { metodo: 'get', ruta: '/metrics' },
  { metodo: 'get', ruta: '/openapi.json' },
  { metodo: 'get', ruta: '/graphql' },
  { metodo: 'post', ruta: '/graphql' },
  // Browser pages (src/http/paginas.ts): the files under /recursos share one label.
  { metodo: 'get', ruta: '/docs' },
  { metodo: 'get', ruta: '/recursos/*archivo' },
];

export class ResolutorRutas<T> {
  private readonly tablas = new Map<string, Tabla<T>>();
  private readonly otro: T;

  constructor(rutas: { metodo: string; ruta: string }[], crear: (plantilla: string, metodo: string) => T) {
    for (const m of METODOS) {
      this.tablas.set(m, { fijas: new Map(), conParametros: [], noEncontrada: crear(NO_ENCONTRADA, m) });
    }
    this.otro = crear(NO_ENCONTRADA, 'OTRO');
    for (const r of rutas) {
      const metodo = r.metodo.toUpperCase();
      // Express answers HEAD with the GET route.
      for (const m of metodo === 'GET' ? ['GET', 'HEAD'] : [metodo]) {
        const t = this.tablas.get(m);
        if (!t) continue;
        const plantilla = plantillaDe(r.ruta);
        const entrada = crear(plantilla, m);
        if (conParametros(r.ruta)) {
          // `:x` is one segment, `*x` (express 5 wildcard) the rest of the path.
          const fuente = r.ruta
            .split('/')
            .map((s) =>
              s.startsWith(':')
                ? '[^/]+'
                : s.startsWith('*')
                  ? '.+'
                  : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
            )
            .join('/');
          t.conParametros.push({ patron: new RegExp(`^${fuente}/?$`, 'i'), entrada });
        } else {
          t.fijas.set(r.ruta.toLowerCase(), entrada);
        }
      }
    }
  }

  resolver(metodo: string, ruta: string): T {
    const t = this.tablas.get(metodo);
    if (!t) return this.otro;
    const fija = t.fijas.get(ruta);
    if (fija) return fija;
    let normal = ruta.toLowerCase();
    if (normal.length > 1 && normal.endsWith('/')) normal = normal.slice(0, -1);
    const otra = t.fijas.get(normal);
    if (otra) return otra;
    for (const p of t.conParametros) if (p.patron.test(ruta)) return p.entrada;
    return t.noEncontrada;
  }

  /** The entry of an unmatched request, for the given method. */
  noEncontrada(metodo: string): T {
    return this.tablas.get(metodo)?.noEncontrada ?? this.otro;
  }
}
