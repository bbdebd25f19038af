import { type CruceVida, type Registro, TIPOS_SERVICIO } from '../tipos.js';
import { CAMPO_INICIO, dia, dondeServicio, texto } from './rvc-050-098/comun.js';
import { clases, type RefServicio, type Regla, regla } from './tipos.js';

/**
 * Our own codes (no official ones): the RIPS ↔ RDA cross-check on `codigoVIDA` (DT1 C22, P27, R25,
 * H30, N18, M29, S17). They run only when the validation knows the entity and the entity holds
 * accepted RDA transmissions with a patient (OpcionesMotor.vida): their findings are pending and
 * src/rips/validacion/vida.ts decides them against those transmissions after the walk, or drops
 * them when it cannot. Decisions: docs/reglas-rips-vida.md.
 */

const CAMPOS_VIDA = ['C22', 'P27', 'R25', 'H30', 'N18', 'M29', 'S17'];

/**
 * Pending findings of each code per walk (a validation thread's slice counts its own; the
 * resolution bounds the whole answer again): services past it are not cross-checked.
 */
export const MAX_PENDIENTES_VIDA = 1000;

/** DT1 size of codigoVIDA: a longer value is no VIDA (RVG05 reports it). */
const MAX_VIDA = 256;

/** The document of the person the service is about: the user's, or a newborn's own (N02/N03). */
function paciente(registro: Registro, ref: RefServicio): Pick<CruceVida, 'tipoDocumento' | 'numDocumento'> {
  const fuente = ref.tipo === 'recienNacidos' ? registro : ref.usuario;
  const num = fuente.numDocumentoIdentificacion;
  return {
    tipoDocumento: texto(fuente.tipoDocumentoIdentificacion),
    numDocumento: typeof num === 'number' && Number.isFinite(num) ? String(num) : texto(num),
  };
}

function fechaDe(registro: Registro, ref: RefServicio): string | null {
  return texto(registro[CAMPO_INICIO[ref.tipo]]);
}

/** The service's codigoVIDA when informed (null, blank and oversized values are not). */
function codigoVida(registro: Registro): string | null {
  const v = texto(registro.codigoVIDA);
  return v !== null && v.length <= MAX_VIDA ? v : null;
}

const vid001 = regla<{ n: number }>({
  codigo: 'VID001',
  campos: CAMPOS_VIDA,
  clases: clases('N', 'N'),
  mensajeOficial:
    'Validación propia (DT1 v002, campos C22, P27, R25, H30, N18, M29 y S17): el código VIDA informado no corresponde a un RDA aceptado de la entidad para este paciente y esta fecha.',
  titulo: 'Código VIDA sin un RDA aceptado de la entidad que lo respalde',
  explicacion:
    'El «Código VIDA de la atención» es el identificador único que la plataforma de Interoperabilidad de la Historia Clínica Electrónica (IHCE) asigna al Resumen Digital de Atención (RDA) del episodio; DT1 lo incluye en cada tipo de servicio y el Ministerio lo hará obligatorio cuando la plataforma opere. Se compara con los RDA que la entidad transmitió por este servicio y que la IHCE aceptó: el VIDA debe estar entre ellos, ser del mismo paciente (se compara una huella del documento, nunca el número) y de una atención compatible (el día de inicio del servicio, dentro del periodo de la atención del RDA, en hora de Colombia). Es un código propio de este servicio, de clase notificación (el CUV se emite igual) hasta que el Ministerio anuncie desde cuándo es obligatorio.',
  comoCorregir:
    'Consulte en la transmisión del RDA de esta atención el VIDA que devolvió la IHCE (GET /rda/{id}) y repórtelo tal cual desde el sistema de origen. Si el VIDA quedó asociado a otro paciente o a otra atención en el sistema de origen, corrija esa asociación; si el RDA se transmitió por otro medio, no hay nada que corregir en el RIPS.',
  alcance: 'vida',
  estado: () => ({ n: 0 }),
  estadoPorUsuario: true,
  servicio: {
    tipos: TIPOS_SERVICIO,
    verificar(r, ref, ctx, estado) {
      const codigo = codigoVida(r);
      if (codigo === null || estado.n >= MAX_PENDIENTES_VIDA) return;
      estado.n++;
      ctx.emitir('VID001', dondeServicio(ref), 'codigoVIDA', {
        valor: codigo,
        vida: { codigo, fecha: fechaDe(r, ref), ...paciente(r, ref) },
      });
    },
  },
});

const vid002 = regla<{ usuario: number; dias: Set<string>; n: number }>({
  codigo: 'VID002',
  campos: CAMPOS_VIDA,
  clases: clases('N', 'N'),
  mensajeOficial:
    'Validación propia (DT1 v002, campos C22, P27, R25, H30, N18, M29 y S17): el servicio no informa código VIDA y la entidad tiene un único RDA aceptado de este paciente para esa fecha.',
  titulo: 'Servicio sin código VIDA con un RDA aceptado de la misma fecha',
  explicacion:
    'El servicio no trae «Código VIDA de la atención» y, entre los RDA que la entidad transmitió por este servicio y que la IHCE aceptó, hay exactamente uno del mismo paciente cuya atención incluye el día del servicio. Se informa una vez por paciente y día, en el primer servicio de ese día sin VIDA. Es una nota informativa: el código VIDA aún no es obligatorio.',
  comoCorregir:
    'Si los servicios de ese día corresponden a la atención de ese RDA, reporte su VIDA en el campo codigoVIDA desde el sistema de origen. Si no corresponden, no hay nada que corregir.',
  alcance: 'vida',
  estado: () => ({ usuario: -1, dias: new Set<string>(), n: 0 }),
  estadoPorUsuario: true,
  servicio: {
    tipos: TIPOS_SERVICIO,
    verificar(r, ref, ctx, estado) {
      if (estado.n >= MAX_PENDIENTES_VIDA || !esVacio(r.codigoVIDA)) return;
      const fecha = fechaDe(r, ref);
      const d = dia(fecha);
      if (d === null) return;
      const p = paciente(r, ref);
      if (p.tipoDocumento === null || p.numDocumento === null) return;
      if (estado.usuario !== ref.usuarioIndex) {
        estado.usuario = ref.usuarioIndex;
        estado.dias.clear();
      }
      // One per patient and day: a newborn is another patient than its mother.
      const clave = `${p.tipoDocumento}\u0000${p.numDocumento}\u0000${d}`;
      if (estado.dias.has(clave)) return;
      estado.dias.add(clave);
      estado.n++;
      ctx.emitir('VID002', dondeServicio(ref), 'codigoVIDA', { vida: { codigo: null, fecha, ...p } });
    },
  },
});

/** null, absent or blank: the service reports no VIDA. */
function esVacio(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

export const REGLAS_VIDA: Regla[] = [vid001, vid002];
