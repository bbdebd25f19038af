/**
 * Bounds how many invoice filings hold a database connection (the per-invoice lock lives in a
 * transaction for the whole mechanism call) so filings never exhaust the pool; the rest wait here,
 * in order, without a connection. Back-pressure only: correctness comes from the database lock.
 */
export class Semaforo {
  private libres: number;
  private readonly cola: (() => void)[] = [];

  constructor(capacidad: number) {
    this.libres = Math.max(1, capacidad);
  }

  async con<T>(trabajo: () => Promise<T>): Promise<T> {
    if (this.libres > 0) this.libres--;
    else await new Promise<void>((r) => this.cola.push(r));
    try {
      return await trabajo();
    } finally {
      const siguiente = this.cola.shift();
      if (siguiente) siguiente();
      else this.libres++;
    }
  }
}
