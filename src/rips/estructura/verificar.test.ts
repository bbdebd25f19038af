import { describe, expect, it } from 'vitest';
import { catalogosPrueba, ripsMinimo, ripsValido } from '../../../test/fixtures/rips.js';
import { CatalogosEnMemoria } from '../catalogos/memoria.js';
import type { Catalogos } from '../catalogos/tipos.js';
import { REGLAS_POR_CODIGO } from '../reglas/registro.js';
import { type Hallazgo, type Registro, TIPOS_SERVICIO, type TipoRegistro } from '../tipos.js';
import { rutaDe } from '../validacion/explicar.js';
import { recorrer } from '../validacion/motor.js';
import { validarRips } from '../validacion/validar.js';
import { CAMPOS, CONTENEDORES } from './campos.js';
import { crearVerificadorEstructura } from './verificar.js';

const FECHA = new Date('2026-11-01T05:00:00Z');

interface Visto {
  codigo: string;
  ruta: string;
  detalle?: string;
  valor?: unknown;
}

function revisar(rips: unknown, catalogos: Catalogos = catalogosPrueba()): Visto[] {
  const estructura = crearVerificadorEstructura(CAMPOS, catalogos);
  const { hallazgos } = recorrer(rips as Registro, { fecha: FECHA, catalogos, reglas: [], estructura });
  return hallazgos.map((h: Hallazgo) => ({
    codigo: h.codigo,
    ruta: rutaDe(h),
    detalle: h.detalle,
    ...(h.valor !== undefined ? { valor: h.valor } : {}),
  }));
}

/** Findings of a valid RIPS after one mutation. */
function con(mutar: (r: any) => void, catalogos?: Catalogos): Visto[] {
  const r = ripsValido();
  mutar(r);
  return revisar(r, catalogos);
}

// Paths in the fixture: usuario 0 = mother, usuario 1 = adult with asthma.
const u0 = (r: any) => r.usuarios[0];
const u1 = (r: any) => r.usuarios[1];
const s0 = (r: any) => r.usuarios[0].servicios;
const s1 = (r: any) => r.usuarios[1].servicios;

describe('tablas de campos (DT1 v002 §4)', () => {
  it('cubren todos los campos oficiales, sin repetir id ni nombre', () => {
    const esperados: Record<TipoRegistro, number> = {
      transaccion: 5, // T01–T04 + usuarios
      usuario: 13, // U01–U12 + servicios
      consultas: 30,
      procedimientos: 27,
      urgencias: 25,
      hospitalizacion: 30,
      recienNacidos: 18,
      medicamentos: 28, // M01–M29 without M02 (removed by Res. 948)
      otrosServicios: 18,
    };
    for (const [tipo, lista] of Object.entries(CAMPOS) as [TipoRegistro, (typeof CAMPOS)['usuario']][]) {
      expect(lista.length, tipo).toBe(esperados[tipo]);
      expect(new Set(lista.map((c) => c.id)).size, tipo).toBe(lista.length);
      expect(new Set(lista.map((c) => c.nombre)).size, tipo).toBe(lista.length);
    }
    expect(CAMPOS.medicamentos.some((c) => c.id === 'M02' || c.nombre === 'numAutorizacion')).toBe(false);
  });

  it('un campo obligatorio nunca admite tamaño 0 y los campos nuevos de la Res. 948 están marcados', () => {
    for (const lista of Object.values(CAMPOS)) {
      for (const c of lista) {
        if (c.requerido === 'si' && c.longitud) {
          const min = 'valores' in c.longitud ? Math.min(...c.longitud.valores) : c.longitud.min;
          expect(min, c.id).toBeGreaterThan(0);
        }
      }
    }
    const nuevos = Object.values(CAMPOS)
      .flat()
      .filter((c) => c.nuevo948)
      .map((c) => c.nombre);
    expect(nuevos).toContain('registroSIRAS');
    expect(nuevos).toContain('codigoVIDA');
    expect(nuevos).toContain('vrDispensacion');
    expect(nuevos).toContain('nomCodDiagnosticoPrincipalCIE11');
    expect(nuevos.some((n) => n === 'vrServicio' || n === 'consecutivo')).toBe(false);
  });

  it('el RIPS de prueba trae todas las claves de cada tabla', () => {
    const r = ripsValido() as any;
    const faltan = (obj: Registro, tipo: TipoRegistro) =>
      CAMPOS[tipo].filter((c) => !(c.nombre in obj)).map((c) => `${tipo}.${c.nombre}`);
    const ausentes = [...faltan(r, 'transaccion')];
    const tipos = new Set<string>();
    for (const u of r.usuarios) {
      ausentes.push(...faltan(u, 'usuario'));
      for (const t of TIPOS_SERVICIO) {
        for (const reg of u.servicios[t] ?? []) {
          tipos.add(t);
          ausentes.push(...faltan(reg, t));
        }
      }
    }
    expect(ausentes).toEqual([]);
    expect([...tipos].sort()).toEqual([...TIPOS_SERVICIO].sort());
  });
});

