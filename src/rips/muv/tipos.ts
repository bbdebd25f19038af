/**
 * Wire format of the API Docker FEV-RIPS (manual v4.3 §8, swagger DTOs). Field names are the
 * mechanism's own (PascalCase in responses); `leerClave` also accepts camelCase spellings.
 */

export type TipoNota = 'NC' | 'ND' | 'NA' | 'RS';

/** `POST /api/Auth/LoginSISPRO` body. */
export interface LoginSispro {
  persona: { identificacion: { tipo: string; numero: string } };
  clave: string;
  nit: string;
  tipoUsuario?: string;
}

/** Upload body: the RIPS object itself (null where the operation takes none) and the base64 AttachedDocument (empty where it takes none). */
export interface PaqueteFevRips {
  rips: Record<string, unknown> | null;
  xmlFevFile: string;
}

/** One entry of `ResultadosValidacion`. */
export interface ResultadoValidacionMuv {
  Clase: string;
  Codigo: string;
  Descripcion: string;
  Observaciones: string;
  PathFuente: string;
  Fuente: string;
}

/**
 * `ResultadoProcesoFevRips` (manual §8.13). Real rejections carry ProcesoId 0, NumFactura "" or "0",
 * a CodigoUnicoValidacion that is no CUV ("No aplica…" or "-") and, in RS and NC rejections (HTTP
 * 400), `codigoUnicoValidacionToShow` (camelCase even in a PascalCase answer).
 */
export interface ResultadoProcesoMuv {
  ResultState: boolean;
  ProcesoId: number | null;
  NumFactura: string | null;
  CodigoUnicoValidacion: string | null;
  codigoUnicoValidacionToShow?: string;
  FechaRadicacion: string | null;
  RutaArchivos: string | null;
  Ambiente?: string | null;
  Modulo?: string | null;
  ModalidadPago?: string | null;
  PeriodoAtencion?: { FechaInicio: string | null; FechaFin: string | null } | null;
  ResultadosValidacion: ResultadoValidacionMuv[];
}

/** `ConsultaFevRipsDTO`: the payer sends the package, its CUV, or (here) the obligated party and document. */
export interface ConsultaCuvMuv {
  rips: Record<string, unknown> | null;
  xmlFevFile: string | null;
  codigoUnicoValidacion: string | null;
}

export interface CantidadTotalAtencionesMuv {
  Consultas: number;
  Procedimientos: number;
  Medicamentos: number;
  OtrosServicios: number;
  RecienNacidos: number;
  Hospitalizaciones: number;
  Urgencias: number;
}

/** `ConsultaCUVDTO` (manual §8.14). */
export interface RegistroCuvMuv {
  ProcesoId: number;
  EsValido: boolean;
  CodigoUnicoValidacion: string | null;
  FechaValidacion: string | null;
  TipoDocumento: string | null;
  NumDocumentoIdObligado: string | null;
  NumeroDocumento: string | null;
  FechaEmision: string | null;
  TotalFactura: number | null;
  CantidadUsuarios: number | null;
  CantidadAtenciones: number | null;
  TotalValorServicios: number | null;
  IdentificacionAdquiriente: string | null;
  CodigoPrestador: string | null;
  ModalidadPago: string | null;
  NumDocumentoReferenciado: string | null;
  UrlJson: string | null;
  UrlXml: string | null;
  JsonFile: string | null;
  XmlFileBase64: string | null;
  ResultadosValidacion: ResultadoValidacionMuv[];
  CantidadTotalAtenciones: CantidadTotalAtencionesMuv | null;
}

/** A CUV is 96 lowercase hexadecimal characters (manual §8.13). */
export const FORMATO_CUV = /^[0-9a-f]{96}$/;
