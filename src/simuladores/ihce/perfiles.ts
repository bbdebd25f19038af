import { DOCUMENTOS_GUIA } from '../../rda/guia/documentos.js';
import { evaluarGuia, type FaltaGuia } from '../../rda/guia/evaluar.js';
import { type CodigoGuia, hechosDe } from '../../rda/guia/hechos.js';
import {
  arr,
  type IssueFhir,
  obj,
  type Recurso,
  SISTEMA_ERRORES_RDA,
  str,
  type TipoRdaIhce,
} from '../../rda/ihce/fhir.js';
import {
  limpiarTexto,
  MAX_PROFUNDIDAD_RDA,
  mensajeProblemaValor,
  mostrarValor,
  revisarValor,
} from '../../rda/json-acotado.js';
import { type ContextoLint, crearContexto, type Entrada } from '../../rda/linter/contexto.js';
import { recursosDelBundle } from '../../rda/linter/reglas-guia.js';
import { PERFILES } from '../../rda/perfiles.js';
import { REFERENCIA_MINSALUD, SISTEMAS } from '../../rda/tipos.js';

/**
 * What the sandbox checks before accepting an RDA (docs/rda-transmision.md, «Sandbox IHCE: qué
 * revisa»). Two kinds of finding, both OperationOutcome issues with the message in `details.text`
 * (as the platform writes it, issue 32) and the simulator's rule system in `details.coding`:
 * - `errores` (severity error → 400): what the platform is known to refuse or what leaves the
 *   document unreadable (not a document Bundle, no Composition first, another document type, no
 *   patient or national identifier, episode without encounter or dates); a reference to nothing is
 *   answered as the platform does, ErrorsRDA `BUNDLE-005` `not-found`.
 * - `avisos` (severity warning → accepted with a VIDA): every breach of the guide facts
 *   (src/rda/guia, the same the linter reports as RDA80–84) and a care older than a year.
 * Postman-style bodies (`#id` references, no fullUrl, no Bundle.identifier nor Composition.id, the
 * Encounter as an entry, the IPS as `#{habilitation code}`) are accepted.
 */
export interface DocumentoRevisado {
  errores: IssueFhir[];
  avisos: IssueFhir[];
  composicion?: Recurso;
  paciente?: { tipo: string; numero: string };
  /** Same subject, period, provider and participant = duplicate encounter (409). */
  claveEncuentro?: string;
}

/** The simulator's rule system (details.coding.system of every issue it writes). */
export const SISTEMA_REGLAS_SIM = 'https://sandbox.ihce.simulador/CodeSystem/reglas';
const ICD10 = 'http://hl7.org/fhir/sid/icd-10';
const UN_ANIO_MS = 366 * 24 * 3600 * 1000;
/** Broken references listed (a hostile document could carry millions). */
const MAX_REFERENCIAS_ROTAS = 20;

/** An issue as the platform writes them (issue 32): the message in `details.text`, no diagnostics. */
function issue(
  severity: 'error' | 'warning',
  code: string,
  regla: string,
  texto: string,
  expression: string,
): IssueFhir {
  return {
    severity,
    code,
    details: { coding: [{ system: SISTEMA_REGLAS_SIM, code: regla }], text: texto },
    expression: [expression],
  };
}
const error = (code: string, regla: string, diagnostics: string, expression: string) =>
  issue('error', code, regla, diagnostics, expression);

/**
 * Guide facts as warnings: SIM-080…084 mirror the linter's RDA80…84; the issue type is the one
 * src/rda/ihce/explicar.ts explains best (value: fixed value or code list; invalid: slice or count;
 * required: a missing element).
 */
const AVISO_GUIA: Record<CodigoGuia, { code: string; regla: string; display: string }> = {
  RDA80: { code: 'value', regla: 'SIM-080', display: 'Valor fijo de la guía' },
  RDA81: { code: 'invalid', regla: 'SIM-081', display: 'Rebanada de la guía' },
  RDA82: { code: 'invalid', regla: 'SIM-082', display: 'Cardinalidad de la guía' },
  RDA83: { code: 'value', regla: 'SIM-083', display: 'Código de una lista de la guía' },
  RDA84: { code: 'required', regla: 'SIM-084', display: 'Elemento obligatorio de la guía' },
};