describe('RIPS válidos', () => {
  it('el RIPS completo y el mínimo no producen hallazgos de estructura', () => {
    expect(revisar(ripsValido())).toEqual([]);
    expect(revisar(ripsMinimo())).toEqual([]);
  });

  it('cada llamada devuelve un objeto nuevo', () => {
    const a = ripsValido() as any;
    a.usuarios[0].servicios.consultas[0].vrServicio = -1;
    expect((ripsValido() as any).usuarios[0].servicios.consultas[0].vrServicio).toBe(45000);
  });

  it('acepta null en campos C que no aplican, 0 en N que no aplican y claves opcionales ausentes', () => {
    expect(
      con((r) => {
        const c = s1(r).consultas[0];
        c.numAutorizacion = null;
        c.codDiagnosticoRelacionado1 = '';
        delete c.codigoVIDA;
        delete c.codDiagnosticoPrincipalCIE11;
        delete c.nomCodDiagnosticoPrincipalCIE11;
        const m = s0(r).medicamentos[0];
        m.vrDispensacion = null;
        m.concentracionMedicamento = null;
        m.unidadMedida = 0;
        m.tipoDocumentoIdentificacion = null;
        m.numDocumentoIdentificacion = null;
        m.codPrestador = null; // technology providers send null (M01 "0, 12")
        const o = s1(r).otrosServicios[0];
        o.tipoDocumentoIdentificacion = null;
        o.numDocumentoIdentificacion = null;
        o.vrServicio = 0;
        o.vrUnitOS = 0;
        delete o.vrDispensacion;
      }),
    ).toEqual([]);
  });

  it('acepta los campos nuevos de la Res. 948 diligenciados', () => {
    expect(
      con((r) => {
        u1(r).tipoUsuario = '10';
        u1(r).registroSIRAS = 'SIRAS-2026-000123';
        const c = s1(r).consultas[0];
        c.codDiagnosticoPrincipalCIE11 = 'CA23';
        c.nomCodDiagnosticoPrincipalCIE11 = 'Asma';
        c.codigoVIDA = 'DV64588521';
        const m = s1(r).medicamentos[0];
        m.codDiagnosticoPrincipalCIE11 = 'CA23';
        m.nomCodDiagnosticoPrincipalCIE11 = 'Asma';
        m.vrDispensacion = 1500;
        s1(r).otrosServicios[0].vrDispensacion = 2000;
        s0(r).recienNacidos[0].codigoVIDA = 'DV052055001';
      }),
    ).toEqual([]);
  });

  it('ignora numAutorizacion en medicamentos (retirado por la Res. 948) y propiedades adicionales', () => {
    expect(
      con((r) => {
        s0(r).medicamentos[0].numAutorizacion = 12345;
        s0(r).consultas[0].campoPropio = { cualquier: 'cosa' };
        r.extra = true;
      }),
    ).toEqual([]);
  });

  it('acepta preparaciones magistrales con cantidad y días en 0 en los principios activos siguientes', () => {
    expect(
      con((r) => {
        const m = s0(r).medicamentos[1];
        m.tipoMedicamento = '03';
        m.nomTecnologiaSalud = 'ACETAMINOFEN';
        m.concentracionMedicamento = 0.5;
        m.formaFarmaceutica = 'C42998';
        m.cantidadMedicamento = 0;
        m.diasTratamiento = 0;
        m.vrUnitMedicamento = 0;
        m.vrServicio = 0;
      }),
    ).toEqual([]);
  });

  it('acepta RIPS sin factura (RS) con número de nota y residentes fuera de Colombia sin municipio', () => {
    expect(
      con((r) => {
        r.numFactura = null;
        r.tipoNota = 'RS';
        r.numNota = '1';
        u0(r).codPaisResidencia = '862';
        u0(r).codMunicipioResidencia = null;
        u0(r).codZonaTerritorialResidencia = null;
      }),
    ).toEqual([]);
  });

  it('acepta el 29 de febrero de un año bisiesto', () => {
    expect(con((r) => (u1(r).fechaNacimiento = '1988-02-29'))).toEqual([]);
  });
});

