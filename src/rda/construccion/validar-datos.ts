import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { type DetalleError, errores } from '../../errores/errores.js';
import { CODIGOS } from '../codigos.js';
import { DOCUMENTOS_GUIA } from '../guia/documentos.js';
import { exigirValorAcotado, mostrarValor } from '../json-acotado.js';
import { esTipoRda, TIPOS_RDA, type TipoRda } from '../tipos.js';
import type { DatosDiagnostico, DatosRda } from './datos.js';
import { ESQUEMAS_DATOS, type Esquema } from './esquemas.js';

const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
const validadores = new Map<TipoRda, ValidateFunction>(
  TIPOS_RDA.map((t) => [t, ajv.compile(ESQUEMAS_DATOS[t])]),
);

/** `/diagnosticos/0/codigo` → `diagnosticos[0].codigo`. */
function campoDe(ruta: string, hijo?: string): string {
  const partes = ruta.split('/').slice(1);
  if (hijo) partes.push(hijo);
  let s = '';
  for (const p of partes) s += /^[0-9]+$/.test(p) ? `[${p}]` : s ? `.${p}` : p;
  return s || '(datos)';
}

const tituloDe = (e: Esquema | undefined, campo: string) =>
  (e?.title as string | undefined) ?? `El campo «${campo}»`;

function listaValores(valores: unknown[]): string {
  const v = valores.map(String);
  return v.length > 12 ? `${v.slice(0, 12).join(', ')}…` : v.join(', ');
}

/** One ajv error → one Spanish detail that names the business field. */
function detalleDe(e: ErrorObject): DetalleError | undefined {
  const esquema = e.parentSchema as Esquema | undefined;
  if (e.keyword === 'required') {
    const falta = (e.params as { missingProperty: string }).missingProperty;
    const props = (esquema?.properties ?? {}) as Record<string, Esquema>;
    const campo = campoDe(e.instancePath, falta);
    return { campo, mensaje: `${tituloDe(props[falta], campo)}: es obligatorio y falta.` };
  }
  const campo = campoDe(e.instancePath);
  const titulo = tituloDe(esquema, campo);
  switch (e.keyword) {
    case 'additionalProperties': {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      return {
        campo: campoDe(e.instancePath, extra),
        mensaje: `Campo desconocido «${extra}» en ${titulo}: revise el nombre (el modelo no lo usa).`,
      };
    }
    case 'type': {
      const tipo = (e.params as { type: string }).type;
      const nombres: Record<string, string> = {
        string: 'un texto',
        object: 'un objeto',
        array: 'una lista',
        number: 'un número',
      };
      return { campo, mensaje: `${titulo}: debe ser ${nombres[tipo] ?? tipo}.` };
    }
    case 'enum': {
      // A code an earlier version accepted: say which guide code replaces it.
      const reemplazo =
        typeof e.data === 'string'
          ? (esquema?.['x-reemplazos'] as Record<string, string> | undefined)?.[e.data]
          : undefined;
      if (reemplazo)
        return {
          campo,
          mensaje: `${titulo}: el código «${e.data}» no existe en la guía RDA 1.0.0; ${reemplazo}.`,
        };
      return {
        campo,
        mensaje: `${titulo}: el valor «${mostrarValor(e.data)}» no es un código válido. Valores permitidos: ${listaValores((e.params as { allowedValues: unknown[] }).allowedValues)}.`,
      };
    }
    case 'pattern':
      // A blank text fails the "\S" pattern of free texts.
      if (typeof e.data === 'string' && e.data.trim() === '')
        return { campo, mensaje: `${titulo}: no puede estar vacío.` };
      return {
        campo,
        mensaje: `${titulo}: «${mostrarValor(e.data, 40)}» no tiene el formato esperado (${String(esquema?.description ?? '')}).`,
      };
    case 'minLength':
      return { campo, mensaje: `${titulo}: no puede estar vacío ni ser tan corto.` };
    case 'maxLength':
      return { campo, mensaje: `${titulo}: supera ${String(esquema?.maxLength)} caracteres.` };
    case 'minItems':
      return { campo, mensaje: `${titulo}: debe tener al menos ${String(esquema?.minItems)} elemento(s).` };
    case 'exclusiveMinimum':
      return { campo, mensaje: `${titulo}: debe ser mayor que 0.` };
    case 'maximum':
      return { campo, mensaje: `${titulo}: supera ${String(esquema?.maximum)}.` };
    case 'maxItems':
      return { campo, mensaje: `${titulo}: admite como máximo ${String(esquema?.maxItems)} elementos.` };
    default:
      return { campo, mensaje: `${titulo}: ${e.message ?? 'no es válido'}.` };
  }
}

