import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  aDias,
  contarPeriodos,
  deDias,
  hoyBogota,
  inicioPeriodo,
  periodos,
  siguientePeriodo,
  sumarDias,
  tramosMensuales,
} from './periodos.js';
import { AGRUPACIONES, type Agrupacion } from './valores.js';

/** Deterministic pseudo-random numbers (mulberry32): a failure is reproducible. */
function azar(semilla: number): () => number {
  let s = semilla >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The period start computed independently of the module (Date's own weekday and month). */
function inicioReferencia(fecha: string, a: Agrupacion): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  if (a === 'dia') return fecha;
  if (a === 'mes')
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString().slice(0, 10);
  const desdeLunes = (d.getUTCDay() + 6) % 7;
  return new Date(d.getTime() - desdeLunes * 86_400_000).toISOString().slice(0, 10);
}

/** Brute force: walk every day of [desde, hasta) and start a period on each Monday or 1st of a month. */
function periodosReferencia(desde: string, hasta: string, a: Agrupacion) {
  const lista: { periodo: string; desde: string; hasta: string }[] = [];
  const fin = Date.parse(`${hasta}T00:00:00Z`);
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  for (let t = Date.parse(`${desde}T00:00:00Z`); t < fin; t += 86_400_000) {
    const d = new Date(t);
    const nuevo =
      lista.length === 0 || a === 'dia' || (a === 'semana' ? d.getUTCDay() === 1 : d.getUTCDate() === 1);
    if (nuevo) {
      const dia = iso(t);
      lista.push({ periodo: inicioReferencia(dia, a), desde: dia, hasta: '' });
    }
    if (t + 86_400_000 >= fin || a === 'dia') lista.at(-1)!.hasta = iso(t + 86_400_000);
    else {
      const siguiente = new Date(t + 86_400_000);
      if (a === 'semana' ? siguiente.getUTCDay() === 1 : siguiente.getUTCDate() === 1)
        lista.at(-1)!.hasta = iso(t + 86_400_000);
    }
  }
  return lista;
}

describe('aDias / deDias', () => {
  it('counts days from 1970-01-01', () => {
    expect(aDias('1970-01-01')).toBe(0);
    expect(aDias('1970-01-02')).toBe(1);
    expect(aDias('1969-12-31')).toBe(-1);
    expect(aDias('2026-03-02')).toBe(Date.UTC(2026, 2, 2) / 86_400_000);
    expect(deDias(0)).toBe('1970-01-01');
    expect(deDias(-1)).toBe('1969-12-31');
  });

  it('round-trips every day from 2000 to 2100, one day apart', () => {
    let anterior = aDias('1999-12-31');
    for (let d = aDias('2000-01-01'); d <= aDias('2100-12-31'); d++) {
      const fecha = deDias(d);
      const dias = aDias(fecha);
      if (dias !== d || dias !== anterior + 1) expect({ fecha, dias }).toEqual({ fecha, dias: d });
      anterior = dias;
    }
    expect(deDias(aDias('2100-12-31'))).toBe('2100-12-31');
  });
});

describe('sumarDias', () => {
  it.each([
    ['2026-03-31', 1, '2026-04-01'],
    ['2026-04-01', -1, '2026-03-31'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2028-02-29', 1, '2028-03-01'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2028-02-29', 365, '2029-02-28'],
    ['2028-02-29', 366, '2029-03-01'],
    ['2000-02-28', 1, '2000-02-29'],
    ['2100-02-28', 1, '2100-03-01'],
    ['2026-03-02', 0, '2026-03-02'],
    ['2026-01-01', 1096, '2029-01-01'],
    ['2029-01-01', -1096, '2026-01-01'],
  ] as const)('%s + %i = %s', (fecha, n, esperado) => {
    expect(sumarDias(fecha, n)).toBe(esperado);
  });
});

describe('hoyBogota', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['2026-03-02T04:59:59.999Z', '2026-03-01'],
    ['2026-03-02T04:59:59Z', '2026-03-01'],
    ['2026-03-02T05:00:00Z', '2026-03-02'],
    ['2026-03-02T00:00:00Z', '2026-03-01'],
    ['2026-03-02T23:59:59Z', '2026-03-02'],
    ['2027-01-01T04:59:59Z', '2026-12-31'],
    ['2027-01-01T05:00:00Z', '2027-01-01'],
    ['2028-03-01T04:00:00Z', '2028-02-29'],
  ])('at %s it is %s in Bogotá', (instante, esperado) => {
    expect(hoyBogota(Date.parse(instante))).toBe(esperado);
  });

  it('defaults to now', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T04:59:59Z'));
    expect(hoyBogota()).toBe('2026-03-01');
    vi.setSystemTime(new Date('2026-03-02T05:00:00Z'));
    expect(hoyBogota()).toBe('2026-03-02');
  });
});