describe('RVG01: estructura', () => {
  it('el RIPS, un usuario o un servicio que no son objetos', () => {
    expect(revisar([])).toEqual([expect.objectContaining({ codigo: 'RVG01', ruta: '$' })]);
    expect(con((r) => (r.usuarios[1] = 'usuario'))).toEqual([
      expect.objectContaining({ codigo: 'RVG01', ruta: 'usuarios[1]' }),
    ]);
    expect(con((r) => (s1(r).consultas[1] = null))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[1].servicios.consultas[1]',
        detalle: 'Cada elemento de «consultas» debe ser un objeto JSON {…} con los datos del servicio.',
      },
    ]);
  });

  it('falta un campo obligatorio', () => {
    expect(con((r) => delete s1(r).consultas[0].codConsulta)).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[1].servicios.consultas[0].codConsulta',
        detalle: 'Falta el campo obligatorio «codConsulta».',
      },
    ]);
    expect(con((r) => delete r.numDocumentoIdObligado)).toEqual([
      expect.objectContaining({ codigo: 'RVG01', ruta: 'numDocumentoIdObligado' }),
    ]);
    expect(con((r) => delete u0(r).fechaNacimiento)).toEqual([
      expect.objectContaining({ codigo: 'RVG01', ruta: 'usuarios[0].fechaNacimiento' }),
    ]);
  });

  it('usuarios ausente o que no es arreglo (RVG01); vacío no es un hallazgo de estructura', () => {
    expect(con((r) => delete r.usuarios)).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios',
        detalle: 'Falta el arreglo «usuarios» con los usuarios atendidos y sus servicios.',
      },
    ]);
    expect(con((r) => (r.usuarios = { a: 1 }))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios',
        detalle: '«usuarios» debe ser un arreglo [ … ] de usuarios; llegó un objeto.',
      },
    ]);
    // Empty: RVG03 comes from the registry rule that counts services, not from the structure.
    expect(con((r) => (r.usuarios = []))).toEqual([]);
  });

  it('servicios ausente o null; un servicios que no es objeto lo reporta el motor una sola vez', () => {
    expect(con((r) => delete u0(r).servicios)).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[0].servicios',
        detalle: 'Falta el objeto «servicios» con los servicios prestados al usuario.',
      },
    ]);
    expect(con((r) => (u0(r).servicios = null))).toHaveLength(1);
    expect(con((r) => (u0(r).servicios = []))).toEqual([
      { codigo: 'RVG01', ruta: 'usuarios[0].servicios', detalle: '«servicios» debe ser un objeto.' },
    ]);
  });

  it('valores monetarios negativos', () => {
    expect(con((r) => (s1(r).consultas[0].vrServicio = -68000))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[1].servicios.consultas[0].vrServicio',
        detalle: 'No se admiten valores negativos: los valores y cantidades se informan en positivo o en 0.',
        valor: -68000,
      },
    ]);
    expect(con((r) => (s1(r).otrosServicios[0].valorPagoModerador = -1))).toEqual([
      expect.objectContaining({
        codigo: 'RVG01',
        ruta: 'usuarios[1].servicios.otrosServicios[0].valorPagoModerador',
      }),
    ]);
  });

  it('cantidades en cero', () => {
    expect(con((r) => (s1(r).medicamentos[0].cantidadMedicamento = 0))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[1].servicios.medicamentos[0].cantidadMedicamento',
        detalle:
          'La cantidad debe ser mayor que 0 (solo los principios activos de una preparación magistral, después del primero, llevan 0).',
        valor: 0,
      },
    ]);
    expect(con((r) => (s1(r).otrosServicios[0].cantidadOS = 0))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[1].servicios.otrosServicios[0].cantidadOS',
        detalle: 'La cantidad debe ser mayor que 0.',
        valor: 0,
      },
    ]);
  });
});

describe('formato o tipo de dato: RVG01, como lo informa el esquema JSON del MUV', () => {
  // The real MUV answered an 11-digit codPrestador with RVG01 «La propiedad [codPrestador] no
  // cumple con el formato o tipo de dato requerido, Dato enviado [76001126940]» (issue 32).
  const formato = (campo: string, dato?: string) =>
    `La propiedad [${campo}] no cumple con el formato o tipo de dato requerido${dato === undefined ? '' : `, Dato enviado [${dato}]`}.`;

  it('codPrestador de 11 dígitos (tamaño fijo de 12): RVG01, no RVG05', () => {
    expect(con((r) => (s1(r).consultas[0].codPrestador = '76001126940'))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[1].servicios.consultas[0].codPrestador',
        detalle: `${formato('codPrestador', '76001126940')} Debe tener exactamente 12 caracteres; tiene 11.`,
        valor: '76001126940',
      },
    ]);
  });

  it('códigos y fechas de tamaño fijo, fechas mal escritas, tipo JSON y decimales: RVG01', () => {
    const codigos = (mutar: (r: any) => void) => con(mutar).map((h) => [h.codigo, h.ruta]);
    expect(codigos((r) => (u0(r).tipoDocumentoIdentificacion = 'C'))).toEqual([
      ['RVG01', 'usuarios[0].tipoDocumentoIdentificacion'],
    ]);
    expect(codigos((r) => (s1(r).urgencias[0].codDiagnosticoPrincipal = 'J45'))).toEqual([
      ['RVG01', 'usuarios[1].servicios.urgencias[0].codDiagnosticoPrincipal'],
    ]);
    expect(codigos((r) => (s0(r).recienNacidos[0].fechaNacimiento = '2026-09-14'))).toEqual([
      ['RVG01', 'usuarios[0].servicios.recienNacidos[0].fechaNacimiento'],
    ]);
    expect(codigos((r) => (u0(r).fechaNacimiento = '15/06/1994'))).toEqual([
      ['RVG01', 'usuarios[0].fechaNacimiento'],
    ]);
    expect(codigos((r) => (s1(r).consultas[0].codServicio = 12))).toEqual([
      ['RVG01', 'usuarios[1].servicios.consultas[0].codServicio'],
    ]);
    expect(codigos((r) => (s1(r).consultas[0].codServicio = '1102'))).toEqual([
      ['RVG01', 'usuarios[1].servicios.consultas[0].codServicio'],
    ]);
    expect(codigos((r) => (u0(r).codPaisResidencia = 170))).toEqual([
      ['RVG01', 'usuarios[0].codPaisResidencia'],
    ]);
    expect(codigos((r) => (s1(r).consultas[0].vrServicio = 68000.5))).toEqual([
      ['RVG01', 'usuarios[1].servicios.consultas[0].vrServicio'],
    ]);
    // An object is not echoed: no «Dato enviado».
    expect(con((r) => (s0(r).procedimientos[0].codProcedimiento = { codigo: '735301' }))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[0].servicios.procedimientos[0].codProcedimiento',
        detalle: `${formato('codProcedimiento')} Debe ir como texto entre comillas (tipo C); llegó un objeto.`,
      },
    ]);
  });

  it('el registro de RVG01, RVG04 y RVG05 dice lo que hizo el MUV real (visto)', () => {
    const visto = (c: string) => REGLAS_POR_CODIGO.get(c)!.visto ?? '';
    expect(visto('RVG01')).toContain('Dato enviado [76001126940]');
    expect(visto('RVG04')).toContain('RVG01');
    expect(visto('RVG05')).toContain('codPrestador de 11 dígitos');
  });

  it('el tamaño máximo de un texto libre, un número demasiado grande y un obligatorio vacío siguen en RVG05', () => {
    const codigos = (mutar: (r: any) => void) => con(mutar).map((h) => h.codigo);
    expect(codigos((r) => (s1(r).consultas[1].numAutorizacion = 'A'.repeat(31)))).toEqual(['RVG05']);
    expect(codigos((r) => (u0(r).numDocumentoIdentificacion = '123'))).toEqual(['RVG05']);
    expect(codigos((r) => (s0(r).procedimientos[0].idMIPRES = '12345'))).toEqual(['RVG05']);
    expect(codigos((r) => (s0(r).procedimientos[0].vrServicio = 1_000_000_000_000_000))).toEqual(['RVG05']);
    expect(codigos((r) => (s1(r).consultas[0].codPrestador = null))).toEqual(['RVG05']);
  });
});

