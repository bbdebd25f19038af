import { describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { bundlePostman } from '../../../test/fixtures/rda-postman.js';
import { pacienteHmac } from '../../rips/historia/clave.js';
import { construirBundle } from '../construccion/construir.js';
import type { TipoRda } from '../tipos.js';
import { evidenciaDelBundle, instanteFhir } from './evidencia.js';

const CLAVE = Buffer.alloc(32, 7);
const construirRda = (tipo: TipoRda, datos: unknown) => construirBundle(tipo, datos, { ahora: AHORA_RDA });

describe('lo que la transmisión guarda del paciente y la atención', () => {
  it('consulta construida: HMAC del documento nacional y periodo del Encounter', () => {
    const b = construirRda('consulta-externa', datosRda('consulta-externa'));
    expect(evidenciaDelBundle(b, CLAVE)).toEqual({
      pacienteHmac: pacienteHmac(CLAVE, 'CC', '1020304050'),
      fechaAtencionInicio: new Date('2026-11-18T08:00:00-05:00'),
      fechaAtencionFin: new Date('2026-11-18T08:40:00-05:00'),
    });
  });

  it('RDA de paciente: el periodo del evento de la Composition', () => {
    const d = datosRda('paciente', 'rico');
    const b = construirRda('paciente', d);
    const e = evidenciaDelBundle(b, CLAVE);
    expect(e.pacienteHmac).toBe(pacienteHmac(CLAVE, 'CC', '1020304050'));
    expect(e.fechaAtencionInicio).toBeInstanceOf(Date);
  });

  it('cuerpos estilo Postman (los cuatro tipos) se leen igual', () => {
    for (const tipo of ['paciente', 'consulta-externa', 'hospitalizacion', 'urgencias'] as const) {
      const e = evidenciaDelBundle(bundlePostman(tipo), CLAVE);
      expect(e.pacienteHmac, tipo).toMatch(/^[\w-]{43}$/);
      expect(e.fechaAtencionInicio, tipo).toBeInstanceOf(Date);
    }
  });

  it('sin clave, sin tipo de documento, con dos pacientes o sin bundle: sin paciente', () => {
    const b = construirRda('consulta-externa', datosRda('consulta-externa')) as any;
    expect(evidenciaDelBundle(b, undefined).pacienteHmac).toBeNull();
    const paciente = b.entry.find((e: any) => e.resource.resourceType === 'Patient').resource;
    const sinTipo = structuredClone(b);
    sinTipo.entry.find((e: any) => e.resource.resourceType === 'Patient').resource.identifier[0].type = {};
    expect(evidenciaDelBundle(sinTipo, CLAVE).pacienteHmac).toBeNull();
    const dos = { ...b, entry: [...b.entry, { resource: paciente }] };
    expect(evidenciaDelBundle(dos, CLAVE).pacienteHmac).toBeNull();
    for (const x of [null, 'texto', [], { entry: 'x' }])
      expect(evidenciaDelBundle(x, CLAVE)).toEqual({
        pacienteHmac: null,
        fechaAtencionInicio: null,
        fechaAtencionFin: null,
      });
  });

  it('instanteFhir: fecha sola y hora sin zona en Colombia; parciales e imposibles, null', () => {
    expect(instanteFhir('2026-11-18')).toEqual(new Date('2026-11-18T05:00:00Z'));
    expect(instanteFhir('2026-11-18T08:00:00')).toEqual(new Date('2026-11-18T13:00:00Z'));
    expect(instanteFhir('2026-11-18T08:00:00.123Z')).toEqual(new Date('2026-11-18T08:00:00Z'));
    expect(instanteFhir('2026-11-18T08:00:00+01:00')).toEqual(new Date('2026-11-18T07:00:00Z'));
    for (const v of ['2026', '2026-11', '2026-02-30', '2026-13-01', '2026-11-18T25:00:00Z', 5, null, 'x'])
      expect(instanteFhir(v), String(v)).toBeNull();
  });
});
