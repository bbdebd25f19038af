import { describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { construirBundle } from '../construccion/construir.js';
import { crearContexto, type Rec } from '../linter/contexto.js';
import { recursosDelBundle } from '../linter/reglas-guia.js';
import { PERFILES } from '../perfiles.js';
import { TIPOS_RDA, type TipoRda } from '../tipos.js';
import { DOCUMENTOS_GUIA } from './documentos.js';
import { evaluarGuia, evaluarHecho } from './evaluar.js';
import { type Hecho, hechosDe } from './hechos.js';
import { LISTAS_GUIA } from './listas.js';
import { coincide, seleccionar } from './patron.js';
import { SECCIONES, tituloSeccion } from './secciones.js';

/**
 * Walks the guide table and the bundles the builder makes from rich and minimal datos: every fact
 * holds, and every fact that fixes a value finds something to check in some bundle (so neither the
 * table nor the builder can drift without this failing).
 */
const construir = (tipo: TipoRda, variante: 'rico' | 'minimo') =>
  construirBundle(tipo, datosRda(tipo, variante), { ahora: AHORA_RDA }) as Rec;

const recursos = (tipo: TipoRda, b: Rec) =>
  recursosDelBundle(crearContexto(b, tipo, PERFILES[tipo], AHORA_RDA));

describe('guía RDA 1.0.0: los Bundles construidos cumplen cada hecho de la tabla', () => {
  for (const tipo of TIPOS_RDA)
    for (const variante of ['rico', 'minimo'] as const)
      it(`${tipo} (${variante})`, () => {
        const b = construir(tipo, variante);
        expect(evaluarGuia(hechosDe(tipo), recursos(tipo, b))).toEqual([]);
      });

  it('cada hecho que fija un valor se comprueba sobre algún elemento de algún Bundle construido', () => {
    const sinUso: string[] = [];
    const vistos = new Set<Hecho>();
    for (const tipo of TIPOS_RDA)
      for (const variante of ['rico', 'minimo'] as const) {
        const rs = recursos(tipo, construir(tipo, variante));
        for (const h of hechosDe(tipo)) {
          if (h.patron === undefined && h.unoDe === undefined && h.lista === undefined) continue;
          for (const r of rs) {
            if (!r.perfiles.includes(h.perfil) || r.recurso.resourceType !== h.recurso) continue;
            const sel = seleccionar(r.recurso, h.ruta, r.ruta).filter(
              (s) => h.donde === undefined || coincide(s.valor, h.donde),
            );
            if (sel.length) vistos.add(h);
          }
        }
      }
    // Never built: clarification notes travel in their own transaction Bundle
    // (ObservationClarificationNoteRDA); the fixtures do not kill the patient nor complicate an
    // urgencias stay already at its 5 diagnoses; and the datos always fill the diagnoses, the
    // epicrisis and the triage, so those sections are never empty.
    const noConstruidos = [
      /título «Notas aclaratorias»/,
      /«CauseOfDeath»/,
      /EncounterEmergencyRDA diagnosis: .*«ComplicationDiagnosis»/,
      /CompositionHospitalizationRDA section: Sección «(Historial de diagnósticos|Documentos de soporte).*vacía/,
      /CompositionEmergencyRDA section: Sección «Clasificación de triaje» vacía/,
    ];
    for (const tipo of TIPOS_RDA)
      for (const h of hechosDe(tipo))
        if (
          (h.patron !== undefined || h.unoDe !== undefined || h.lista !== undefined) &&
          !vistos.has(h) &&
          !noConstruidos.some((x) => x.test(`${h.perfil} ${h.ruta}: ${h.que}`))
        )
          sinUso.push(`${h.perfil} ${h.ruta}: ${h.que}`);
    // Facts on elements the builder never emits (the REPS slice max 0 of urgencias, say) have no
    // patron/unoDe/lista; a fixed value nobody checks means the table or the builder drifted.
    expect([...new Set(sinUso)]).toEqual([]);
  });

  it('los títulos, displays y códigos de sección del Bundle son los de la tabla, en su orden', () => {
    for (const tipo of TIPOS_RDA) {
      const comp = (construir(tipo, 'rico').entry as Rec[])[0]!.resource as Rec;
      const esperadas = DOCUMENTOS_GUIA[tipo].secciones.filter((s) => s.presencia === 1);
      expect((comp.section as Rec[]).map((s) => [s.title, s.code])).toEqual(
        esperadas.map((s) => [
          tituloSeccion(s.clave, tipo),
          {
            coding: [
              {
                system: 'http://loinc.org',
                code: SECCIONES[s.clave].loinc,
                display: SECCIONES[s.clave].display,
              },
            ],
          },
        ]),
      );
    }
  });
});

describe('evaluador de hechos', () => {
  const base = 'Bundle.entry[0].resource';
  const faltas = (h: Hecho, r: Rec) => {
    const out: string[] = [];
    evaluarHecho(h, r, base, (f) => out.push(`${f.codigo} ${f.ruta} ${f.detalle}`));
    return out;
  };
  const h = (x: Partial<Hecho>): Hecho =>
    ({ codigo: 'RDA80', perfil: 'P', recurso: 'Encounter', ruta: '', que: 'Hecho', ...x }) as Hecho;

  it('patrón: el valor debe contener el patrón; el mensaje nombra el elemento y lo esperado', () => {
    const hecho = h({ ruta: 'class', patron: { code: 'AMB', display: 'ambulatory' } });
    expect(faltas(hecho, { class: { code: 'AMB', display: 'ambulatory', system: 'x' } })).toEqual([]);
    expect(faltas(hecho, { class: { code: 'AMB', display: 'Ambulatory' } })).toEqual([
      `RDA80 ${base}.class.display Hecho: se espera «ambulatory» en display.`,
    ]);
  });

  it('rebanada: solo los elementos que cumplen «donde»; cardinalidad contada sobre ellos', () => {
    const hecho = h({ ruta: 'diagnosis', donde: { rank: 1 }, max: 1, patron: { id: 'MainDiagnosis' } });
    expect(faltas(hecho, { diagnosis: [{ rank: 1, id: 'MainDiagnosis' }, { rank: 2 }] })).toEqual([]);
    expect(
      faltas(hecho, {
        diagnosis: [
          { rank: 1, id: 'MainDiagnosis' },
          { rank: 1, id: 'X' },
        ],
      }),
    ).toHaveLength(2);
  });

  it('lista: código de la guía con su display exacto', () => {
    const hecho = h({ ruta: 'x', lista: { nombre: 'ColombianEthnicGroup', display: true } });
    const url = 'https://fhir.minsalud.gov.co/rda/CodeSystem/ColombianEthnicGroup';
    expect(
      faltas(hecho, {
        x: { valueCoding: { system: url, code: '99', display: 'Ninguna de las anteriores' } },
      }),
    ).toEqual([]);
    expect(faltas(hecho, { x: { valueCoding: { system: url, code: '06', display: 'x' } } })[0]).toContain(
      'no pertenece',
    );
    expect(faltas(hecho, { x: { valueCoding: { system: url, code: '6' } } })[0]).toContain('«Otras etnias»');
    expect(LISTAS_GUIA.ColombianEthnicGroup.map(([c]) => c)).toEqual(['1', '2', '3', '4', '5', '6', '99']);
  });

  it('requeridos y cuenta de hijos', () => {
    const hecho = h({
      ruta: 'address',
      requeridos: ['text', 'city'],
      cuenta: { ruta: 'line', min: 1, max: 1 },
    });
    expect(faltas(hecho, { address: [{ text: 'a', city: 'b', line: ['x'] }] })).toEqual([]);
    expect(faltas(hecho, { address: [{ text: ' ', city: '', line: [] }] })).toHaveLength(2);
  });
});
