import { describe, expect, it } from 'vitest';
import { validarPorTramos } from '../../../test/fixtures/por-tramos.js';
import { ETIQUETAS_FINALIDAD_CUPS, ETIQUETAS_FINALIDAD_SEXO_EDAD } from '../../../test/sispro/archivos.js';
import { CatalogosEnMemoria } from '../catalogos/memoria.js';
import type { Registro, Severidad, TipoServicio } from '../tipos.js';
import { validarRips } from '../validacion/validar.js';
import { parsearRechazoDesde, RECHAZO_DESDE } from './gradualidad.js';
import { REGLAS_RVC_050_098 } from './rvc-050-098.js';
import type { Regla } from './tipos.js';

// ---------------------------------------------------------------------------------------------
// A small, valid base RIPS of our own (no shared fixtures): one builder per record type.
// ---------------------------------------------------------------------------------------------

const ANTES = new Date('2026-05-15T12:00:00-05:00');
const DESPUES = new Date('2026-06-15T12:00:00-05:00');

const consulta = (o: Registro = {}): Registro => ({
  codPrestador: '110010000101',
  fechaInicioAtencion: '2026-03-02 08:00',
  numAutorizacion: null,
  codConsulta: '890201',
  modalidadGrupoServicioTecSal: '01',
  grupoServicios: '01',
  codServicio: 328,
  finalidadTecnologiaSalud: '15',
  causaMotivoAtencion: '38',
  codDiagnosticoPrincipal: 'J069',
  codDiagnosticoRelacionado1: null,
  codDiagnosticoRelacionado2: null,
  codDiagnosticoRelacionado3: null,
  tipoDiagnosticoPrincipal: '01',
  tipoDocumentoIdentificacion: 'CC',
  numDocumentoIdentificacion: '79000001',
  vrServicio: 45000,
  conceptoRecaudo: '05',
  valorPagoModerador: 0,
  numFEVPagoModerador: null,
  consecutivo: 1,
  ...o,
});

const procedimiento = (o: Registro = {}): Registro => ({
  codPrestador: '110010000101',
  fechaInicioAtencion: '2026-03-02 09:00',
  idMIPRES: null,
  numAutorizacion: null,
  codProcedimiento: '902210',
  viaIngresoServicioSalud: '02',
  modalidadGrupoServicioTecSal: '01',
  grupoServicios: '02',
  codServicio: 706,
  finalidadTecnologiaSalud: '15',
  tipoDocumentoIdentificacion: 'CC',
  numDocumentoIdentificacion: '79000001',
  codDiagnosticoPrincipal: 'J069',
  codDiagnosticoRelacionado: null,
  codComplicacion: null,
  vrServicio: 20000,
  conceptoRecaudo: '05',
  valorPagoModerador: 0,
  numFEVPagoModerador: null,
  consecutivo: 1,
  ...o,
});

const urgencia = (o: Registro = {}): Registro => ({
  codPrestador: '110010000101',
  fechaInicioAtencion: '2026-03-01 08:00',
  causaMotivoAtencion: '38',
  codDiagnosticoPrincipal: 'J189',
  codDiagnosticoPrincipalE: 'J189',
  codDiagnosticoRelacionadoE1: null,
  codDiagnosticoRelacionadoE2: null,
  codDiagnosticoRelacionadoE3: null,
  condicionDestinoUsuarioEgreso: '01',
  codDiagnosticoCausaMuerte: null,
  fechaEgreso: '2026-03-01 20:00',
  consecutivo: 1,
  ...o,
});

const hospitalizacion = (o: Registro = {}): Registro => ({
  codPrestador: '110010000101',
  viaIngresoServicioSalud: '01',
  fechaInicioAtencion: '2026-03-01 21:00',
  numAutorizacion: null,
  causaMotivoAtencion: '38',
  codDiagnosticoPrincipal: 'J189',
  codDiagnosticoPrincipalE: 'J189',
  codDiagnosticoRelacionadoE1: null,
  codDiagnosticoRelacionadoE2: null,
  codDiagnosticoRelacionadoE3: null,
  codComplicacion: null,
  condicionDestinoUsuarioEgreso: '01',
  codDiagnosticoCausaMuerte: null,
  fechaEgreso: '2026-03-04 10:00',
  consecutivo: 1,
  ...o,
});

const recienNacido = (o: Registro = {}): Registro => ({
  codPrestador: '110010000101',
  tipoDocumentoIdentificacion: 'RC',
  numDocumentoIdentificacion: '1020300001',
  fechaNacimiento: '2026-03-01 06:00',
  edadGestacional: 39,
  numConsultasCPrenatal: 6,
  codSexoBiologico: '01',
  peso: 3250,
  codDiagnosticoPrincipal: 'Z380',
  condicionDestinoUsuarioEgreso: '01',
  codDiagnosticoCausaMuerte: null,
  fechaEgreso: '2026-03-02 12:00',
  consecutivo: 1,
  ...o,
});

const medicamento = (o: Registro = {}): Registro => ({
  codPrestador: '110010000101',
  idMIPRES: null,
  fechaDispensAdmon: '2026-03-02 10:00',
  codDiagnosticoPrincipal: 'J069',
  codDiagnosticoRelacionado: null,
  tipoMedicamento: '01',
  codTecnologiaSalud: 'CUM-1',
  nomTecnologiaSalud: null,
  concentracionMedicamento: 0,
  unidadMedida: 0,
  formaFarmaceutica: null,
  unidadMinDispensa: 70,
  cantidadMedicamento: 10,
  diasTratamiento: 5,
  tipoDocumentoIdentificacion: 'CC',
  numDocumentoIdentificacion: '79000001',
  vrUnitMedicamento: 1500,
  vrServicio: 15000,
  conceptoRecaudo: '05',
  valorPagoModerador: 0,
  numFEVPagoModerador: null,
  vrDispensacion: 0,
  consecutivo: 1,
  ...o,
});

