import { CAMPO_INICIO } from '../reglas/rvc-050-098/comun.js';
import { type Registro, TIPOS_SERVICIO, type TipoServicio } from '../tipos.js';
import { pacienteHmac } from './clave.js';

/** One service as the history keeps it (no patient data besides the HMAC). */
export interface FilaHistoria {
  pacienteHmac: string;
  tipo: TipoServicio;
  grupo: string | null;
  /** `AAAA-MM-DD HH:MM` (or `AAAA-MM-DD`), as the RIPS gives it. */
  inicio: string;
  fin: string | null;
  tipoOS: string | null;
}

// The field that dates each service type (DT1: C02, P02, R02, H03, N04, M04, S04): the rules' own table.
export { CAMPO_INICIO };

const FECHA = /^\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?$/;
// Codes are two characters; anything longer is not a code and is not kept.
const MAX_CODIGO = 10;

function texto(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t === '' ? null : t;
}

function fecha(v: unknown): string | null {
  const t = texto(v);
  return t !== null && FECHA.test(t) ? t : null;
}

function codigo(v: unknown): string | null {
  const t = texto(v);
  return t !== null && t.length <= MAX_CODIGO ? t : null;
}

const esObjeto = (v: unknown): v is Registro => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The services of a RIPS as history rows. The patient is the user's document (U01/U02); for a
 * newborn, the newborn's own (N02/N03), and a newborn without one is left out. Records without a
 * readable start date are left out too (a filed RIPS always has one). The HMAC is computed once
 * per person.
 */
export function serviciosDelRips(rips: Registro, clave: Buffer | string): FilaHistoria[] {
  const filas: FilaHistoria[] = [];
  const usuarios = Array.isArray(rips.usuarios) ? rips.usuarios : [];
  for (const u of usuarios) {
    if (!esObjeto(u) || !esObjeto(u.servicios)) continue;
    const tipoDoc = texto(u.tipoDocumentoIdentificacion);
    const numDoc = texto(u.numDocumentoIdentificacion);
    const hmacUsuario = tipoDoc && numDoc ? pacienteHmac(clave, tipoDoc, numDoc) : null;
    for (const tipo of TIPOS_SERVICIO) {
      const lista = u.servicios[tipo];
      if (!Array.isArray(lista)) continue;
      const campoInicio = CAMPO_INICIO[tipo];
      for (const s of lista) {
        if (!esObjeto(s)) continue;
        const inicio = fecha(s[campoInicio]);
        if (inicio === null) continue;
        let hmac = hmacUsuario;
        if (tipo === 'recienNacidos') {
          const t = texto(s.tipoDocumentoIdentificacion);
          const n = texto(s.numDocumentoIdentificacion);
          hmac = t && n ? pacienteHmac(clave, t, n) : null;
        }
        if (hmac === null) continue;
        filas.push({
          pacienteHmac: hmac,
          tipo,
          grupo: codigo(s.grupoServicios),
          inicio,
          fin: fecha(s.fechaEgreso),
          tipoOS: tipo === 'otrosServicios' ? codigo(s.tipoOS) : null,
        });
      }
    }
  }
  return filas;
}
