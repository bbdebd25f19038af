import { CODIGOS_FEV, type HallazgoFev } from '../../rips/fev/index.js';
import type { DefinicionOperacion } from '../../rips/muv/operaciones.js';
import type { ResultadoValidacionMuv } from '../../rips/muv/tipos.js';
import { CAMPOS_VALOR, MODALIDADES_SIN_VALOR } from '../../rips/reglas/fev/cruces.js';
import type { Registro } from '../../rips/tipos.js';
import { type DocumentoLeido, esFechaXml, fechaDiaMes, serviciosDe, TEXTO_MODALIDAD } from './paquete.js';
import { PREFIJO_NO_RETHUS } from './sandbox.js';

/** One upload as the simulated mechanism sees it. */
export interface Paquete {
  definicion: DefinicionOperacion;
  /** The RIPS when it goes (never for an operation whose «rips» must be null). */
  rips: Registro | null;
  /** «rips» came with a value where the operation takes null. */
  ripsSobrante: boolean;
  xmlFevFile: string;
  /** The embedded document, when an XML went and could be read. */
  documento: DocumentoLeido | null;
  /** Why the XML could not be read (the FEV gate's findings), when it could not. */
  hallazgosXml: HallazgoFev[];
}

interface Hallazgo {
  observaciones: string;
  pathFuente: string;
  /** A finding that carries its own code (an unreadable XML: the gate's code and official text). */
  codigo?: string;
  descripcion?: string;
}

/** One check of the simulated mechanism: data (code, class, description) plus a small function. */
interface ReglaSimulada {
  codigo: string;
  clase: 'RECHAZADO' | 'NOTIFICACION';
  descripcion: string;
  fuente: string | ((p: Paquete) => string);
  verificar: (p: Paquete) => Hallazgo[];
}

/** Capitation operations: their RIPS is capitation by definition (RVC034: values 0). */
const OPERACIONES_CAPITA = new Set(['CargarCapitaPeriodo', 'CargarCapitaFinal', 'CargarNCCapita']);
/** Capitation invoices: their IssueDate is checked against the period reported (CIN001). */
const FACTURAS_CAPITA = new Set(['CargarCapitaInicial', 'CargarCapitaPeriodo']);

const FUENTE_XML: Record<string, string> = {
  Invoice: 'FacturaElectronica',
  CreditNote: 'NotaCredito',
  DebitNote: 'NotaDebito',
};
const fuenteXml = (p: Paquete) => FUENTE_XML[p.definicion.documentoXml ?? 'Invoice']!;

/** The operation's section in the manual, for the texts («Manual API v4.3 §8.4; …» → «§8.4»). */
const seccion = (d: DefinicionOperacion) => /§[\d.]+/.exec(d.fuente)?.[0] ?? '§8';

/**
 * The modality the RIPS values answer to: a capitation operation is capitation (03) unless its XML
 * names another modality without values; any other operation, the modality its XML names.
 */
function modalidadDeValores(p: Paquete): string | null {
  const delXml = p.documento?.modalidadPago ?? null;
  if (OPERACIONES_CAPITA.has(p.definicion.metodo))
    return delXml && MODALIDADES_SIN_VALOR.has(delXml) ? delXml : (p.definicion.modalidadImplicita ?? '03');
  return delXml;
}

/**
 * The checks the sandbox makes beyond "already has a CUV" (which needs its registry). They stand for
 * what only the mechanism can check (RETHUS, the package envelope) and the verdicts the real one was
 * seen giving for capitation (CIN001, RVC034); texts follow the official ones.
 */
