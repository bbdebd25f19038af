import { describe, expect, it } from 'vitest';
import {
  consulta,
  hospitalizacion,
  medicamento,
  procedimiento,
  recienNacido,
  rips,
  urgencia,
  usuario,
} from '../../../test/fixtures/rips-reglas.js';
import { CatalogosEnMemoria } from '../catalogos/memoria.js';
import type { Registro } from '../tipos.js';
import { validarRips } from '../validacion/validar.js';
import { CHEQUEOS_FEV } from './fev/cruces.js';
import { REGLAS } from './registro.js';
import { REGLAS_RVC_001_049 } from './rvc-001-049.js';
import { REGLAS_RVG } from './rvg.js';
import type { Regla } from './tipos.js';

// A small valid RIPS of our own: one builder per record type, overrides per test.
const FECHA = new Date('2026-07-15T12:00:00-05:00');

const TODAS = new Map<string, Regla>([...REGLAS_RVG, ...REGLAS_RVC_001_049].map((r) => [r.codigo, r]));
const R = (codigo: string): Regla => {
  const r = TODAS.get(codigo);
  if (!r) throw new Error(`sin regla ${codigo}`);
  return r;
};

function validar(codigo: string, doc: Registro, fecha = FECHA) {
  const res = validarRips(doc, { reglas: [R(codigo)], catalogos: new CatalogosEnMemoria(), fecha });
  return res.errores.filter((e) => e.codigo === codigo);
}

function rutas(codigo: string, doc: Registro, fecha = FECHA): string[] {
  return validar(codigo, doc, fecha).map((e) => e.ubicacion.ruta ?? '');
}

describe('RVG03 · el RIPS debe traer servicios', () => {
  it('pasa con al menos un servicio', () => {
    expect(rutas('RVG03', rips(usuario({ consultas: [consulta()] })))).toEqual([]);
  });
  it('rechaza un RIPS sin ningún registro de servicio', () => {
    const e = validar(
      'RVG03',
      rips(usuario({}), usuario({ consultas: [] }, { numDocumentoIdentificacion: '2' })),
    );
    expect(e.map((x) => [x.ubicacion.ruta, x.severidad])).toEqual([['usuarios', 'rechazo']]);
  });
});

describe('RVG07 · cada usuario con al menos un servicio', () => {
  it('pasa cuando todos tienen servicios', () => {
    expect(rutas('RVG07', rips(usuario({ medicamentos: [medicamento()] })))).toEqual([]);
  });
  it('señala al usuario sin servicios', () => {
    const doc = rips(
      usuario({ consultas: [consulta()] }),
      usuario({ consultas: [] }, { numDocumentoIdentificacion: '2' }),
    );
    const e = validar('RVG07', doc);
    expect(e.map((x) => [x.ubicacion.ruta, x.severidad])).toEqual([['usuarios[1].servicios', 'rechazo']]);
  });
});

describe('RVG12 · usuarios repetidos', () => {
  it('pasa con documentos distintos (mismo número, otro tipo)', () => {
    const doc = rips(
      usuario({ consultas: [consulta()] }),
      usuario({ consultas: [consulta()] }, { tipoDocumentoIdentificacion: 'CE' }),
    );
    expect(rutas('RVG12', doc)).toEqual([]);
  });
  it('señala el segundo usuario con el mismo tipo y número', () => {
    const doc = rips(
      usuario({ consultas: [consulta()] }),
      usuario({ consultas: [consulta()] }, { numDocumentoIdentificacion: '9' }),
      usuario({ consultas: [consulta()] }),
    );
    const e = validar('RVG12', doc);
    expect(e).toHaveLength(1);
    expect(e[0]?.ubicacion.ruta).toBe('usuarios[2].numDocumentoIdentificacion');
    expect(e[0]?.severidad).toBe('rechazo');
    expect(e[0]?.explicacion).toContain('usuario 1');
  });
});

