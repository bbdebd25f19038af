import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { TIPOS_RDA } from '../tipos.js';
import { construirBundle } from './construir.js';

// Base FHIR R4 JSON Schema (hl7.org fhir.schema.json, additionalProperties false): catches misspelled
// elements, wrong types and invalid base codes in what the builder writes. Profiles are not in it.
const requerir = createRequire(import.meta.url);
const JSONSchemaValidator = requerir('@asymmetrik/fhir-json-schema-validator') as new () => {
  validate(
    recurso: unknown,
    verbose?: boolean,
  ): { message?: string; dataPath?: string; instancePath?: string }[];
};
const validador = new JSONSchemaValidator();

describe('los Bundles construidos son FHIR R4 válido (esquema JSON base)', () => {
  for (const tipo of TIPOS_RDA) {
    for (const variante of ['rico', 'minimo'] as const) {
      it(`${tipo} (${variante})`, () => {
        const b = construirBundle(tipo, datosRda(tipo, variante), { ahora: AHORA_RDA }) as {
          entry: { resource: unknown }[];
        };
        expect(validador.validate(b)).toEqual([]);
        for (const e of b.entry) expect(validador.validate(e.resource, true)).toEqual([]);
      });
    }
  }

  it('el esquema sí detecta errores (control)', () => {
    const b = construirBundle('paciente', datosRda('paciente'), { ahora: AHORA_RDA }) as {
      entry: { resource: Record<string, unknown> }[];
    };
    b.entry[1]!.resource.birthDate = 'ayer';
    expect(validador.validate(b.entry[1]!.resource, true).length).toBeGreaterThan(0);
    const c = construirBundle('paciente', datosRda('paciente'), { ahora: AHORA_RDA }) as {
      entry: { resource: Record<string, unknown> }[];
    };
    c.entry[1]!.resource.fechaNacimiento = '1985-04-12';
    expect(validador.validate(c.entry[1]!.resource, true).length).toBeGreaterThan(0);
  });
});