export const REGLAS_SIMULADOR: ReglaSimulada[] = [
  {
    codigo: 'PFE001',
    clase: 'RECHAZADO',
    descripcion: 'El documento AttachedDocument no fue informado o se encuentra vacío.',
    fuente: fuenteXml,
    verificar: (p) =>
      p.definicion.adjunto === 'obligatorio' && !p.xmlFevFile
        ? [
            {
              observaciones: `El método ${p.definicion.metodo} requiere xmlFevFile: el AttachedDocument ${p.definicion.documentoXml === 'Invoice' ? 'de la factura' : 'de la nota'} en base64 (manual ${seccion(p.definicion)}).`,
              pathFuente: 'xmlFevFile',
            },
          ]
        : [],
  },
  {
    codigo: 'RVG06',
    clase: 'RECHAZADO',
    descripcion: 'El contenido del dato no corresponde a los valores permitidos.',
    fuente: 'Rips',
    verificar: (p) => {
      const r: Hallazgo[] = [];
      const d = p.definicion;
      if (p.ripsSobrante)
        r.push({
          observaciones: `El método ${d.metodo} no lleva RIPS: «rips» debe enviarse null (manual ${seccion(d)}).`,
          pathFuente: 'rips',
        });
      if (p.rips) {
        const tipoNota = p.rips.tipoNota ?? null;
        if (!(d.tiposNota as readonly unknown[]).includes(tipoNota))
          r.push({
            observaciones: `tipoNota «${String(tipoNota)}» no corresponde al método ${d.metodo} (admite ${d.tiposNota.map((t) => (t === null ? 'null' : `«${t}»`)).join(' o ')}).`,
            pathFuente: 'tipoNota',
          });
        if (d.metodo === 'CargarRipsSinFactura' && p.rips.numFactura != null)
          r.push({
            observaciones: 'En RIPS sin factura numFactura debe ser null.',
            pathFuente: 'numFactura',
          });
      }
      if (d.adjunto === 'vacio' && p.xmlFevFile)
        r.push({
          observaciones: `En ${d.metodo} xmlFevFile debe ir vacío (manual ${seccion(d)}).`,
          pathFuente: 'xmlFevFile',
        });
      return r;
    },
  },
  {
    // Without a RIPS the document's identity (NIT, number, referenced invoice) is the XML's.
    codigo: 'GI005',
    clase: 'RECHAZADO',
    descripcion: 'Solo se admiten archivos con extensión XML, para el envío de las FEV, ND, NC',
    fuente: fuenteXml,
    verificar: (p) => {
      const d = p.definicion;
      if (p.rips || p.ripsSobrante || !d.documentoXml || !p.xmlFevFile) return [];
      if (p.documento?.numero) return [];
      const h = p.hallazgosXml[0];
      const codigo = h && CODIGOS_FEV.has(h.codigo) ? h.codigo : undefined;
      return [
        {
          observaciones: `No se pudo leer ${d.documentoXml === 'Invoice' ? 'la factura' : 'la nota'} (${d.documentoXml}) del AttachedDocument, y sin RIPS el documento se identifica por su XML${h?.detalle ? `: ${h.detalle}` : '.'}`,
          pathFuente: h?.ruta ?? 'xmlFevFile',
          ...(codigo ? { codigo, descripcion: CODIGOS_FEV.get(codigo)!.mensajeOficial } : {}),
        },
      ];
    },
  },
  {
    codigo: 'RVG11',
    clase: 'RECHAZADO',
    descripcion: 'El profesional no se encuentra registrado en RETHUS o inscrito en la plataforma MIPRES.',
    fuente: 'Rips',
    verificar: (p) => {
      const r: Hallazgo[] = [];
      if (!p.rips) return r;
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
      if (!p.rips) return r;
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
  {
    // Seen in the manual's §8.9 example (CargarCapitaInicial); the same check applies to the period invoice.
    codigo: 'CIN001',
    clase: 'NOTIFICACION',
    descripcion: 'La fecha de la factura no corresponde al periodo reportado.',
    fuente: (p) => p.definicion.modulo,
    verificar: (p) => {
      const doc = p.documento;
      if (!FACTURAS_CAPITA.has(p.definicion.metodo) || !doc) return [];
      const { fechaEmision: emision, periodo } = doc;
      if (!esFechaXml(emision) || !esFechaXml(periodo.inicio) || !esFechaXml(periodo.fin)) return [];
      if (emision >= periodo.inicio && emision <= periodo.fin) return [];
      return [
        {
          observaciones: `La Fecha de Emisión esta fuera del periodo reportado. Periodo reportado: [${fechaDiaMes(periodo.inicio)}-${fechaDiaMes(periodo.fin)}] Fecha Factura: [${fechaDiaMes(emision)}]`,
          pathFuente: '',
        },
      ];
    },
  },
  {
    // Only the "values 0 outside evento" side: the evento side (> 0) is the service's own gate's.
    codigo: 'RVC034',
    clase: 'RECHAZADO',
    descripcion:
      'Debe ingresar un valor mayor a cero porque la modalidad de pago corresponde a pago por evento.',
    fuente: 'Rips',
    verificar: (p) => {
      const r: Hallazgo[] = [];
      const modalidad = p.rips ? modalidadDeValores(p) : null;
      if (!p.rips || !modalidad || !MODALIDADES_SIN_VALOR.has(modalidad)) return r;
      for (const s of serviciosDe(p.rips)) {
        for (const campo of CAMPOS_VALOR[s.tipo] ?? []) {
          const v = Number(s.registro[campo]);
          if (!Number.isFinite(v) || v <= 0) continue;
          r.push({
            observaciones: `La modalidad de pago es «${TEXTO_MODALIDAD[modalidad]}» (${modalidad}) en ${p.definicion.metodo}: el valor debe ser 0 y se informó ${v}.`,
            pathFuente: `usuarios[${s.usuarioIndex}].servicios.${s.tipo}[${s.indice}].${campo}`,
          });
        }
      }
      return r;
    },
  },
];

export function aplicarReglas(p: Paquete): ResultadoValidacionMuv[] {
  return REGLAS_SIMULADOR.flatMap((regla) =>
    regla.verificar(p).map((h) => ({
      Clase: regla.clase,
      Codigo: h.codigo ?? regla.codigo,
      Descripcion: h.descripcion ?? regla.descripcion,
      Observaciones: h.observaciones,
      PathFuente: h.pathFuente,
      Fuente: typeof regla.fuente === 'function' ? regla.fuente(p) : regla.fuente,
    })),
  );
}