describe('RVG13 · mismo medicamento, mismo usuario, misma fecha y hora', () => {
  it('pasa si la hora es distinta o es otro usuario', () => {
    const doc = rips(
      usuario({ medicamentos: [medicamento(), medicamento({ fechaDispensAdmon: '2026-07-01 16:00' })] }),
      usuario({ medicamentos: [medicamento()] }, { numDocumentoIdentificacion: '2' }),
    );
    expect(rutas('RVG13', doc)).toEqual([]);
  });
  it('notifica la repetición', () => {
    const doc = rips(usuario({ medicamentos: [medicamento(), medicamento({ consecutivo: 2 })] }));
    const e = validar('RVG13', doc);
    expect(e.map((x) => [x.ubicacion.ruta, x.severidad])).toEqual([
      ['usuarios[0].servicios.medicamentos[1].codTecnologiaSalud', 'aviso-gradualidad'],
    ]);
  });
  it('notifica la repetición también con muchos medicamentos del usuario, y no entre usuarios', () => {
    const distintos = Array.from({ length: 20 }, (_, k) =>
      medicamento({ fechaDispensAdmon: `2026-07-01 ${String(k).padStart(2, '0')}:00` }),
    );
    const doc = rips(
      usuario({ medicamentos: [...distintos, distintos[2]!, distintos[18]!] }),
      usuario({ medicamentos: [distintos[2]!] }, { numDocumentoIdentificacion: '2' }),
    );
    expect(validar('RVG13', doc).map((x) => [x.ubicacion.ruta, x.explicacion])).toEqual([
      [
        'usuarios[0].servicios.medicamentos[20].codTecnologiaSalud',
        expect.stringContaining('El medicamento 3 del mismo usuario'),
      ],
      [
        'usuarios[0].servicios.medicamentos[21].codTecnologiaSalud',
        expect.stringContaining('El medicamento 19 del mismo usuario'),
      ],
    ]);
  });
});

describe('RVG15 · urgencia con observación requiere consulta de urgencias', () => {
  it('pasa con una consulta de urgencias a la hora del ingreso o después', () => {
    const doc = rips(
      usuario({
        urgencias: [urgencia()],
        consultas: [consulta({ codConsulta: '890701', fechaInicioAtencion: '2026-07-01 08:20' })],
      }),
    );
    expect(rutas('RVG15', doc)).toEqual([]);
  });
  it('notifica la urgencia sin consulta de urgencias (una consulta externa no cuenta)', () => {
    const doc = rips(
      usuario({
        urgencias: [urgencia()],
        consultas: [consulta({ fechaInicioAtencion: '2026-07-01 09:00' })],
      }),
    );
    const e = validar('RVG15', doc);
    expect(e.map((x) => [x.ubicacion.ruta, x.severidad])).toEqual([
      ['usuarios[0].servicios.urgencias[0].fechaInicioAtencion', 'aviso-gradualidad'],
    ]);
  });
  it('no compara si la fecha de ingreso está mal formada', () => {
    const doc = rips(usuario({ urgencias: [urgencia({ fechaInicioAtencion: '2026-0-22 23:21' })] }));
    expect(rutas('RVG15', doc)).toEqual([]);
  });
  it('es notificación también antes del 2026-06-01 (LIN v3.2 §4.4.5)', () => {
    const doc = rips(
      usuario({
        urgencias: [urgencia({ fechaInicioAtencion: '2026-03-01 08:00', fechaEgreso: '2026-03-01 10:00' })],
      }),
    );
    const e = validar('RVG15', doc, new Date('2026-04-01T12:00:00-05:00'));
    expect(e.map((x) => x.severidad)).toEqual(['aviso-gradualidad']);
  });
});

describe('RVG16 · causa igual entre urgencia y su consulta', () => {
  it('pasa con la misma causa', () => {
    const doc = rips(
      usuario({
        urgencias: [urgencia()],
        consultas: [consulta({ codConsulta: '890701', fechaInicioAtencion: '2026-07-01 08:10' })],
      }),
    );
    expect(rutas('RVG16', doc)).toEqual([]);
  });
  it('no juzga consultas de urgencias fuera de la estancia', () => {
    const doc = rips(
      usuario({
        urgencias: [urgencia()],
        consultas: [
          consulta({
            codConsulta: '890701',
            fechaInicioAtencion: '2026-07-05 08:10',
            causaMotivoAtencion: '26',
          }),
        ],
      }),
    );
    expect(rutas('RVG16', doc)).toEqual([]);
  });
  it('rechaza la causa distinta', () => {
    const doc = rips(
      usuario({
        urgencias: [urgencia()],
        consultas: [
          consulta(),
          consulta({
            codConsulta: '890701',
            fechaInicioAtencion: '2026-07-01 08:10',
            causaMotivoAtencion: '26',
          }),
        ],
      }),
    );
    const e = validar('RVG16', doc);
    expect(e.map((x) => [x.ubicacion.ruta, x.severidad])).toEqual([
      ['usuarios[0].servicios.urgencias[0].causaMotivoAtencion', 'rechazo'],
    ]);
    expect(e[0]?.explicacion).toContain('consulta 2');
  });
});

