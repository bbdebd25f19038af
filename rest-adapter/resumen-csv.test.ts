import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { VistaResumen } from '../src/resumen/valores.js';
import type { ResumenPagadoresQuery, ResumenQuery } from './generated/operaciones.js';
import { csvResumen } from './resumen-csv.js';

type R = ResumenQuery['resumen'] & ResumenPagadoresQuery['resumen'];
type Montos = NonNullable<R['rips']>['montos'];
type Tiempos = NonNullable<R['rda']>['tiempos'];
type Separador = ',' | ';';

const NOMBRE_RARO = 'Clínica "La Paz"; Sede, Norte\r\nPiso 2';

function montos(base: number, nombre: string | null = 'Nueva EPS S.A.'): Montos {
  return {
    radicado: base,
    radicados: 3,
    radicadosSinValor: 1,
    retenido: 500,
    retenidos: 1,
    retenidosSinValor: 0,
    porPagador: [
      {
        pagador: '900156264',
        clase: 'nit',
        nombre,
        radicado: base - 1000,
        radicados: 2,
        radicadosSinValor: 0,
        retenido: 500,
        retenidos: 1,
        retenidosSinValor: 0,
      },
      {
        pagador: 'persona-natural',
        clase: 'persona-natural',
        nombre: null,
        radicado: 1000,
        radicados: 1,
        radicadosSinValor: 1,
        retenido: -250,
        retenidos: 0,
        retenidosSinValor: 0,
      },
    ],
  };
}

function tiempos(aceptados: number, intentosPorAceptado: number | null, p50: number | null): Tiempos {
  return {
    aceptados,
    intentosPorAceptado,
    promedioMs: p50 === null ? null : p50 + 10,
    p50Ms: p50,
    p95Ms: p50 === null ? null : p50 * 3,
    maxMs: p50 === null ? null : p50 * 4,
  };
}

/** A two-month series by month, both modules. */
function conSerie(): R {
  return {
    desde: '2026-01-15',
    hasta: '2026-03-01',
    agrupar: 'mes',
    zonaHoraria: 'America/Bogota',
    rips: {
      total: 7,
      porEstado: [
        { estado: 'radicado', cantidad: 5 },
        { estado: 'rechazado', cantidad: 2 },
      ],
      porTipo: [{ tipo: 'FEV', cantidad: 7 }],
      serie: [
        {
          periodo: '2026-01-01',
          hasta: '2026-02-01',
          total: 3,
          porEstado: [
            { estado: 'radicado', cantidad: 2 },
            { estado: 'rechazado', cantidad: 1 },
          ],
          porTipo: [
            { tipo: 'FEV', cantidad: 2 },
            { tipo: 'NC', cantidad: 1 },
          ],
          montos: montos(20_000),
        },
        {
          periodo: '2026-02-01',
          hasta: '2026-03-01',
          total: 4,
          porEstado: [{ estado: 'radicado', cantidad: 4 }],
          porTipo: [{ tipo: 'FEV', cantidad: 4 }],
          montos: montos(30_000, NOMBRE_RARO),
        },
      ],
      causas: [
        {
          codigo: 'RVC019',
          fuente: 'muv',
          titulo: 'El valor no coincide; revise "vrServicio"',
          intentos: 3,
          documentos: 2,
          proporcion: 0.25,
        },
      ],
      montos: montos(50_000),
    },
    rda: {
      total: 2,
      porEstado: [{ estado: 'aceptado', cantidad: 2 }],
      porTipo: [{ tipo: 'consulta-externa', cantidad: 2 }],
      serie: [
        {
          periodo: '2026-01-01',
          hasta: '2026-02-01',
          total: 0,
          porEstado: [],
          porTipo: [],
          tiempos: tiempos(0, null, null),
        },
        {
          periodo: '2026-02-01',
          hasta: '2026-03-01',
          total: 2,
          porEstado: [{ estado: 'aceptado', cantidad: 2 }],
          porTipo: [{ tipo: 'consulta-externa', cantidad: 2 }],
          tiempos: tiempos(2, 1.5, 1200),
        },
      ],
      causas: [
        {
          codigo: 'RDA-001',
          fuente: 'linter-rda',
          titulo: 'Falta el diagnóstico',
          intentos: 1,
          documentos: 1,
          proporcion: 0.125,
        },
      ],
      tiempos: tiempos(2, 1.5, 1200),
      tiemposPorTipo: [
        { tipo: 'paciente', ...tiempos(0, null, null) },
        { tipo: 'consulta-externa', ...tiempos(2, 1.5, 1200) },
      ],
      pendientes: { cantidad: 0, masAntiguo: null },
    },
  };
}

