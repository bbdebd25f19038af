import { ripsValido } from '../test/fixtures/rips.js';

type Registro = Record<string, unknown>;

export interface RipsSintetico {
  texto: string;
  usuarios: number;
  servicios: number;
}

/**
 * A synthetic, valid RIPS of about `bytes` bytes: the fixture's users repeated with unique
 * document numbers (so no duplicated-user findings) under one invoice.
 */
export function generarRips(bytes: number): RipsSintetico {
  const base = ripsValido() as Registro;
  const plantillas = base.usuarios as Registro[];
  const { usuarios: _u, ...cabecera } = base;
  const partes: string[] = [];
  let tam = JSON.stringify(cabecera).length + 20;
  let servicios = 0;
  let n = 0;
  while (tam < bytes) {
    const u = structuredClone(plantillas[n % plantillas.length]!);
    u.numDocumentoIdentificacion = String(1_000_000_000 + n);
    u.consecutivo = n + 1;
    const s = u.servicios as Record<string, Registro[]>;
    for (const lista of Object.values(s)) {
      servicios += lista.length;
      // Newborn records that carry the mother's document must follow her new number.
      for (const r of lista)
        if (
          r.numDocumentoIdentificacion ===
          (plantillas[n % plantillas.length] as Registro).numDocumentoIdentificacion
        )
          r.numDocumentoIdentificacion = u.numDocumentoIdentificacion;
    }
    const json = JSON.stringify(u);
    partes.push(json);
    tam += json.length + 1;
    n++;
  }
  const texto = `${JSON.stringify(cabecera).slice(0, -1)},"usuarios":[${partes.join(',')}]}`;
  return { texto, usuarios: n, servicios };
}