describe('tipo de dato: RVG01 (el MUV no usa RVG04 para esto)', () => {
  it('un campo N enviado como texto', () => {
    expect(con((r) => (s1(r).consultas[0].codServicio = '1102'))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[1].servicios.consultas[0].codServicio',
        detalle:
          'La propiedad [codServicio] no cumple con el formato o tipo de dato requerido, Dato enviado [1102]. Debe ir como número sin comillas (tipo N); llegó un texto.',
        valor: '1102',
      },
    ]);
  });

  it('un campo C enviado como número, booleano u objeto', () => {
    expect(con((r) => (u0(r).codPaisResidencia = 170))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[0].codPaisResidencia',
        detalle:
          'La propiedad [codPaisResidencia] no cumple con el formato o tipo de dato requerido, Dato enviado [170]. Debe ir como texto entre comillas (tipo C); llegó un número.',
        valor: 170,
      },
    ]);
    expect(con((r) => (r.numFactura = true))).toEqual([
      expect.objectContaining({ codigo: 'RVG01', ruta: 'numFactura', valor: true }),
    ]);
    expect(con((r) => (s0(r).procedimientos[0].codProcedimiento = { codigo: '735301' }))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[0].servicios.procedimientos[0].codProcedimiento',
        detalle:
          'La propiedad [codProcedimiento] no cumple con el formato o tipo de dato requerido. Debe ir como texto entre comillas (tipo C); llegó un objeto.',
      },
    ]);
  });
});

