import { describe, expect, it } from 'vitest';
import {
  consulta,
  hospitalizacion,
  medicamento,
  otroServicio,
  procedimiento,
  recienNacido,
  rips,
  urgencia,
  usuario,
} from '../../../test/fixtures/rips-reglas.js';
import { CatalogosEnMemoria } from '../catalogos/memoria.js';
import type { EntradaCatalogo } from '../catalogos/tipos.js';
import type { Registro, TipoServicio } from '../tipos.js';
import { validarRips } from '../validacion/validar.js';
import { REGLAS_RVC_001_049 } from './rvc-001-049.js';
import type { Regla } from './tipos.js';

// A small valid RIPS of our own: one builder per record type, overrides per test.
const FECHA = new Date('2026-07-15T12:00:00-05:00');
const ANTES_948 = new Date('2026-05-15T12:00:00-05:00');

const POR_CODIGO = new Map<string, Regla>(REGLAS_RVC_001_049.map((r) => [r.codigo, r]));
const R = (codigo: string): Regla => {
  const r = POR_CODIGO.get(codigo);
  if (!r) throw new Error(`sin regla ${codigo}`);
  return r;
};

const fila = (codigo: string, extra: Record<string, string> = {}): EntradaCatalogo => ({
  codigo,
  nombre: codigo,
  habilitado: true,
  extra,
});

/** Large catalogs with just the rows the tests need (Extra_* meanings: helpers/catalogos.ts). */
const CATALOGOS = new CatalogosEnMemoria({
  IPSCodHabilitacion: [
    fila('110010000101', { I: 'NI', II: '900123456' }),
    fila('050010000201', { I: 'NI', II: '800111222' }),
  ],
  IPSnoREPS: [fila('110018500101', { X: '900123456' })],
  EntidadesnoREPS: [fila('110018599901')],
  CUPSRips: [
    fila('890201', { I: 'AC', VI: 'Z' }),
    fila('890701', { I: 'AC', VI: 'Z' }),
    fila('890402', { I: 'AC', VI: 'Z' }),
    fila('902210', { I: 'AP', VI: 'Z' }),
    fila('892901', { I: 'AP', VI: 'F' }),
    fila('470100', { I: 'AP', II: 'S', VIII: 'E' }),
    fila('601T01', { I: 'AT' }),
    fila('S12101', { I: 'AT' }),
  ],
  CIE10: [
    fila('J069', { I: '3', II: '0', III: '999', X: 'A' }),
    fila('N40X', { I: '1', II: '0', III: '999', X: 'M' }),
    fila('O800', { I: '2', II: '10', III: '54', X: 'F' }),
    fila('P073', { I: '3', II: '0', III: '0', X: 'A' }),
  ],
});

function validar(codigo: string, doc: Registro, fecha = FECHA, catalogos = CATALOGOS) {
  return validarRips(doc, { reglas: [R(codigo)], catalogos, fecha }).errores.filter(
    (e) => e.codigo === codigo,
  );
}

/** [ruta, severidad] of the findings of `codigo`. */
function hallazgos(codigo: string, doc: Registro, fecha = FECHA, catalogos = CATALOGOS): [string, string][] {
  return validar(codigo, doc, fecha, catalogos).map((e) => [e.ubicacion.ruta ?? '', e.severidad]);
}

const RUTA = (t: TipoServicio, i: number, campo?: string, u = 0) =>
  `usuarios[${u}].servicios.${t}[${i}]${campo ? `.${campo}` : ''}`;

describe('RVC003 · proveedor de tecnologías solo informa medicamentos y otros servicios', () => {
  it('pasa si el código de prestador no es de un proveedor de tecnologías', () => {
    expect(
      hallazgos('RVC003', rips(usuario({ consultas: [consulta()], medicamentos: [medicamento()] }))),
    ).toEqual([]);
  });
  it('pasa si el proveedor de tecnologías solo trae medicamentos', () => {
    const doc = rips(usuario({ medicamentos: [medicamento({ codPrestador: '110018599901' })] }));
    expect(hallazgos('RVC003', doc)).toEqual([]);
  });
  it('rechaza consultas en el RIPS de un proveedor de tecnologías', () => {
    const doc = rips(
      usuario({ consultas: [consulta()], medicamentos: [medicamento({ codPrestador: '110018599901' })] }),
    );
    expect(hallazgos('RVC003', doc)).toEqual([[RUTA('consultas', 0), 'rechazo']]);
  });
});