function avisoGuia(f: FaltaGuia): IssueFhir {
  const a = AVISO_GUIA[f.codigo];
  return {
    severity: 'warning',
    code: a.code,
    details: {
      coding: [{ system: SISTEMA_REGLAS_SIM, code: a.regla, display: a.display }],
      text: `${f.detalle} (perfil RDA 1.0.0; el documento se acepta)`,
    },
    expression: [f.ruta],
  };
}

/** The Patient's national identifier: document type (non-PN coding) and number. */
export function identificadorPaciente(p: Recurso | undefined): { tipo: string; numero: string } | undefined {
  for (const id of arr(p?.identifier)) {
    const o = obj(id);
    const numero = str(o?.value);
    const tipo = arr(obj(o?.type)?.coding)
      .map((c) => str(obj(c)?.code))
      .find((c) => c && c !== 'PN');
    if (numero && tipo) return { tipo, numero };
  }
  return undefined;
}

const fecha = (x: unknown): number | undefined => {
  const s = str(x);
  if (!s) return undefined;
  const t = Date.parse(s);
  return Number.isNaN(t) ? undefined : t;
};

/** The Manual's shortcut for an IPS not sent as an entry: `#{habilitation code}` (§5.3 c). */
const PRESTADOR_EXTERNO = /^#([0-9]{10,12})$/;
const esPrestadorExterno = (ruta: string, ref: string) =>
  /\.(custodian|serviceProvider)\.reference$/.test(ruta) && PRESTADOR_EXTERNO.test(ref);

/** Every `reference` string of a resource with its path; iterative and bounded in depth. */
function referencias(recurso: unknown, raiz: string): { ruta: string; ref: string }[] {
  const out: { ruta: string; ref: string }[] = [];
  const pila: [unknown, string, number][] = [[recurso, raiz, 0]];
  while (pila.length) {
    const [v, ruta, nivel] = pila.pop()!;
    if (nivel >= MAX_PROFUNDIDAD_RDA || typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) pila.push([v[i], `${ruta}[${i}]`, nivel + 1]);
      continue;
    }
    for (const [k, x] of Object.entries(v)) {
      if (k === 'reference' && typeof x === 'string') out.push({ ruta: `${ruta}.reference`, ref: x });
      else pila.push([x, `${ruta}.${k}`, nivel + 1]);
    }
  }
  return out;
}

/**
 * Who a reference points to, by identifier (the platform compares people and providers, not urls):
 * an IPS by its habilitation code whether it is an entry or `#{code}`, a person by document.
 */
function identidad(ctx: ContextoLint, ref: string | undefined): string {
  if (!ref) return '';
  const externo = PRESTADOR_EXTERNO.exec(ref);
  if (externo) return externo[1]!;
  const r = ctx.resolver(ref)?.recurso;
  const ids = arr(r?.identifier).map(obj);
  const reps = ids.find((i) => i?.system === SISTEMAS.reps);
  if (str(reps?.value)) return str(reps!.value)!;
  const valores = ids.map((i) => str(i?.value)).filter(Boolean);
  return valores.length ? valores.join('/') : ref;
}

/** Resource types a reference element points at, when the reference itself does not say it. */
const TIPO_POR_ELEMENTO: Record<string, string> = {
  subject: 'Patient',
  patient: 'Patient',
  encounter: 'Encounter',
  custodian: 'Organization',
  serviceProvider: 'Organization',
  individual: 'Practitioner',
};

/**
 * The type and id of what a reference names, as the platform's text reports it («Resource type
 * 'Encounter' with id 'Encounter-0'»): `Tipo/id`, else Reference.type, else a `Tipo-n` id (the
 * Manual's convention), else the element's usual target.
 */
