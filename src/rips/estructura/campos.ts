import type { CampoSpec, TablaCampos } from './tipos.js';

/*
 * Field tables of DT1 v002 §4 (Res. 948/2026), in the order the tables print them (the CIE-11
 * pairs sit right after the CIE-10 field they accompany, as in DT1 and its examples).
 * Sizes are the DT1 ones; where the PDF extraction or DT1 itself is inconsistent the choice is
 * commented here and listed in docs/rips-estructura.md.
 *
 * Conventions of this table:
 * - `longitud` of a C field is its length in characters; a 0 in it (or min 0) means the field
 *   may be null (DT1 §1.5: size 0 = "sin contenido", sent as null).
 * - `longitud` of an N field is the number of digits of the integer part. DT1 prints fixed sizes
 *   for some quantities (N05 "2", S08 "5"); numbers have no leading zeros, so a fixed size X of a
 *   quantity is read as "1 to X digits". Explicit lists ("3, 4") are kept as lists.
 * - requerido 'si' = must carry a value; 'no' = null/0 allowed; 'condicional' = a content rule
 *   (an RVC or the field's own observation) says when it is required.
 * - Medicamentos `numAutorizacion` (old M02) is not here: Res. 948 removed it. When a RIPS still
 *   sends it, it is ignored like any other extra property (the MUV DTOs accept extra properties).
 */

/** Keys that hold the nested structure, not a C/N value: the checker handles them apart. */
export const CONTENEDORES: ReadonlySet<string> = new Set(['usuarios', 'servicios']);

/** `{ valores: [0, min..max] }`: empty (null) or a length between min and max ("0, 4-256"). */
function ceroO(min: number, max: number): { valores: number[] } {
  const valores = [0];
  for (let i = min; i <= max; i++) valores.push(i);
  return { valores };
}

const FIJO = (n: number) => ({ min: n, max: n });
const RANGO = (min: number, max: number) => ({ min, max });

// ---- Builders for fields that repeat across services (keep each table readable) ----

function codPrestador(id: string, requerido: CampoSpec['requerido'] = 'si'): CampoSpec {
  return {
    id,
    nombre: 'codPrestador',
    etiqueta: 'Código del prestador',
    tipo: 'C',
    // M01 and S01 print "0, 12": technology providers send null (S01 observation).
    longitud: requerido === 'si' ? FIJO(12) : { valores: [0, 12] },
    requerido,
    catalogo: 'IPSCodHabilitacion',
  };
}

function fechaHora(id: string, nombre: string, etiqueta: string): CampoSpec {
  return { id, nombre, etiqueta, tipo: 'C', longitud: FIJO(16), requerido: 'si', formato: 'fechaHora' };
}

function cie10(id: string, nombre: string, etiqueta: string, requerido: CampoSpec['requerido']): CampoSpec {
  return {
    id,
    nombre,
    etiqueta,
    tipo: 'C',
    longitud: requerido === 'si' ? FIJO(4) : { valores: [0, 4] },
    requerido,
    catalogo: 'CIE10',
    formato: 'cie10',
  };
}

/**
 * CIE-11 code and name pair (new in Res. 948). DT1 prints "0, 4-256" for most codes but
 * "0, 1-256" for a few (C27, C29, P25), and "0, 1-1000" for names except C24 ("0, 4-1000"):
 * each field keeps its printed size.
 */
function cie11(
  idCodigo: string,
  idNombre: string,
  base: string,
  etiqueta: string,
  minCodigo = 4,
  minNombre = 1,
  requeridoNombre: CampoSpec['requerido'] = 'no',
): CampoSpec[] {
  return [
    {
      id: idCodigo,
      nombre: `cod${base}CIE11`,
      etiqueta: `${etiqueta} (código CIE-11)`,
      tipo: 'C',
      longitud: ceroO(minCodigo, 256),
      requerido: 'no',
      catalogo: 'CIE11',
      nuevo948: true,
    },
    {
      id: idNombre,
      nombre: `nomCod${base}CIE11`,
      etiqueta: `${etiqueta} (nombre CIE-11)`,
      tipo: 'C',
      longitud: ceroO(minNombre, 1000),
      requerido: requeridoNombre,
      nuevo948: true,
    },
  ];
}