describe('RVC006 · fecha de nacimiento no futura', () => {
  it('pasa con una fecha pasada o de hoy', () => {
    expect(
      hallazgos('RVC006', rips(usuario({ consultas: [consulta()] }, { fechaNacimiento: '2026-07-15' }))),
    ).toEqual([]);
  });
  it('rechaza una fecha posterior a la validación', () => {
    const doc = rips(usuario({ consultas: [consulta()] }, { fechaNacimiento: '2026-07-16' }));
    expect(hallazgos('RVC006', doc)).toEqual([['usuarios[0].fechaNacimiento', 'rechazo']]);
  });
});

describe('RVC007 · tipo de documento según la edad', () => {
  const ti = (fechaNacimiento: string) =>
    rips(usuario({ consultas: [consulta()] }, { tipoDocumentoIdentificacion: 'TI', fechaNacimiento }));
  it('acepta TI hasta el día antes de cumplir 19 (tolerancia de un año menos un día)', () => {
    expect(hallazgos('RVC007', ti('2007-07-16'))).toEqual([]);
    expect(hallazgos('RVC007', ti('2019-07-15'))).toEqual([]);
  });
  it('señala TI a los 19 años y RC a los 8', () => {
    expect(hallazgos('RVC007', ti('2007-07-15'))).toEqual([
      ['usuarios[0].fechaNacimiento', 'aviso-gradualidad'],
    ]);
    const rc = rips(
      usuario(
        { consultas: [consulta()] },
        { tipoDocumentoIdentificacion: 'RC', fechaNacimiento: '2018-07-15' },
      ),
    );
    expect(hallazgos('RVC007', rc)).toHaveLength(1);
  });
  it('señala CC antes de los 18 sin tolerancia', () => {
    const doc = rips(usuario({ consultas: [consulta()] }, { fechaNacimiento: '2008-07-16' }));
    expect(hallazgos('RVC007', doc)).toHaveLength(1);
  });
  it('es rechazo antes del 2026-06-01 y notificación desde entonces (gradualidad)', () => {
    const doc = rips(
      usuario(
        { consultas: [consulta({ fechaInicioAtencion: '2026-05-01 08:00' })] },
        { tipoDocumentoIdentificacion: 'TI' },
      ),
    );
    expect(hallazgos('RVC007', doc, ANTES_948)).toEqual([['usuarios[0].fechaNacimiento', 'rechazo']]);
    expect(hallazgos('RVC007', doc, FECHA)).toEqual([['usuarios[0].fechaNacimiento', 'aviso-gradualidad']]);
  });
});

describe('RVC008 / RVC009 · madre de 9 a 60 años y de sexo femenino', () => {
  it('pasan con una madre de 36 años de sexo F', () => {
    const doc = rips(usuario({ recienNacidos: [recienNacido()] }));
    expect(hallazgos('RVC008', doc)).toEqual([]);
    expect(hallazgos('RVC009', doc)).toEqual([]);
  });
  it('RVC008 notifica una usuaria de 61 años al nacimiento', () => {
    const doc = rips(usuario({ recienNacidos: [recienNacido()] }, { fechaNacimiento: '1965-01-01' }));
    expect(hallazgos('RVC008', doc)).toEqual([['usuarios[0].fechaNacimiento', 'aviso-gradualidad']]);
  });
  it('RVC009 notifica un usuario de sexo M con recién nacidos', () => {
    const doc = rips(usuario({ recienNacidos: [recienNacido()] }, { codSexo: 'M' }));
    expect(hallazgos('RVC009', doc)).toEqual([['usuarios[0].codSexo', 'aviso-gradualidad']]);
  });
});