function recursoFaltante(recurso: Recurso, ruta: string, ref: string): { tipo: string; id: string } {
  const texto = limpiarTexto(ref, 100);
  const partes = texto.replace(/^#/, '').split('/');
  const id = partes.at(-1)?.replace(/^urn:(uuid|oid):/, '') || texto;
  const tipoRef = partes.length >= 2 ? partes.at(-2) : undefined;
  // The Reference object holding the string: `type` may name the target.
  let nodo: unknown = recurso;
  for (const paso of ruta
    .replace(/^Bundle\.entry\[\d+\]\.resource\.?/, '')
    .split('.')
    .slice(0, -1)) {
    const m = /^([^[]+)(?:\[(\d+)\])?$/.exec(paso);
    nodo = m ? obj(nodo)?.[m[1]!] : undefined;
    if (m?.[2] !== undefined) nodo = arr(nodo)[Number(m[2])];
  }
  const elemento = /([A-Za-z]+)(?:\[\d+\])?\.reference$/.exec(ruta)?.[1];
  const tipo =
    (tipoRef && /^[A-Z][A-Za-z]+$/.test(tipoRef) ? tipoRef : undefined) ??
    str(obj(nodo)?.type) ??
    /^([A-Z][a-z][A-Za-z]+)-[0-9]+$/.exec(id)?.[1] ??
    (elemento && Object.hasOwn(TIPO_POR_ELEMENTO, elemento) ? TIPO_POR_ELEMENTO[elemento] : undefined) ??
    'Resource';
  return { tipo: limpiarTexto(tipo, 64), id };
}

/** BUNDLE-005 in the platform's words (issue 32 item 8). */
function noEncontrado(tipo: string, id: string): IssueFhir {
  return {
    severity: 'error',
    code: 'not-found',
    details: {
      coding: [{ system: SISTEMA_ERRORES_RDA, code: 'BUNDLE-005' }],
      text: `Resource type '${tipo}' with id '${id}' couldn't be found. Prior creation of the resource in the FHIR service is required.`,
    },
    expression: [`${tipo}.id`],
  };
}

export function revisarDocumento(tipo: TipoRdaIhce, bundle: unknown, ahora = Date.now()): DocumentoRevisado {
  const errores: IssueFhir[] = [];
  const avisos: IssueFhir[] = [];
  const b = obj(bundle);
  if (b?.resourceType !== 'Bundle')
    return {
      errores: [error('structure', 'SIM-001', 'El cuerpo no es un recurso Bundle.', 'Bundle')],
      avisos,
    };
  const problema = revisarValor(b, 'Bundle', MAX_PROFUNDIDAD_RDA, { caracteres: false });
  if (problema)
    return {
      errores: [error('structure', 'SIM-001', mensajeProblemaValor(problema), problema.ruta)],
      avisos,
    };
  if (b.type !== 'document')
    errores.push(
      error(
        'value',
        'SIM-002',
        `Bundle.type debe ser document; se recibió «${mostrarValor(b.type ?? 'ninguno', 40)}».`,
        'Bundle.type',
      ),
    );
  if (!fecha(b.timestamp))
    errores.push(
      error(
        'required',
        'SIM-003',
        'Bundle.timestamp es obligatorio en un documento (bdl-10).',
        'Bundle.timestamp',
      ),
    );
  const ctx = crearContexto(b, tipo, PERFILES[tipo], new Date(ahora));
  const comp = ctx.entradas.find((e) => e.indice === 0);
  if (comp?.tipoRecurso !== 'Composition') {
    errores.push(
      error(
        'structure',
        'SIM-004',
        'La primera entrada debe ser la Composition.',
        'Bundle.entry[0].resource',
      ),
    );
    return { errores, avisos };
  }
  const c = comp.recurso as Recurso;
  const rc = comp.ruta;
  const guia = DOCUMENTOS_GUIA[tipo];
  const loinc = arr(obj(c.type)?.coding).find((x) => obj(x)?.system === 'http://loinc.org' && obj(x)?.code);
  if (str(obj(loinc)?.code) !== guia.loinc.code)
    errores.push(
      error(
        'invariant',
        'SIM-005',
        `Composition.type debe ser LOINC ${guia.loinc.code} «${guia.loinc.display}» para ${guia.operacion} (${guia.bundle}).`,
        `${rc}.type`,
      ),
    );
  // Base FHIR cardinalities (date, author, title) and the patient the document is filed under.
  for (const campo of ['subject', 'date', 'author', 'title'] as const) {
    const v = c[campo];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0))
      errores.push(error('required', 'SIM-007', `Composition.${campo} es obligatorio.`, `${rc}.${campo}`));
  }

  const pacientes = ctx.porTipo('Patient');
  const p0 = pacientes[0];
  if (pacientes.length !== 1)
    errores.push(
      error(
        'structure',
        'SIM-008',
        `El documento debe traer exactamente un Patient; trae ${pacientes.length}.`,
        pacientes[1]?.ruta ?? 'Bundle.entry',
      ),
    );
  const paciente = identificadorPaciente(p0?.recurso);
  if (p0) {
    // Compared with the Registraduría (EVOL): document, name, birth date (type of document by age), sex.
    if (!paciente)
      errores.push(
        error(
          'required',
          'SIM-009',
          'Patient.identifier (NationalPersonIdentifier) con tipo y número de documento es obligatorio: la plataforma valida al paciente contra la Registraduría.',
          `${p0.ruta}.identifier`,
        ),
      );
    if (!fecha(p0.recurso.birthDate))
      errores.push(error('required', 'SIM-010', 'Patient.birthDate es obligatorio.', `${p0.ruta}.birthDate`));
    if (!str(p0.recurso.gender))
      errores.push(error('required', 'SIM-011', 'Patient.gender es obligatorio.', `${p0.ruta}.gender`));
    if (!arr(p0.recurso.name).length)
      errores.push(error('required', 'SIM-012', 'Patient.name es obligatorio.', `${p0.ruta}.name`));
  }
  if (!ctx.porTipo('Practitioner').length)
    errores.push(
      error(
        'structure',
        'SIM-013',
        'Falta el Practitioner (la plataforma valida al profesional en RETHUS).',
        'Bundle.entry',
      ),
    );

  // References resolve as on the platform: only to an entry's fullUrl (a `#Encounter-0` got
  // BUNDLE-005, issue 32). The rest is answered as it does, once per missing resource.
  const faltantes = new Set<string>();
  for (const e of ctx.entradas) {
    for (const { ruta, ref } of referencias(e.recurso, e.ruta)) {
      if (ref === REFERENCIA_MINSALUD || esPrestadorExterno(ruta, ref) || ctx.resolverPorUrl(ref)) continue;
      const f = recursoFaltante(e.recurso, ruta, ref);
      const clave = `${f.tipo}/${f.id}`;
      if (faltantes.has(clave)) continue;
      faltantes.add(clave);
      errores.push(noEncontrado(f.tipo, f.id));
      if (faltantes.size >= MAX_REFERENCIAS_ROTAS) break;
    }
    if (faltantes.size >= MAX_REFERENCIAS_ROTAS) break;
  }

  let claveEncuentro: string | undefined;
  if (guia.encuentro) {
    if (!c.encounter)
      errores.push(error('required', 'SIM-014', 'Composition.encounter es obligatorio.', `${rc}.encounter`));
    const enc: Entrada | undefined = ctx.apunta(c.encounter) ?? ctx.porTipo('Encounter')[0];
    if (enc?.tipoRecurso !== 'Encounter') {
      errores.push(error('structure', 'SIM-015', 'Falta el Encounter de la atención.', 'Bundle.entry'));
    } else {
      const periodo = obj(enc.recurso.period);
      const inicio = fecha(periodo?.start);
      const fin = fecha(periodo?.end);
      if (inicio === undefined || fin === undefined) {
        errores.push(
          error(
            'required',
            'SIM-017',
            'Encounter.period.start y end son obligatorios.',
            `${enc.ruta}.period`,
          ),
        );
      } else if (inicio > fin || fin > ahora + 60_000) {
        errores.push(
          error(
            'invariant',
            'SIM-018',
            'Las fechas del encuentro deben cumplir inicio ≤ fin ≤ ahora (inv-enc-period-valid-range).',
            `${enc.ruta}.period`,
          ),
        );
      } else if (inicio < ahora - UN_ANIO_MS) {
        avisos.push(
          issue(
            'warning',
            'invariant',
            'SIM-021',
            'La atención empezó hace más de un año (inv-enc-period-max-1year, no evaluable en FHIRPath R4: el documento se acepta).',
            `${enc.ruta}.period.start`,
          ),
        );
      }
      const participante = arr(enc.recurso.participant)
        .map((x) => str(obj(obj(x)?.individual)?.reference))
        .find(Boolean);
      const prestador = str(obj(enc.recurso.serviceProvider)?.reference) ?? str(obj(c.custodian)?.reference);
      if (paciente && inicio !== undefined && fin !== undefined) {
        claveEncuentro = [
          paciente.tipo,
          paciente.numero,
          new Date(inicio).toISOString(),
          new Date(fin).toISOString(),
          identidad(ctx, prestador),
          identidad(ctx, participante),
        ].join('|');
      }
    }
  }
  if (tipo === 'consulta-externa' || tipo === 'urgencias') {
    const conIcd10 = ctx
      .porTipo('Condition')
      .some((x) =>
        arr(obj(x.recurso.code)?.coding).some((y) => obj(y)?.system === ICD10 && str(obj(y)?.code)),
      );
    if (!conIcd10)
      errores.push(
        error(
          'required',
          'SIM-019',
          'Se requiere al menos un diagnóstico (Condition) codificado en CIE-10.',
          'Bundle.entry',
        ),
      );
  }
  for (const f of evaluarGuia(hechosDe(tipo), recursosDelBundle(ctx))) avisos.push(avisoGuia(f));
  return { errores, avisos, composicion: c, paciente, claveEncuentro };
}