function fechaReal(v: string): Date | undefined {
  const d = new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
  if (Number.isNaN(d.getTime())) return undefined;
  if (v.length === 10 && d.toISOString().slice(0, 10) !== v) return undefined;
  // Calendar check of the date part of a date-time (2026-02-30T… parses but is not a day).
  const [a, m, dia] = v.slice(0, 10).split('-').map(Number);
  const c = new Date(Date.UTC(a!, m! - 1, dia!));
  if (c.getUTCMonth() !== m! - 1 || c.getUTCDate() !== dia) return undefined;
  return d;
}

/** Rules a schema cannot say: real dates, their order, roles of the diagnoses, the PDF. */
function coherencia(tipo: TipoRda, d: DatosRda, ahora: Date): DetalleError[] {
  const out: DetalleError[] = [];
  const fecha = (campo: string, titulo: string, v: string | undefined) => {
    if (typeof v !== 'string') return undefined;
    const f = fechaReal(v);
    if (!f)
      out.push({ campo, mensaje: `${titulo}: «${mostrarValor(v, 40)}» no es una fecha del calendario.` });
    else if (f.getTime() > ahora.getTime())
      out.push({ campo, mensaje: `${titulo}: no puede ser posterior al momento actual.` });
    return f;
  };
  const p = d.paciente;
  const nacimiento = fecha(
    'paciente.fechaNacimiento',
    'Fecha de nacimiento del paciente',
    p?.fechaNacimiento,
  );
  for (const [campo, titulo, v] of [
    ['paciente.nacionalidad', 'Nacionalidad del paciente', p?.nacionalidad],
    ['paciente.residencia.pais', 'País de residencia del paciente', p?.residencia?.pais],
  ] as const) {
    if (typeof v === 'string' && /^[0-9]{3}$/.test(v) && !CODIGOS.pais.codigos.has(v))
      out.push({ campo, mensaje: `${titulo}: «${v}» no es un código ISO 3166-1 numérico conocido.` });
  }
  if (Array.isArray(p?.discapacidades) && new Set(p.discapacidades).size !== p.discapacidades.length)
    out.push({
      campo: 'paciente.discapacidades',
      mensaje: 'Discapacidades del paciente: hay códigos repetidos.',
    });
  fecha('fechaDocumento', 'Fecha del documento', d.fechaDocumento);

  const e = d.encuentro;
  if (e) {
    const ini = fecha('encuentro.fechaInicio', 'Fecha y hora de inicio de la atención', e.fechaInicio);
    const fin = fecha('encuentro.fechaFin', 'Fecha y hora de fin de la atención', e.fechaFin);
    if (ini && fin && ini.getTime() > fin.getTime())
      out.push({
        campo: 'encuentro.fechaFin',
        mensaje: 'Fecha y hora de fin de la atención: es anterior al inicio de la atención.',
      });
    if (ini && nacimiento && ini.getTime() < nacimiento.getTime())
      out.push({
        campo: 'encuentro.fechaInicio',
        mensaje: 'Fecha y hora de inicio de la atención: es anterior a la fecha de nacimiento del paciente.',
      });
    if (
      tipo === 'consulta-externa' &&
      typeof e.servicioReps === 'string' &&
      e.nombreServicioReps === undefined
    )
      out.push({
        campo: 'encuentro.nombreServicioReps',
        mensaje:
          'Nombre del servicio REPS: es obligatorio cuando envía el servicio REPS (la guía exige su display).',
      });
  }
  if ((tipo === 'urgencias' || tipo === 'hospitalizacion') && !d.pagoParticular) {
    if (!Array.isArray(d.pagadores) || d.pagadores.length === 0)
      out.push({
        campo: 'pagadores',
        mensaje:
          'Pagadores: en urgencias y hospitalización la guía exige al menos un responsable del pago: envíe la EAPB en «pagadores» o «pagoParticular»: true.',
      });
  }
  if (tipo !== 'paciente' && Array.isArray(d.medicamentos))
    d.medicamentos.forEach((m, i) => {
      if (m && typeof m === 'object' && m.codigo === undefined && m.codigoIum === undefined)
        out.push({
          campo: `medicamentos[${i}].codigo`,
          mensaje:
            'Código del medicamento: la fórmula exige el código DCI («codigo») o el IUM de primer nivel («codigoIum»).',
        });
    });
  if (tipo !== 'paciente' && Array.isArray(d.procedimientos) && d.procedimientos.length > 0) {
    const relacionados = Array.isArray(d.diagnosticos)
      ? d.diagnosticos.filter((x) => x?.rol === 'relacionado').map((x) => x.codigo)
      : [];
    d.procedimientos.forEach((x, i) => {
      if (!x || typeof x !== 'object') return;
      if (relacionados.length === 0)
        out.push({
          campo: `procedimientos[${i}]`,
          mensaje:
            'Procedimiento: la guía exige que apunte al diagnóstico principal y a un diagnóstico relacionado (reasonReference MainDiagnosis y Comobility-1); agregue el diagnóstico relacionado que motivó el procedimiento.',
        });
      else if (x.diagnosticoRelacionado !== undefined && !relacionados.includes(x.diagnosticoRelacionado))
        out.push({
          campo: `procedimientos[${i}].diagnosticoRelacionado`,
          mensaje: `Diagnóstico relacionado del procedimiento: «${mostrarValor(x.diagnosticoRelacionado, 10)}» no es ninguno de los diagnósticos con rol «relacionado».`,
        });
    });
  }
  // The schema errors are reported already; these checks run on whatever arrived (a text, an object).
  if (Array.isArray(d.procedimientos))
    d.procedimientos.forEach((x, i) => {
      fecha(`procedimientos[${i}].fecha`, 'Fecha y hora del procedimiento', x?.fecha);
    });

  if (Array.isArray(d.diagnosticos)) out.push(...rolesDiagnostico(tipo, d.diagnosticos));
  const pdf = d.epicrisis?.pdfBase64;
  if (typeof pdf === 'string' && /^[A-Za-z0-9+/]+={0,2}$/.test(pdf) && !pdf.startsWith('JVBER'))
    out.push({
      campo: 'epicrisis.pdfBase64',
      mensaje: 'PDF de la epicrisis: el contenido no es un PDF (en base64 un PDF empieza por «JVBER»).',
    });
  return out;
}