describe('RVC010 · IVE solo en sexo femenino', () => {
  it('pasa con finalidad IVE en una usuaria', () => {
    expect(
      hallazgos(
        'RVC010',
        rips(usuario({ procedimientos: [procedimiento({ finalidadTecnologiaSalud: '24' })] })),
      ),
    ).toEqual([]);
  });
  it('notifica finalidad IVE en un usuario de sexo M', () => {
    const doc = rips(
      usuario({ consultas: [consulta(), consulta({ finalidadTecnologiaSalud: '24' })] }, { codSexo: 'M' }),
    );
    const e = validar('RVC010', doc);
    expect(e.map((x) => [x.ubicacion.ruta, x.severidad])).toEqual([
      ['usuarios[0].codSexo', 'aviso-gradualidad'],
    ]);
    expect(e[0]?.explicacion).toContain('consulta 2');
  });
});

describe('RVC011 · código de prestador registrado', () => {
  it('pasa con códigos de IPSCodHabilitacion e IPSnoREPS', () => {
    const doc = rips(
      usuario({ consultas: [consulta()], medicamentos: [medicamento({ codPrestador: '110018500101' })] }),
    );
    expect(hallazgos('RVC011', doc)).toEqual([]);
  });
  it('rechaza un código inexistente en una consulta', () => {
    const doc = rips(usuario({ consultas: [consulta(), consulta({ codPrestador: '999999999901' })] }));
    expect(hallazgos('RVC011', doc)).toEqual([[RUTA('consultas', 1, 'codPrestador'), 'rechazo']]);
  });
  it('en medicamentos solo lo afirma con EntidadesnoREPS cargada', () => {
    const doc = rips(usuario({ medicamentos: [medicamento({ codPrestador: '999999999901' })] }));
    expect(hallazgos('RVC011', doc)).toEqual([[RUTA('medicamentos', 0, 'codPrestador'), 'rechazo']]);
    const sinEntidades = new CatalogosEnMemoria({
      IPSCodHabilitacion: [fila('110010000101')],
      IPSnoREPS: [],
    });
    expect(hallazgos('RVC011', doc, FECHA, sinEntidades)).toEqual([]);
  });
});

describe('RVC012 · código de prestador del mismo NIT', () => {
  it('pasa cuando el código es del NIT del RIPS', () => {
    const doc = rips(
      usuario({ consultas: [consulta()], medicamentos: [medicamento({ codPrestador: '110018500101' })] }),
    );
    expect(hallazgos('RVC012', doc)).toEqual([]);
  });
  it('rechaza un código registrado a otra identificación', () => {
    const doc = rips(usuario({ procedimientos: [procedimiento({ codPrestador: '050010000201' })] }));
    const e = validar('RVC012', doc);
    expect(e.map((x) => [x.ubicacion.ruta, x.severidad])).toEqual([
      [RUTA('procedimientos', 0, 'codPrestador'), 'rechazo'],
    ]);
    expect(e[0]?.explicacion).toContain('800111222');
  });
});

