import type { ErrorAccionable } from '../../errores/error-accionable.js';
import type { SeveridadError } from '../../errores/valores.js';
import { CODIGOS_FEV } from '../fev/codigos.js';
import { CODIGOS_OPERACION } from '../radicacion/reglas-operacion.js';
import { REGLAS_POR_CODIGO } from '../reglas/registro.js';
import { NOMBRE_REGISTRO, type Registro, TIPOS_SERVICIO, type TipoServicio } from '../tipos.js';
import { CODIGOS_MUV } from './codigos.js';
import type { ResultadoMuv } from './respuesta.js';

const RUTA_RIPS = /^(?:\$\.)?usuarios\[(\d+)\](?:\.servicios\.(\w+)\[(\d+)\])?(?:\.(\w+))?$/;

function textoDe(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;
}

/**
 * A mechanism result as ErrorAccionable (`fuente: "muv"`): known codes (RIPS rules, the FEV gate's
 * DT2 codes, the mechanism's own codes) get our Spanish texts,
 * unknown ones keep the mechanism's own; the location comes from `PathFuente` when it points into
 * the RIPS. RECHAZADO → rechazo; NOTIFICACION → aviso-gradualidad (CUV still issued).
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
  else if (!m && r.pathFuente) partes.push(`${r.fuente || 'Documento'}: ${r.pathFuente}`);
  const original = [r.descripcion, r.observaciones].filter(Boolean).join(' — ') || null;
  const base = regla ?? propio;
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
      ? [base.explicacion, r.observaciones ? `El MUV indica: «${r.observaciones}».` : '']
          .filter(Boolean)
          .join(' ')
      : r.observaciones || r.descripcion || `El MUV reportó el código ${r.codigo}.`,
    comoCorregir:
      base?.comoCorregir ??
      'Revise el dato señalado en el sistema de origen según el mensaje del MUV y vuelva a enviar. Si el código no es claro, consúltelo en la documentación técnica del Ministerio (FEV-RIPS).',
    mensajeOriginal: original,
  };
}