/** The same report without series (no agrupar). */
function sinSerie(): R {
  const r = conSerie();
  return {
    ...r,
    agrupar: null,
    rips: { ...r.rips!, serie: null },
    rda: { ...r.rda!, serie: null },
  };
}

function leer(texto: string, delimiter: Separador): Record<string, string>[] {
  return parse(texto, { bom: true, columns: true, delimiter });
}

function cabecera(texto: string, delimiter: Separador): string[] {
  return parse(texto, { bom: true, delimiter, to_line: 1 })[0];
}

/** A CSV number back to a number: the «;» variant writes decimals with a comma. */
const numero = (celda: string) => (celda === '' ? null : Number(celda.replace(',', '.')));

const VISTAS: VistaResumen[] = ['resumen', 'causas', 'pagadores', 'tiempos'];
const SEPARADORES: Separador[] = [',', ';'];

describe('csvResumen', () => {
  it.each(VISTAS.flatMap((v) => SEPARADORES.map((s) => [v, s] as const)))(
    '%s with %j: UTF-8 BOM, CRLF records, header first',
    (vista, sep) => {
      const texto = csvResumen(conSerie(), vista, sep);
      expect([...Buffer.from(texto, 'utf8').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(texto.endsWith('\r\n')).toBe(true);
      // Outside quoted fields every line break is CRLF.
      const fueraDeComillas = texto.replace(/"(?:[^"]|"")*"/g, '');
      expect(fueraDeComillas.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
      // Parsed with CRLF as the only record delimiter, it reads the same.
      expect(parse(texto, { bom: true, columns: true, delimiter: sep, record_delimiter: '\r\n' })).toEqual(
        leer(texto, sep),
      );
    },
  );

  it.each(SEPARADORES)('headers of every view (%j)', (sep) => {
    const r = conSerie();
    expect(cabecera(csvResumen(r, 'resumen', sep), sep)).toEqual([
      'periodo',
      'hasta',
      'modulo',
      'dimension',
      'valor',
      'cantidad',
    ]);
    expect(cabecera(csvResumen(r, 'causas', sep), sep)).toEqual([
      'desde',
      'hasta',
      'modulo',
      'fuente',
      'codigo',
      'titulo',
      'intentos',
      'documentos',
      'proporcion',
    ]);
    expect(cabecera(csvResumen(r, 'pagadores', sep), sep)).toEqual([
      'periodo',
      'hasta',
      'pagador',
      'clase',
      'nombre',
      'radicado',
      'radicados',
      'radicadosSinValor',
      'retenido',
      'retenidos',
      'retenidosSinValor',
    ]);
    expect(cabecera(csvResumen(r, 'tiempos', sep), sep)).toEqual([
      'periodo',
      'hasta',
      'tipo',
      'aceptados',
      'intentosPorAceptado',
      'promedioMs',
      'p50Ms',
      'p95Ms',
      'maxMs',
    ]);
  });

  it.each(SEPARADORES)('resumen: one row per period × module × total/estado/tipo (%j)', (sep) => {
    const r = conSerie();
    const filas = leer(csvResumen(r, 'resumen', sep), sep);
    const esperadas: Record<string, string>[] = [];
    for (let i = 0; i < 2; i++) {
      for (const [modulo, p] of [
        ['rips', r.rips!.serie![i]!],
        ['rda', r.rda!.serie![i]!],
      ] as const) {
        const base = { periodo: p.periodo, hasta: p.hasta, modulo };
        esperadas.push({ ...base, dimension: 'total', valor: '', cantidad: String(p.total) });
        for (const e of p.porEstado)
          esperadas.push({ ...base, dimension: 'estado', valor: e.estado, cantidad: String(e.cantidad) });
        for (const t of p.porTipo)
          esperadas.push({ ...base, dimension: 'tipo', valor: t.tipo, cantidad: String(t.cantidad) });
      }
    }
    expect(filas).toEqual(esperadas);
    expect(filas).toHaveLength(5 + 1 + 3 + 3);
  });

  it('resumen without a series: the whole range per module', () => {
    const filas = leer(csvResumen(sinSerie(), 'resumen', ','), ',');
    expect(filas).toEqual([
      {
        periodo: '2026-01-15',
        hasta: '2026-03-01',
        modulo: 'rips',
        dimension: 'total',
        valor: '',
        cantidad: '7',
      },
      {
        periodo: '2026-01-15',
        hasta: '2026-03-01',
        modulo: 'rips',
        dimension: 'estado',
        valor: 'radicado',
        cantidad: '5',
      },
      {
        periodo: '2026-01-15',
        hasta: '2026-03-01',
        modulo: 'rips',
        dimension: 'estado',
        valor: 'rechazado',
        cantidad: '2',
      },
      {
        periodo: '2026-01-15',
        hasta: '2026-03-01',
        modulo: 'rips',
        dimension: 'tipo',
        valor: 'FEV',
        cantidad: '7',
      },
      {
        periodo: '2026-01-15',
        hasta: '2026-03-01',
        modulo: 'rda',
        dimension: 'total',
        valor: '',
        cantidad: '2',
      },
      {
        periodo: '2026-01-15',
        hasta: '2026-03-01',
        modulo: 'rda',
        dimension: 'estado',
        valor: 'aceptado',
        cantidad: '2',
      },
      {
        periodo: '2026-01-15',
        hasta: '2026-03-01',
        modulo: 'rda',
        dimension: 'tipo',
        valor: 'consulta-externa',
        cantidad: '2',
      },
    ]);
  });

  it('one module only, and open dates as empty cells', () => {
    const r: R = { ...sinSerie(), desde: null, hasta: null, rips: null };
    const filas = leer(csvResumen(r, 'resumen', ';'), ';');
    expect(filas.map((f) => f.modulo)).toEqual(['rda', 'rda', 'rda']);
    expect(filas[0]).toMatchObject({ periodo: '', hasta: '' });
    // No RIPS: pagadores is the header alone.
    expect(csvResumen(r, 'pagadores', ';')).toBe(
      '\uFEFFperiodo;hasta;pagador;clase;nombre;radicado;radicados;radicadosSinValor;retenido;retenidos;retenidosSinValor\r\n',
    );
    // Only RIPS: tiempos is the header alone.
    const soloRips: R = { ...sinSerie(), rda: null };
    expect(leer(csvResumen(soloRips, 'tiempos', ','), ',')).toEqual([]);
    expect(leer(csvResumen(soloRips, 'causas', ','), ',').map((f) => f.modulo)).toEqual(['rips']);
  });

  it.each(SEPARADORES)('causas: every cause of both modules, numbers equal to the input (%j)', (sep) => {
    const r = conSerie();
    const filas = leer(csvResumen(r, 'causas', sep), sep);
    const causas = [
      ['rips', r.rips!.causas[0]!],
      ['rda', r.rda!.causas[0]!],
    ] as const;
    expect(filas).toHaveLength(2);
    causas.forEach(([modulo, c], i) => {
      const f = filas[i]!;
      expect(f).toMatchObject({
        desde: '2026-01-15',
        hasta: '2026-03-01',
        modulo,
        fuente: c.fuente,
        codigo: c.codigo,
        titulo: c.titulo,
      });
      expect(numero(f.intentos!)).toBe(c.intentos);
      expect(numero(f.documentos!)).toBe(c.documentos);
      expect(numero(f.proporcion!)).toBe(c.proporcion);
    });
    expect(filas[0]!.proporcion).toBe(sep === ';' ? '0,25' : '0.25');
    expect(filas[1]!.proporcion).toBe(sep === ';' ? '0,125' : '0.125');
  });

  it.each(SEPARADORES)('pagadores: per period with a series, numbers equal to the input (%j)', (sep) => {
    const r = conSerie();
    const filas = leer(csvResumen(r, 'pagadores', sep), sep);
    const esperadas = r.rips!.serie!.flatMap((p) =>
      (p.montos as unknown as Montos).porPagador.map((x) => ({
        periodo: p.periodo,
        hasta: p.hasta,
        pagador: x.pagador ?? '',
        clase: x.clase,
        nombre: x.nombre ?? '',
        radicado: String(x.radicado),
        radicados: String(x.radicados),
        radicadosSinValor: String(x.radicadosSinValor),
        retenido: String(x.retenido),
        retenidos: String(x.retenidos),
        retenidosSinValor: String(x.retenidosSinValor),
      })),
    );
    expect(filas).toEqual(esperadas);
  });

  it('pagadores without a series: the range totals per payer', () => {
    const r = sinSerie();
    const filas = leer(csvResumen(r, 'pagadores', ','), ',');
    expect(filas.map((f) => [f.periodo, f.hasta, f.pagador, f.radicado])).toEqual([
      ['2026-01-15', '2026-03-01', '900156264', '49000'],
      ['2026-01-15', '2026-03-01', 'persona-natural', '1000'],
    ]);
  });

  it.each(SEPARADORES)('tiempos: each period, the range, then each type (%j)', (sep) => {
    const r = conSerie();
    const filas = leer(csvResumen(r, 'tiempos', sep), sep);
    const fila = (periodo: string, hasta: string, tipo: string, t: Tiempos) => ({
      periodo,
      hasta,
      tipo,
      aceptados: String(t.aceptados),
      intentosPorAceptado:
        t.intentosPorAceptado === null
          ? ''
          : sep === ';'
            ? String(t.intentosPorAceptado).replace('.', ',')
            : String(t.intentosPorAceptado),
      promedioMs: t.promedioMs === null ? '' : String(t.promedioMs),
      p50Ms: t.p50Ms === null ? '' : String(t.p50Ms),
      p95Ms: t.p95Ms === null ? '' : String(t.p95Ms),
      maxMs: t.maxMs === null ? '' : String(t.maxMs),
    });
    expect(filas).toEqual([
      fila('2026-01-01', '2026-02-01', 'todos', r.rda!.serie![0]!.tiempos),
      fila('2026-02-01', '2026-03-01', 'todos', r.rda!.serie![1]!.tiempos),
      fila('2026-01-15', '2026-03-01', 'todos', r.rda!.tiempos),
      fila('2026-01-15', '2026-03-01', 'paciente', r.rda!.tiemposPorTipo[0]!),
      fila('2026-01-15', '2026-03-01', 'consulta-externa', r.rda!.tiemposPorTipo[1]!),
    ]);
    expect(filas[1]!.intentosPorAceptado).toBe(sep === ';' ? '1,5' : '1.5');
    expect(numero(filas[1]!.p95Ms!)).toBe(3600);
    expect(filas[0]!.p50Ms).toBe('');
  });

  it.each(SEPARADORES)(
    'fields with separators, quotes and CRLF are quoted and round-trip exactly (%j)',
    (sep) => {
      const texto = csvResumen(conSerie(), 'pagadores', sep);
      expect(texto).toContain('"Clínica ""La Paz""; Sede, Norte\r\nPiso 2"');
      const filas = leer(texto, sep);
      expect(filas.filter((f) => f.nombre === NOMBRE_RARO)).toHaveLength(1);
      const causas = csvResumen(conSerie(), 'causas', sep);
      expect(causas).toContain('"El valor no coincide; revise ""vrServicio"""');
      expect(leer(causas, sep)[0]!.titulo).toBe('El valor no coincide; revise "vrServicio"');
    },
  );

  it.each(SEPARADORES)('a field holding only the other separator is quoted only when needed (%j)', (sep) => {
    const r = conSerie();
    r.rips!.serie![0]!.montos.porPagador[0]!.nombre = 'A, B; C';
    const texto = csvResumen(r, 'pagadores', sep);
    expect(texto).toContain('"A, B; C"');
    expect(leer(texto, sep)[0]!.nombre).toBe('A, B; C');
    r.rips!.serie![0]!.montos.porPagador[0]!.nombre = 'Sin separadores';
    expect(csvResumen(r, 'pagadores', sep)).toContain(`${sep}Sin separadores${sep}`);
  });

  it.each(SEPARADORES)('text starting with = + - @ or a tab is prefixed with an apostrophe (%j)', (sep) => {
    const peligrosos = ['=HYPERLINK("http://x","y")', '+57 300', '-1+1', '@SUM(A1)', '\tcmd', '=1;2'];
    for (const nombre of peligrosos) {
      const r = conSerie();
      r.rips!.serie![0]!.montos.porPagador[0]!.nombre = nombre;
      r.rips!.causas[0]!.titulo = nombre;
      r.rips!.causas[0]!.codigo = nombre;
      const pagadores = leer(csvResumen(r, 'pagadores', sep), sep);
      expect(pagadores[0]!.nombre).toBe(`'${nombre}`);
      const causa = leer(csvResumen(r, 'causas', sep), sep)[0]!;
      expect(causa.titulo).toBe(`'${nombre}`);
      expect(causa.codigo).toBe(`'${nombre}`);
    }
    // Not at the start: untouched.
    const r = conSerie();
    r.rips!.serie![0]!.montos.porPagador[0]!.nombre = 'EPS = Salud +';
    expect(leer(csvResumen(r, 'pagadores', sep), sep)[0]!.nombre).toBe('EPS = Salud +');
  });

  it.each(SEPARADORES)('negative numbers are numbers, not formulas: no apostrophe (%j)', (sep) => {
    const r = conSerie();
    r.rips!.causas[0]!.proporcion = -0.25;
    r.rips!.causas[0]!.intentos = -3;
    r.rda!.tiempos.promedioMs = -5;
    r.rda!.tiempos.intentosPorAceptado = -1.5;
    const pagadores = leer(csvResumen(r, 'pagadores', sep), sep);
    expect(pagadores[1]!.retenido).toBe('-250');
    const causa = leer(csvResumen(r, 'causas', sep), sep)[0]!;
    expect(causa.intentos).toBe('-3');
    expect(causa.proporcion).toBe(sep === ';' ? '-0,25' : '-0.25');
    const total = leer(csvResumen(r, 'tiempos', sep), sep)[2]!;
    expect(total.promedioMs).toBe('-5');
    expect(total.intentosPorAceptado).toBe(sep === ';' ? '-1,5' : '-1.5');
  });

  it('integers keep no decimal mark and large values are written in full', () => {
    const r = conSerie();
    r.rips!.serie![0]!.montos.porPagador[0]!.radicado = 9_007_199_254_740_991;
    const filas = leer(csvResumen(r, 'pagadores', ';'), ';');
    expect(filas[0]!.radicado).toBe('9007199254740991');
    expect(filas[0]!.radicados).toBe('2');
  });

  it.each(SEPARADORES)('a lone line break inside a text field is quoted (%j)', (sep) => {
    const r = sinSerie();
    r.rips!.montos.porPagador[0]!.nombre = 'EPS\nSede\rNorte';
    const texto = csvResumen(r, 'pagadores', sep);
    expect(texto).toContain('"EPS\nSede\rNorte"');
    expect(leer(texto, sep)[0]!.nombre).toBe('EPS\nSede\rNorte');
  });
});