function tipoDocProfesional(id: string, etiqueta: string, requerido: CampoSpec['requerido']): CampoSpec {
  return {
    id,
    nombre: 'tipoDocumentoIdentificacion',
    etiqueta,
    tipo: 'C',
    longitud: requerido === 'si' ? FIJO(2) : { valores: [0, 2] },
    requerido,
    catalogo: 'TipoIdPISIS',
  };
}

function numDocProfesional(id: string, etiqueta: string, requerido: CampoSpec['requerido']): CampoSpec {
  return {
    id,
    nombre: 'numDocumentoIdentificacion',
    etiqueta,
    tipo: 'C',
    longitud: requerido === 'si' ? RANGO(4, 20) : ceroO(4, 20),
    requerido,
  };
}

/** Required integer (values, quantities): N 1-`digitos`. */
function numero(id: string, nombre: string, etiqueta: string, digitos = 15): CampoSpec {
  return {
    id,
    nombre,
    etiqueta,
    tipo: 'N',
    longitud: RANGO(1, digitos),
    requerido: 'si',
    formato: 'entero',
  };
}

function conceptoRecaudo(id: string): CampoSpec {
  return {
    id,
    nombre: 'conceptoRecaudo',
    etiqueta: 'Concepto de recaudo',
    tipo: 'C',
    longitud: FIJO(2),
    requerido: 'si',
    catalogo: 'conceptoRecaudo',
  };
}

function numFEVPagoModerador(id: string): CampoSpec {
  // Type and size "given by the DIAN rules": a DIAN number like numFactura (T02), so 1 to 20
  // characters; null when there is no moderating payment. Without a size, any length was filed.
  return {
    id,
    nombre: 'numFEVPagoModerador',
    etiqueta: 'Factura del pago moderador',
    tipo: 'C',
    longitud: ceroO(1, 20),
    requerido: 'condicional',
  };
}

function numAutorizacion(id: string): CampoSpec {
  return {
    id,
    nombre: 'numAutorizacion',
    etiqueta: 'Número de autorización',
    tipo: 'C',
    longitud: RANGO(0, 30),
    requerido: 'no',
  };
}

function idMIPRES(id: string): CampoSpec {
  return {
    id,
    nombre: 'idMIPRES',
    etiqueta: 'ID de entrega MIPRES',
    tipo: 'C',
    longitud: ceroO(19, 25),
    requerido: 'no',
  };
}

function codigoVIDA(id: string): CampoSpec {
  return {
    id,
    nombre: 'codigoVIDA',
    etiqueta: 'Código VIDA de la atención',
    tipo: 'C',
    longitud: RANGO(0, 256),
    requerido: 'no',
    nuevo948: true,
  };
}

function consecutivo(id: string, etiqueta: string): CampoSpec {
  return {
    id,
    nombre: 'consecutivo',
    etiqueta,
    tipo: 'N',
    longitud: RANGO(1, 7),
    requerido: 'si',
    formato: 'entero',
  };
}

function modalidad(id: string): CampoSpec {
  return {
    id,
    nombre: 'modalidadGrupoServicioTecSal',
    etiqueta: 'Modalidad de atención',
    tipo: 'C',
    longitud: FIJO(2),
    requerido: 'si',
    catalogo: 'ModalidadAtencion',
  };
}

function grupoServicios(id: string): CampoSpec {
  return {
    id,
    nombre: 'grupoServicios',
    etiqueta: 'Grupo de servicios',
    tipo: 'C',
    longitud: FIJO(2),
    requerido: 'si',
    catalogo: 'GrupoServicios',
  };
}

function codServicio(id: string): CampoSpec {
  return {
    id,
    nombre: 'codServicio',
    etiqueta: 'Código del servicio (REPS)',
    tipo: 'N',
    longitud: { valores: [3, 4] },
    requerido: 'si',
    catalogo: 'Servicios',
    formato: 'entero',
  };
}

function causa(id: string): CampoSpec {
  return {
    id,
    nombre: 'causaMotivoAtencion',
    etiqueta: 'Causa que motiva la atención',
    tipo: 'C',
    longitud: FIJO(2),
    requerido: 'si',
    catalogo: 'RIPSCausaExternaVersion2',
  };
}

