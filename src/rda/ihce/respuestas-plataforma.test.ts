import { describe, expect, it } from 'vitest';
import {
  aceptacionPlataforma,
  BASE_PLATAFORMA,
  RECHAZO_CARDINALIDAD,
  RECHAZO_REFERENCIA,
  SISTEMA_ERRORES_RDA,
  TEXTO_BUNDLE_005,
  TEXTO_CARDINALIDAD,
} from '../../../test/fixtures/ihce-plataforma.js';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { construirBundle } from '../construccion/construir.js';
import { leerRespuestaAceptada } from './cliente.js';
import { explicarResultado, tituloCodigoIhce } from './explicar.js';

const COMP = '0b6f1e2a-5a4c-4d3e-9f1a-2b3c4d5e6f70';
const DOCREF = '7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f';
const enviado = () =>
  construirBundle('consulta-externa', datosRda('consulta-externa'), { ahora: AHORA_RDA }) as Record<
    string,
    any
  >;

describe('aceptación real de la IHCE: transaction-response sin VIDA', () => {
  it('ids de la Composition y del DocumentReference que creó la plataforma; VIDA null; cada recurso con su estado', () => {
    const b = enviado();
    const r = leerRespuestaAceptada(
      aceptacionPlataforma(b, { compositionId: COMP, documentReferenceId: DOCREF }),
      null,
      b,
    );
    expect(r.vida).toBeNull();
    expect(r.compositionId).toBe(COMP);
    expect(r.documentReferenceId).toBe(DOCREF);
    expect(r.avisos).toEqual([]);
    // One per entry sent, in order, plus the platform's DocumentReference.
    expect(r.recursos).toHaveLength(b.entry.length + 1);
    expect(r.recursos[0]).toEqual({
      tipo: 'Composition',
      id: COMP,
      version: '1',
      status: 201,
      location: `${BASE_PLATAFORMA}/Composition/${COMP}/_history/1`,
    });
    // Known to the platform: 200 without location, typed by the entry sent in the same position.
    expect(r.recursos[1]).toEqual({ tipo: 'Patient', id: null, version: null, status: 200, location: null });
    expect(r.recursos.filter((x) => x.status === 200).map((x) => x.tipo)).toEqual([
      'Patient',
      'Practitioner',
      'Organization',
      'Organization',
    ]);
    // The DocumentReference we sent is created too, but it is not the platform's.
    const docs = r.recursos.filter((x) => x.tipo === 'DocumentReference');
    expect(docs).toHaveLength(2);
    expect(docs.at(-1)).toMatchObject({ id: DOCREF, status: 201 });
  });

  it('sin el recurso en la respuesta, el DocumentReference que no enviamos; «201 Created» también vale', () => {
    const b = enviado();
    const r = leerRespuestaAceptada(
      aceptacionPlataforma(b, {
        compositionId: COMP,
        documentReferenceId: DOCREF,
        conRecurso: false,
        largo: true,
      }),
      null,
      b,
    );
    expect(r).toMatchObject({ vida: null, compositionId: COMP, documentReferenceId: DOCREF });
    expect(r.recursos[0]!.status).toBe(201);
    expect(r.recursos[1]!.status).toBe(200);
  });

  it('avisos en entry.response.outcome: se guardan, nunca bloquean', () => {
    const b = enviado();
    const resp = aceptacionPlataforma(b, { compositionId: COMP });
    (resp.entry[0] as Record<string, any>).response.outcome = {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'warning', code: 'value', details: { text: 'Código no reconocido.' } }],
    };
    const r = leerRespuestaAceptada(resp, null, b);
    expect(r.avisos).toEqual([
      expect.objectContaining({ severidad: 'aviso-conformidad', fuente: 'ihce', codigo: 'IHCE-value' }),
    ]);
  });
});

describe('rechazo real de la IHCE: OperationOutcome con ErrorsRDA', () => {
  it('BUNDLE-005 not-found: código ErrorsRDA, explicación en español, texto de la plataforma citado, ubicación de expression', () => {
    const [e, ...resto] = explicarResultado(RECHAZO_REFERENCIA as never);
    expect(resto).toEqual([]);
    expect(e).toMatchObject({
      codigo: 'BUNDLE-005',
      severidad: 'rechazo',
      fuente: 'ihce',
      ubicacion: { ruta: 'Encounter.id', campo: 'id' },
      mensajeOriginal: TEXTO_BUNDLE_005,
    });
    expect(e!.titulo).toBe('Referencia a un recurso que la plataforma no encuentra');
    expect(e!.explicacion).toContain('Encounter con id «Encounter-0»');
    expect(e!.explicacion).toContain(`«${TEXTO_BUNDLE_005}»`);
    expect(e!.comoCorregir).toContain('fullUrl');
    expect(tituloCodigoIhce('BUNDLE-005')).toBe(e!.titulo);
  });

  it('el código ErrorsRDA gana a otra codificación del mismo issue', () => {
    const oo = structuredClone(RECHAZO_REFERENCIA) as Record<string, any>;
    oo.issue[0].details.coding.unshift({ system: 'urn:otro', code: 'X-1' });
    expect(explicarResultado(oo as never)[0]!.codigo).toBe('BUNDLE-005');
    // Another ErrorsRDA code, unknown to us: kept as the code, explained by its issue type.
    oo.issue[0].details.coding = [{ system: SISTEMA_ERRORES_RDA, code: 'BUNDLE-099' }];
    const otro = explicarResultado(oo as never)[0]!;
    expect(otro.codigo).toBe('BUNDLE-099');
    expect(otro.titulo).toBe('Recurso no encontrado en la plataforma');
  });

  it('cardinalidad del perfil (invalid, texto en details.text): explicada en español, ubicada por el texto', () => {
    const [e] = explicarResultado(RECHAZO_CARDINALIDAD as never);
    expect(e).toMatchObject({
      codigo: 'IHCE-invalid',
      severidad: 'rechazo',
      mensajeOriginal: TEXTO_CARDINALIDAD,
      ubicacion: { ruta: 'Patient.extension:ExtensionPatientEthnicity' },
    });
    expect(e!.titulo).toBe('Cardinalidad del perfil incumplida');
    expect(e!.explicacion).toContain(
      'exige entre 1 y 1 elemento(s) Patient.extension:ExtensionPatientEthnicity y el documento trae 0',
    );
    expect(e!.explicacion).toContain(`«${TEXTO_CARDINALIDAD}»`);
  });
});
