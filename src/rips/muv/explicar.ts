import type { ErrorAccionable } from '../../errores/error-accionable.js';
import type { SeveridadError } from '../../errores/valores.js';
import { CODIGOS_FEV } from '../fev/codigos.js';
import { CODIGOS_OPERACION } from '../radicacion/reglas-operacion.js';
import { REGLAS_POR_CODIGO } from '../reglas/registro.js';
import { NOMBRE_REGISTRO, type Registro, TIPOS_SERVICIO, type TipoServicio } from '../tipos.js';
import { CODIGOS_MUV } from './codigos.js';
import { CODIGO_RESUMEN_RECHAZO, esFallaInternaMuv, type ResultadoMuv } from './respuesta.js';

// The mechanism writes paths with and without the package's «rips.» (RVG01: `rips.usuarios[0]…`).
const RUTA_RIPS = /^(?:\$\.)?(?:rips\.)?usuarios\[(\d+)\](?:\.servicios\.(\w+)\[(\d+)\])?(?:\.(\w+))?$/i;

/** `Fuente` values seen in the mechanism's answers, as a person reads them. */
const NOMBRE_FUENTE: Readonly<Record<string, string>> = {
  Rips: 'RIPS',
  FevRips: 'Paquete FEV-RIPS',
  FacturaElectronica: 'Factura electrónica (XML)',
  CapitaInicial: 'Cápita inicial',
  CapitaFinal: 'Cápita final',
};

function textoDe(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;
}

/**
 * A whole answer's results: each one explained, in the mechanism's order and without merging
 * repeats (it evaluates every user and service). CFR003, the summary that heads every rejection,
 * becomes an informative note when other rejections say what is wrong, so it is not counted as one
 * more error.
 */
export function explicarResultadosMuv(
  resultados: readonly ResultadoMuv[],
  rips: Registro,
): ErrorAccionable[] {
  const conDetalle = resultados.some(
    (r) => r.clase !== 'NOTIFICACION' && r.codigo !== CODIGO_RESUMEN_RECHAZO,
  );
  return resultados.map((r) =>
    r.codigo === CODIGO_RESUMEN_RECHAZO && conDetalle
      ? resumenRechazo(r, rips)
      : explicarResultadoMuv(r, rips),
  );
}

/** CFR003 next to the rejections it sums up. */
function resumenRechazo(r: ResultadoMuv, rips: Registro): ErrorAccionable {
  const e = explicarResultadoMuv(r, rips);
  return {
    ...e,
    severidad: 'informativo',
    titulo: 'Resumen del MUV: el paquete tiene rechazos',
    explicacion: `El MUV encabeza todo rechazo con este resumen («${r.descripcion || 'Se encontraron errores al procesar el archivo Json de Fev'}»). No es un error aparte: los errores son los demás hallazgos del MUV en esta respuesta.`,
    comoCorregir: 'Corrija los demás hallazgos del MUV; este resumen desaparece con ellos.',
  };
}

/**
 * A mechanism result as ErrorAccionable (`fuente: "muv"`): known codes (RIPS rules, the FEV gate's
 * DT2 codes, the mechanism's own codes) get our Spanish texts,
 * unknown ones keep the mechanism's own; the location comes from `PathFuente` when it points into
 * the RIPS. RECHAZADO → rechazo; NOTIFICACION → aviso-gradualidad (CUV still issued). A failure
 * inside the mechanism (a .NET exception text) is explained as that, whatever code it came under.
 */
