import path from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogosPrueba, ripsValido } from '../../../test/fixtures/rips.js';
import { consulta, procedimiento, rips, usuario } from '../../../test/fixtures/rips-reglas.js';
import { CatalogosEnMemoria } from '../catalogos/memoria.js';
import { REGLAS_VIDA } from '../reglas/vida.js';
import type { Registro } from '../tipos.js';
import { FlujoCuerpo } from './flujo-cuerpo.js';
import { GrupoHilos } from './hilos/grupo.js';
import { ServicioValidacionRips } from './servicio.js';
import { validarRips } from './validar.js';
import { type ConsultaVida, conVida, fechaCompatible, type RdaTransmitido } from './vida.js';

const FECHA = new Date('2026-07-15T12:00:00-05:00');
const validar = (doc: Registro, o: { maxHallazgos?: number } = {}) =>
  validarRips(doc, {
    reglas: REGLAS_VIDA,
    catalogos: new CatalogosEnMemoria(),
    fecha: FECHA,
    vida: true,
    ...(o.maxHallazgos ? { limites: { maxHallazgos: o.maxHallazgos, maxCaracteres: 1e9 } } : {}),
  });

/** The HMAC is the document itself here (the real one is keyed: src/rips/historia/clave.ts). */
const PACIENTE = 'h(CC 52000001)';

function rdasFalsos(transmisiones: RdaTransmitido[], o: { falla?: boolean } = {}) {
  const llamadas: { vidas: string[]; hmacs: string[] }[] = [];
  const consulta: ConsultaVida = {
    hmac: (tipo, numero) => `h(${tipo} ${numero})`,
    tieneEvidencia: async () => true,
    async buscar(_entidad, q) {
      llamadas.push(q);
      if (o.falla) throw new Error('base caída');
      return transmisiones.filter(
        (t) =>
          (t.vida !== null && q.vidas.includes(t.vida)) ||
          (t.estado === 'aceptado' && t.pacienteHmac !== null && q.hmacs.includes(t.pacienteHmac)),
      );
    },
  };
  return { consulta, llamadas };
}

const rda = (o: Partial<RdaTransmitido> = {}): RdaTransmitido => ({
  vida: '900001',
  estado: 'aceptado',
  pacienteHmac: PACIENTE,
  inicio: new Date('2026-07-01T07:30:00-05:00'),
  fin: new Date('2026-07-01T08:30:00-05:00'),
  ...o,
});

const conVidaEn = (codigoVIDA: string | null, fecha = '2026-07-01 08:00') =>
  validar(rips(usuario({ consultas: [consulta({ codigoVIDA, fechaInicioAtencion: fecha })] })));

