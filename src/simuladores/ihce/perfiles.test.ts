import { describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { construirBundle } from '../../rda/construccion/construir.js';
import { TIPOS_RDA, type TipoRda } from '../../rda/tipos.js';
import { revisarDocumento } from './perfiles.js';

const bundle = (tipo: TipoRda) =>
  construirBundle(tipo, datosRda(tipo, 'minimo'), { ahora: AHORA_RDA }) as Record<string, any>;
const reglas = (tipo: TipoRda, b: unknown) =>
  revisarDocumento(tipo, b, AHORA_RDA.getTime()).issues.map((i) => i.details?.coding?.[0]?.code);

describe('revisión de perfil del simulador IHCE', () => {
  it.each(TIPOS_RDA)('%s construido por el servicio pasa la revisión', (tipo) => {
    const r = revisarDocumento(tipo, bundle(tipo), AHORA_RDA.getTime());
    expect(r.issues).toEqual([]);
    expect(r.paciente).toEqual({ tipo: 'CC', numero: '1020304050' });
    expect(!!r.claveEncuentro).toBe(tipo !== 'paciente');
  });

  it('rechaza lo que la plataforma rechaza', () => {
    expect(reglas('urgencias', bundle('consulta-externa'))).toContain('SIM-005');
    expect(reglas('paciente', { resourceType: 'Patient' })).toEqual(['SIM-001']);
    const viejo = bundle('consulta-externa');
    const enc = viejo.entry.find((e: any) => e.resource.resourceType === 'Encounter').resource;
    enc.period = { start: '2024-01-01T08:00:00Z', end: '2024-01-01T09:00:00Z' };
    expect(reglas('consulta-externa', viejo)).toContain('SIM-018');
    const sinDx = bundle('urgencias');
    sinDx.entry = sinDx.entry.filter((e: any) => e.resource.resourceType !== 'Condition');
    expect(reglas('urgencias', sinDx)).toContain('SIM-019');
    const borrador = bundle('hospitalizacion');
    borrador.entry[0].resource.status = 'preliminary';
    expect(reglas('hospitalizacion', borrador)).toContain('SIM-006');
  });
});