describe('inicioPeriodo', () => {
  it('a day starts on itself', () => {
    expect(inicioPeriodo('2026-03-01', 'dia')).toBe('2026-03-01');
  });

  it.each([
    ['2026-03-01', '2026-02-23'], // Sunday
    ['2026-03-02', '2026-03-02'], // Monday
    ['2026-03-03', '2026-03-02'],
    ['2026-03-08', '2026-03-02'],
    ['2026-03-09', '2026-03-09'],
    ['2026-01-01', '2025-12-29'], // Thursday: the week starts in the previous year
    ['2028-03-01', '2028-02-28'], // across the leap day
    ['1970-01-01', '1969-12-29'],
    ['2000-01-01', '1999-12-27'],
  ])('the ISO week of %s starts on Monday %s', (fecha, lunes) => {
    expect(inicioPeriodo(fecha, 'semana')).toBe(lunes);
  });

  it('every day of 2000–2100 maps to the Monday at most 6 days before', () => {
    for (let d = aDias('2000-01-01'); d <= aDias('2100-12-31'); d++) {
      const fecha = deDias(d);
      const lunes = inicioPeriodo(fecha, 'semana');
      const ok =
        new Date(`${lunes}T00:00:00Z`).getUTCDay() === 1 && d - aDias(lunes) >= 0 && d - aDias(lunes) <= 6;
      if (!ok) expect({ fecha, lunes }).toEqual({ fecha, lunes: inicioReferencia(fecha, 'semana') });
    }
  });

  it.each([
    ['2026-03-01', '2026-03-01'],
    ['2026-03-31', '2026-03-01'],
    ['2028-02-29', '2028-02-01'],
    ['2026-12-31', '2026-12-01'],
  ])('the month of %s starts on %s', (fecha, inicio) => {
    expect(inicioPeriodo(fecha, 'mes')).toBe(inicio);
  });
});

describe('siguientePeriodo', () => {
  it.each([
    ['2026-03-31', 'dia', '2026-04-01'],
    ['2026-12-31', 'dia', '2027-01-01'],
    ['2028-02-28', 'dia', '2028-02-29'],
    ['2026-03-02', 'semana', '2026-03-09'],
    ['2026-12-28', 'semana', '2027-01-04'],
    ['2028-02-28', 'semana', '2028-03-06'],
    ['2026-01-01', 'mes', '2026-02-01'],
    ['2026-09-01', 'mes', '2026-10-01'],
    ['2026-11-01', 'mes', '2026-12-01'],
    ['2026-12-01', 'mes', '2027-01-01'],
    ['2099-12-01', 'mes', '2100-01-01'],
  ] as const)('after %s (%s) comes %s', (inicio, a, esperado) => {
    expect(siguientePeriodo(inicio, a)).toBe(esperado);
  });
});