describe('RVG05: tamaño', () => {
  it('texto más largo o más corto que lo permitido', () => {
    expect(con((r) => (s1(r).consultas[1].numAutorizacion = 'A'.repeat(31)))).toEqual([
      {
        codigo: 'RVG05',
        ruta: 'usuarios[1].servicios.consultas[1].numAutorizacion',
        detalle: 'Debe tener como máximo 30 caracteres (o null si no aplica); tiene 31.',
        valor: 'A'.repeat(31),
      },
    ]);
    // Fixed sizes (codes) are format breaches of the MUV's schema: RVG01 (see the RVG01 block above).
    expect(con((r) => (s1(r).urgencias[0].codDiagnosticoPrincipal = 'J45'))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[1].servicios.urgencias[0].codDiagnosticoPrincipal',
        detalle:
          'La propiedad [codDiagnosticoPrincipal] no cumple con el formato o tipo de dato requerido, Dato enviado [J45]. Debe tener exactamente 4 caracteres; tiene 3.',
        valor: 'J45',
      },
    ]);
    expect(con((r) => (u0(r).numDocumentoIdentificacion = '123'))).toEqual([
      expect.objectContaining({ codigo: 'RVG05', detalle: 'Debe tener entre 4 y 20 caracteres; tiene 3.' }),
    ]);
    expect(con((r) => (s0(r).hospitalizacion[0].codDiagnosticoRelacionadoE2 = 'O80'))).toEqual([
      expect.objectContaining({
        codigo: 'RVG01',
        detalle: expect.stringMatching(
          /Dato enviado \[O80\]\. Debe tener exactamente 4 caracteres \(o null si no aplica\); tiene 3\.$/,
        ),
      }),
    ]);
    expect(con((r) => (s0(r).medicamentos[0].formaFarmaceutica = 'C4294'))).toEqual([
      expect.objectContaining({
        codigo: 'RVG01',
        detalle: expect.stringMatching(/Debe tener 6 u 8 caracteres \(o null si no aplica\); tiene 5\.$/),
      }),
    ]);
    expect(con((r) => (s0(r).procedimientos[0].idMIPRES = '12345'))).toEqual([
      expect.objectContaining({
        detalle: 'Debe tener entre 19 y 25 caracteres (o null si no aplica); tiene 5.',
      }),
    ]);
  });

  it('numFEVPagoModerador es un número DIAN como numFactura: de 1 a 20 caracteres o null (sin tope, 190 MB se radicaban)', () => {
    expect(con((r) => (s1(r).consultas[1].numFEVPagoModerador = 'F'.repeat(20)))).toEqual([]);
    expect(con((r) => (s1(r).consultas[1].numFEVPagoModerador = null))).toEqual([]);
    expect(con((r) => (s1(r).consultas[1].numFEVPagoModerador = 'F'.repeat(5 * 1024 * 1024)))).toEqual([
      {
        codigo: 'RVG05',
        ruta: 'usuarios[1].servicios.consultas[1].numFEVPagoModerador',
        detalle: 'Debe tener entre 1 y 20 caracteres (o null si no aplica); tiene 5242880.',
      },
    ]);
  });

  it('un valor largo no se copia al hallazgo', () => {
    const [h] = con((r) => (s1(r).otrosServicios[0].nomTecnologiaSalud = 'x'.repeat(201)));
    expect(h).toEqual({
      codigo: 'RVG05',
      ruta: 'usuarios[1].servicios.otrosServicios[0].nomTecnologiaSalud',
      detalle: 'Debe tener como máximo 200 caracteres (o null si no aplica); tiene 201.',
    });
  });

  it('números con más dígitos de los permitidos o con decimales', () => {
    expect(con((r) => (s0(r).procedimientos[0].vrServicio = 1_000_000_000_000_000))).toEqual([
      {
        codigo: 'RVG05',
        ruta: 'usuarios[0].servicios.procedimientos[0].vrServicio',
        detalle: 'La parte entera debe tener como máximo 15 dígitos; tiene 16.',
        valor: 1_000_000_000_000_000,
      },
    ]);
    // A fixed list of sizes ("3, 4") and decimals in an integer are format/type: RVG01.
    expect(con((r) => (s1(r).consultas[0].codServicio = 12))).toEqual([
      expect.objectContaining({
        codigo: 'RVG01',
        detalle:
          'La propiedad [codServicio] no cumple con el formato o tipo de dato requerido, Dato enviado [12]. Debe tener 3 o 4 dígitos; tiene 2.',
      }),
    ]);
    expect(con((r) => (s0(r).recienNacidos[0].peso = 95))).toEqual([
      expect.objectContaining({ codigo: 'RVG01', ruta: 'usuarios[0].servicios.recienNacidos[0].peso' }),
    ]);
    expect(con((r) => (s1(r).consultas[0].vrServicio = 68000.5))).toEqual([
      expect.objectContaining({
        codigo: 'RVG01',
        detalle: expect.stringMatching(
          /Dato enviado \[68000\.5\]\. No admite decimales: informe un número entero\.$/,
        ),
      }),
    ]);
    expect(con((r) => (u1(r).consecutivo = 1e22))).toEqual([
      expect.objectContaining({
        codigo: 'RVG05',
        detalle: 'La parte entera debe tener como máximo 7 dígitos; tiene 23.',
      }),
    ]);
  });

  it('un campo obligatorio enviado como null o vacío', () => {
    expect(con((r) => (s1(r).consultas[0].codPrestador = null))).toEqual([
      {
        codigo: 'RVG05',
        ruta: 'usuarios[1].servicios.consultas[0].codPrestador',
        detalle: 'Es obligatorio: no puede ir null ni vacío.',
        valor: null,
      },
    ]);
    expect(con((r) => (s1(r).consultas[0].codConsulta = ''))).toEqual([
      expect.objectContaining({
        codigo: 'RVG05',
        valor: '',
        detalle: 'Es obligatorio: no puede ir null ni vacío.',
      }),
    ]);
    expect(con((r) => (s1(r).medicamentos[1].vrServicio = null))).toEqual([
      {
        codigo: 'RVG05',
        ruta: 'usuarios[1].servicios.medicamentos[1].vrServicio',
        detalle: 'Es obligatorio: no puede ir null (un campo numérico que no aplica se informa con 0).',
        valor: null,
      },
    ]);
  });

  it('datos obligatorios según otro campo', () => {
    expect(con((r) => (u0(r).codMunicipioResidencia = null))).toEqual([
      {
        codigo: 'RVG05',
        ruta: 'usuarios[0].codMunicipioResidencia',
        detalle: 'Es obligatorio cuando el país de residencia es Colombia (170): informe el código DIVIPOLA.',
        valor: null,
      },
    ]);
    expect(con((r) => delete u0(r).codZonaTerritorialResidencia)).toEqual([
      expect.objectContaining({ codigo: 'RVG05', ruta: 'usuarios[0].codZonaTerritorialResidencia' }),
    ]);
    expect(con((r) => (r.numFactura = null))).toEqual([
      expect.objectContaining({ codigo: 'RVG05', ruta: 'numFactura' }),
    ]);
    expect(
      con((r) => {
        r.tipoNota = 'NC';
        r.numNota = '';
      }),
    ).toEqual([
      {
        codigo: 'RVG05',
        ruta: 'numNota',
        detalle: 'Es obligatorio cuando se informa el tipo de nota: informe el número de la nota.',
        valor: '',
      },
    ]);
    expect(con((r) => (s1(r).medicamentos[0].codDiagnosticoPrincipalCIE11 = 'CA23'))).toEqual([
      expect.objectContaining({
        codigo: 'RVG05',
        ruta: 'usuarios[1].servicios.medicamentos[0].nomCodDiagnosticoPrincipalCIE11',
      }),
    ]);
  });
});

