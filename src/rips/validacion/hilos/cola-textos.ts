import type { FuenteUsuarios } from '../flujo-rips.js';

export class TareaCancelada extends Error {}

/** Text chunks posted by the request thread, read by the user splitter as they come. */
export class ColaTextos implements FuenteUsuarios {
  private readonly textos: string[] = [];
  private pendiente = '';
  private fin = false;
  private cancelada = false;
  private despertar: (() => void) | undefined;

  constructor(private readonly alConsumir: (caracteres: number) => void) {}

  poner(texto: string): void {
    this.textos.push(texto);
    this.avisar();
  }

  terminar(): void {
    this.fin = true;
    this.avisar();
  }

  cancelar(): void {
    this.cancelada = true;
    this.avisar();
  }

  async leerMas(): Promise<boolean> {
    while (!this.textos.length && !this.fin && !this.cancelada) {
      await new Promise<void>((r) => {
        this.despertar = r;
      });
    }
    if (this.cancelada) throw new TareaCancelada();
    const t = this.textos.shift();
    if (t === undefined) return false;
    this.pendiente += t;
    this.alConsumir(t.length);
    return true;
  }

  tomar(): string {
    const v = this.pendiente;
    this.pendiente = '';
    return v;
  }

  terminado(): boolean {
    return this.fin && this.textos.length === 0;
  }

  private avisar(): void {
    const d = this.despertar;
    this.despertar = undefined;
    d?.();
  }
}