describe('RVG17 · servicios del recién nacido bajo la madre', () => {
  it('pasa con el recién nacido como usuario propio', () => {
    const doc = rips(
      usuario({
        recienNacidos: [recienNacido()],
        procedimientos: [procedimiento({ viaIngresoServicioSalud: '06' })],
      }),
      usuario(
        {
          procedimientos: [procedimiento({ finalidadTecnologiaSalud: '26', viaIngresoServicioSalud: '07' })],
        },
        {
          tipoDocumentoIdentificacion: 'CN',
          numDocumentoIdentificacion: '20963147753951',
          fechaNacimiento: '2026-07-02',
        },
      ),
    );
    expect(rutas('RVG17', doc)).toEqual([]);
  });
  it('rechaza servicios con finalidad o vía de ingreso de recién nacido en la madre', () => {
    const doc = rips(
      usuario({
        recienNacidos: [recienNacido()],
        procedimientos: [procedimiento(), procedimiento({ finalidadTecnologiaSalud: '26' })],
        hospitalizacion: [hospitalizacion({ viaIngresoServicioSalud: '07' })],
      }),
    );
    const e = validar('RVG17', doc);
    expect(e.map((x) => [x.ubicacion.ruta, x.severidad])).toEqual([
      ['usuarios[0].servicios.procedimientos[1].finalidadTecnologiaSalud', 'rechazo'],
      ['usuarios[0].servicios.hospitalizacion[0].viaIngresoServicioSalud', 'rechazo'],
    ]);
  });
});

describe('reglas sin verificación local', () => {
  it('RVG01/04/05/06 no tienen funciones: las emite el verificador de estructura', () => {
    for (const c of ['RVG01', 'RVG04', 'RVG05', 'RVG06']) {
      const r = R(c);
      expect(r.alcance).toBe('local');
      expect([r.transaccion, r.usuario, r.servicio, r.final, r.estado].every((h) => h === undefined)).toBe(
        true,
      );
    }
  });
  it('las reglas del MUV se anuncian con la nota MUV01 y no producen hallazgos', () => {
    const reglas = ['RVG11', 'RVG14', 'RVG18'].map(R);
    const res = validarRips(rips(usuario({})), { reglas, catalogos: new CatalogosEnMemoria(), fecha: FECHA });
    expect(res.errores.map((e) => e.codigo)).toEqual(['MUV01']);
    expect(res.errores[0]?.explicacion).toContain('RVG11, RVG14, RVG18');
  });
  it('las reglas de la FEV no se verifican aquí: solo la nota informativa XML01 las nombra', () => {
    const reglas = ['RVG02', 'RVG08', 'RVG09', 'RVG10', 'RVG19', 'CIN006', 'RVG018', 'RCG018'].map(R);
    const res = validarRips(rips(usuario({})), { reglas, catalogos: new CatalogosEnMemoria(), fecha: FECHA });
    expect(res.errores.map((e) => [e.codigo, e.severidad])).toEqual([['XML01', 'informativo']]);
    expect(res.errores[0]?.explicacion).toContain(
      'RVG02, RVG08, RVG09, RVG10, RVG19, CIN006, RVG018, RCG018',
    );
    expect(res.valid).toBe(true);
  });
});