describe('RVC013 / RVC038 / RVC043 / RVC045 · fechas no futuras', () => {
  const futuro = '2026-07-15 12:01';
  const presente = '2026-07-15 12:00';
  it('pasan con fechas hasta el minuto de la validación', () => {
    const doc = rips(
      usuario({
        consultas: [consulta({ fechaInicioAtencion: presente })],
        urgencias: [urgencia({ fechaInicioAtencion: '2026-07-15 08:00', fechaEgreso: presente })],
        recienNacidos: [recienNacido({ fechaNacimiento: presente, fechaEgreso: presente })],
      }),
    );
    for (const c of ['RVC013', 'RVC038', 'RVC043', 'RVC045']) expect(hallazgos(c, doc), c).toEqual([]);
  });
  it('RVC013 rechaza consultas, procedimientos, medicamentos y otros servicios futuros', () => {
    const doc = rips(
      usuario({
        consultas: [consulta({ fechaInicioAtencion: futuro })],
        procedimientos: [procedimiento()],
        medicamentos: [medicamento({ fechaDispensAdmon: futuro })],
        otrosServicios: [otroServicio({ fechaSuministroTecnologia: futuro })],
      }),
    );
    expect(hallazgos('RVC013', doc)).toEqual([
      [RUTA('consultas', 0, 'fechaInicioAtencion'), 'rechazo'],
      [RUTA('medicamentos', 0, 'fechaDispensAdmon'), 'rechazo'],
      [RUTA('otrosServicios', 0, 'fechaSuministroTecnologia'), 'rechazo'],
    ]);
  });
  it('RVC038 rechaza un ingreso futuro', () => {
    const doc = rips(
      usuario({
        hospitalizacion: [hospitalizacion({ fechaInicioAtencion: futuro, fechaEgreso: '2026-07-20 10:00' })],
      }),
    );
    expect(hallazgos('RVC038', doc)).toEqual([
      [RUTA('hospitalizacion', 0, 'fechaInicioAtencion'), 'rechazo'],
    ]);
  });
  it('RVC043 rechaza un egreso futuro', () => {
    const doc = rips(usuario({ urgencias: [urgencia({ fechaEgreso: futuro })] }));
    expect(hallazgos('RVC043', doc)).toEqual([[RUTA('urgencias', 0, 'fechaEgreso'), 'rechazo']]);
  });
  it('RVC045 rechaza un nacimiento futuro', () => {
    const doc = rips(usuario({ recienNacidos: [recienNacido({ fechaNacimiento: futuro })] }));
    expect(hallazgos('RVC045', doc)).toEqual([[RUTA('recienNacidos', 0, 'fechaNacimiento'), 'rechazo']]);
  });
  it('no comparan fechas mal formadas', () => {
    const doc = rips(usuario({ consultas: [consulta({ fechaInicioAtencion: '2099-13-01 08:00' })] }));
    expect(hallazgos('RVC013', doc)).toEqual([]);
  });
});

describe('RVC039 / RVC040 / RVC041 · estancias', () => {
  it('pasan con estancias coherentes', () => {
    const doc = rips(usuario({ urgencias: [urgencia()], hospitalizacion: [hospitalizacion()] }));
    for (const c of ['RVC039', 'RVC040', 'RVC041']) expect(hallazgos(c, doc), c).toEqual([]);
  });
  it('RVC039 rechaza un ingreso posterior al egreso', () => {
    const doc = rips(usuario({ hospitalizacion: [hospitalizacion({ fechaEgreso: '2026-07-01 19:59' })] }));
    expect(hallazgos('RVC039', doc)).toEqual([
      [RUTA('hospitalizacion', 0, 'fechaInicioAtencion'), 'rechazo'],
    ]);
    expect(hallazgos('RVC041', doc)).toEqual([]);
  });
  it('RVC040 notifica más de 48 horas en urgencias', () => {
    const doc = rips(usuario({ urgencias: [urgencia({ fechaEgreso: '2026-07-03 08:01' })] }));
    expect(hallazgos('RVC040', doc)).toEqual([[RUTA('urgencias', 0, 'fechaEgreso'), 'aviso-gradualidad']]);
    expect(
      hallazgos('RVC040', rips(usuario({ urgencias: [urgencia({ fechaEgreso: '2026-07-03 08:00' })] }))),
    ).toEqual([]);
  });
  it('RVC041 notifica hospitalización de menos de 6 horas', () => {
    const doc = rips(usuario({ hospitalizacion: [hospitalizacion({ fechaEgreso: '2026-07-02 01:59' })] }));
    const e = validar('RVC041', doc);
    expect(e.map((x) => [x.ubicacion.ruta, x.severidad])).toEqual([
      [RUTA('hospitalizacion', 0, 'fechaEgreso'), 'aviso-gradualidad'],
    ]);
    expect(e[0]?.explicacion).toContain('6 horas');
  });
});