describe('VID001 resuelto con los RDA de la entidad', () => {
  it('el VIDA de un RDA aceptado del mismo paciente y fecha: el hallazgo desaparece', async () => {
    const r = conVidaEn('900001');
    expect(r.resumen.avisos).toBe(1);
    const { consulta, llamadas } = rdasFalsos([rda()]);
    const v = await conVida(r, 'entidad-1', consulta);
    expect(v.errores).toEqual([]);
    expect(v.issues).toEqual([]);
    expect(v.resumen).toEqual({ rechazos: 0, avisos: 0, informativos: 0 });
    expect(llamadas).toEqual([{ vidas: ['900001'], hmacs: [] }]);
  });

  it('de otro paciente: queda con su clase y lo dice sin nombrar documentos', async () => {
    const { consulta } = rdasFalsos([rda({ pacienteHmac: 'h(CC 1)' })]);
    const v = await conVida(conVidaEn('900001'), 'entidad-1', consulta);
    expect(v.errores.map((e) => [e.codigo, e.severidad])).toEqual([['VID001', 'aviso-gradualidad']]);
    expect(v.errores[0]!.explicacion).toMatch(/es de otro paciente/);
    expect(v.issues[0]!.message).toMatch(/es de otro paciente/);
    // The location names this user's document, as every finding does; the reason names none.
    expect(v.errores[0]!.explicacion).not.toMatch(/52000001|h\(/);
    expect(v.resumen.avisos).toBe(1);
  });

  it('de otra fecha: queda y nombra el periodo del RDA y el día del servicio', async () => {
    const { consulta } = rdasFalsos([
      rda({
        inicio: new Date('2026-06-20T22:00:00-05:00'),
        fin: new Date('2026-06-22T10:00:00-05:00'),
      }),
    ]);
    const v = await conVida(conVidaEn('900001'), 'entidad-1', consulta);
    expect(v.errores[0]!.explicacion).toContain(
      'es de una atención del 2026-06-20 al 2026-06-22 (hora de Colombia) y este servicio es del 2026-07-01',
    );
  });

  it('un VIDA desconocido o de un RDA rechazado: queda', async () => {
    for (const lista of [[], [rda({ estado: 'rechazado' })], [rda({ vida: '5' })]]) {
      const { consulta } = rdasFalsos(lista);
      const v = await conVida(conVidaEn('900001'), 'entidad-1', consulta);
      expect(v.errores.map((e) => e.codigo)).toEqual(['VID001']);
      expect(v.errores[0]!.explicacion).toContain(
        'El código VIDA «900001» no corresponde a ningún RDA que la entidad haya transmitido',
      );
    }
  });

  it('una fila anterior a las columnas (sin paciente ni fechas) no permite decidir: desaparece', async () => {
    const { consulta } = rdasFalsos([rda({ pacienteHmac: null, inicio: null, fin: null })]);
    expect((await conVida(conVidaEn('900001'), 'entidad-1', consulta)).errores).toEqual([]);
  });

  it('sin entidad, sin consulta o con la consulta caída: no se puede decidir y desaparece sin consultar', async () => {
    const r = conVidaEn('900001');
    const { consulta, llamadas } = rdasFalsos([]);
    for (const v of [await conVida(r, null, consulta), await conVida(r, 'e', undefined)]) {
      expect(v.errores).toEqual([]);
      expect(v.resumen).toEqual({ rechazos: 0, avisos: 0, informativos: 0 });
    }
    expect(llamadas).toEqual([]);
    const caida = rdasFalsos([], { falla: true });
    expect((await conVida(r, 'e', caida.consulta)).errores).toEqual([]);
  });

  it('un resultado sin hallazgos VID vuelve intacto, sin consultar', async () => {
    const r = conVidaEn(null);
    const sinVid = { ...r, errores: [], issues: [] };
    const { consulta, llamadas } = rdasFalsos([]);
    expect(await conVida(sinVid, 'e', consulta)).toBe(sinVid);
    expect(llamadas).toEqual([]);
  });

  it('los VID que los límites de la respuesta dejaron fuera no se cuentan', async () => {
    const consultas = Array.from({ length: 4 }, (_, i) => consulta({ codigoVIDA: `V${i}` }));
    const r = validarRips(rips(usuario({ consultas })), {
      reglas: REGLAS_VIDA.filter((x) => x.codigo === 'VID001'),
      catalogos: new CatalogosEnMemoria(),
      fecha: FECHA,
      vida: true,
      limites: { maxHallazgos: 2, maxCaracteres: 1e9 },
    });
    expect(r.omitidos).toEqual([{ codigo: 'VID001', severidad: 'aviso-gradualidad', cantidad: 2 }]);
    const { consulta: c } = rdasFalsos([rda({ vida: 'V0' })]);
    const v = await conVida(r, 'e', c);
    expect(v.errores.map((e) => e.ubicacion.ruta)).toEqual(['usuarios[0].servicios.consultas[1].codigoVIDA']);
    expect(v.omitidos).toEqual([]);
    expect(v.resumen.avisos).toBe(1);
  });
});

describe('VID002 resuelto con los RDA de la entidad', () => {
  it('un único RDA aceptado del paciente que cubre el día: informativo que nombra el VIDA', async () => {
    const r = validar(
      rips(
        usuario({
          consultas: [consulta()],
          procedimientos: [procedimiento({ fechaInicioAtencion: '2026-07-01 09:00' })],
        }),
      ),
    );
    expect(r.errores.map((e) => e.codigo)).toEqual(['VID002']);
    const { consulta: c, llamadas } = rdasFalsos([rda(), rda({ vida: '7', pacienteHmac: 'h(CC 2)' })]);
    const v = await conVida(r, 'e', c);
    expect(llamadas).toEqual([{ vidas: [], hmacs: [PACIENTE] }]);
    expect(v.errores.map((e) => [e.codigo, e.severidad])).toEqual([['VID002', 'informativo']]);
    expect(v.errores[0]!.explicacion).toContain(
      'El RDA aceptado de este paciente que cubre el 2026-07-01 tiene el código VIDA «900001».',
    );
    expect(v.resumen).toEqual({ rechazos: 0, avisos: 0, informativos: 1 });
  });

  it('ninguno, dos, o uno de otro día: no hay sugerencia', async () => {
    const r = conVidaEn(null);
    for (const lista of [
      [],
      [rda(), rda({ vida: '900002' })],
      [rda({ inicio: new Date('2026-07-02T08:00:00-05:00'), fin: null })],
      [rda({ estado: 'rechazado' })],
    ]) {
      const { consulta: c } = rdasFalsos(lista);
      expect((await conVida(r, 'e', c)).errores).toEqual([]);
    }
  });
});

describe('fechaCompatible', () => {
  const p = (inicio: string | null, fin: string | null = null) => ({
    inicio: inicio ? new Date(inicio) : null,
    fin: fin ? new Date(fin) : null,
  });
  it('el día del servicio, entre el día de inicio y el de fin del RDA en hora de Colombia', () => {
    expect(fechaCompatible('2026-07-01 23:30', p('2026-07-01T08:00:00-05:00'))).toBe(true);
    // 2026-07-02T02:00Z is still the 1st in Colombia.
    expect(fechaCompatible('2026-07-01 08:00', p('2026-07-02T02:00:00Z'))).toBe(true);
    expect(fechaCompatible('2026-07-02 00:10', p('2026-07-01T08:00:00-05:00'))).toBe(false);
    expect(
      fechaCompatible('2026-07-03 10:00', p('2026-07-01T20:00:00-05:00', '2026-07-04T09:00:00-05:00')),
    ).toBe(true);
    expect(
      fechaCompatible('2026-06-30 10:00', p('2026-07-01T20:00:00-05:00', '2026-07-04T09:00:00-05:00')),
    ).toBe(false);
    expect(fechaCompatible('2026-07-01', p('2026-07-01T08:00:00-05:00'))).toBe(true);
  });
  it('sin fecha usable no se decide', () => {
    expect(fechaCompatible(null, p('2026-07-01T08:00:00-05:00'))).toBeNull();
    expect(fechaCompatible('01/07/2026', p('2026-07-01T08:00:00-05:00'))).toBeNull();
    expect(fechaCompatible('2026-07-01 08:00', p(null))).toBeNull();
  });
});

describe('ServicioValidacionRips con la entidad', () => {
  // Threads run the compiled script (npm test builds first; test/global-setup.ts when it is missing).
  const grupo = new GrupoHilos(path.resolve('dist/src/rips/validacion/hilos/trabajador.js'), 2, 6000);
  const proveedor = { obtener: async () => catalogosPrueba() };
  const em = {} as EntityManager;
  afterAll(() => grupo.cerrar());

  /** Users with a consulta carrying a VIDA every third user. */
  function ripsConVida(n: number): Registro {
    const base = ripsValido();
    const modelos = base.usuarios as Registro[];
    const usuarios = Array.from({ length: n }, (_, i) => {
      const u = structuredClone(modelos[i % modelos.length]!);
      u.numDocumentoIdentificacion = String(10_000_000 + i);
      u.consecutivo = i + 1;
      const consultas = (u.servicios as Record<string, Registro[]>).consultas;
      if (i % 3 === 0 && consultas?.[0]) consultas[0].codigoVIDA = `V${i}`;
      return u;
    });
    return { ...base, usuarios };
  }
  const flujo = (texto: string) => {
    const trozos = async function* () {
      for (let i = 0; i < texto.length; i += 4096) yield texto.slice(i, i + 4096);
    };
    return new FlujoCuerpo(trozos(), () => trozos());
  };

  function servicio(evidencia: boolean, hilos: boolean) {
    const s = new ServicioValidacionRips(
      proveedor,
      {},
      undefined,
      hilos ? { grupo, desdeCaracteres: 20_000 } : undefined,
    );
    const llamadas = { evidencia: 0, buscar: 0 };
    s.vida = {
      hmac: (t, n) => `h(${t} ${n})`,
      tieneEvidencia: async () => {
        llamadas.evidencia++;
        return evidencia;
      },
      buscar: async () => {
        llamadas.buscar++;
        return [];
      },
    };
    return { s, llamadas };
  }

  it('con hilos y sin ellos, los VID001 pendientes son los mismos y conHistoria los decide', async () => {
    const texto = JSON.stringify({ fechaEvaluacion: '2026-11-01T12:00:00.000Z', rips: ripsConVida(120) });
    const con = servicio(true, true);
    const sin = servicio(true, false);
    const a = await con.s.validarCuerpoFlujo(em, flujo(texto), 'entidad-1');
    const b = await sin.s.validarCuerpoFlujo(em, flujo(texto), 'entidad-1');
    expect(a).toEqual(b);
    const vid = a.errores.filter((e) => e.codigo === 'VID001');
    expect(vid.length).toBeGreaterThan(10);
    // Unknown VIDAs (the fake holds none): kept, with the reason.
    const decidido = await con.s.conHistoria(a, 'entidad-1');
    expect(decidido.errores.filter((e) => e.codigo === 'VID001')).toHaveLength(vid.length);
    expect(decidido.errores.find((e) => e.codigo === 'VID001')!.explicacion).toMatch(
      /no corresponde a ningún RDA/,
    );
    expect(con.llamadas).toEqual({ evidencia: 1, buscar: 1 });
  });

  it('sin entidad, o con una entidad sin RDA aceptados: ni hallazgos VID ni consultas por servicio', async () => {
    const texto = JSON.stringify({ rips: ripsConVida(30) });
    const sinEvidencia = servicio(false, false);
    const r = await sinEvidencia.s.validarCuerpoTexto(em, texto, 'entidad-1');
    expect(r.errores.filter((e) => e.codigo.startsWith('VID'))).toEqual([]);
    expect(await sinEvidencia.s.conHistoria(r, 'entidad-1')).toBe(r);
    expect(sinEvidencia.llamadas).toEqual({ evidencia: 1, buscar: 0 });
    const sinEntidad = servicio(true, false);
    const p = await sinEntidad.s.validar(em, JSON.parse(texto).rips);
    expect(p.errores.filter((e) => e.codigo.startsWith('VID'))).toEqual([]);
    expect(sinEntidad.llamadas).toEqual({ evidencia: 0, buscar: 0 });
  });
});