const otroServicio = (o: Registro = {}): Registro => ({
  codPrestador: '110010000101',
  numAutorizacion: null,
  idMIPRES: null,
  fechaSuministroTecnologia: '2026-03-02 11:00',
  tipoOS: '01',
  codTecnologiaSalud: 'DISP-1',
  nomTecnologiaSalud: 'Jeringa desechable 5 ml',
  cantidadOS: 2,
  tipoDocumentoIdentificacion: 'CC',
  numDocumentoIdentificacion: '79000001',
  vrUnitOS: 800,
  vrServicio: 1600,
  conceptoRecaudo: '05',
  valorPagoModerador: 0,
  numFEVPagoModerador: null,
  vrDispensacion: 0,
  consecutivo: 1,
  ...o,
});

type Servicios = Partial<Record<TipoServicio, Registro[]>>;

let documentos = 0;
const usuario = (servicios: Servicios, o: Registro = {}): Registro => ({
  tipoDocumentoIdentificacion: 'CC',
  numDocumentoIdentificacion: String(1_000_000_001 + documentos++),
  tipoUsuario: '01',
  fechaNacimiento: '1990-05-10',
  codSexo: 'F',
  codPaisResidencia: '170',
  codMunicipioResidencia: '11001',
  codZonaTerritorialResidencia: '02',
  incapacidad: 'NO',
  consecutivo: 1,
  codPaisOrigen: '170',
  registroSIRAS: null,
  servicios,
  ...o,
});

const rips = (...usuarios: Registro[]): Registro => ({
  numDocumentoIdObligado: '900123456',
  numFactura: 'FE100',
  tipoNota: null,
  numNota: null,
  usuarios,
});

/** One user with these services. */
const con = (servicios: Servicios, o: Registro = {}) => rips(usuario(servicios, o));

// ---------------------------------------------------------------------------------------------

const reglaDe = (codigo: string): Regla => {
  const r = REGLAS_RVC_050_098.find((x) => x.codigo === codigo);
  if (!r) throw new Error(`No existe ${codigo}`);
  return r;
};

function validar(codigo: string, ripsJson: Registro, fecha: Date, catalogos = new CatalogosEnMemoria()) {
  return validarRips(ripsJson, { reglas: [reglaDe(codigo)], catalogos, fecha });
}

const AVISO: Severidad = 'aviso-gradualidad';
const RECHAZO: Severidad = 'rechazo';
const NN: [Severidad, Severidad] = [AVISO, AVISO];
const RR: [Severidad, Severidad] = [RECHAZO, RECHAZO];
const NR: [Severidad, Severidad] = [AVISO, RECHAZO];
/** Care that may be in another invoice (Hallazgo.cruce): a note on both dates, never a local rechazo. */
const CRUCE: [Severidad, Severidad] = ['informativo', 'informativo'];

interface Caso {
  codigo: string;
  /** Severity on ANTES (2275) and DESPUES (948). */
  severidad: [Severidad, Severidad];
  validos: Registro[];
  invalido: Registro;
  rutas: string[];
  catalogos?: () => CatalogosEnMemoria;
  /** The rule runs a narrower part without its catalog (catalogosParciales): no "se omite" test. */
  parcial?: true;
}

const MUERTE = { condicionDestinoUsuarioEgreso: '02', codDiagnosticoCausaMuerte: 'J189' };
const DERIVADO = { condicionDestinoUsuarioEgreso: '03' };
const DOC_RN = { tipoDocumentoIdentificacion: 'RC', numDocumentoIdentificacion: '1020300001' };

const catalogosMedicamentos = () =>
  new CatalogosEnMemoria({
    IUM: ['IUM-1'],
    CatalogoCUMs: [
      { codigo: 'CUM-1', nombre: 'Acetaminofén 500 mg', habilitado: true },
      { codigo: 'CUM-VENCIDO', nombre: 'Cancelado', habilitado: false },
    ],
    DCI: ['08000'],
    UNIRS: ['CUM-1'],
  });

/** FinalidadSexoEdad as SISPRO exports it (Codigo a row number; SISPRO's H/M coding, M = mujer). */
const catalogosFinalidadSexoEdad = () =>
  new CatalogosEnMemoria({
    FinalidadSexoEdad: {
      columnas: ETIQUETAS_FINALIDAD_SEXO_EDAD,
      // The H row tells the table's coding (H hombre, M mujer).
      filas: [
        ['23', 'M'],
        ['25', 'M'],
        ['19', 'H'],
      ].map(([f, sexo], i) => ({
        codigo: String(i + 1),
        nombre: String(i + 1),
        habilitado: true,
        extra: { I: f!, II: sexo!, III: '0', IV: '120', V: 'SI', VI: 'SI' },
      })),
    },
  });

/** FinalidadCUPS as SISPRO exports it: Codigo is a row number, the pair is in Extra_I/Extra_II. */
const catalogosFinalidadCups = () =>
  new CatalogosEnMemoria({
    FinalidadCUPS: {
      columnas: ETIQUETAS_FINALIDAD_CUPS,
      filas: [
        { codigo: '1', nombre: '1', habilitado: true, extra: { I: '15', II: '890201' } },
        { codigo: '2', nombre: '2', habilitado: true, extra: { I: '16', II: '890201' } },
        { codigo: '3', nombre: '3', habilitado: true, extra: { I: '15', II: '902210' } },
      ],
    },
  });

const FINALIDAD_CAUSA: [string, string, string][] = [
  ['RVC067', '11', '40'],
  ['RVC068', '22', '42'],
  ['RVC069', '25', '42'],
  ['RVC070', '23', '42'],
  ['RVC071', '27', '42'],
  ['RVC072', '25', '42'],
  ['RVC073', '23', '42'],
  ['RVC074', '27', '42'],
  ['RVC075', '22', '42'],
  ['RVC076', '25', '42'],
  ['RVC077', '23', '42'],
  ['RVC078', '27', '42'],
];