describe('RVC015 / RVC020 / RVC026 · uso del CUPS', () => {
  it('pasan con el uso correcto y no juzgan códigos ausentes del catálogo', () => {
    const doc = rips(
      usuario({
        consultas: [consulta(), consulta({ codConsulta: '999999' })],
        procedimientos: [procedimiento()],
        otrosServicios: [otroServicio(), otroServicio({ tipoOS: '01', codTecnologiaSalud: '890201' })],
      }),
    );
    for (const c of ['RVC015', 'RVC020', 'RVC026']) expect(hallazgos(c, doc), c).toEqual([]);
  });
  it('RVC015 notifica una consulta con CUPS de procedimiento', () => {
    const doc = rips(usuario({ consultas: [consulta({ codConsulta: '902210' })] }));
    expect(hallazgos('RVC015', doc)).toEqual([[RUTA('consultas', 0, 'codConsulta'), 'aviso-gradualidad']]);
  });
  it('RVC020 notifica un procedimiento con CUPS de consulta', () => {
    const doc = rips(usuario({ procedimientos: [procedimiento({ codProcedimiento: '890201' })] }));
    expect(hallazgos('RVC020', doc)).toEqual([
      [RUTA('procedimientos', 0, 'codProcedimiento'), 'aviso-gradualidad'],
    ]);
  });
  it('RVC026 notifica un traslado con CUPS de procedimiento', () => {
    const doc = rips(usuario({ otrosServicios: [otroServicio({ codTecnologiaSalud: '902210' })] }));
    expect(hallazgos('RVC026', doc)).toEqual([
      [RUTA('otrosServicios', 0, 'codTecnologiaSalud'), 'aviso-gradualidad'],
    ]);
  });
});

describe('RVC016 · CUPS según el sexo', () => {
  it('pasa con una citología en una usuaria', () => {
    expect(
      hallazgos('RVC016', rips(usuario({ procedimientos: [procedimiento({ codProcedimiento: '892901' })] }))),
    ).toEqual([]);
  });
  it('notifica una citología en un usuario de sexo M', () => {
    const doc = rips(
      usuario({ procedimientos: [procedimiento({ codProcedimiento: '892901' })] }, { codSexo: 'M' }),
    );
    expect(hallazgos('RVC016', doc)).toEqual([
      [RUTA('procedimientos', 0, 'codProcedimiento'), 'aviso-gradualidad'],
    ]);
  });
});

describe('RVC018 · mismo CUPS el mismo día', () => {
  it('pasa con días distintos o pacientes distintos', () => {
    const doc = rips(
      usuario({
        procedimientos: [procedimiento(), procedimiento({ fechaInicioAtencion: '2026-07-02 09:00' })],
      }),
      usuario({ procedimientos: [procedimiento()] }, { numDocumentoIdentificacion: '2' }),
    );
    expect(hallazgos('RVC018', doc)).toEqual([]);
  });
  it('notifica la segunda vez del mismo día aunque cambie la hora', () => {
    const doc = rips(
      usuario({ consultas: [consulta(), consulta({ fechaInicioAtencion: '2026-07-01 17:00' })] }),
    );
    expect(hallazgos('RVC018', doc)).toEqual([[RUTA('consultas', 1, 'codConsulta'), 'aviso-gradualidad']]);
  });
});

describe('RVC021 · procedimiento que requiere estancia', () => {
  it('pasa con hospitalización en el RIPS', () => {
    const doc = rips(
      usuario({
        procedimientos: [procedimiento({ codProcedimiento: '470100' })],
        hospitalizacion: [hospitalizacion()],
      }),
    );
    expect(hallazgos('RVC021', doc)).toEqual([]);
  });
  it('notifica el procedimiento sin urgencia ni hospitalización', () => {
    const doc = rips(
      usuario({ procedimientos: [procedimiento(), procedimiento({ codProcedimiento: '470100' })] }),
    );
    expect(hallazgos('RVC021', doc)).toEqual([
      [RUTA('procedimientos', 1, 'codProcedimiento'), 'aviso-gradualidad'],
    ]);
  });
});

