/**
 * A background pass run at start and then every `cadaMs` (0 = never), one at a time: a tick while a
 * pass runs is skipped. Stopping clears the timer and waits for the pass in flight.
 */
export class TareaPeriodica {
  private temporizador: NodeJS.Timeout | undefined;
  private enCurso: Promise<unknown> | undefined;
  private parada = false;

  constructor(private readonly cadaMs: number) {}

  iniciar(pasada: () => Promise<unknown>): void {
    if (this.cadaMs <= 0 || this.temporizador) return;
    this.parada = false;
    const correr = () => {
      this.enCurso ??= pasada().finally(() => {
        this.enCurso = undefined;
      });
    };
    this.temporizador = setInterval(correr, this.cadaMs);
    this.temporizador.unref();
    correr();
  }

  /** Started and then stopped: a long pass checks it between its steps to end early. */
  get detenida(): boolean {
    return this.parada;
  }

  async detener(): Promise<void> {
    if (this.temporizador) this.parada = true;
    clearInterval(this.temporizador);
    this.temporizador = undefined;
    await this.enCurso;
  }
}