export function explicarResultadoMuv(r: ResultadoMuv, rips: Registro): ErrorAccionable {
  const factura = textoDe(rips.numFactura);
  const regla =
    REGLAS_POR_CODIGO.get(r.codigo) ?? CODIGOS_FEV.get(r.codigo) ?? CODIGOS_OPERACION.get(r.codigo);
  const propio = CODIGOS_MUV[r.codigo];
  const severidad: SeveridadError = r.clase === 'NOTIFICACION' ? 'aviso-gradualidad' : 'rechazo';
  const m = RUTA_RIPS.exec(r.pathFuente.trim());
  const usuarioIndex = m ? Number(m[1]) : null;
  const tipo = m?.[2] && (TIPOS_SERVICIO as readonly string[]).includes(m[2]) ? (m[2] as TipoServicio) : null;
  const servicioIndex = m?.[3] !== undefined ? Number(m[3]) : null;
  const campo = m?.[4] ?? null;
  let documentoUsuario: string | null = null;
  if (usuarioIndex !== null && Array.isArray(rips.usuarios)) {
    const u = rips.usuarios[usuarioIndex] as Registro | undefined;
    const tipoDoc = textoDe(u?.tipoDocumentoIdentificacion);
    const num = textoDe(u?.numDocumentoIdentificacion);
    if (tipoDoc && num) documentoUsuario = `${tipoDoc} ${num}`;
  }
  const partes = [factura ? `Factura ${factura}` : 'RIPS sin número de factura'];
  if (usuarioIndex !== null)
    partes.push(documentoUsuario ? `Paciente ${documentoUsuario}` : `Usuario ${usuarioIndex + 1}`);
  if (tipo) partes.push(`${NOMBRE_REGISTRO[tipo]} ${(servicioIndex ?? 0) + 1}`);
  if (campo) partes.push(campo);
  else if (!m && r.pathFuente)
    partes.push(`${NOMBRE_FUENTE[r.fuente] ?? (r.fuente || 'Documento')}: ${r.pathFuente}`);
  const original = [r.descripcion, r.observaciones].filter(Boolean).join(' — ') || null;
  const interna = esFallaInternaMuv(r);
  const base = interna ? fallaInterna(r) : (regla ?? propio);
  return {
    codigo: r.codigo || 'MUV',
    severidad,
    fuente: 'muv',
    ubicacion: {
      factura,
      usuarioIndex,
      documentoUsuario,
      tipoServicio: tipo,
      servicioIndex,
      campo,
      campoNombre: null,
      ruta: r.pathFuente || null,
      descripcion: partes.join(' · '),
    },
    titulo: base?.titulo ?? (r.descripcion || `Hallazgo ${r.codigo} del MUV`),
    explicacion: base
      ? [base.explicacion, r.observaciones && !interna ? `El MUV indica: «${r.observaciones}».` : '']
          .filter(Boolean)
          .join(' ')
      : r.observaciones || r.descripcion || `El MUV reportó el código ${r.codigo}.`,
    comoCorregir:
      base?.comoCorregir ??
      'Revise el dato señalado en el sistema de origen según el mensaje del MUV y vuelva a enviar. Si el código no es claro, consúltelo en la documentación técnica del Ministerio (FEV-RIPS).',
    mensajeOriginal: original,
  };
}

/** Texts for a failure inside the mechanism: the user's data is not what failed. */
function fallaInterna(r: ResultadoMuv): { titulo: string; explicacion: string; comoCorregir: string } {
  const mensaje = (r.observaciones || r.descripcion).trim();
  const donde = r.pathFuente ? `, en «${r.pathFuente}»` : '';
  return {
    titulo: 'Falla interna del MUV: no es un error de sus datos',
    explicacion: `El MUV no pudo procesar el paquete por un error de su propio programa («${mensaje}»${donde}). Ninguna regla de validación se pronunció sobre los datos: el código ${r.codigo || 'del hallazgo'} que acompaña el mensaje no señala un dato inválido, y el MUV no radicó el paquete.`,
    comoCorregir:
      'No cambie el RIPS por este hallazgo. Reintente el envío; si la falla se repite con el mismo paquete, repórtela a la mesa de ayuda de SISPRO del Ministerio de Salud con la respuesta del MUV guardada en la radicación.',
  };
}