const U0 = 'usuarios[0].servicios';

const CASOS: Caso[] = [
  {
    codigo: 'RVC050',
    severidad: RR,
    validos: [
      con({
        otrosServicios: [
          otroServicio(),
          otroServicio({
            tipoOS: '02',
            codTecnologiaSalud: '601T01',
            tipoDocumentoIdentificacion: null,
            numDocumentoIdentificacion: null,
          }),
        ],
      }),
    ],
    invalido: con({
      otrosServicios: [
        otroServicio(),
        otroServicio({
          tipoOS: '04',
          codTecnologiaSalud: 'MIPRES-1',
          tipoDocumentoIdentificacion: null,
          numDocumentoIdentificacion: '',
        }),
      ],
    }),
    rutas: [
      `${U0}.otrosServicios[1].tipoDocumentoIdentificacion`,
      `${U0}.otrosServicios[1].numDocumentoIdentificacion`,
    ],
  },
  {
    codigo: 'RVC051',
    severidad: NN,
    validos: [
      con({ consultas: [consulta({ finalidadTecnologiaSalud: '23', causaMotivoAtencion: '42' })] }),
      con({ consultas: [consulta()] }, { codSexo: 'M' }),
    ],
    invalido: con({ procedimientos: [procedimiento({ finalidadTecnologiaSalud: '25' })] }, { codSexo: 'M' }),
    rutas: [`${U0}.procedimientos[0].finalidadTecnologiaSalud`],
    catalogos: catalogosFinalidadSexoEdad,
    parcial: true,
  },
  {
    codigo: 'RVC052',
    severidad: NN,
    validos: [
      con({ consultas: [consulta({ finalidadTecnologiaSalud: '24', causaMotivoAtencion: '49' })] }),
      con({ consultas: [consulta({ finalidadTecnologiaSalud: '24', causaMotivoAtencion: '42' })] }),
    ],
    invalido: con({ consultas: [consulta({ finalidadTecnologiaSalud: '24', causaMotivoAtencion: '38' })] }),
    rutas: [`${U0}.consultas[0].causaMotivoAtencion`],
  },
  {
    codigo: 'RVC053',
    severidad: NR,
    validos: [
      con({
        urgencias: [urgencia({ ...MUERTE, fechaEgreso: '2026-03-02 10:00' })],
        medicamentos: [medicamento({ fechaDispensAdmon: '2026-03-03 10:00' })],
      }),
    ],
    invalido: rips(
      usuario({
        consultas: [consulta({ fechaInicioAtencion: '2026-03-03 10:01' })],
        urgencias: [urgencia({ ...MUERTE, fechaEgreso: '2026-03-02 10:00' })],
      }),
      // The newborn (own user) comes before the mother whose record says it died.
      usuario(
        { procedimientos: [procedimiento({ fechaInicioAtencion: '2026-03-05 09:00' })] },
        {
          ...DOC_RN,
          fechaNacimiento: '2026-03-01',
        },
      ),
      usuario({ recienNacidos: [recienNacido({ ...MUERTE, fechaEgreso: '2026-03-01 18:00' })] }),
    ),
    rutas: [
      `${U0}.consultas[0].fechaInicioAtencion`,
      'usuarios[1].servicios.procedimientos[0].fechaInicioAtencion',
    ],
  },
  {
    codigo: 'RVC054',
    severidad: NR,
    validos: [
      con({ urgencias: [urgencia()], hospitalizacion: [hospitalizacion({ viaIngresoServicioSalud: '03' })] }),
      con({ hospitalizacion: [hospitalizacion({ viaIngresoServicioSalud: '13' })] }),
      con({
        consultas: [consulta({ grupoServicios: '05', fechaInicioAtencion: '2026-03-01 20:30' })],
        hospitalizacion: [hospitalizacion({ viaIngresoServicioSalud: '03' })],
      }),
    ],
    invalido: con({
      consultas: [consulta({ fechaInicioAtencion: '2026-03-02 08:00' })],
      hospitalizacion: [hospitalizacion({ viaIngresoServicioSalud: '02' })],
    }),
    rutas: [`${U0}.hospitalizacion[0].viaIngresoServicioSalud`],
  },
  {
    codigo: 'RVC055',
    severidad: NR,
    catalogos: catalogosMedicamentos,
    validos: [
      con({
        medicamentos: [medicamento({ tipoMedicamento: '04' }), medicamento({ codTecnologiaSalud: 'X' })],
      }),
    ],
    invalido: con({ medicamentos: [medicamento({ tipoMedicamento: '04', codTecnologiaSalud: 'IUM-1' })] }),
    rutas: [`${U0}.medicamentos[0].tipoMedicamento`],
  },
  {
    codigo: 'RVC056',
    severidad: CRUCE,
    validos: [
      con({
        hospitalizacion: [hospitalizacion()],
        otrosServicios: [otroServicio({ tipoOS: '03', codTecnologiaSalud: '129B01' })],
      }),
    ],
    invalido: con({ otrosServicios: [otroServicio({ tipoOS: '03', codTecnologiaSalud: '129B01' })] }),
    rutas: [`${U0}.otrosServicios[0].tipoOS`],
  },
  {
    codigo: 'RVC057',
    severidad: NR,
    validos: [
      con({ recienNacidos: [recienNacido({ edadGestacional: 20 }), recienNacido({ edadGestacional: 46 })] }),
    ],
    invalido: con({ recienNacidos: [recienNacido({ edadGestacional: 18 })] }),
    rutas: [`${U0}.recienNacidos[0].edadGestacional`],
  },
  {
    codigo: 'RVC058',
    severidad: NR,
    validos: [con({ recienNacidos: [recienNacido({ peso: 500 }), recienNacido({ peso: 5000 })] })],
    invalido: con({ recienNacidos: [recienNacido(), recienNacido({ peso: 5200 })] }),
    rutas: [`${U0}.recienNacidos[1].peso`],
  },
  {
    codigo: 'RVC059',
    severidad: NN,
    catalogos: catalogosFinalidadCups,
    validos: [
      con({
        consultas: [consulta(), consulta({ finalidadTecnologiaSalud: '16' })],
        // 890701 is not in the table: not judged.
        procedimientos: [procedimiento(), procedimiento({ codProcedimiento: '890701' })],
      }),
    ],
    invalido: con({
      consultas: [consulta({ finalidadTecnologiaSalud: '44' })],
      procedimientos: [procedimiento({ finalidadTecnologiaSalud: '16' })],
    }),
    rutas: [`${U0}.consultas[0].codConsulta`, `${U0}.procedimientos[0].codProcedimiento`],
  },
  {
    codigo: 'RVC060',
    severidad: RR,
    validos: [
      con({
        consultas: [consulta({ conceptoRecaudo: '02', valorPagoModerador: 4000 })],
        // S14 is not in the rule's fields.
        otrosServicios: [otroServicio({ conceptoRecaudo: '02', valorPagoModerador: 0 })],
      }),
    ],
    invalido: con({ procedimientos: [procedimiento({ conceptoRecaudo: '03', valorPagoModerador: 0 })] }),
    rutas: [`${U0}.procedimientos[0].valorPagoModerador`],
  },
  {
    codigo: 'RVC061',
    severidad: RR,
    validos: [
      con({
        medicamentos: [medicamento(), medicamento({ conceptoRecaudo: '01', valorPagoModerador: 3000 })],
      }),
    ],
    invalido: con({ medicamentos: [medicamento({ conceptoRecaudo: '05', valorPagoModerador: 3000 })] }),
    rutas: [`${U0}.medicamentos[0].valorPagoModerador`],
  },
  {
    codigo: 'RVC062',
    severidad: CRUCE,
    validos: [
      rips(
        usuario({
          urgencias: [urgencia(DERIVADO)],
          hospitalizacion: [hospitalizacion({ viaIngresoServicioSalud: '03' })],
        }),
        usuario({ recienNacidos: [recienNacido(DERIVADO)] }),
        usuario({ consultas: [consulta()] }, { ...DOC_RN, fechaNacimiento: '2026-03-01' }),
      ),
    ],
    invalido: rips(
      usuario({
        consultas: [consulta({ fechaInicioAtencion: '2026-03-01 07:00' })],
        urgencias: [urgencia(DERIVADO)],
      }),
      usuario({ recienNacidos: [recienNacido(DERIVADO)] }),
    ),
    rutas: [
      `${U0}.urgencias[0].condicionDestinoUsuarioEgreso`,
      'usuarios[1].servicios.recienNacidos[0].condicionDestinoUsuarioEgreso',
    ],
  },
  {
    codigo: 'RVC063',
    severidad: NR,
    catalogos: catalogosMedicamentos,
    validos: [
      con({
        medicamentos: [
          medicamento(),
          medicamento({ codTecnologiaSalud: 'IUM-1' }),
          medicamento({ codTecnologiaSalud: 'CUM-VENCIDO' }),
          medicamento({
            tipoMedicamento: '03',
            codTecnologiaSalud: '50840',
            nomTecnologiaSalud: 'CANNABIDIOL',
          }),
        ],
      }),
    ],
    invalido: con({ medicamentos: [medicamento({ codTecnologiaSalud: 'CUM-INEXISTENTE' })] }),
    rutas: [`${U0}.medicamentos[0].codTecnologiaSalud`],
  },
  {
    codigo: 'RVC064',
    severidad: RR,
    catalogos: catalogosMedicamentos,
    validos: [
      con({
        medicamentos: [
          medicamento({ tipoMedicamento: '03', codTecnologiaSalud: '50840' }),
          medicamento({ tipoMedicamento: '03', codTecnologiaSalud: 'CUM-1' }),
          medicamento({ tipoMedicamento: '03', codTecnologiaSalud: '08000' }),
          medicamento({ codTecnologiaSalud: 'NO-MAGISTRAL' }),
        ],
      }),
    ],
    invalido: con({
      medicamentos: [medicamento({ tipoMedicamento: '03', codTecnologiaSalud: 'PM-PROPIO-7' })],
    }),
    rutas: [`${U0}.medicamentos[0].codTecnologiaSalud`],
  },
  {
    codigo: 'RVC065',
    severidad: NN,
    validos: [
      con({
        medicamentos: [
          medicamento(),
          medicamento({
            tipoMedicamento: '03',
            nomTecnologiaSalud: 'CANNABIDIOL',
            concentracionMedicamento: 10,
            unidadMedida: 168,
            formaFarmaceutica: 'C42986',
          }),
        ],
      }),
    ],
    invalido: con({
      medicamentos: [
        medicamento({
          tipoMedicamento: '02',
          nomTecnologiaSalud: 'ACETAMINOFEN',
          concentracionMedicamento: 500,
        }),
      ],
    }),
    rutas: [`${U0}.medicamentos[0].nomTecnologiaSalud`, `${U0}.medicamentos[0].concentracionMedicamento`],
  },
  {
    codigo: 'RVC066',
    severidad: NR,
    validos: [
      con({ otrosServicios: [otroServicio(), otroServicio({ tipoOS: '02', nomTecnologiaSalud: null })] }),
    ],
    invalido: con({ otrosServicios: [otroServicio({ nomTecnologiaSalud: null })] }),
    rutas: [`${U0}.otrosServicios[0].nomTecnologiaSalud`],
  },
  ...FINALIDAD_CAUSA.map(
    ([codigo, finalidad, causa]): Caso => ({
      codigo,
      severidad: NN,
      validos: [
        con({ consultas: [consulta({ finalidadTecnologiaSalud: finalidad, causaMotivoAtencion: causa })] }),
      ],
      invalido: con({
        consultas: [consulta(), consulta({ finalidadTecnologiaSalud: finalidad, causaMotivoAtencion: '38' })],
      }),
      rutas: [`${U0}.consultas[1].causaMotivoAtencion`],
    }),
  ),
  {
    codigo: 'RVC079',
    severidad: RR,
    validos: [con({ consultas: [consulta({ fechaInicioAtencion: '1990-05-10 00:00' })] })],
    invalido: con({ medicamentos: [medicamento({ fechaDispensAdmon: '1990-05-09 23:59' })] }),
    rutas: [`${U0}.medicamentos[0].fechaDispensAdmon`],
  },
  {
    codigo: 'RVC080',
    severidad: RR,
    validos: [con({ hospitalizacion: [hospitalizacion()] })],
    invalido: con({
      hospitalizacion: [
        hospitalizacion({ fechaInicioAtencion: '1989-01-01 08:00', fechaEgreso: '1989-01-02 08:00' }),
      ],
    }),
    rutas: [`${U0}.hospitalizacion[0].fechaEgreso`],
  },
  {
    codigo: 'RVC081',
    severidad: RR,
    validos: [con({ urgencias: [urgencia()] })],
    invalido: con({ urgencias: [urgencia({ fechaInicioAtencion: '1990-05-09 22:00' })] }),
    rutas: [`${U0}.urgencias[0].fechaInicioAtencion`],
  },
  {
    codigo: 'RVC084',
    severidad: NR,
    validos: [
      con({
        consultas: [
          consulta({ finalidadTecnologiaSalud: '23', causaMotivoAtencion: '42' }),
          consulta({ conceptoRecaudo: '02', valorPagoModerador: 4000 }),
        ],
      }),
    ],
    invalido: con({
      consultas: [
        consulta({
          finalidadTecnologiaSalud: '11',
          causaMotivoAtencion: '40',
          conceptoRecaudo: '02',
          valorPagoModerador: 4000,
        }),
      ],
    }),
    rutas: [`${U0}.consultas[0].conceptoRecaudo`],
  },
  {
    codigo: 'RVC085',
    severidad: NN,
    validos: [
      con({
        consultas: [
          consulta({
            finalidadTecnologiaSalud: '11',
            causaMotivoAtencion: '40',
            codDiagnosticoPrincipal: 'Z000',
          }),
        ],
      }),
    ],
    invalido: con({ consultas: [consulta({ finalidadTecnologiaSalud: '11', causaMotivoAtencion: '40' })] }),
    rutas: [`${U0}.consultas[0].codDiagnosticoPrincipal`],
  },
  {
    codigo: 'RVC086',
    severidad: NR,
    validos: [
      con({
        consultas: [consulta({ codDiagnosticoRelacionado1: 'R509' })],
        medicamentos: [medicamento({ codDiagnosticoRelacionado: 'R509' })],
      }),
    ],
    invalido: con({
      consultas: [consulta({ codDiagnosticoRelacionado1: 'R509', codDiagnosticoRelacionado2: 'j069' })],
      procedimientos: [procedimiento({ codDiagnosticoRelacionado: 'J069' })],
    }),
    rutas: [
      `${U0}.consultas[0].codDiagnosticoRelacionado2`,
      `${U0}.procedimientos[0].codDiagnosticoRelacionado`,
    ],
  },
  {
    codigo: 'RVC087',
    severidad: NR,
    validos: [
      con({
        consultas: [consulta({ codDiagnosticoRelacionado1: 'R509', codDiagnosticoRelacionado2: 'R51X' })],
      }),
    ],
    invalido: con({
      consultas: [consulta({ codDiagnosticoRelacionado1: 'R509', codDiagnosticoRelacionado3: 'R509' })],
    }),
    rutas: [`${U0}.consultas[0].codDiagnosticoRelacionado3`],
  },
  {
    codigo: 'RVC088',
    severidad: NR,
    validos: [con({ hospitalizacion: [hospitalizacion({ codDiagnosticoRelacionadoE1: 'I10X' })] })],
    invalido: con({ hospitalizacion: [hospitalizacion({ codDiagnosticoRelacionadoE1: 'J189' })] }),
    rutas: [`${U0}.hospitalizacion[0].codDiagnosticoRelacionadoE1`],
  },
  {
    codigo: 'RVC089',
    severidad: NR,
    validos: [
      con({
        urgencias: [urgencia({ codDiagnosticoRelacionadoE1: 'I10X', codDiagnosticoRelacionadoE2: 'E119' })],
      }),
    ],
    invalido: con({
      urgencias: [urgencia({ codDiagnosticoRelacionadoE1: 'I10X', codDiagnosticoRelacionadoE2: 'I10X' })],
    }),
    rutas: [`${U0}.urgencias[0].codDiagnosticoRelacionadoE2`],
  },
  {
    codigo: 'RVC092',
    severidad: [RECHAZO, AVISO],
    validos: [con({ otrosServicios: [otroServicio()] })],
    invalido: con({ otrosServicios: [otroServicio({ conceptoRecaudo: '04' })] }),
    rutas: [`${U0}.otrosServicios[0].conceptoRecaudo`],
  },
  {
    codigo: 'RVC094',
    severidad: NN,
    validos: [
      con({
        medicamentos: [
          medicamento(),
          medicamento({ cantidadMedicamento: 3, vrUnitMedicamento: 333, vrServicio: 999 }),
          // Decimals in these integer fields are RVG05's (rechazo), not a second finding here.
          medicamento({ cantidadMedicamento: 3, vrUnitMedicamento: 333.33, vrServicio: 1000 }),
          // Other payment modalities: both values 0.
          medicamento({ vrUnitMedicamento: 0, vrServicio: 0 }),
          // Magistral preparation: total only in the first active ingredient.
          medicamento({ tipoMedicamento: '03', vrUnitMedicamento: 1500, vrServicio: 0 }),
        ],
      }),
    ],
    // DT1 asks for equality of integers: a 1-peso difference (a rounded total) is reported too.
    invalido: con({
      medicamentos: [
        medicamento(),
        medicamento({ vrServicio: 14000 }),
        medicamento({ cantidadMedicamento: 3, vrUnitMedicamento: 333, vrServicio: 1000 }),
      ],
    }),
    rutas: [`${U0}.medicamentos[1].vrServicio`, `${U0}.medicamentos[2].vrServicio`],
  },
  {
    codigo: 'RVC095',
    severidad: NN,
    validos: [
      con({ consultas: [consulta()] }, { tipoUsuario: '10', registroSIRAS: '321abc456zyz' }),
      con({ consultas: [consulta()] }),
    ],
    invalido: con({ consultas: [consulta()] }, { tipoUsuario: '10', registroSIRAS: null }),
    rutas: ['usuarios[0].registroSIRAS'],
  },
  {
    codigo: 'RVC096',
    severidad: NN,
    catalogos: () =>
      new CatalogosEnMemoria({
        CUPSRips: [
          { codigo: '890201', nombre: 'Consulta de primera vez por medicina general', habilitado: true },
          { codigo: '601T01', nombre: 'Traslado asistencial básico', habilitado: true },
          { codigo: '999999', nombre: 'Código retirado', habilitado: false },
        ],
      }),
    validos: [
      con({
        consultas: [consulta()],
        otrosServicios: [otroServicio(), otroServicio({ tipoOS: '02', codTecnologiaSalud: '601T01' })],
      }),
    ],
    invalido: con({
      procedimientos: [procedimiento({ codProcedimiento: '000000' })],
      otrosServicios: [otroServicio({ tipoOS: '05', codTecnologiaSalud: '999999' })],
    }),
    rutas: [`${U0}.procedimientos[0].codProcedimiento`, `${U0}.otrosServicios[0].codTecnologiaSalud`],
  },
  {
    codigo: 'RVC097',
    severidad: NN,
    validos: [
      con({
        recienNacidos: [
          recienNacido({ numConsultasCPrenatal: 15 }),
          recienNacido({ numConsultasCPrenatal: 0 }),
        ],
      }),
    ],
    invalido: con({ recienNacidos: [recienNacido({ numConsultasCPrenatal: 16 })] }),
    rutas: [`${U0}.recienNacidos[0].numConsultasCPrenatal`],
  },
];

