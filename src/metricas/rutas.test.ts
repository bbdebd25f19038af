import { describe, expect, it } from 'vitest';
import { NO_ENCONTRADA, plantillaDe, ResolutorRutas, RUTAS_PROPIAS } from './rutas.js';

describe('ResolutorRutas', () => {
  const r = new ResolutorRutas(RUTAS_PROPIAS, (plantilla, metodo) => `${metodo} ${plantilla}`);

  it('las páginas del navegador tienen su etiqueta; los archivos de /recursos comparten una', () => {
    expect(r.resolver('GET', '/docs')).toBe('GET /docs');
    expect(r.resolver('GET', '/recursos/swagger-ui/swagger-ui.css')).toBe('GET /recursos/{archivo}');
    expect(r.resolver('GET', '/recursos/react/react.production.min.js')).toBe('GET /recursos/{archivo}');
    expect(r.resolver('GET', '/recursos')).toBe(`GET ${NO_ENCONTRADA}`);
  });

  it('plantillaDe convierte parámetros y comodines de express', () => {
    expect(plantillaDe('/rips/:id')).toBe('/rips/{id}');
    expect(plantillaDe('/recursos/*archivo')).toBe('/recursos/{archivo}');
  });
});