function viaIngreso(id: string): CampoSpec {
  return {
    id,
    nombre: 'viaIngresoServicioSalud',
    etiqueta: 'Vía de ingreso al servicio',
    tipo: 'C',
    longitud: FIJO(2),
    requerido: 'si',
    catalogo: 'ViaIngresoUsuario',
  };
}

function condicionEgreso(id: string): CampoSpec {
  return {
    id,
    nombre: 'condicionDestinoUsuarioEgreso',
    etiqueta: 'Condición y destino al egreso',
    tipo: 'C',
    longitud: FIJO(2),
    requerido: 'si',
    catalogo: 'CondicionyDestinoUsuarioEgreso',
  };
}

/** Diagnosis block of urgencias and hospitalización: ingreso, egreso and related egreso codes. */
function diagnosticosEgreso(ids: { cie10: string[]; cie11: string[] }): CampoSpec[] {
  const [dx, dxE, r1, r2, r3] = ids.cie10 as [string, string, string, string, string];
  const c = ids.cie11;
  return [
    cie10(dx, 'codDiagnosticoPrincipal', 'Diagnóstico principal de ingreso', 'si'),
    ...cie11(c[0]!, c[1]!, 'DiagnosticoPrincipal', 'Diagnóstico principal de ingreso'),
    cie10(dxE, 'codDiagnosticoPrincipalE', 'Diagnóstico principal de egreso', 'si'),
    ...cie11(c[2]!, c[3]!, 'DiagnosticoPrincipalE', 'Diagnóstico principal de egreso'),
    cie10(r1, 'codDiagnosticoRelacionadoE1', 'Diagnóstico relacionado de egreso 1', 'no'),
    ...cie11(c[4]!, c[5]!, 'DiagnosticoRelacionadoE1', 'Diagnóstico relacionado de egreso 1'),
    cie10(r2, 'codDiagnosticoRelacionadoE2', 'Diagnóstico relacionado de egreso 2', 'no'),
    ...cie11(c[6]!, c[7]!, 'DiagnosticoRelacionadoE2', 'Diagnóstico relacionado de egreso 2'),
    cie10(r3, 'codDiagnosticoRelacionadoE3', 'Diagnóstico relacionado de egreso 3', 'no'),
    ...cie11(c[8]!, c[9]!, 'DiagnosticoRelacionadoE3', 'Diagnóstico relacionado de egreso 3'),
  ];
}

