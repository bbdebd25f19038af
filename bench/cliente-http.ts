import http from 'node:http';

export interface RespuestaHttp {
  status: number;
  cuerpo: Buffer;
}

/**
 * A lean HTTP/1.1 client for benchmarks: node:http over one kept-alive connection. On this machine
 * `fetch` (undici's WHATWG layer) spends 0.6–1 ms more of client work per request than this, which
 * a benchmark of the server would otherwise bill to the server.
 */
export class ClienteHttp {
  private readonly agente = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private readonly base: URL;

  constructor(url: string) {
    this.base = new URL(url);
  }

  get(ruta: string, cabeceras: Record<string, string> = {}): Promise<RespuestaHttp> {
    return this.solicitar('GET', ruta, undefined, cabeceras);
  }

  post(ruta: string, cuerpo: Buffer, cabeceras: Record<string, string>): Promise<RespuestaHttp> {
    return this.solicitar('POST', ruta, cuerpo, cabeceras);
  }

  put(ruta: string, cuerpo: Buffer, cabeceras: Record<string, string> = {}): Promise<RespuestaHttp> {
    return this.solicitar('PUT', ruta, cuerpo, cabeceras);
  }

  private solicitar(
    metodo: string,
    ruta: string,
    cuerpo: Buffer | undefined,
    cabeceras: Record<string, string>,
  ): Promise<RespuestaHttp> {
    return new Promise((resolver, fallar) => {
      const solicitud = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          path: ruta,
          method: metodo,
          agent: this.agente,
          headers: cuerpo ? { ...cabeceras, 'content-length': String(cuerpo.length) } : cabeceras,
        },
        (r) => {
          const trozos: Buffer[] = [];
          r.on('data', (t: Buffer) => trozos.push(t));
          r.on('end', () => resolver({ status: r.statusCode ?? 0, cuerpo: Buffer.concat(trozos) }));
          r.on('error', fallar);
        },
      );
      solicitud.on('error', fallar);
      solicitud.end(cuerpo);
    });
  }

  cerrar(): void {
    this.agente.destroy();
  }
}