describe('periodos', () => {
  it('clips the first and last week to the range; periodo is the unclipped Monday', () => {
    expect(periodos('2026-03-04', '2026-03-20', 'semana')).toEqual([
      { periodo: '2026-03-02', desde: '2026-03-04', hasta: '2026-03-09' },
      { periodo: '2026-03-09', desde: '2026-03-09', hasta: '2026-03-16' },
      { periodo: '2026-03-16', desde: '2026-03-16', hasta: '2026-03-20' },
    ]);
  });

  it('a range on period boundaries has whole periods and no empty trailing one', () => {
    expect(periodos('2026-03-02', '2026-03-16', 'semana')).toEqual([
      { periodo: '2026-03-02', desde: '2026-03-02', hasta: '2026-03-09' },
      { periodo: '2026-03-09', desde: '2026-03-09', hasta: '2026-03-16' },
    ]);
    expect(periodos('2026-01-01', '2026-03-01', 'mes')).toEqual([
      { periodo: '2026-01-01', desde: '2026-01-01', hasta: '2026-02-01' },
      { periodo: '2026-02-01', desde: '2026-02-01', hasta: '2026-03-01' },
    ]);
  });

  it('clips months, across a year end and a leap February', () => {
    expect(periodos('2027-12-15', '2028-03-10', 'mes')).toEqual([
      { periodo: '2027-12-01', desde: '2027-12-15', hasta: '2028-01-01' },
      { periodo: '2028-01-01', desde: '2028-01-01', hasta: '2028-02-01' },
      { periodo: '2028-02-01', desde: '2028-02-01', hasta: '2028-03-01' },
      { periodo: '2028-03-01', desde: '2028-03-01', hasta: '2028-03-10' },
    ]);
  });

  it('lists every day, leap day included', () => {
    expect(periodos('2028-02-27', '2028-03-02', 'dia')).toEqual([
      { periodo: '2028-02-27', desde: '2028-02-27', hasta: '2028-02-28' },
      { periodo: '2028-02-28', desde: '2028-02-28', hasta: '2028-02-29' },
      { periodo: '2028-02-29', desde: '2028-02-29', hasta: '2028-03-01' },
      { periodo: '2028-03-01', desde: '2028-03-01', hasta: '2028-03-02' },
    ]);
  });

  it('a one-day range is one period in every grouping', () => {
    for (const a of AGRUPACIONES) {
      expect(periodos('2026-03-04', '2026-03-05', a)).toEqual([
        { periodo: inicioReferencia('2026-03-04', a), desde: '2026-03-04', hasta: '2026-03-05' },
      ]);
      expect(contarPeriodos('2026-03-04', '2026-03-05', a)).toBe(1);
    }
  });

  it('matches a day-by-day brute force, and contarPeriodos matches its length, over many ranges', () => {
    const r = azar(23);
    const min = aDias('2000-01-01');
    const max = aDias('2100-12-31');
    let probados = 0;
    for (let i = 0; i < 400; i++) {
      // Mostly short ranges (where clipping matters), some up to a century.
      const largo = i % 40 === 0 ? 1 + Math.floor(r() * 36_000) : 1 + Math.floor(r() * 120);
      const inicio = min + Math.floor(r() * (max - min - largo));
      const desde = deDias(inicio);
      const hasta = deDias(inicio + largo);
      for (const a of AGRUPACIONES) {
        const lista = periodos(desde, hasta, a);
        const caso = `${desde}..${hasta} ${a}`;
        // Plain comparisons in the loop (expect on every item of a century of days is slow).
        // The brute force is slow over a century of days: long daily ranges rely on the invariants below.
        if (a !== 'dia' || largo <= 400) {
          const referencia = periodosReferencia(desde, hasta, a);
          if (JSON.stringify(lista) !== JSON.stringify(referencia)) expect(lista, caso).toEqual(referencia);
        }
        expect(contarPeriodos(desde, hasta, a), caso).toBe(lista.length);
        // Contiguous, non-empty, covering [desde, hasta) exactly.
        const ok =
          lista[0]!.desde === desde &&
          lista.at(-1)!.hasta === hasta &&
          lista.every(
            (p, k) =>
              p.desde < p.hasta &&
              p.periodo <= p.desde &&
              p.periodo === inicioPeriodo(p.desde, a) &&
              (k === 0 || p.desde === lista[k - 1]!.hasta),
          );
        expect(ok, caso).toBe(true);
        probados++;
      }
    }
    expect(probados).toBe(1200);
  });

  it('contarPeriodos on known ranges', () => {
    expect(contarPeriodos('2026-01-01', '2029-01-01', 'dia')).toBe(1096);
    expect(contarPeriodos('2026-03-01', '2026-03-03', 'semana')).toBe(2); // Sunday then Monday
    expect(contarPeriodos('2026-03-02', '2026-03-09', 'semana')).toBe(1);
    expect(contarPeriodos('2026-03-02', '2026-03-10', 'semana')).toBe(2);
    expect(contarPeriodos('2026-01-31', '2026-02-02', 'mes')).toBe(2);
    expect(contarPeriodos('2026-01-01', '2027-01-01', 'mes')).toBe(12);
    expect(contarPeriodos('2000-01-01', '2100-01-01', 'mes')).toBe(1200);
  });
});