/**
 * Where the warnings of an accepted document travel (our assumption: the captured acceptances of
 * issue 32 show none). The acceptance is a transaction-response, so they go in the Composition
 * entry's `response.outcome`; `Prefer: return=OperationOutcome` (FHIR R4 http.html, RFC 7240)
 * answers 200 with an OperationOutcome (SIM-000 and the warnings) instead.
 */
export function prefiereResultado(prefer: string | undefined): boolean {
  return !!prefer && prefer.split(/[,;]/).some((p) => /^\s*return\s*=\s*"?OperationOutcome"?\s*$/i.test(p));
}

/** Extension of the acceptance issue that carries the VIDA (a valueIdentifier of identifier-RDA). */
export const EXTENSION_VIDA_SIM = 'https://sandbox.ihce.simulador/StructureDefinition/vida';

/**
 * The OperationOutcome of an accepted document: one `information` issue SIM-000, with the VIDA (in
 * the extension and as `{…identifier-RDA}|{valor}` in diagnostics, the forms the client already
 * reads in a 409) when `bundle.identifier` has one (option vidaEnAceptacion), and the warnings.
 */
export function resultadoAceptacion(
  bundle: Recurso,
  avisos: IssueFhir[],
): { resourceType: 'OperationOutcome'; issue: (IssueFhir & { extension?: unknown[] })[] } {
  const vida = str(obj(bundle.identifier)?.value);
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: 'information',
        code: 'informational',
        details: { coding: [{ system: SISTEMA_REGLAS_SIM, code: 'SIM-000', display: 'Documento aceptado' }] },
        diagnostics: vida ? `Documento aceptado con VIDA ${SISTEMAS.vida}|${vida}.` : 'Documento aceptado.',
        ...(vida
          ? {
              extension: [
                { url: EXTENSION_VIDA_SIM, valueIdentifier: { system: SISTEMAS.vida, value: vida } },
              ],
            }
          : {}),
        expression: ['Bundle'],
      },
      ...avisos,
    ],
  };
}
