import { describe, expect, it } from 'vitest';
import { nombreOperacion } from './acotar.js';
import { Metricas } from './metricas.js';

describe('Metricas', () => {
  it('plantillas de ruta como las resuelve express; lo desconocido nunca es la ruta', () => {
    const m = new Metricas();
    const ruta = (metodo: string, p: string) => m.rutaDe(metodo, p).plantilla;
    expect(ruta('GET', '/rips/7b0c6a3e-1f0e-4a51-9d7c-1b2a3c4d5e6f')).toBe('/rips/{id}');
    expect(ruta('GET', '/rips/abc/cuv')).toBe('/rips/{id}/cuv');
    expect(ruta('GET', '/RIPS/abc/')).toBe('/rips/{id}');
    expect(ruta('POST', '/rips/validar')).toBe('/rips/validar');
    expect(ruta('POST', '/Rips/Validar/')).toBe('/rips/validar');
    // As express does: GET /rips/validar is the /rips/:id route.
    expect(ruta('GET', '/rips/validar')).toBe('/rips/{id}');
    expect(ruta('HEAD', '/health')).toBe('/health');
    expect(ruta('DELETE', '/rips/abc')).toBe('no-encontrada');
    expect(ruta('GET', '/rips/abc/otra/cosa')).toBe('no-encontrada');
    expect(m.rutaDe('PROPFIND', '/rips').metodo).toBe('OTRO');
  });

  it('nombres de operación: forma acotada y a lo más 200 distintos', async () => {
    expect(nombreOperacion(undefined)).toBe('anonima');
    expect(nombreOperacion('')).toBe('anonima');
    expect(nombreOperacion('MiSesion')).toBe('MiSesion');
    expect(nombreOperacion('con espacio')).toBe('invalida');
    expect(nombreOperacion(`a${'b'.repeat(64)}`)).toBe('invalida');
    expect(nombreOperacion(42)).toBe('invalida');
    const m = new Metricas();
    for (let i = 0; i < 250; i++) m.operacionGraphql(`Op${i}`, false, 0.01);
    m.operacionGraphql('Op3', true, 0.01);
    const texto = await m.texto();
    const nombres = new Set(
      [...texto.matchAll(/motor_graphql_operation_duration_seconds_count\{operation="([^"]+)"/g)].map(
        (x) => x[1],
      ),
    );
    expect(nombres.size).toBe(201);
    expect(nombres.has('otra')).toBe(true);
    expect(nombres.has('Op199')).toBe(true);
    expect(nombres.has('Op200')).toBe(false);
    expect(texto).toMatch(
      /motor_graphql_operation_duration_seconds_count\{operation="otra",outcome="ok"\} 50/,
    );
    expect(texto).toMatch(
      /motor_graphql_operation_duration_seconds_count\{operation="Op3",outcome="error"\} 1/,
    );
  });

  it('valores fuera de las listas cerradas se cuentan como otro/otra', async () => {
    const m = new Metricas();
    m.llamadaExterna('muv', 'OperacionInventada', 200, 0.1);
    m.llamadaExterna('ihce', '/Patient/123', 999, 0.1);
    m.radicacion('estado-raro', 'CargarFevRips');
    m.transmisionRda('aceptado', 'paciente-52345678');
    const texto = await m.texto();
    expect(texto).toContain('upstream="muv",operation="otra",status="200"');
    expect(texto).toContain('upstream="ihce",operation="otra",status="otro"');
    expect(texto).toContain('motor_rips_filings_total{result="otro",operation="CargarFevRips"} 1');
    expect(texto).toContain('motor_rda_transmissions_total{result="aceptado",type="otro"} 1');
    expect(texto).not.toContain('52345678');
    expect(texto).not.toContain('Patient');
  });
});
