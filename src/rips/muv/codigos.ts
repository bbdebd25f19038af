/**
 * Codes only the mechanism reports (session, files, storage, CUV queries: rips.md §2.3), with our
 * Spanish texts. RIPS rule codes (RVG/RVC) and the FEV gate's DT2 codes (FED, PFE, PFP, GI…) take
 * their texts from those registries first; these are the fallback.
 */
export interface CodigoMuv {
  titulo: string;
  explicacion: string;
  comoCorregir: string;
}

export const CODIGOS_MUV: Readonly<Record<string, CodigoMuv>> = {
  TOT002: {
    titulo: 'Sesión del MUV vencida',
    explicacion:
      'El token de LoginSISPRO dura dos horas; el MUV rechazó la operación porque la sesión venció.',
    comoCorregir: 'El servicio inicia sesión de nuevo automáticamente; reintente el envío.',
  },
  PFE001: {
    titulo: 'Falta la factura electrónica (AttachedDocument)',
    explicacion:
      'La operación exige el documento adjunto (AttachedDocument) de la factura o nota, en base64, en `xmlFevFile`, y el paquete llegó sin él.',
    comoCorregir:
      'Envíe en `xmlFevFile` el AttachedDocument validado por la DIAN, codificado en base64, junto con el RIPS.',
  },
  PFP001: {
    titulo: 'El número de factura del XML no es el del RIPS',
    explicacion: 'El número de la factura en el XML no coincide con `numFactura` del RIPS.',
    comoCorregir: 'Envíe el RIPS junto con el XML de la misma factura, o corrija `numFactura` en el origen.',
  },
  GI010: {
    titulo: 'Documento rechazado por la DIAN',
    explicacion:
      'La factura o nota enviada no fue aprobada por la DIAN (ApplicationResponse sin aprobación).',
    comoCorregir: 'Radique ante el MUV solo documentos aprobados por la DIAN; corrija y reexpida la factura.',
  },
  CFR001: {
    titulo: 'Error de almacenamiento en el Ministerio',
    explicacion: 'El MUV no pudo guardar el paquete en el Ministerio de Salud.',
    comoCorregir: 'No requiere cambios en el RIPS: retransmita el paquete más tarde.',
  },
  // Heads every rejection; next to other rejections it is shown as an informative summary (explicar.ts).
  CFR003: {
    titulo: 'El MUV rechazó el paquete sin detallar la causa',
    explicacion:
      'El MUV respondió solo con su resumen de rechazo («Se encontraron errores al procesar el archivo Json de Fev»), sin ningún hallazgo que diga qué dato falló.',
    comoCorregir:
      'Revise la respuesta original del MUV guardada en la radicación; si no señala la causa, consulte a la mesa de ayuda de SISPRO del Ministerio de Salud antes de reenviar.',
  },
  CCV000: {
    titulo: 'El CUV no corresponde a los archivos',
    explicacion: 'El CUV calculado a partir del XML y el JSON enviados no coincide con el CUV consultado.',
    comoCorregir: 'Verifique que consulta con los mismos archivos que se radicaron.',
  },
  CCV001: {
    titulo: 'Documento sin CUV en el Ministerio',
    explicacion: 'El Ministerio no tiene un CUV validado para el documento consultado.',
    comoCorregir:
      'Radique el documento; si ya lo radicó, verifique el NIT del obligado y el número del documento.',
  },
  VPQ004: {
    titulo: 'Falta el XML del paquete',
    explicacion: 'El paquete no trae el XML de la factura o nota que la operación exige.',
    comoCorregir: 'Adjunte el AttachedDocument en base64 en `xmlFevFile`.',
  },
  VPQ005: {
    titulo: 'Falta el JSON del RIPS',
    explicacion: 'El paquete no trae el RIPS que la operación exige.',
    comoCorregir: 'Envíe el RIPS como objeto JSON en `rips`.',
  },
};