describe('RVC024 · traslado o estancia con CUPS', () => {
  it('pasa con CUPS del catálogo y no revisa dispositivos', () => {
    const doc = rips(
      usuario({
        otrosServicios: [
          otroServicio(),
          otroServicio({ tipoOS: '03', codTecnologiaSalud: 'S12101' }),
          otroServicio({ tipoOS: '01', codTecnologiaSalud: 'INT-001' }),
        ],
      }),
    );
    expect(hallazgos('RVC024', doc)).toEqual([]);
  });
  it('rechaza un código interno en un traslado', () => {
    const doc = rips(usuario({ otrosServicios: [otroServicio({ codTecnologiaSalud: 'AMB-01' })] }));
    expect(hallazgos('RVC024', doc)).toEqual([[RUTA('otrosServicios', 0, 'codTecnologiaSalud'), 'rechazo']]);
  });
});

describe('RVC027 · consultas durante la hospitalización u observación', () => {
  it('pasa con interconsulta en la hospitalización y consultas fuera de estancias', () => {
    const doc = rips(
      usuario({
        hospitalizacion: [hospitalizacion()],
        consultas: [
          consulta({ codConsulta: '890402', fechaInicioAtencion: '2026-07-02 10:00', grupoServicios: '03' }),
          consulta({ fechaInicioAtencion: '2026-07-10 10:00' }),
        ],
      }),
    );
    expect(hallazgos('RVC027', doc)).toEqual([]);
  });
  it('notifica consulta externa durante la hospitalización y consulta de internación fuera de ella', () => {
    const doc = rips(
      usuario({
        hospitalizacion: [hospitalizacion()],
        consultas: [
          consulta({ fechaInicioAtencion: '2026-07-02 10:00' }),
          consulta({ codConsulta: '890402', fechaInicioAtencion: '2026-07-10 10:00', grupoServicios: '03' }),
        ],
      }),
    );
    expect(hallazgos('RVC027', doc)).toEqual([
      [RUTA('consultas', 0, 'codConsulta'), 'aviso-gradualidad'],
      [RUTA('consultas', 1, 'fechaInicioAtencion'), 'aviso-gradualidad'],
    ]);
  });
  it('acepta la consulta de urgencias durante la observación', () => {
    const doc = rips(
      usuario({
        urgencias: [urgencia()],
        consultas: [consulta({ codConsulta: '890701', fechaInicioAtencion: '2026-07-01 08:10' })],
      }),
    );
    expect(hallazgos('RVC027', doc)).toEqual([]);
  });
});

describe('RVC028 · diagnóstico según sexo y edad', () => {
  it('pasa con diagnósticos sin restricción o que la cumplen', () => {
    const doc = rips(
      usuario({
        consultas: [consulta()],
        recienNacidos: [recienNacido({ codDiagnosticoPrincipal: 'P073' })],
        procedimientos: [procedimiento({ codDiagnosticoPrincipal: 'O800' })],
      }),
    );
    expect(hallazgos('RVC028', doc)).toEqual([]);
  });
  it('notifica sexo y edad incompatibles (la edad del recién nacido es la suya)', () => {
    const doc = rips(
      usuario({
        consultas: [consulta({ codDiagnosticoRelacionado2: 'N40X' })],
        medicamentos: [medicamento({ codDiagnosticoPrincipal: 'P073' })],
      }),
    );
    const e = validar('RVC028', doc);
    expect(e.map((x) => [x.ubicacion.ruta, x.severidad])).toEqual([
      [RUTA('consultas', 0, 'codDiagnosticoRelacionado2'), 'aviso-gradualidad'],
      [RUTA('medicamentos', 0, 'codDiagnosticoPrincipal'), 'aviso-gradualidad'],
    ]);
    expect(e[0]?.explicacion).toContain('sexo M');
    expect(e[1]?.explicacion).toContain('hasta los 0 años');
  });
});