describe('RVG06: contenido', () => {
  it('fechas con formato inválido o que no existen', () => {
    // Malformed: a format breach of the MUV's schema (RVG01); well formed but not a date: RVG06.
    expect(con((r) => (s1(r).consultas[0].fechaInicioAtencion = '2026-09-20T18:35'))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[1].servicios.consultas[0].fechaInicioAtencion',
        detalle:
          'La propiedad [fechaInicioAtencion] no cumple con el formato o tipo de dato requerido, Dato enviado [2026-09-20T18:35]. Debe ser una fecha y hora AAAA-MM-DD HH:MM válida, con hora de 00:00 a 23:59 (p. ej. 2026-03-14 08:30).',
        valor: '2026-09-20T18:35',
      },
    ]);
    expect(con((r) => (s0(r).hospitalizacion[0].fechaEgreso = '2026-02-29 10:00'))).toEqual([
      expect.objectContaining({
        codigo: 'RVG06',
        detalle: expect.stringMatching(/^La fecha y hora 2026-02-29 10:00 no existe en el calendario\./),
      }),
    ]);
    expect(con((r) => (s1(r).urgencias[0].fechaEgreso = '2026-09-21 24:00'))).toEqual([
      expect.objectContaining({ codigo: 'RVG06', ruta: 'usuarios[1].servicios.urgencias[0].fechaEgreso' }),
    ]);
    expect(con((r) => (u0(r).fechaNacimiento = '15/06/1994'))).toEqual([
      {
        codigo: 'RVG01',
        ruta: 'usuarios[0].fechaNacimiento',
        detalle:
          'La propiedad [fechaNacimiento] no cumple con el formato o tipo de dato requerido, Dato enviado [15/06/1994]. Debe ser una fecha AAAA-MM-DD válida (p. ej. 1990-05-31).',
        valor: '15/06/1994',
      },
    ]);
    expect(con((r) => (u0(r).fechaNacimiento = '1994-13-01'))).toEqual([
      expect.objectContaining({
        codigo: 'RVG06',
        detalle: expect.stringContaining('no existe en el calendario'),
      }),
    ]);
    expect(con((r) => (s0(r).recienNacidos[0].fechaNacimiento = '2026-09-14'))).toEqual([
      expect.objectContaining({
        codigo: 'RVG01',
        detalle: expect.stringMatching(
          /Dato enviado \[2026-09-14\]\. Debe tener exactamente 16 caracteres; tiene 10\.$/,
        ),
      }),
    ]);
  });

  it('códigos CIE-10, CUPS y DIVIPOLA mal formados (los catálogos grandes no se consultan aquí)', () => {
    expect(con((r) => (s1(r).procedimientos[0].codDiagnosticoPrincipal = 'j459'))).toEqual([
      {
        codigo: 'RVG06',
        ruta: 'usuarios[1].servicios.procedimientos[0].codDiagnosticoPrincipal',
        detalle:
          'Debe ser un código CIE-10 de 4 caracteres, sin punto ni espacios: letra mayúscula, dos dígitos y un cuarto carácter (p. ej. J459 o I10X).',
        valor: 'j459',
      },
    ]);
    expect(con((r) => (s1(r).consultas[0].codDiagnosticoRelacionado1 = 'J45.'))).toEqual([
      expect.objectContaining({
        codigo: 'RVG06',
        ruta: 'usuarios[1].servicios.consultas[0].codDiagnosticoRelacionado1',
      }),
    ]);
    expect(con((r) => (s1(r).consultas[0].codConsulta = '89.701'))).toEqual([
      {
        codigo: 'RVG06',
        ruta: 'usuarios[1].servicios.consultas[0].codConsulta',
        detalle: 'Debe ser un código CUPS de 6 caracteres, sin puntos ni espacios (p. ej. 890201).',
        valor: '89.701',
      },
    ]);
    expect(con((r) => (u1(r).codMunicipioResidencia = '1100A'))).toEqual([
      expect.objectContaining({ codigo: 'RVG06', ruta: 'usuarios[1].codMunicipioResidencia' }),
    ]);
    // Well-formed codes absent from SISPRO are the registry's job (RVC096, RVC063…), not RVG06.
    expect(
      con((r) => {
        s1(r).consultas[0].codConsulta = '999999';
        s1(r).consultas[0].codDiagnosticoPrincipal = 'X999';
        s1(r).consultas[0].codServicio = 9999;
      }),
    ).toEqual([]);
  });

  it('valores fuera de las tablas pequeñas', () => {
    expect(con((r) => (s1(r).consultas[0].modalidadGrupoServicioTecSal = '05'))).toEqual([
      {
        codigo: 'RVG06',
        ruta: 'usuarios[1].servicios.consultas[0].modalidadGrupoServicioTecSal',
        detalle:
          'El valor «05» no está en la tabla ModalidadAtencion (valores: 01, 02, 03, 04, 06, 07, 08, 09).',
        valor: '05',
      },
    ]);
    expect(con((r) => (s1(r).otrosServicios[0].tipoOS = '06'))).toEqual([
      expect.objectContaining({
        detalle:
          'El valor «06» está deshabilitado en la tabla TipoOtrosServicios (valores: 01, 02, 03, 04, 05).',
      }),
    ]);
    expect(con((r) => (u0(r).incapacidad = '02'))).toEqual([
      expect.objectContaining({ detalle: 'El valor «02» no está en la tabla LstSiNo (valores: NO, SI).' }),
    ]);
    expect(con((r) => (u1(r).codPaisOrigen = '999'))).toEqual([
      expect.objectContaining({ codigo: 'RVG06', detalle: 'El valor «999» no está en la tabla Pais.' }),
    ]);
    expect(
      con((r) => {
        r.tipoNota = 'SF'; // the pre-2275-v3 code for RIPS sin factura: now RS
        r.numNota = '7';
      }),
    ).toEqual([
      {
        codigo: 'RVG06',
        ruta: 'tipoNota',
        detalle: 'El valor «SF» no está en la tabla TipoNota (valores: NA, NC, ND, RS).',
        valor: 'SF',
      },
    ]);
  });

  it('sexo del usuario (Extra_III) y del recién nacido (Extra_II)', () => {
    expect(con((r) => (u0(r).codSexo = 'H'))).toEqual([
      {
        codigo: 'RVG06',
        ruta: 'usuarios[0].codSexo',
        detalle: 'El valor «H» no está en la tabla Sexo:Extra_III (valores: M, F, I).',
        valor: 'H',
      },
    ]);
    expect(con((r) => (s0(r).recienNacidos[0].codSexoBiologico = 'F2'))).toEqual([
      expect.objectContaining({
        detalle: 'El valor «F2» no está en la tabla Sexo:Extra_II (valores: 01, 02, 03).',
      }),
    ]);
  });

  it('valores que DT1 restringe y códigos que no aplican al tipo de servicio', () => {
    expect(con((r) => (s1(r).consultas[1].tipoDocumentoIdentificacion = 'TI'))).toEqual([
      {
        codigo: 'RVG06',
        ruta: 'usuarios[1].servicios.consultas[1].tipoDocumentoIdentificacion',
        detalle: 'El valor «TI» no se admite en este campo: solo CC, CE, CD, PA, SC, PE, DE, PT.',
        valor: 'TI',
      },
    ]);
    expect(con((r) => (s0(r).recienNacidos[0].tipoDocumentoIdentificacion = 'CC'))).toEqual([
      expect.objectContaining({ detalle: 'El valor «CC» no se admite en este campo: solo CN, RC, MS.' }),
    ]);
    expect(con((r) => (s1(r).consultas[1].finalidadTecnologiaSalud = '30'))).toEqual([
      expect.objectContaining({
        codigo: 'RVG06',
        detalle:
          'El código «30» no aplica en consultas según la tabla de referencia RIPSFinalidadConsultaVersion2.',
      }),
    ]);
    expect(con((r) => (s1(r).urgencias[0].causaMotivoAtencion = '40'))).toEqual([
      expect.objectContaining({
        codigo: 'RVG06',
        ruta: 'usuarios[1].servicios.urgencias[0].causaMotivoAtencion',
      }),
    ]);
  });

  it('días de tratamiento en 0 fuera de una preparación magistral', () => {
    expect(con((r) => (s1(r).medicamentos[1].diasTratamiento = 0))).toEqual([
      {
        codigo: 'RVG06',
        ruta: 'usuarios[1].servicios.medicamentos[1].diasTratamiento',
        detalle: 'Los días de tratamiento se informan en días completos, mínimo 1.',
        valor: 0,
      },
    ]);
  });

  it('sin tablas pequeñas cargadas no verifica pertenencia, salvo los valores que fija DT1', () => {
    const vacio = new CatalogosEnMemoria();
    expect(con((r) => (s1(r).consultas[0].modalidadGrupoServicioTecSal = '05'), vacio)).toEqual([]);
    expect(con((r) => (u0(r).codSexo = 'H'), vacio)).toEqual([
      expect.objectContaining({ codigo: 'RVG06', ruta: 'usuarios[0].codSexo' }),
    ]);
  });

  it('la aplicabilidad sale de la columna del catálogo cuando la trae, si no de DT1/LIN', () => {
    expect(con((r) => (s1(r).procedimientos[0].finalidadTecnologiaSalud = '11'))).toEqual([
      expect.objectContaining({
        codigo: 'RVG06',
        detalle:
          'El código «11» no aplica en procedimientos según la tabla de referencia RIPSFinalidadConsultaVersion2.',
      }),
    ]);
    const propia = catalogosPrueba();
    propia.poner('RIPSFinalidadConsultaVersion2', [
      { codigo: '15', nombre: 'Diagnóstico', habilitado: true, extra: { I: 'SI', II: 'NO' } },
      { codigo: '16', nombre: 'Tratamiento', habilitado: true, extra: { I: 'SI', II: 'SI' } },
      { codigo: '23', nombre: 'Prenatal', habilitado: true, extra: { I: 'SI', II: 'SI' } },
      { codigo: '25', nombre: 'Parto', habilitado: true, extra: { I: 'SI', II: 'SI' } },
    ]);
    expect(con(() => {}, propia)).toEqual([
      expect.objectContaining({
        codigo: 'RVG06',
        ruta: 'usuarios[1].servicios.procedimientos[0].finalidadTecnologiaSalud',
      }),
    ]);
    const sinColumnas = catalogosPrueba();
    sinColumnas.poner('RIPSFinalidadConsultaVersion2', ['11', '15', '16', '21', '23', '25', '30']);
    expect(con((r) => (s1(r).consultas[1].finalidadTecnologiaSalud = '30'), sinColumnas)).toEqual([
      expect.objectContaining({ codigo: 'RVG06', valor: '30' }),
    ]);
    expect(con((r) => (s1(r).procedimientos[0].finalidadTecnologiaSalud = '21'), sinColumnas)).toEqual([
      expect.objectContaining({ codigo: 'RVG06', valor: '21' }),
    ]);
  });

  it('los valores de sexo salen de las columnas de la tabla Sexo cargada', () => {
    const catalogos = catalogosPrueba();
    catalogos.poner('Sexo', [
      { codigo: 'H', nombre: 'Hombre', habilitado: true, extra: { II: '01', III: 'M' } },
      { codigo: 'M', nombre: 'Mujer', habilitado: true, extra: { II: '02', III: 'F' } },
      { codigo: 'X', nombre: 'Otro', habilitado: true, extra: { II: '09', III: 'X' } },
    ]);
    expect(con((r) => (u0(r).codSexo = 'X'), catalogos)).toEqual([]);
    expect(con((r) => (u0(r).codSexo = 'I'), catalogos)).toEqual([
      expect.objectContaining({
        detalle: 'El valor «I» no está en la tabla Sexo:Extra_III (valores: M, F, X).',
      }),
    ]);
  });

  it('un catálogo puede cargar la columna de sexo con su propio nombre', () => {
    const catalogos = catalogosPrueba();
    catalogos.poner('Sexo:Extra_III', ['M', 'F', 'I', 'X']);
    expect(con((r) => (u0(r).codSexo = 'X'), catalogos)).toEqual([]);
  });
});

