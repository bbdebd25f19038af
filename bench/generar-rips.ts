import { ripsValido } from '../test/fixtures/rips.js';

type Registro = Record<string, unknown>;

/** `sintetico`: the fixture's users repeated (gzips ~100:1); `variado`: documents, authorizations, dates and values vary as in real files (~35:1). */
export type DatosRips = 'sintetico' | 'variado';

export interface RipsSintetico {
  texto: string;
  usuarios: number;
  servicios: number;
}

/**
 * A synthetic, valid RIPS of about `bytes` bytes: the fixture's users repeated with unique
 * document numbers (so no duplicated-user findings) under one invoice.
 */
export function generarRips(bytes: number, datos: DatosRips = 'sintetico'): RipsSintetico {
  const azar = mulberry32(0x5eed_0018);
  const base = ripsValido() as Registro;
  const plantillas = base.usuarios as Registro[];
  const { usuarios: _u, ...cabecera } = base;
  const partes: string[] = [];
  let tam = JSON.stringify(cabecera).length + 20;
  let servicios = 0;
  let n = 0;
  while (tam < bytes) {
    const u = structuredClone(plantillas[n % plantillas.length]!);
    u.numDocumentoIdentificacion =
      datos === 'variado'
        ? String(10_000_000 + n * 7919 + Math.floor(azar() * 7919))
        : String(1_000_000_000 + n);
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
    if (datos === 'variado') variar(u, azar);
    const json = JSON.stringify(u);
    partes.push(json);
    tam += json.length + 1;
    n++;
  }
  const texto = `${JSON.stringify(cabecera).slice(0, -1)},"usuarios":[${partes.join(',')}]}`;
  return { texto, usuarios: n, servicios };
}

/** Small seeded PRNG: the same data set on every run. */
export function mulberry32(semilla: number): () => number {
  let a = semilla;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FECHA = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** "AAAA-MM-DD HH:MM" moved back by `minutos` (the fixture's dates carry no zone: read as UTC). */
function antes(fecha: string, minutos: number): string {
  const d = new Date(`${fecha.replace(' ', 'T')}:00Z`);
  d.setUTCMinutes(d.getUTCMinutes() - minutos);
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * Varies what real files vary while keeping every rule satisfied: authorizations, one shift of all
 * the user's service dates (so their order holds), and values (unit price × quantity where a rule
 * ties them; never below the moderating payment).
 */
function variar(u: Registro, azar: () => number): void {
  const minutos = Math.floor(azar() * 480);
  const servicios = u.servicios as Record<string, Registro[]>;
  for (const [tipo, lista] of Object.entries(servicios)) {
    for (const r of lista) {
      for (const [k, v] of Object.entries(r))
        if (typeof v === 'string' && FECHA.test(v) && k !== 'fechaNacimiento') r[k] = antes(v, minutos);
      if (tipo === 'recienNacidos' && typeof r.fechaNacimiento === 'string' && FECHA.test(r.fechaNacimiento))
        r.fechaNacimiento = antes(r.fechaNacimiento, minutos);
      if (typeof r.numAutorizacion === 'string')
        r.numAutorizacion = `AUT-${2026}-${String(Math.floor(azar() * 1e9)).padStart(9, '0')}`;
      const moderador = typeof r.valorPagoModerador === 'number' ? r.valorPagoModerador : 0;
      if (tipo === 'medicamentos' && typeof r.vrUnitMedicamento === 'number') {
        r.vrUnitMedicamento = 100 + Math.floor(azar() * 90_000);
        r.vrServicio = (r.cantidadMedicamento as number) * (r.vrUnitMedicamento as number);
      } else if (tipo === 'otrosServicios' && typeof r.vrUnitOS === 'number') {
        r.vrUnitOS = 100 + Math.floor(azar() * 90_000);
        r.vrServicio = (r.cantidadOS as number) * (r.vrUnitOS as number);
      } else if (typeof r.vrServicio === 'number') {
        r.vrServicio = Math.max(moderador + 1, 20_000 + Math.floor(azar() * 2_000_000));
      }
    }
  }
}
