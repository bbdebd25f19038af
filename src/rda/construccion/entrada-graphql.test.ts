import {
  type GraphQLInputObjectType,
  type GraphQLInputType,
  type GraphQLSchema,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  printSchema,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { AHORA_RDA, datosRda } from '../../../test/fixtures/rda.js';
import { ErrorApp } from '../../errores/errores.js';
import { construirSchemaBase, schemaPublico } from '../../graphql/schema.js';
import { TIPOS_RDA } from '../tipos.js';
import { construirBundle } from './construir.js';
import { describir, entradaRda } from './entrada-graphql.js';
import { campoEntrada, ESQUEMAS_DATOS, type Esquema, nombreEsquema } from './esquemas.js';

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await construirSchemaBase();
});

const ESCALAR: Record<string, string> = {
  string: 'String',
  integer: 'Int',
  number: 'Float',
  boolean: 'Boolean',
};
const propiedad = (e: Esquema, p: string) => (e.properties as Record<string, Esquema>)[p]!;

/**
 * Walks a JSON Schema and the GraphQL input type generated from it side by side: every property is a
 * field and nothing else is, required ↔ non-null, the JSON type ↔ the GraphQL type, and the same
 * sub-schema object is always the same GraphQL type (and different ones never share a name).
 */
function comparar(e: Esquema, t: GraphQLInputType, ruta: string, tipos: Map<Esquema, string>): number {
  let revisados = 0;
  if (e.type === 'array') {
    expect(isListType(t), `${ruta}: lista`).toBe(true);
    const item = (t as { ofType: GraphQLInputType }).ofType;
    expect(isNonNullType(item), `${ruta}: elementos no nulos`).toBe(true);
    return comparar(e.items as Esquema, (item as { ofType: GraphQLInputType }).ofType, `${ruta}[]`, tipos);
  }
  if (e.type === 'object') {
    expect(isInputObjectType(t), `${ruta}: input object`).toBe(true);
    const o = t as GraphQLInputObjectType;
    const previo = tipos.get(e);
    if (previo) {
      expect(o.name, `${ruta}: el mismo sub-esquema es el mismo tipo`).toBe(previo);
      return 0;
    }
    expect([...tipos.values()], `${ruta}: ${o.name} no es de otro sub-esquema`).not.toContain(o.name);
    tipos.set(e, o.name);
    const props = (e.properties ?? {}) as Record<string, Esquema>;
    const requeridos = new Set((e.required ?? []) as string[]);
    const campos = o.getFields();
    expect(Object.keys(campos).sort(), `${ruta}: campos`).toEqual(Object.keys(props).sort());
    for (const [p, s] of Object.entries(props)) {
      const f = campos[p]!;
      expect(isNonNullType(f.type), `${ruta}.${p}: requerido ↔ no nulo`).toBe(requeridos.has(p));
      expect(f.description, `${ruta}.${p}: descripción`).toContain(s.title as string);
      // The code list text is in the description: every allowed value is named there.
      for (const v of (s.enum ?? []) as string[]) expect(f.description, `${ruta}.${p}`).toContain(v);
      const interno = isNonNullType(f.type) ? f.type.ofType : f.type;
      revisados += 1 + comparar(s, interno, `${ruta}.${p}`, tipos);
    }
    return revisados;
  }
  expect(isScalarType(t) && t.name, ruta).toBe(ESCALAR[e.type as string]);
  return 0;
}

describe('tipos de entrada GraphQL generados de los esquemas JSON de datos RDA', () => {
  it('cubren cada propiedad de cada esquema, con requerido ↔ no nulo y un tipo por sub-esquema', () => {
    const entrada = schema.getType('DatosRdaEntrada');
    expect(isInputObjectType(entrada)).toBe(true);
    const campos = (entrada as GraphQLInputObjectType).getFields();
    expect(Object.keys(campos).sort()).toEqual(TIPOS_RDA.map(campoEntrada).sort());
    const tipos = new Map<Esquema, string>();
    let revisados = 0;
    for (const tipo of TIPOS_RDA) {
      const f = campos[campoEntrada(tipo)]!;
      expect(isNonNullType(f.type)).toBe(false);
      expect((f.type as GraphQLInputObjectType).name).toBe(nombreEsquema(tipo));
      revisados += comparar(ESQUEMAS_DATOS[tipo], f.type, campoEntrada(tipo), tipos);
    }
    // A walk that compared nothing would pass too: the four models have 150 properties (shared ones once).
    expect(revisados).toBeGreaterThanOrEqual(150);
    expect(tipos.get(propiedad(ESQUEMAS_DATOS.paciente, 'paciente'))).toBe('DatosRdaComunPaciente');
    expect(tipos.get(propiedad(ESQUEMAS_DATOS['consulta-externa'], 'encuentro'))).toBe(
      'DatosRdaConsultaExternaEncuentro',
    );
    expect([...tipos.values()]).toEqual(
      expect.arrayContaining([
        'DatosRdaComunPacienteResidencia',
        'DatosRdaComunDiagnosticos',
        'DatosRdaPacienteMedicamentos',
        'DatosRdaComunMedicamentos',
        'DatosRdaComunMedicamentosDosis',
      ]),
    );
  });

  it('DatosRdaEntrada es @oneOf en el esquema publicado, con descripciones en español', () => {
    const publico = schemaPublico(schema);
    expect(printSchema(publico)).toContain('input DatosRdaEntrada @oneOf {');
    for (const campo of [
      publico.getQueryType()!.getFields().construirRda!,
      publico.getMutationType()!.getFields().transmitirRdaDesdeDatos!,
    ]) {
      const datos = campo.args.find((a) => a.name === 'datos')!;
      expect(String(datos.type)).toBe('DatosRdaEntrada!');
      expect(campo.args.map((a) => a.name)).not.toContain('tipo');
    }
    const paciente = propiedad(ESQUEMAS_DATOS.paciente, 'paciente');
    expect(describir(propiedad(paciente, 'tipoDocumento'))).toMatch(
      /^Tipo de documento del paciente\. .*CC Cédula/,
    );
    expect(describir(propiedad(paciente, 'primerNombre'))).toBe(
      'Primer nombre del paciente. Restricciones: no puede estar en blanco; de 1 a 60 caracteres.',
    );
  });

  it('entradaRda: el campo enviado decide el tipo; null es ausente; ninguno o dos → 400 en español', () => {
    const d = datosRda('consulta-externa');
    const { tipo, datos } = entradaRda({ consultaExterna: { ...d, fechaDocumento: null }, paciente: null });
    expect(tipo).toBe('consulta-externa');
    expect(datos).not.toHaveProperty('fechaDocumento');
    const { fechaDocumento: _, ...sinFecha } = d;
    expect(datos).toEqual(sinFecha);
    expect(construirBundle(tipo, datos, { ahora: AHORA_RDA })).toMatchObject({ resourceType: 'Bundle' });
    for (const [entrada, mensaje] of [
      [{}, 'No trae ninguno de paciente, consultaExterna, hospitalizacion, urgencias.'],
      [{ paciente: {}, urgencias: {} }, 'Trae 2: paciente, urgencias; envíe solo uno.'],
    ] as const) {
      let error: unknown;
      try {
        entradaRda(entrada);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ErrorApp);
      expect((error as ErrorApp).codigo).toBe('entrada-invalida');
      expect((error as ErrorApp).message).toMatch(/^Envíe en «datos» exactamente uno de/);
      expect((error as ErrorApp).extensions.detalles).toEqual([{ campo: 'datos', mensaje }]);
    }
  });
});