describe('integración con validarRips', () => {
  it('los hallazgos de estructura llevan el nombre del campo para la persona', () => {
    const catalogos = catalogosPrueba();
    const rips = ripsValido() as any;
    rips.usuarios[1].servicios.consultas[0].codDiagnosticoPrincipal = 'J45';
    const r = validarRips(rips, {
      fecha: FECHA,
      catalogos,
      reglas: [],
      estructura: crearVerificadorEstructura(CAMPOS, catalogos),
    });
    const hallazgos = r.errores.filter((e) => e.severidad !== 'informativo');
    expect(hallazgos).toHaveLength(1);
    // Large tables not loaded here: their existence checks fall back to format, one note for all.
    const cat01 = r.errores.filter((e) => e.codigo === 'CAT01');
    expect(cat01.map((e) => e.titulo)).toEqual(['6 catálogos no cargados: validación reducida']);
    expect(cat01[0]!.explicacion).toContain(
      ['CIE10', 'FFM', 'Municipio', 'Servicios', 'UMM', 'UPR'].map((t) => `«${t}» (RVG06)`).join('; '),
    );
    expect(hallazgos[0]!.ubicacion).toMatchObject({
      campo: 'codDiagnosticoPrincipal',
      campoNombre: 'Diagnóstico principal',
      ruta: 'usuarios[1].servicios.consultas[0].codDiagnosticoPrincipal',
      documentoUsuario: 'CC 1019876543',
    });
    expect(hallazgos[0]!.explicacion).toContain('Debe tener exactamente 4 caracteres; tiene 3.');
  });

  it('con un catálogo grande cargado, un código ausente es RVG06 (también en campos numéricos)', () => {
    const catalogos = catalogosPrueba();
    const rips = ripsValido() as any;
    const consulta = rips.usuarios[1].servicios.consultas[0];
    catalogos.poner('Servicios', [String(consulta.codServicio + 1)]);
    catalogos.poner('Municipio', [rips.usuarios[1].codMunicipioResidencia]);
    const r = validarRips(rips, {
      fecha: FECHA,
      catalogos,
      reglas: [],
      estructura: crearVerificadorEstructura(CAMPOS, catalogos),
    });
    const rvg06 = r.errores.filter((e) => e.codigo === 'RVG06' && e.ubicacion.usuarioIndex === 1);
    expect(rvg06.map((e) => e.ubicacion.campo)).toContain('codServicio');
    expect(rvg06.some((e) => e.ubicacion.campo === 'codMunicipioResidencia')).toBe(false);
    expect(r.errores.some((e) => e.codigo === 'CAT01' && e.explicacion.includes('«Servicios»'))).toBe(false);
  });

  it('los contenedores usuarios y servicios figuran en las tablas', () => {
    expect(CAMPOS.transaccion.at(-1)?.nombre).toBe('usuarios');
    expect(CAMPOS.usuario.at(-1)?.nombre).toBe('servicios');
    expect([...CONTENEDORES].sort()).toEqual(['servicios', 'usuarios']);
  });
});