describe('RVC031 / RVC032 / RVC033 · familias de diagnóstico', () => {
  it('pasan con diagnósticos de morbilidad; RVC032/033 no revisan el principal de la consulta', () => {
    const doc = rips(
      usuario({
        consultas: [
          consulta({ codDiagnosticoPrincipal: 'Z000' }),
          consulta({ codDiagnosticoPrincipal: 'R51X' }),
        ],
        procedimientos: [procedimiento()],
      }),
    );
    for (const c of ['RVC031', 'RVC032', 'RVC033']) expect(hallazgos(c, doc), c).toEqual([]);
  });
  it('RVC031 notifica una causa externa como diagnóstico principal', () => {
    const doc = rips(usuario({ consultas: [consulta({ codDiagnosticoPrincipal: 'W010' })] }));
    expect(hallazgos('RVC031', doc)).toEqual([
      [RUTA('consultas', 0, 'codDiagnosticoPrincipal'), 'aviso-gradualidad'],
    ]);
  });
  it('RVC032 notifica un síntoma como diagnóstico principal del procedimiento', () => {
    const doc = rips(usuario({ procedimientos: [procedimiento({ codDiagnosticoPrincipal: 'R104' })] }));
    expect(hallazgos('RVC032', doc)).toEqual([
      [RUTA('procedimientos', 0, 'codDiagnosticoPrincipal'), 'aviso-gradualidad'],
    ]);
  });
  it('RVC033 notifica un código Z como causa de muerte', () => {
    const doc = rips(
      usuario({
        hospitalizacion: [
          hospitalizacion({ condicionDestinoUsuarioEgreso: '02', codDiagnosticoCausaMuerte: 'Z768' }),
        ],
      }),
    );
    expect(hallazgos('RVC033', doc)).toEqual([
      [RUTA('hospitalizacion', 0, 'codDiagnosticoCausaMuerte'), 'aviso-gradualidad'],
    ]);
  });
});

describe('RVC035 / RVC037 · pagos moderadores según el régimen', () => {
  it('pasan: cuota moderadora a contributivo, plan voluntario a no subsidiado', () => {
    const doc = rips(
      usuario({ consultas: [consulta({ conceptoRecaudo: '02' })] }),
      usuario(
        { procedimientos: [procedimiento({ conceptoRecaudo: '03' })] },
        { numDocumentoIdentificacion: '2', tipoUsuario: '11' },
      ),
    );
    expect(hallazgos('RVC035', doc)).toEqual([]);
    expect(hallazgos('RVC037', doc)).toEqual([]);
  });
  it('RVC035 notifica cuota moderadora a un subsidiado', () => {
    const doc = rips(
      usuario({ medicamentos: [medicamento({ conceptoRecaudo: '02' })] }, { tipoUsuario: '04' }),
    );
    expect(hallazgos('RVC035', doc)).toEqual([
      [RUTA('medicamentos', 0, 'conceptoRecaudo'), 'aviso-gradualidad'],
    ]);
  });
  it('RVC037 notifica pago de plan voluntario a un subsidiado', () => {
    const doc = rips(
      usuario({ otrosServicios: [otroServicio({ conceptoRecaudo: '03' })] }, { tipoUsuario: '04' }),
    );
    expect(hallazgos('RVC037', doc)).toEqual([
      [RUTA('otrosServicios', 0, 'conceptoRecaudo'), 'aviso-gradualidad'],
    ]);
  });
});

describe('RVC042 · causa de muerte obligatoria', () => {
  it('pasa con causa informada o sin muerte', () => {
    const doc = rips(
      usuario({
        urgencias: [
          urgencia(),
          urgencia({ condicionDestinoUsuarioEgreso: '02', codDiagnosticoCausaMuerte: 'J189' }),
        ],
      }),
    );
    expect(hallazgos('RVC042', doc)).toEqual([]);
  });
  it('rechaza la muerte sin causa', () => {
    const doc = rips(
      usuario({
        recienNacidos: [recienNacido({ condicionDestinoUsuarioEgreso: '02', codDiagnosticoCausaMuerte: '' })],
      }),
    );
    expect(hallazgos('RVC042', doc)).toEqual([
      [RUTA('recienNacidos', 0, 'codDiagnosticoCausaMuerte'), 'rechazo'],
    ]);
  });
});