describe('RVC050–RVC098: cada regla con verificación local', () => {
  it('hay un caso de prueba por cada regla que tiene verificación', () => {
    const conHooks = REGLAS_RVC_050_098.filter((r) => r.alcance === 'local').map((r) => r.codigo);
    expect(CASOS.map((c) => c.codigo).sort()).toEqual(conHooks);
  });

  describe.each(CASOS)('$codigo', (c) => {
    const catalogos = () => c.catalogos?.() ?? new CatalogosEnMemoria();

    it('no reporta nada en los casos válidos', () => {
      for (const valido of c.validos) {
        const r = validar(c.codigo, valido, DESPUES, catalogos());
        expect(r.errores.map((e) => `${e.codigo} ${e.ubicacion.ruta} ${e.explicacion}`)).toEqual([]);
      }
    });

    it('da lo mismo con los usuarios repartidos en tramos (validación en paralelo)', () => {
      for (const doc of [...c.validos, c.invalido]) {
        const o = { reglas: [reglaDe(c.codigo)], catalogos: catalogos(), fecha: DESPUES };
        expect(validarPorTramos(doc, o)).toEqual(validarRips(doc, o));
      }
    });

    it('reporta el código en la ruta exacta del dato', () => {
      const r = validar(c.codigo, c.invalido, DESPUES, catalogos());
      expect(r.errores.every((e) => e.codigo === c.codigo)).toBe(true);
      expect(r.errores.map((e) => e.ubicacion.ruta).sort()).toEqual([...c.rutas].sort());
      expect(r.issues.map((i) => i.path).sort()).toEqual([...c.rutas].sort());
      for (const e of r.errores) {
        expect(e.titulo).toBe(reglaDe(c.codigo).titulo);
        expect(e.mensajeOriginal).toBe(reglaDe(c.codigo).mensajeOficial);
      }
    });

    it('usa la clase vigente antes y después del 2026-06-01', () => {
      const [antes, despues] = c.severidad;
      const r1 = validar(c.codigo, c.invalido, ANTES, catalogos());
      const r2 = validar(c.codigo, c.invalido, DESPUES, catalogos());
      expect(new Set(r1.errores.map((e) => e.severidad))).toEqual(new Set([antes]));
      expect(new Set(r2.errores.map((e) => e.severidad))).toEqual(new Set([despues]));
      expect(r2.valid).toBe(despues !== RECHAZO);
    });

    if (c.catalogos && !c.parcial) {
      it('sin el catálogo se omite con una nota CAT01 informativa', () => {
        const r = validar(c.codigo, c.invalido, DESPUES, new CatalogosEnMemoria());
        expect(r.errores.length).toBeGreaterThan(0);
        expect(r.errores.every((e) => e.codigo === 'CAT01' && e.severidad === 'informativo')).toBe(true);
        expect(r.errores.some((e) => e.explicacion.includes(c.codigo))).toBe(true);
        expect(r.valid).toBe(true);
      });
    }
  });
});