/** Field tables of DT1 v002 §4. */
export const CAMPOS: TablaCampos = {
  // §4.1 — the root object.
  transaccion: [
    {
      id: 'T01',
      nombre: 'numDocumentoIdObligado',
      etiqueta: 'NIT del facturador electrónico',
      tipo: 'C',
      longitud: RANGO(4, 12),
      requerido: 'si',
      catalogo: 'IPSCodHabilitacion',
    },
    // Type and size "given by the DIAN": a string, null only for RIPS sin factura (tipoNota RS). The
    // DIAN number is prefix + consecutive; DT1 gives the notes numbered the same way (T04) 20
    // characters, and so does this table: without a size, a 1 MiB value was walked and repeated whole.
    {
      id: 'T02',
      nombre: 'numFactura',
      etiqueta: 'Número de la factura',
      tipo: 'C',
      longitud: ceroO(1, 20),
      requerido: 'condicional',
    },
    {
      id: 'T03',
      nombre: 'tipoNota',
      etiqueta: 'Tipo de nota',
      tipo: 'C',
      longitud: { valores: [0, 2] },
      requerido: 'condicional',
      catalogo: 'TipoNota',
    },
    {
      id: 'T04',
      nombre: 'numNota',
      etiqueta: 'Número de la nota',
      tipo: 'C',
      longitud: RANGO(0, 20),
      requerido: 'condicional',
    },
    // Not a C/N value (an array of users): see CONTENEDORES. DT1 gives it no ID.
    { id: 'usuarios', nombre: 'usuarios', etiqueta: 'Usuarios', tipo: 'C', requerido: 'si' },
  ],

  // §4.2
  usuario: [
    {
      id: 'U01',
      nombre: 'tipoDocumentoIdentificacion',
      etiqueta: 'Tipo de documento del usuario',
      tipo: 'C',
      longitud: FIJO(2),
      requerido: 'si',
      catalogo: 'TipoIdPISIS',
    },
    {
      id: 'U02',
      nombre: 'numDocumentoIdentificacion',
      etiqueta: 'Número de documento del usuario',
      tipo: 'C',
      longitud: RANGO(4, 20),
      requerido: 'si',
    },
    {
      id: 'U03',
      nombre: 'tipoUsuario',
      etiqueta: 'Tipo de usuario',
      tipo: 'C',
      longitud: FIJO(2),
      requerido: 'si',
      catalogo: 'RIPSTipoUsuarioVersion2',
    },
    {
      id: 'U04',
      nombre: 'fechaNacimiento',
      etiqueta: 'Fecha de nacimiento',
      tipo: 'C',
      longitud: FIJO(10),
      requerido: 'si',
      formato: 'fecha',
    },
    {
      id: 'U05',
      nombre: 'codSexo',
      etiqueta: 'Sexo del usuario',
      tipo: 'C',
      longitud: FIJO(1),
      requerido: 'si',
      catalogo: 'Sexo:Extra_III',
    },
    {
      id: 'U06',
      nombre: 'codPaisResidencia',
      etiqueta: 'País de residencia',
      tipo: 'C',
      longitud: FIJO(3),
      requerido: 'si',
      catalogo: 'Pais',
    },
    // Required when codPaisResidencia = 170 (Colombia): checked by the structure checker.
    {
      id: 'U07',
      nombre: 'codMunicipioResidencia',
      etiqueta: 'Municipio de residencia',
      tipo: 'C',
      longitud: { valores: [0, 5] },
      requerido: 'condicional',
      catalogo: 'Municipio',
    },
    {
      id: 'U08',
      nombre: 'codZonaTerritorialResidencia',
      etiqueta: 'Zona territorial de residencia',
      tipo: 'C',
      longitud: { valores: [0, 2] },
      requerido: 'condicional',
      catalogo: 'ZonaVersion2',
    },
    {
      id: 'U09',
      nombre: 'incapacidad',
      etiqueta: 'Incapacidad',
      tipo: 'C',
      longitud: FIJO(2),
      requerido: 'si',
      catalogo: 'LstSiNo',
    },
    consecutivo('U10', 'Consecutivo del usuario'),
    {
      id: 'U11',
      nombre: 'codPaisOrigen',
      etiqueta: 'País de origen',
      tipo: 'C',
      longitud: FIJO(3),
      requerido: 'si',
      catalogo: 'Pais',
    },
    // "0, 1-60": required when tipoUsuario = 10 (SOAT), rule RVC095.
    {
      id: 'U12',
      nombre: 'registroSIRAS',
      etiqueta: 'Registro SIRAS',
      tipo: 'C',
      longitud: RANGO(0, 60),
      requerido: 'condicional',
      nuevo948: true,
    },
    // Not a C/N value (the object with the seven service arrays): see CONTENEDORES.
    { id: 'servicios', nombre: 'servicios', etiqueta: 'Servicios del usuario', tipo: 'C', requerido: 'si' },
  ],

  // §4.3.1
  consultas: [
    codPrestador('C01'),
    fechaHora('C02', 'fechaInicioAtencion', 'Fecha de inicio de la atención'),
    numAutorizacion('C03'),
    {
      id: 'C04',
      nombre: 'codConsulta',
      etiqueta: 'Código de la consulta (CUPS)',
      tipo: 'C',
      longitud: FIJO(6),
      requerido: 'si',
      catalogo: 'CUPSRips',
      formato: 'cups',
    },
    modalidad('C05'),
    grupoServicios('C06'),
    codServicio('C07'),
    {
      id: 'C08',
      nombre: 'finalidadTecnologiaSalud',
      etiqueta: 'Finalidad de la consulta',
      tipo: 'C',
      longitud: FIJO(2),
      requerido: 'si',
      catalogo: 'RIPSFinalidadConsultaVersion2',
    },
    causa('C09'),
    cie10('C10', 'codDiagnosticoPrincipal', 'Diagnóstico principal', 'si'),
    ...cie11('C23', 'C24', 'DiagnosticoPrincipal', 'Diagnóstico principal', 4, 4),
    cie10('C11', 'codDiagnosticoRelacionado1', 'Diagnóstico relacionado 1', 'no'),
    ...cie11('C25', 'C26', 'DiagnosticoRelacionado1', 'Diagnóstico relacionado 1'),
    cie10('C12', 'codDiagnosticoRelacionado2', 'Diagnóstico relacionado 2', 'no'),
    ...cie11('C27', 'C28', 'DiagnosticoRelacionado2', 'Diagnóstico relacionado 2', 1),
    cie10('C13', 'codDiagnosticoRelacionado3', 'Diagnóstico relacionado 3', 'no'),
    ...cie11('C29', 'C30', 'DiagnosticoRelacionado3', 'Diagnóstico relacionado 3', 1),
    {
      id: 'C14',
      nombre: 'tipoDiagnosticoPrincipal',
      etiqueta: 'Tipo de diagnóstico principal',
      tipo: 'C',
      longitud: FIJO(2),
      requerido: 'si',
      catalogo: 'RIPSTipoDiagnosticoPrincipalVersion2',
    },
    tipoDocProfesional('C15', 'Tipo de documento del profesional', 'si'),
    numDocProfesional('C16', 'Número de documento del profesional', 'si'),
    numero('C17', 'vrServicio', 'Valor del servicio'),
    conceptoRecaudo('C18'),
    numero('C19', 'valorPagoModerador', 'Valor del pago moderador', 10),
    numFEVPagoModerador('C20'),
    codigoVIDA('C22'),
    consecutivo('C21', 'Consecutivo de la consulta'),
  ],

  // §4.3.2
  procedimientos: [
    codPrestador('P01'),
    fechaHora('P02', 'fechaInicioAtencion', 'Fecha de inicio de la atención'),
    idMIPRES('P03'),
    numAutorizacion('P04'),
    {
      id: 'P05',
      nombre: 'codProcedimiento',
      etiqueta: 'Código del procedimiento (CUPS)',
      tipo: 'C',
      longitud: FIJO(6),
      requerido: 'si',
      catalogo: 'CUPSRips',
      formato: 'cups',
    },
    viaIngreso('P06'),
    modalidad('P07'),
    grupoServicios('P08'),
    codServicio('P09'),
    {
      id: 'P10',
      nombre: 'finalidadTecnologiaSalud',
      etiqueta: 'Finalidad del procedimiento',
      tipo: 'C',
      longitud: FIJO(2),
      requerido: 'si',
      catalogo: 'RIPSFinalidadConsultaVersion2',
    },
    tipoDocProfesional('P11', 'Tipo de documento del profesional', 'si'),
    numDocProfesional('P12', 'Número de documento del profesional', 'si'),
    cie10('P13', 'codDiagnosticoPrincipal', 'Diagnóstico principal', 'si'),
    ...cie11('P21', 'P22', 'DiagnosticoPrincipal', 'Diagnóstico principal'),
    cie10('P14', 'codDiagnosticoRelacionado', 'Diagnóstico relacionado', 'no'),
    ...cie11('P23', 'P24', 'DiagnosticoRelacionado', 'Diagnóstico relacionado'),
    cie10('P15', 'codComplicacion', 'Diagnóstico de la complicación', 'no'),
    ...cie11('P25', 'P26', 'Complicacion', 'Diagnóstico de la complicación', 1),
    numero('P16', 'vrServicio', 'Valor del servicio'),
    conceptoRecaudo('P17'),
    numero('P18', 'valorPagoModerador', 'Valor del pago moderador', 10),
    numFEVPagoModerador('P19'),
    codigoVIDA('P27'),
    consecutivo('P20', 'Consecutivo del procedimiento'),
  ],

  // §4.3.3 — urgencias con observación (no money fields in DT1).
  urgencias: [
    codPrestador('R01'),
    fechaHora('R02', 'fechaInicioAtencion', 'Fecha y hora de ingreso a observación'),
    causa('R03'),
    ...diagnosticosEgreso({
      cie10: ['R04', 'R05', 'R06', 'R07', 'R08'],
      cie11: ['R13', 'R14', 'R15', 'R16', 'R17', 'R18', 'R19', 'R20', 'R21', 'R22'],
    }),
    condicionEgreso('R09'),
    // Required when the patient died (RVC042).
    cie10('R10', 'codDiagnosticoCausaMuerte', 'Diagnóstico de la causa de muerte', 'condicional'),
    ...cie11('R23', 'R24', 'DiagnosticoCausaMuerte', 'Diagnóstico de la causa de muerte'),
    fechaHora('R11', 'fechaEgreso', 'Fecha y hora de egreso'),
    codigoVIDA('R25'),
    consecutivo('R12', 'Consecutivo de la urgencia'),
  ],

  // §4.3.4 — the JSON key is singular.
  hospitalizacion: [
    codPrestador('H01'),
    viaIngreso('H02'),
    fechaHora('H03', 'fechaInicioAtencion', 'Fecha y hora de ingreso a hospitalización'),
    numAutorizacion('H04'),
    causa('H05'),
    ...diagnosticosEgreso({
      cie10: ['H06', 'H07', 'H08', 'H09', 'H10'],
      cie11: ['H16', 'H17', 'H18', 'H19', 'H20', 'H21', 'H22', 'H23', 'H24', 'H25'],
    }),
    cie10('H11', 'codComplicacion', 'Diagnóstico de la complicación', 'no'),
    ...cie11('H26', 'H27', 'Complicacion', 'Diagnóstico de la complicación'),
    condicionEgreso('H12'),
    cie10('H13', 'codDiagnosticoCausaMuerte', 'Diagnóstico de la causa de muerte', 'condicional'),
    ...cie11('H28', 'H29', 'DiagnosticoCausaMuerte', 'Diagnóstico de la causa de muerte'),
    fechaHora('H14', 'fechaEgreso', 'Fecha y hora de egreso'),
    codigoVIDA('H30'),
    consecutivo('H15', 'Consecutivo de la hospitalización'),
  ],

  // §4.3.5 (recién nacido) — reported under the mother.
  recienNacidos: [
    codPrestador('N01'),
    {
      id: 'N02',
      nombre: 'tipoDocumentoIdentificacion',
      etiqueta: 'Tipo de documento del recién nacido',
      tipo: 'C',
      longitud: FIJO(2),
      requerido: 'si',
      catalogo: 'TipoIdPISIS',
    },
    // DT1's table prints "N 4-20", but its own examples send a string and every other document
    // number is C (and RVC047 compares it with the user's U02): read as C.
    {
      id: 'N03',
      nombre: 'numDocumentoIdentificacion',
      etiqueta: 'Número de documento del recién nacido',
      tipo: 'C',
      longitud: RANGO(4, 20),
      requerido: 'si',
    },
    fechaHora('N04', 'fechaNacimiento', 'Fecha y hora de nacimiento'),
    {
      id: 'N05',
      nombre: 'edadGestacional',
      etiqueta: 'Edad gestacional (semanas)',
      tipo: 'N',
      longitud: RANGO(1, 2),
      requerido: 'si',
      formato: 'entero',
    },
    {
      id: 'N06',
      nombre: 'numConsultasCPrenatal',
      etiqueta: 'Número de consultas prenatales',
      tipo: 'N',
      longitud: RANGO(1, 2),
      requerido: 'si',
      formato: 'entero',
    },
    {
      id: 'N07',
      nombre: 'codSexoBiologico',
      etiqueta: 'Sexo biológico del recién nacido',
      tipo: 'C',
      longitud: FIJO(2),
      requerido: 'si',
      catalogo: 'Sexo:Extra_II',
    },
    {
      id: 'N08',
      nombre: 'peso',
      etiqueta: 'Peso al nacer (gramos)',
      tipo: 'N',
      longitud: { valores: [3, 4] },
      requerido: 'si',
      formato: 'entero',
    },
    // DT1 prints "C 4-25" for N09 and "0, 4-25" for N11 (extraction artifact): CIE-10 codes are 4.
    cie10('N09', 'codDiagnosticoPrincipal', 'Diagnóstico principal del recién nacido', 'si'),
    ...cie11('N14', 'N15', 'DiagnosticoPrincipal', 'Diagnóstico principal del recién nacido'),
    condicionEgreso('N10'),
    cie10('N11', 'codDiagnosticoCausaMuerte', 'Diagnóstico de la causa de muerte', 'condicional'),
    ...cie11('N16', 'N17', 'DiagnosticoCausaMuerte', 'Diagnóstico de la causa de muerte'),
    fechaHora('N12', 'fechaEgreso', 'Fecha y hora de egreso'),
    codigoVIDA('N18'),
    consecutivo('N13', 'Consecutivo del recién nacido'),
  ],

  // §4.3.5 (medicamentos; DT1 numbers both sections 4.3.5). M02 numAutorizacion removed by Res. 948.
  medicamentos: [
    codPrestador('M01', 'condicional'),
    idMIPRES('M03'),
    fechaHora('M04', 'fechaDispensAdmon', 'Fecha de dispensación o administración'),
    cie10('M05', 'codDiagnosticoPrincipal', 'Diagnóstico principal', 'si'),
    // M25: "Campo obligatorio cuando el campo M24 es diligenciado".
    ...cie11('M24', 'M25', 'DiagnosticoPrincipal', 'Diagnóstico principal', 4, 1, 'condicional'),
    cie10('M06', 'codDiagnosticoRelacionado', 'Diagnóstico relacionado', 'no'),
    ...cie11('M26', 'M27', 'DiagnosticoRelacionado', 'Diagnóstico relacionado'),
    {
      id: 'M07',
      nombre: 'tipoMedicamento',
      etiqueta: 'Tipo de medicamento',
      tipo: 'C',
      longitud: FIJO(2),
      requerido: 'si',
      catalogo: 'TipoMedicamentoPOSVersion2',
    },
    // IUM, else CUM (CatalogoCUMs), DCI for cannabis magistral preparations (RVC063/RVC064).
    {
      id: 'M08',
      nombre: 'codTecnologiaSalud',
      etiqueta: 'Código del medicamento (IUM/CUM)',
      tipo: 'C',
      longitud: RANGO(0, 20),
      requerido: 'condicional',
      catalogo: 'IUM',
    },
    // M09–M12: needed for magistral preparations; null/0 for the other types (RVC065).
    {
      id: 'M09',
      nombre: 'nomTecnologiaSalud',
      etiqueta: 'Nombre genérico del medicamento',
      tipo: 'C',
      longitud: RANGO(0, 30),
      requerido: 'condicional',
    },
    // "N 0-24 (10,14)": up to 10 integer digits and 14 decimals.
    {
      id: 'M10',
      nombre: 'concentracionMedicamento',
      etiqueta: 'Concentración del medicamento',
      tipo: 'N',
      longitud: RANGO(0, 10),
      requerido: 'condicional',
      formato: 'decimal',
    },
    {
      id: 'M11',
      nombre: 'unidadMedida',
      etiqueta: 'Unidad de medida del principio activo',
      tipo: 'N',
      longitud: RANGO(0, 4),
      requerido: 'condicional',
      catalogo: 'UMM',
      formato: 'entero',
    },
    {
      id: 'M12',
      nombre: 'formaFarmaceutica',
      etiqueta: 'Forma farmacéutica',
      tipo: 'C',
      longitud: { valores: [0, 6, 8] },
      requerido: 'condicional',
      catalogo: 'FFM',
    },
    {
      id: 'M13',
      nombre: 'unidadMinDispensa',
      etiqueta: 'Unidad mínima de dispensación',
      tipo: 'N',
      longitud: RANGO(1, 3),
      requerido: 'si',
      catalogo: 'UPR',
      formato: 'entero',
    },
    numero('M14', 'cantidadMedicamento', 'Cantidad dispensada', 10),
    numero('M15', 'diasTratamiento', 'Días de tratamiento', 3),
    // "0,2" / "0,4-20": null when the prescriber's document is not available.
    tipoDocProfesional('M16', 'Tipo de documento de quien prescribe', 'no'),
    numDocProfesional('M17', 'Número de documento de quien prescribe', 'no'),
    numero('M18', 'vrUnitMedicamento', 'Valor unitario del medicamento'),
    {
      id: 'M28',
      nombre: 'vrDispensacion',
      etiqueta: 'Valor de la dispensación',
      tipo: 'N',
      longitud: RANGO(0, 15),
      requerido: 'no',
      formato: 'entero',
      nuevo948: true,
    },
    numero('M19', 'vrServicio', 'Valor del servicio'),
    conceptoRecaudo('M20'),
    numero('M21', 'valorPagoModerador', 'Valor del pago moderador', 10),
    numFEVPagoModerador('M22'),
    codigoVIDA('M29'),
    consecutivo('M23', 'Consecutivo del medicamento'),
  ],

  // §4.3.6
  otrosServicios: [
    codPrestador('S01', 'condicional'),
    numAutorizacion('S02'),
    idMIPRES('S03'),
    fechaHora('S04', 'fechaSuministroTecnologia', 'Fecha de suministro'),
    {
      id: 'S05',
      nombre: 'tipoOS',
      etiqueta: 'Tipo de otro servicio',
      tipo: 'C',
      longitud: FIJO(2),
      requerido: 'si',
      catalogo: 'TipoOtrosServicios',
    },
    // The code system depends on tipoOS (IDM/UDI/own code, CUPS, MIPRES table): RVC024/025/096.
    {
      id: 'S06',
      nombre: 'codTecnologiaSalud',
      etiqueta: 'Código de la tecnología',
      tipo: 'C',
      longitud: RANGO(1, 20),
      requerido: 'si',
    },
    // Required for tipoOS 01 (RVC066).
    {
      id: 'S07',
      nombre: 'nomTecnologiaSalud',
      etiqueta: 'Nombre de la tecnología',
      tipo: 'C',
      longitud: RANGO(0, 200),
      requerido: 'condicional',
    },
    // DT1 prints "N 5"; honorarios are always 1, so it is read as up to 5 digits.
    {
      id: 'S08',
      nombre: 'cantidadOS',
      etiqueta: 'Cantidad',
      tipo: 'N',
      longitud: RANGO(1, 5),
      requerido: 'si',
      formato: 'entero',
    },
    // Required for tipoOS 01 and 04 (RVC050).
    tipoDocProfesional('S09', 'Tipo de documento de quien ordena', 'condicional'),
    numDocProfesional('S10', 'Número de documento de quien ordena', 'condicional'),
    numero('S11', 'vrUnitOS', 'Valor unitario'),
    {
      id: 'S18',
      nombre: 'vrDispensacion',
      etiqueta: 'Valor de la dispensación',
      tipo: 'N',
      longitud: RANGO(0, 15),
      requerido: 'no',
      formato: 'entero',
      nuevo948: true,
    },
    numero('S12', 'vrServicio', 'Valor del servicio'),
    conceptoRecaudo('S13'),
    // S14 is "N 1-15" in DT1 (the other services print 1-10).
    numero('S14', 'valorPagoModerador', 'Valor del pago moderador'),
    numFEVPagoModerador('S15'),
    codigoVIDA('S17'),
    consecutivo('S16', 'Consecutivo del otro servicio'),
  ],
};

