/**
 * Announced dates from which a notification (N) rule becomes a rejection (R), by code.
 * DT1 §1.6: the Ministry announces them; when it does, add a line here (or set
 * RIPS_RECHAZO_DESDE=RVC015=2027-01-01,… in the environment, which wins).
 */
export const RECHAZO_DESDE: Readonly<Record<string, string>> = {};

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const CODIGO = /^[A-Z]{3}\d{2,3}$/;

/** Parses `RVC015=2027-01-01,RVG13=2027-03-01`; throws a Spanish message on a malformed entry. */
export function parsearRechazoDesde(texto: string | undefined): Record<string, string> {
  const salida: Record<string, string> = {};
  for (const parte of (texto ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [codigo, fecha] = parte.split('=').map((s) => s?.trim());
    if (!codigo || !fecha || !CODIGO.test(codigo) || !FECHA.test(fecha)) {
      throw new Error(`RIPS_RECHAZO_DESDE: entrada inválida «${parte}» (use CODIGO=AAAA-MM-DD)`);
    }
    salida[codigo] = fecha;
  }
  return salida;
}