describe('RVC050–RVC098: casos particulares', () => {
  it('RVC053 acepta servicios dentro de las 24 horas siguientes al fallecimiento y usa el primero', () => {
    const ripsJson = con({
      urgencias: [urgencia({ ...MUERTE, fechaEgreso: '2026-03-02 10:00' })],
      hospitalizacion: [
        hospitalizacion({
          ...MUERTE,
          fechaInicioAtencion: '2026-03-01 21:00',
          fechaEgreso: '2026-03-01 23:00',
        }),
      ],
      procedimientos: [
        procedimiento({ fechaInicioAtencion: '2026-03-02 22:59' }),
        procedimiento({ fechaInicioAtencion: '2026-03-02 23:01' }),
      ],
    });
    const r = validar('RVC053', ripsJson, DESPUES);
    expect(r.errores.map((e) => e.ubicacion.ruta)).toEqual([`${U0}.procedimientos[1].fechaInicioAtencion`]);
    expect(r.errores[0]?.explicacion).toContain('Hospitalización 1');
  });

  it('RVC053 no cruza a la madre con su propio registro de recién nacido sin documento propio', () => {
    const madre = usuario({
      recienNacidos: [recienNacido({ ...MUERTE, fechaEgreso: '2026-03-01 08:00' })],
      consultas: [consulta({ fechaInicioAtencion: '2026-03-10 08:00' })],
    });
    const rn = (madre.servicios as Servicios).recienNacidos![0]!;
    rn.tipoDocumentoIdentificacion = madre.tipoDocumentoIdentificacion;
    rn.numDocumentoIdentificacion = madre.numDocumentoIdentificacion;
    expect(validar('RVC053', rips(madre), DESPUES).errores).toEqual([]);
  });

  it('RVC054: sin la atención previa en el archivo es una nota (puede estar en otra factura); con ella después del ingreso, rechazo', () => {
    const sola = validar(
      'RVC054',
      con({ hospitalizacion: [hospitalizacion({ viaIngresoServicioSalud: '02' })] }),
      DESPUES,
    );
    expect(sola.valid).toBe(true);
    expect(sola.errores.map((e) => [e.codigo, e.severidad])).toEqual([['RVC054', 'informativo']]);
    expect(sola.errores[0]!.explicacion).toMatch(/historia nacional/);
    const despues = validar(
      'RVC054',
      con({
        consultas: [consulta({ fechaInicioAtencion: '2026-03-02 08:00' })],
        hospitalizacion: [hospitalizacion({ viaIngresoServicioSalud: '02' })],
      }),
      DESPUES,
    );
    expect(despues.errores.map((e) => [e.codigo, e.severidad])).toEqual([['RVC054', 'rechazo']]);
    expect(despues.errores[0]!.explicacion).toMatch(/solo la muestra con fecha posterior/);
  });

  it('RVC054 no cuenta la propia hospitalización ni registros posteriores al ingreso', () => {
    const r = validar(
      'RVC054',
      con({
        hospitalizacion: [
          hospitalizacion({ viaIngresoServicioSalud: '04' }),
          hospitalizacion({
            viaIngresoServicioSalud: '04',
            fechaInicioAtencion: '2026-03-04 11:00',
            fechaEgreso: '2026-03-05 10:00',
          }),
        ],
        procedimientos: [procedimiento({ fechaInicioAtencion: '2026-03-03 09:00' })],
      }),
      DESPUES,
    );
    expect(r.errores.map((e) => e.ubicacion.ruta)).toEqual([
      `${U0}.hospitalizacion[0].viaIngresoServicioSalud`,
    ]);
  });

  it('RVC094 explica el cálculo esperado', () => {
    const r = validar('RVC094', con({ medicamentos: [medicamento({ vrServicio: 14000 })] }), DESPUES);
    expect(r.errores[0]?.explicacion).toContain('Cantidad 10 × valor unitario 1500 = 15000');
    const unPeso = validar('RVC094', con({ medicamentos: [medicamento({ vrServicio: 15001 })] }), DESPUES);
    expect(unPeso.errores[0]?.explicacion).toContain('(diferencia de 1)');
  });

  it('RVC094 y RVC095 se aplican igual a los registros de una nota (NC, ND, NA)', () => {
    for (const tipoNota of ['NC', 'ND', 'NA']) {
      const nota = (doc: Registro): Registro => ({ ...doc, tipoNota, numNota: 'N1' });
      const bien = nota(
        con(
          { medicamentos: [medicamento({ vrServicio: 15000 })] },
          { tipoUsuario: '10', registroSIRAS: 'S1' },
        ),
      );
      expect(validar('RVC094', bien, DESPUES).errores, tipoNota).toEqual([]);
      expect(validar('RVC095', bien, DESPUES).errores, tipoNota).toEqual([]);
      const mal = nota(con({ medicamentos: [medicamento({ vrServicio: 15001 })] }, { tipoUsuario: '10' }));
      expect(
        validar('RVC094', mal, DESPUES).errores.map((e) => e.ubicacion.ruta),
        tipoNota,
      ).toEqual([`${U0}.medicamentos[0].vrServicio`]);
      expect(
        validar('RVC095', mal, DESPUES).errores.map((e) => e.ubicacion.ruta),
        tipoNota,
      ).toEqual(['usuarios[0].registroSIRAS']);
    }
  });

  it('RVC095 pasa a rechazo en la fecha anunciada por el anexo (2026-09-01), configurable', () => {
    const doc = con({ consultas: [consulta()] }, { tipoUsuario: '10', registroSIRAS: null });
    const severidad = (fecha: string, rechazoDesde: Record<string, string>) =>
      validarRips(doc, {
        reglas: [reglaDe('RVC095')],
        catalogos: new CatalogosEnMemoria(),
        fecha: new Date(`${fecha}T12:00:00-05:00`),
        rechazoDesde,
      }).errores.map((e) => e.severidad);
    expect(RECHAZO_DESDE.RVC095).toBe('2026-09-01');
    expect(severidad('2026-08-31', RECHAZO_DESDE)).toEqual([AVISO]);
    expect(severidad('2026-09-01', RECHAZO_DESDE)).toEqual([RECHAZO]);
    // RIPS_RECHAZO_DESDE moves the date or keeps the DT1 v002 class (notification).
    const movida = parsearRechazoDesde('RVC095=2026-12-01', RECHAZO_DESDE);
    expect(severidad('2026-11-30', movida)).toEqual([AVISO]);
    expect(severidad('2026-12-01', movida)).toEqual([RECHAZO]);
    const nunca = parsearRechazoDesde('RVC095=nunca, RVC015=2027-01-01', RECHAZO_DESDE);
    expect(nunca).toEqual({ RVC015: '2027-01-01' });
    expect(severidad('2030-01-01', nunca)).toEqual([AVISO]);
    expect(() => parsearRechazoDesde('RVC095=pronto', RECHAZO_DESDE)).toThrow(/CODIGO=nunca/);
  });

  it('las reglas que solo verifica el MUV se informan en la nota MUV01 y no generan hallazgos', () => {
    const soloMuv = REGLAS_RVC_050_098.filter((r) => r.alcance === 'muv');
    const r = validarRips(con({ consultas: [consulta()] }), {
      reglas: soloMuv,
      catalogos: new CatalogosEnMemoria(),
      fecha: DESPUES,
    });
    expect(r.errores).toHaveLength(1);
    expect(r.errores[0]).toMatchObject({ codigo: 'MUV01', severidad: 'informativo' });
    for (const regla of soloMuv) expect(r.errores[0]!.explicacion).toContain(regla.codigo);
  });
});

