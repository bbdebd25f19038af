import { ErrorApp } from '../../errores/errores.js';

/**
 * One run at a time; the rest wait in order. The validator takes a JVM and seconds of CPU per
 * bundle, so parallel runs on one instance would only make every caller slower.
 */
export class ColaUnica {
  private cadena: Promise<unknown> = Promise.resolve();
  private enEspera = 0;
  private corriendo = false;

  constructor(private readonly maxEnEspera: number) {}

  get pendientes(): number {
    return this.enEspera + (this.corriendo ? 1 : 0);
  }

  ejecutar<T>(tarea: () => Promise<T>): Promise<T> {
    if (this.corriendo && this.enEspera >= this.maxEnEspera) {
      return Promise.reject(
        new ErrorApp(
          'validador-ocupado',
          `El validador oficial está ocupado (${this.enEspera} validaciones en espera). Reintente en unos segundos.`,
          { reintentarEnSegundos: 10 },
        ),
      );
    }
    this.enEspera += 1;
    const turno = this.cadena.then(async () => {
      this.enEspera -= 1;
      this.corriendo = true;
      try {
        return await tarea();
      } finally {
        this.corriendo = false;
      }
    });
    this.cadena = turno.catch(() => undefined);
    return turno;
  }
}