/**
 * Values DT1 restricts a catalog field to (by field ID): the professional's document types
 * ("Solo aplican los siguientes valores") and the newborn's (CN, RC, MS).
 */
export const VALORES_PERMITIDOS: Readonly<Record<string, readonly string[]>> = {
  C15: ['CC', 'CE', 'CD', 'PA', 'SC', 'PE', 'DE', 'PT'],
  P11: ['CC', 'CE', 'CD', 'PA', 'SC', 'PE', 'DE', 'PT'],
  M16: ['CC', 'CE', 'CD', 'PA', 'SC', 'PE', 'DE', 'PT'],
  S09: ['CC', 'CE', 'CD', 'PA', 'SC', 'PE', 'DE', 'PT'],
  N02: ['CN', 'RC', 'MS'],
};

/**
 * Column of the catalog that says whether a code applies to this field ("teniendo en cuenta la
 * columna de la tabla de referencia que indique finalidad para consultas / procedimientos"):
 * the row's `extra[columna]` is 'SI' or 'NO'. Used when the loaded table carries that column.
 */
export const COLUMNA_APLICA: Readonly<Record<string, string>> = {
  C08: 'I',
  P10: 'II',
};

/**
 * Codes that do not apply to a field (by field ID) when the catalog has no applicability column:
 * finalidades only for procedimientos (14, 26, 28–42) or not for them (11 and 21: LIN §3.3.2
 * "valores permitidos 12 a 20, 22 a 44"), and the causes 40 and 41, which apply only to consultas
 * (live SISPRO tables, tablas-referencia-sispro.md).
 */
export const VALORES_NO_APLICAN: Readonly<Record<string, readonly string[]>> = {
  C08: ['14', '26', '28', '29', '30', '31', '32', '33', '34', '35', '36', '37', '38', '39', '40', '41', '42'],
  P10: ['11', '21'],
  R03: ['40', '41'],
  H05: ['40', '41'],
};