/** Classes of DT1 v002 §6 (948) and LIN v3.2 §4.2.2 (2275; null = absent or "Eliminada"). */
const CLASES_OFICIALES: Record<string, [string | null, string]> = {
  RVC050: ['R', 'R'],
  RVC051: ['N', 'N'],
  RVC052: ['N', 'N'],
  RVC053: ['N', 'R'],
  RVC054: ['N', 'R'],
  RVC055: ['N', 'R'],
  RVC056: ['R', 'R'],
  RVC057: ['N', 'R'],
  RVC058: ['N', 'R'],
  RVC059: ['N', 'N'],
  RVC060: ['R', 'R'],
  RVC061: ['R', 'R'],
  RVC062: ['N', 'R'],
  RVC063: ['N', 'R'],
  RVC064: [null, 'R'],
  RVC065: ['N', 'N'],
  RVC066: ['N', 'R'],
  RVC067: ['N', 'N'],
  RVC068: ['N', 'N'],
  RVC069: ['N', 'N'],
  RVC070: ['N', 'N'],
  RVC071: ['N', 'N'],
  RVC072: [null, 'N'],
  RVC073: [null, 'N'],
  RVC074: [null, 'N'],
  RVC075: [null, 'N'],
  RVC076: [null, 'N'],
  RVC077: [null, 'N'],
  RVC078: [null, 'N'],
  RVC079: ['R', 'R'],
  RVC080: ['R', 'R'],
  RVC081: ['R', 'R'],
  RVC082: ['N', 'N'],
  RVC083: ['N', 'N'],
  RVC084: ['N', 'R'],
  RVC085: ['N', 'N'],
  RVC086: ['N', 'R'],
  RVC087: ['N', 'R'],
  RVC088: ['N', 'R'],
  RVC089: ['N', 'R'],
  RVC090: ['R', 'N'],
  RVC091: ['R', 'N'],
  RVC092: ['R', 'N'],
  RVC094: [null, 'N'],
  RVC095: [null, 'N'],
  RVC096: [null, 'N'],
  RVC097: [null, 'N'],
  RVC098: [null, 'N'],
};