describe('RVC046 · egreso del recién nacido no anterior al nacimiento', () => {
  it('pasa con egreso posterior', () => {
    expect(hallazgos('RVC046', rips(usuario({ recienNacidos: [recienNacido()] })))).toEqual([]);
  });
  it('rechaza egreso anterior al nacimiento', () => {
    const doc = rips(usuario({ recienNacidos: [recienNacido({ fechaEgreso: '2026-07-02 11:09' })] }));
    expect(hallazgos('RVC046', doc)).toEqual([[RUTA('recienNacidos', 0, 'fechaEgreso'), 'rechazo']]);
  });
});

describe('RVC047 · documento de la madre en el recién nacido', () => {
  it('pasa con documento propio del recién nacido o con el de la madre idéntico', () => {
    const doc = rips(
      usuario({
        recienNacidos: [
          recienNacido(),
          recienNacido({ tipoDocumentoIdentificacion: 'CC', numDocumentoIdentificacion: '52000001' }),
        ],
      }),
    );
    expect(hallazgos('RVC047', doc)).toEqual([]);
  });
  it('rechaza el documento de la madre que no coincide con el usuario', () => {
    const doc = rips(
      usuario({
        recienNacidos: [
          recienNacido({ tipoDocumentoIdentificacion: 'CC', numDocumentoIdentificacion: '52000002' }),
          recienNacido({ tipoDocumentoIdentificacion: 'TI', numDocumentoIdentificacion: '52000001' }),
        ],
      }),
    );
    expect(hallazgos('RVC047', doc)).toEqual([
      [RUTA('recienNacidos', 0, 'numDocumentoIdentificacion'), 'rechazo'],
      [RUTA('recienNacidos', 1, 'tipoDocumentoIdentificacion'), 'rechazo'],
    ]);
  });
});

describe('reglas que dependen de un catálogo grande', () => {
  // RVC017 (alcance fev, CUPSRips) runs only with the invoice: src/rips/reglas/tablas-sispro.test.ts.
  const dependientes = REGLAS_RVC_001_049.filter((r) => r.alcance === 'local' && r.catalogos?.length);
  it('son las esperadas', () => {
    expect(dependientes.map((r) => r.codigo)).toEqual([
      'RVC003',
      'RVC011',
      'RVC012',
      'RVC015',
      'RVC016',
      'RVC020',
      'RVC021',
      'RVC024',
      'RVC026',
      'RVC028',
    ]);
  });
  it.each(dependientes.map((r) => [r.codigo, r] as const))(
    '%s se omite con nota CAT01 sin su catálogo',
    (codigo, regla) => {
      // A RIPS that would fail each of these rules if its catalog were loaded.
      const doc = rips(
        usuario(
          {
            consultas: [
              consulta({
                codPrestador: '999999999901',
                codConsulta: '902210',
                codDiagnosticoPrincipal: 'O800',
              }),
            ],
            procedimientos: [
              procedimiento({ codProcedimiento: '470100' }),
              procedimiento({ codPrestador: '050010000201', codProcedimiento: '890201' }),
              procedimiento({ codProcedimiento: '892901' }),
            ],
            medicamentos: [medicamento({ codPrestador: '110018599901' })],
            otrosServicios: [
              otroServicio({ codTecnologiaSalud: 'AMB-01' }),
              otroServicio({ codTecnologiaSalud: '902210' }),
            ],
          },
          { codSexo: 'M' },
        ),
      );
      const res = validarRips(doc, { reglas: [regla], catalogos: new CatalogosEnMemoria(), fecha: FECHA });
      expect(res.errores.filter((e) => e.codigo === codigo)).toEqual([]);
      const notas = res.errores.filter((e) => e.codigo === 'CAT01');
      expect(notas.length).toBeGreaterThan(0);
      for (const n of notas) {
        expect(n.severidad).toBe('informativo');
        expect(n.explicacion).toContain(codigo);
      }
      expect(res.valid).toBe(true);
      // And with the catalogs loaded the same RIPS does produce the finding.
      expect(validar(codigo, doc).length, codigo).toBeGreaterThan(0);
    },
  );
});
