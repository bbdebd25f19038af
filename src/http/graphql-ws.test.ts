import { describe, expect, it } from 'vitest';
import { ErrorApp, errores } from '../errores/errores.js';
import { cabecerasDe, codigoCierre, motivoCierre } from './graphql-ws.js';

describe('graphql-ws: credenciales y cierres', () => {
  it('connectionParams con los nombres de las cabeceras HTTP, en cualquier caja', () => {
    expect(cabecerasDe({ 'X-Api-Key': 'rda_a', 'x-tenant': 'hospital', otra: 1 })).toEqual({
      apiKey: 'rda_a',
      tenant: 'hospital',
    });
    expect(cabecerasDe({ AUTHORIZATION: 'Bearer t', 'x-api-key': null })).toEqual({
      authorization: 'Bearer t',
    });
    expect(cabecerasDe(undefined)).toEqual({});
    expect(() => cabecerasDe({ Authorization: { token: 'x' } })).toThrow(
      'connectionParams.Authorization debe ser texto.',
    );
  });

  it('código de cierre = 4000 + estado HTTP del rechazo', () => {
    expect(codigoCierre(errores.noAutenticado())).toBe(4401);
    expect(codigoCierre(new ErrorApp('entidad-no-autorizada', 'x'))).toBe(4403);
    expect(codigoCierre(errores.demasiadasSolicitudes('x', 1))).toBe(4429);
    expect(codigoCierre(errores.bdArrancando(5))).toBe(4503);
    expect(codigoCierre(new ErrorApp('consulta-persistida-no-encontrada', 'x'))).toBe(4400);
  });

  it('el motivo cabe en 123 bytes UTF-8 sin partir un carácter', () => {
    expect(motivoCierre('corto')).toBe('corto');
    const largo = `La API key no pertenece a la entidad «${'ñ'.repeat(100)}» indicada en X-Tenant.`;
    const m = motivoCierre(largo);
    expect(Buffer.byteLength(m)).toBeLessThanOrEqual(123);
    expect(m.endsWith('…')).toBe(true);
    expect(m).not.toContain('\ufffd');
  });
});