const UNO_POR_EPISODIO = ['egreso', 'complicacion', 'muerte'] as const;

function rolesDiagnostico(tipo: TipoRda, ds: DatosDiagnostico[]): DetalleError[] {
  const out: DetalleError[] = [];
  const cuantos = (rol: string) => ds.filter((x) => x?.rol === rol).length;
  const episodio = tipo === 'urgencias' || tipo === 'hospitalizacion';
  const principales = cuantos('principal');
  if (tipo !== 'paciente' && ds.length > 0 && principales !== 1)
    out.push({
      campo: 'diagnosticos',
      mensaje: `Diagnósticos: debe haber exactamente un diagnóstico con rol «principal» (hay ${principales}).`,
    });
  if (cuantos('relacionado') > 3)
    out.push({
      campo: 'diagnosticos',
      mensaje: 'Diagnósticos: admite como máximo 3 diagnósticos relacionados.',
    });
  if (episodio) {
    if (cuantos('egreso') !== 1)
      out.push({
        campo: 'diagnosticos',
        mensaje: `Diagnósticos: en ${tipo} la guía exige el diagnóstico de ingreso («principal») y exactamente un diagnóstico de egreso (rol «egreso»); hay ${cuantos('egreso')} de egreso.`,
      });
    for (const rol of UNO_POR_EPISODIO.slice(1))
      if (cuantos(rol) > 1)
        out.push({
          campo: 'diagnosticos',
          mensaje: `Diagnósticos: admite un solo diagnóstico con rol «${rol}».`,
        });
    const max = DOCUMENTOS_GUIA[tipo].encuentro!.diagnosticos.max;
    if (ds.length > max)
      out.push({
        campo: 'diagnosticos',
        mensaje: `Diagnósticos: el encuentro de ${tipo} admite como máximo ${max} diagnósticos (ingreso, egreso, relacionados${tipo === 'hospitalizacion' ? ', causa de muerte y complicación' : ''}); hay ${ds.length}.`,
      });
  }
  ds.forEach((x, i) => {
    if (!x || typeof x !== 'object') return;
    const conTipo = x.rol === 'principal' || (episodio && x.rol === 'egreso');
    if (tipo !== 'paciente' && conTipo && x.tipo === undefined)
      out.push({
        campo: `diagnosticos[${i}].tipo`,
        mensaje: `Tipo de diagnóstico: es obligatorio para el diagnóstico ${x.rol === 'principal' ? (episodio ? 'de ingreso' : 'principal') : 'de egreso'} (ExtensionDiagnosisType).`,
      });
    if ((UNO_POR_EPISODIO as readonly string[]).includes(x.rol) && !episodio)
      out.push({
        campo: `diagnosticos[${i}].rol`,
        mensaje: `Rol del diagnóstico: «${x.rol}» solo aplica a urgencias y hospitalización.`,
      });
    if (tipo === 'paciente' && x.rol !== 'principal' && x.rol !== 'relacionado')
      out.push({
        campo: `diagnosticos[${i}].rol`,
        mensaje: 'Rol del diagnóstico: en el RDA de paciente use «principal» o «relacionado».',
      });
  });
  return out;
}