describe('tramosMensuales: meses completos del resumen mensual, bordes de los diarios', () => {
  it('casos con nombre', () => {
    expect(tramosMensuales('2025-11-26', '2026-11-27')).toEqual({
      meses: ['2025-12-01', '2026-11-01'],
      dias: [
        ['2025-11-26', '2025-12-01'],
        ['2026-11-01', '2026-11-27'],
      ],
    });
    expect(tramosMensuales('2026-03-01', '2026-04-01')).toEqual({
      meses: ['2026-03-01', '2026-04-01'],
      dias: [],
    });
    expect(tramosMensuales('2026-03-01', '2026-03-05')).toEqual({
      meses: null,
      dias: [['2026-03-01', '2026-03-05']],
    });
    expect(tramosMensuales('2026-03-15', '2026-04-10')).toEqual({
      meses: null,
      dias: [['2026-03-15', '2026-04-10']],
    });
    expect(tramosMensuales('2026-12-31', '2027-02-01')).toEqual({
      meses: ['2027-01-01', '2027-02-01'],
      dias: [['2026-12-31', '2027-01-01']],
    });
  });

  it('al azar: cada día del rango queda en exactamente un tramo', () => {
    const r = azar(23);
    for (let i = 0; i < 500; i++) {
      const desde = deDias(aDias('2024-01-01') + Math.floor(r() * 900));
      const hasta = sumarDias(desde, 1 + Math.floor(r() * 500));
      const t = tramosMensuales(desde, hasta);
      const cubiertos: string[] = [];
      if (t.meses) {
        expect(t.meses[0].endsWith('-01') && t.meses[1].endsWith('-01')).toBe(true);
        for (let d = t.meses[0]; d < t.meses[1]; d = sumarDias(d, 1)) cubiertos.push(d);
      }
      for (const [a, b] of t.dias) for (let d = a; d < b; d = sumarDias(d, 1)) cubiertos.push(d);
      cubiertos.sort();
      const esperados: string[] = [];
      for (let d = desde; d < hasta; d = sumarDias(d, 1)) esperados.push(d);
      expect(cubiertos).toEqual(esperados);
    }
  });
});

describe('tramosMensuales con el fin de los datos (mañana)', () => {
  it('un rango hasta mañana o después lee el mes en curso completo; uno que termina antes, sus días', () => {
    expect(tramosMensuales('2025-11-26', '2026-11-27', '2026-11-27')).toEqual({
      meses: ['2025-12-01', '2026-12-01'],
      dias: [['2025-11-26', '2025-12-01']],
    });
    expect(tramosMensuales('2026-11-03', '2026-12-15', '2026-11-27')).toEqual({
      meses: ['2026-12-01', '2027-01-01'],
      dias: [['2026-11-03', '2026-12-01']],
    });
    expect(tramosMensuales('2026-11-03', '2026-11-20', '2026-11-27')).toEqual({
      meses: null,
      dias: [['2026-11-03', '2026-11-20']],
    });
    expect(tramosMensuales('2026-11-01', '2026-11-27', '2026-11-27')).toEqual({
      meses: ['2026-11-01', '2026-12-01'],
      dias: [],
    });
    expect(tramosMensuales('2025-11-26', '2026-11-26', '2026-11-27')).toEqual({
      meses: ['2025-12-01', '2026-11-01'],
      dias: [
        ['2025-11-26', '2025-12-01'],
        ['2026-11-01', '2026-11-26'],
      ],
    });
    // Tomorrow is the 1st: the range already ends at a month's start.
    expect(tramosMensuales('2026-01-01', '2026-12-01', '2026-12-01')).toEqual({
      meses: ['2026-01-01', '2026-12-01'],
      dias: [],
    });
  });
});