describe('registro RVC050–RVC098', () => {
  const codigos = REGLAS_RVC_050_098.map((r) => r.codigo);

  it('tiene RVC050 a RVC098 sin RVC093, sin repetidos y en orden', () => {
    const esperados = Array.from({ length: 49 }, (_, i) => `RVC0${50 + i}`).filter((c) => c !== 'RVC093');
    expect(codigos).toEqual(esperados);
    expect(new Set(codigos).size).toBe(codigos.length);
  });

  it.each(REGLAS_RVC_050_098.map((r) => [r.codigo, r] as const))('%s: textos, campos y alcance', (_c, r) => {
    for (const t of [r.mensajeOficial, r.titulo, r.explicacion, r.comoCorregir]) {
      expect(t.trim().length).toBeGreaterThan(10);
      expect(t).not.toMatch(/\s{2,}|\n/);
    }
    expect(r.explicacion).toMatch(/\.$/);
    expect(r.comoCorregir).toMatch(/\.$/);
    expect(r.campos.length).toBeGreaterThan(0);
    for (const campo of r.campos) expect(campo).toMatch(/^[TUCPRHNMS]\d{2}$/);
    const hooks = [r.estado, r.transaccion, r.usuario, r.servicio, r.final].filter(Boolean);
    if (r.alcance === 'local') expect(hooks.length).toBeGreaterThan(0);
    else {
      expect(hooks).toEqual([]);
      expect(r.catalogos).toBeUndefined();
    }
  });

  it.each(Object.entries(CLASES_OFICIALES))(
    '%s: historia de clases según LIN v3.2 y DT1 v002',
    (codigo, [c2275, c948]) => {
      const r = reglaDe(codigo);
      const esperado = [
        ...(c2275 ? [{ desde: '2023-01-01', norma: 'Res. 2275/2023', clase: c2275 }] : []),
        { desde: '2026-06-01', norma: 'Res. 948/2026', clase: c948 },
      ];
      expect(r.clases).toEqual(esperado);
    },
  );

  it('la tabla de clases cubre todas las reglas', () => {
    expect(Object.keys(CLASES_OFICIALES)).toEqual(codigos);
  });
});