/** Every missing or invalid field at once, or nothing. */
export function problemasDatos(tipo: TipoRda, datos: unknown, ahora: Date = new Date()): DetalleError[] {
  const validar = validadores.get(tipo)!;
  const detalles: DetalleError[] = [];
  if (!validar(datos)) {
    for (const e of validar.errors ?? []) {
      const d = detalleDe(e);
      if (d && !detalles.some((x) => x.campo === d.campo && x.mensaje === d.mensaje)) detalles.push(d);
    }
  }
  if (typeof datos === 'object' && datos !== null && !Array.isArray(datos)) {
    for (const d of coherencia(tipo, datos as DatosRda, ahora))
      if (!detalles.some((x) => x.campo === d.campo)) detalles.push(d);
  }
  return detalles;
}

/** Returns the datos typed, or throws 400 `entrada-invalida` listing every problem. */
export function validarDatos(tipo: unknown, datos: unknown, ahora: Date = new Date()): DatosRda {
  if (!esTipoRda(tipo)) {
    throw errores.entradaInvalida(`Tipo de RDA desconocido: use ${TIPOS_RDA.join(', ')}.`, [
      { campo: 'tipo', mensaje: `Debe ser uno de: ${TIPOS_RDA.join(', ')}.` },
    ]);
  }
  if (typeof datos !== 'object' || datos === null || Array.isArray(datos)) {
    throw errores.entradaInvalida('Envíe los datos del RDA como objeto JSON en «datos».', [
      { campo: 'datos', mensaje: datos == null ? 'Es obligatorio.' : 'Debe ser un objeto JSON.' },
    ]);
  }
  // Before ajv and the builder: a deep value would overflow their recursion or JSON.stringify.
  exigirValorAcotado(datos, 'datos');
  const detalles = problemasDatos(tipo, datos, ahora);
  if (detalles.length) {
    throw errores.entradaInvalida(
      `Los datos del RDA de ${tipo} tienen ${detalles.length} problema(s): corrija todos los campos listados en «detalles».`,
      detalles,
    );
  }
  return datos as DatosRda;
}