describe('registro RVG + RVC001–RVC049', () => {
  const todas = [...REGLAS_RVG, ...REGLAS_RVC_001_049];
  const esperados = [
    ...Array.from({ length: 19 }, (_, i) => `RVG${String(i + 1).padStart(2, '0')}`),
    'CIN006',
    // Our own code (DT1 §1.8 coverage ↔ payment modality, no official code).
    'COB01',
    'RVG018',
    'RCG018',
    ...Array.from({ length: 49 }, (_, i) => `RVC${String(i + 1).padStart(3, '0')}`),
  ];
  const sinFunciones = new Set(['RVG01', 'RVG04', 'RVG05', 'RVG06']);
  const tieneFunciones = (r: Regla) => [r.transaccion, r.usuario, r.servicio, r.final].some(Boolean);

  it('tiene exactamente un registro por código', () => {
    const codigos = todas.map((r) => r.codigo);
    expect(new Set(codigos).size).toBe(codigos.length);
    expect([...codigos].sort()).toEqual([...esperados].sort());
  });
  it('trae textos en español no vacíos', () => {
    for (const r of todas) {
      for (const t of [r.mensajeOficial, r.titulo, r.explicacion, r.comoCorregir]) {
        expect(t.trim().length, r.codigo).toBeGreaterThan(10);
        expect(t, r.codigo).not.toMatch(/\s{2,}|\s[.,]/);
      }
    }
  });
  it('tiene un historial de clases válido', () => {
    for (const r of todas) {
      expect(r.clases.length, r.codigo).toBeGreaterThan(0);
      for (const c of r.clases) {
        expect(['R', 'N'], r.codigo).toContain(c.clase);
        expect(c.desde, r.codigo).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(c.norma, r.codigo).toMatch(/^Res\. \d+\/\d{4}$/);
      }
      const desdes = r.clases.map((c) => c.desde);
      expect(desdes, r.codigo).toEqual([...new Set(desdes)].sort());
    }
  });
  it('no pone funciones en reglas de la FEV o del MUV, ni catálogos salvo los que lee un cruce con la FEV', () => {
    for (const r of todas.filter((x) => x.alcance !== 'local')) {
      expect(tieneFunciones(r) || r.estado !== undefined, r.codigo).toBe(false);
      // A 'fev' rule whose hook (fev/cruces.ts) reads a large table declares it, so CAT01 names it.
      if (r.catalogos !== undefined)
        expect([r.alcance, CHEQUEOS_FEV[r.codigo]?.servicio], r.codigo).toEqual(['fev', expect.anything()]);
    }
    expect(todas.filter((r) => r.alcance !== 'local' && r.catalogos).map((r) => r.codigo)).toEqual([
      'RVC017',
    ]);
  });
  it('toda regla local tiene funciones salvo las que emite el verificador de estructura', () => {
    for (const r of todas.filter((x) => x.alcance === 'local')) {
      expect(tieneFunciones(r), r.codigo).toBe(!sinFunciones.has(r.codigo));
    }
  });
  it('usa identificadores oficiales de campo', () => {
    for (const r of todas) for (const c of r.campos) expect(c, r.codigo).toMatch(/^[TUCPRHNMS]\d{2}$/);
  });
});

describe('consejos de corrección (comoCorregir) de todo el registro', () => {
  const propios = REGLAS;

  it('las reglas entre RIPS no piden cambiar la vía de ingreso ni la condición de egreso', () => {
    for (const codigo of ['RVC054', 'RVC056', 'RVC062']) {
      const r = REGLAS.find((x) => x.codigo === codigo)!;
      expect(r.comoCorregir, codigo).not.toMatch(/corrija (la vía|la condición)/i);
      expect(r.comoCorregir, codigo).toMatch(/no hay nada que corregir/);
    }
  });

  it('dicen dónde corregir: el sistema de origen, la facturación, la admisión, la caja o el RIPS', () => {
    const donde =
      /sistema de origen|software de facturación|sistema de facturación|generador de RIPS|admisión|caja|factura|RIPS|MUV|SIRAS|MIPRES|REPS/;
    for (const r of propios) expect(r.comoCorregir, r.codigo).toMatch(donde);
  });

  it('no invitan a cambiar hechos clínicos para pasar una validación', () => {
    const prohibidos =
      /(?<!no )cambie (la|el) (causa|vía|condición|diagnóstico|fecha|procedimiento)|corrija en la historia|corrija el número \(máximo|registre el diagnóstico definitivo|revise la fecha del servicio o el periodo/i;
    for (const r of propios) expect(r.comoCorregir, r.codigo).not.toMatch(prohibidos);
  });
});
