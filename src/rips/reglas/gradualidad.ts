/**
 * Announced dates from which a notification (N) rule becomes a rejection (R), by code.
 * DT1 §1.6: the Ministry announces them; when it does, add a line here (or set
 * RIPS_RECHAZO_DESDE=RVC015=2027-01-01,… in the environment, which wins; RVC095=nunca drops a line).
 *
 * RVC095 (registro SIRAS): the technical annex of Res. 948/2026 says notification «los primeros 3
 * meses … posterior pasará a Rechazo», three months from 2026-06-01; DT1 v002 (2026-07-01) still
 * lists N and announces no date. Open question, see docs/reglas-rips-rvc050-098.md.
 */
export const RECHAZO_DESDE: Readonly<Record<string, string>> = { RVC095: '2026-09-01' };

const FECHA = /^\d{4}-\d{2}-\d{2}$/;
const CODIGO = /^[A-Z]{3}\d{2,3}$/;
const NUNCA = /^nunca$/i;

/**
 * Parses `RVC015=2027-01-01,RVG13=2027-03-01` over `base` (the built-in dates): an entry sets or
 * moves a code's date, `CODIGO=nunca` removes it. Throws a Spanish message on a malformed entry.
 */
export function parsearRechazoDesde(
  texto: string | undefined,
  base: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const salida: Record<string, string> = { ...base };
  for (const parte of (texto ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [codigo, fecha] = parte.split('=').map((s) => s?.trim());
    if (codigo && fecha && CODIGO.test(codigo) && NUNCA.test(fecha)) {
      delete salida[codigo];
      continue;
    }
    if (!codigo || !fecha || !CODIGO.test(codigo) || !FECHA.test(fecha)) {
      throw new Error(
        `RIPS_RECHAZO_DESDE: entrada inválida «${parte}» (use CODIGO=AAAA-MM-DD, o CODIGO=nunca para mantenerla como notificación)`,
      );
    }
    salida[codigo] = fecha;
  }
  return salida;
}
