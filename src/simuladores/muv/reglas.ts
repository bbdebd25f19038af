import type { ResultadoValidacionMuv } from '../../rips/muv/tipos.js';
import { type OperacionMuv, SIN_ADJUNTO } from '../../rips/muv/tipos.js';
import type { Registro } from '../../rips/tipos.js';
import { serviciosDe } from './paquete.js';
import { PREFIJO_NO_RETHUS } from './sandbox.js';

interface Paquete {
  operacion: OperacionMuv;
  rips: Registro;
  xmlFevFile: string;
}

interface Hallazgo {
  observaciones: string;
  pathFuente: string;
}

/** One check of the simulated mechanism: data (code, class, description) plus a small function. */
interface ReglaSimulada {
  codigo: string;
  clase: 'RECHAZADO' | 'NOTIFICACION';
  descripcion: string;
  fuente: string;
  verificar: (p: Paquete) => Hallazgo[];
}

const TIPO_NOTA: Record<OperacionMuv, string | null> = {
  CargarFevRips: null,
  CargarNC: 'NC',
  CargarND: 'ND',
  CargarNotaAjuste: 'NA',
  CargarRipsSinFactura: 'RS',
};

/**
 * The checks the sandbox makes beyond "already has a CUV" (which needs its registry). They stand for
 * what only the mechanism can check (RETHUS, the package envelope); texts follow the official ones.
 */
export const REGLAS_SIMULADOR: ReglaSimulada[] = [
  {
    codigo: 'PFE001',
    clase: 'RECHAZADO',
    descripcion: 'El documento AttachedDocument no fue informado o se encuentra vacío.',
    fuente: 'FacturaElectronica',
    verificar: (p) =>
      !SIN_ADJUNTO.has(p.operacion) && !p.xmlFevFile
        ? [{ observaciones: `El método ${p.operacion} requiere xmlFevFile.`, pathFuente: 'xmlFevFile' }]
        : [],
  },
  {
    codigo: 'RVG06',
    clase: 'RECHAZADO',
    descripcion: 'El contenido del dato no corresponde a los valores permitidos.',
    fuente: 'Rips',
    verificar: (p) => {
      const r: Hallazgo[] = [];
      const esperado = TIPO_NOTA[p.operacion];
      const tipoNota = p.rips.tipoNota ?? null;
      if (tipoNota !== esperado)
        r.push({
          observaciones: `tipoNota «${String(tipoNota)}» no corresponde al método ${p.operacion}.`,
          pathFuente: 'tipoNota',
        });
      if (SIN_ADJUNTO.has(p.operacion) && p.xmlFevFile)
        r.push({ observaciones: `En ${p.operacion} xmlFevFile debe ir vacío.`, pathFuente: 'xmlFevFile' });
      if (p.operacion === 'CargarRipsSinFactura' && p.rips.numFactura != null)
        r.push({ observaciones: 'En RIPS sin factura numFactura debe ser null.', pathFuente: 'numFactura' });
      return r;
    },
  },
  {
    codigo: 'RVG11',
    clase: 'RECHAZADO',
    descripcion: 'El profesional no se encuentra registrado en RETHUS o inscrito en la plataforma MIPRES.',
    fuente: 'Rips',
    verificar: (p) => {
      const r: Hallazgo[] = [];
      for (const s of serviciosDe(p.rips)) {
        const doc = s.registro.numDocumentoIdentificacion;
        if (typeof doc === 'string' && doc.startsWith(PREFIJO_NO_RETHUS))
          r.push({
            observaciones: `Documento ${doc} no registrado en RETHUS.`,
            pathFuente: `usuarios[${s.usuarioIndex}].servicios.${s.tipo}[${s.indice}].numDocumentoIdentificacion`,
          });
      }
      return r;
    },
  },
  {
    codigo: 'RVG13',
    clase: 'NOTIFICACION',
    descripcion: 'Existe dos o más medicamentos con el mismo código registrados para el mismo usuario.',
    fuente: 'Rips',
    verificar: (p) => {
      const vistos = new Set<string>();
      const r: Hallazgo[] = [];
      for (const s of serviciosDe(p.rips)) {
        if (s.tipo !== 'medicamentos') continue;
        const k = `${s.usuarioIndex}|${String(s.registro.codTecnologiaSalud)}|${String(s.registro.fechaDispensAdmon)}`;
        if (vistos.has(k))
          r.push({
            observaciones: 'Medicamento repetido para el usuario en la misma fecha.',
            pathFuente: `usuarios[${s.usuarioIndex}].servicios.medicamentos[${s.indice}].codTecnologiaSalud`,
          });
        vistos.add(k);
      }
      return r;
    },
  },
];

export function aplicarReglas(p: Paquete): ResultadoValidacionMuv[] {
  return REGLAS_SIMULADOR.flatMap((regla) =>
    regla.verificar(p).map((h) => ({
      Clase: regla.clase,
      Codigo: regla.codigo,
      Descripcion: regla.descripcion,
      Observaciones: h.observaciones,
      PathFuente: h.pathFuente,
      Fuente: regla.fuente,
    })),
  );
}
