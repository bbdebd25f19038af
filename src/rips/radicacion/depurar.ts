import type { ErrorAccionable } from '../../errores/error-accionable.js';
import { ubicacion } from '../../errores/ubicacion.js';
import { CAMPOS } from '../estructura/campos.js';
import {
  NOMBRE_REGISTRO,
  type Registro,
  TIPOS_SERVICIO,
  type TipoRegistro,
  type TipoServicio,
} from '../tipos.js';

/**
 * What is filed with the MUV is the RIPS of DT1 v002 and nothing else. A property outside its
 * structure (any size: 190 MB once travelled under an unknown key) is taken out of the package
 * before anything uses it (gate, fingerprint, upload, reconciliation) and reported as EST01. What
 * is sent is then bounded by DT1 itself: every property is a DT1 field, and a field whose type or
 * size breaks DT1 is a local rechazo (RVG04, RVG05) that is never sent.
 */

/** Where an unknown key sits: a record kind, or the `servicios` object of a user. */
type Lugar = TipoRegistro | 'servicios';

export interface ClaveDesconocida {
  lugar: Lugar;
  clave: string;
  /** Path of its first occurrence, as the MUV writes paths (`usuarios[0].servicios.consultas[1].x`). */
  ruta: string;
  usuarioIndex: number | null;
  tipoServicio: TipoServicio | null;
  servicioIndex: number | null;
  /** Occurrences (records of this kind carrying it) and the size of the first value, as text. */
  veces: number;
  tamano: string;
}

export interface RipsDepurado {
  /** The package to file: the same objects where nothing was taken out, copies where something was. */
  rips: Registro;
  /** One entry per place kind and key, in order of first appearance. */
  desconocidas: ClaveDesconocida[];
}

const nombres = (t: TipoRegistro): ReadonlySet<string> => new Set(CAMPOS[t].map((c) => c.nombre));
const CLAVES: Record<Lugar, ReadonlySet<string>> = {
  transaccion: nombres('transaccion'),
  usuario: nombres('usuario'),
  servicios: new Set(TIPOS_SERVICIO),
  ...(Object.fromEntries(TIPOS_SERVICIO.map((t) => [t, nombres(t)])) as Record<
    TipoServicio,
    ReadonlySet<string>
  >),
};

/**
 * Medicamentos `numAutorizacion` (old M02): Res. 948 took it out of the table, but the DT1 example
 * still sends it and RVC048 (checked by the MUV) still cites it. Kept when it has its old size.
 */
function legado(lugar: Lugar, clave: string, v: unknown): boolean {
  return (
    lugar === 'medicamentos' &&
    clave === 'numAutorizacion' &&
    (v === null || (typeof v === 'string' && v.length <= 30))
  );
}

const esObjeto = (v: unknown): v is Registro => typeof v === 'object' && v !== null && !Array.isArray(v);

function tamanoDe(v: unknown): string {
  if (typeof v === 'string') return `texto de ${v.length.toLocaleString('es-CO')} caracteres`;
  if (Array.isArray(v)) return `arreglo de ${v.length.toLocaleString('es-CO')} elementos`;
  if (esObjeto(v)) return 'objeto';
  return v === null
    ? 'null'
    : typeof v === 'number'
      ? 'número'
      : typeof v === 'boolean'
        ? 'booleano'
        : 'valor';
}

interface Donde {
  ruta: string;
  usuarioIndex: number | null;
  tipoServicio: TipoServicio | null;
  servicioIndex: number | null;
}

/** Takes the unknown keys out of `rips` (copy on write) and lists them. */
export function depurarRips(rips: Registro): RipsDepurado {
  const porClave = new Map<string, ClaveDesconocida>();
  const anotar = (lugar: Lugar, clave: string, valor: unknown, d: Donde) => {
    const k = `${lugar}\u0000${clave}`;
    const previa = porClave.get(k);
    if (previa) previa.veces++;
    else
      porClave.set(k, {
        lugar,
        clave,
        ...d,
        ruta: d.ruta ? `${d.ruta}.${clave}` : clave,
        veces: 1,
        tamano: tamanoDe(valor),
      });
  };
  /** The record without its unknown keys: itself when it has none. */
  const limpiar = (r: Registro, lugar: Lugar, d: Donde): Registro => {
    const conocidas = CLAVES[lugar];
    let copia: Registro | undefined;
    for (const clave in r) {
      if (conocidas.has(clave) || legado(lugar, clave, r[clave])) continue;
      anotar(lugar, clave, r[clave], d);
      copia ??= { ...r };
      delete copia[clave];
    }
    return copia ?? r;
  };

  const raiz = limpiar(rips, 'transaccion', {
    ruta: '',
    usuarioIndex: null,
    tipoServicio: null,
    servicioIndex: null,
  });
  const usuarios = raiz.usuarios;
  if (Array.isArray(usuarios)) {
    let nuevos: unknown[] | undefined;
    usuarios.forEach((u, i) => {
      if (!esObjeto(u)) return;
      const donde: Donde = {
        ruta: `usuarios[${i}]`,
        usuarioIndex: i,
        tipoServicio: null,
        servicioIndex: null,
      };
      let usuario = limpiar(u, 'usuario', donde);
      const servicios = usuario.servicios;
      if (esObjeto(servicios)) {
        let s = limpiar(servicios, 'servicios', { ...donde, ruta: `usuarios[${i}].servicios` });
        for (const tipo of TIPOS_SERVICIO) {
          const lista = s[tipo];
          if (!Array.isArray(lista)) continue;
          let nueva: unknown[] | undefined;
          lista.forEach((r, j) => {
            if (!esObjeto(r)) return;
            const limpio = limpiar(r, tipo, {
              ruta: `usuarios[${i}].servicios.${tipo}[${j}]`,
              usuarioIndex: i,
              tipoServicio: tipo,
              servicioIndex: j,
            });
            if (limpio === r) return;
            nueva ??= [...lista];
            nueva[j] = limpio;
          });
          if (nueva) {
            if (s === servicios) s = { ...servicios };
            s[tipo] = nueva;
          }
        }
        if (s !== servicios) usuario = { ...usuario, servicios: s };
      }
      if (usuario === u) return;
      nuevos ??= [...usuarios];
      nuevos[i] = usuario;
    });
    if (nuevos) return { rips: { ...raiz, usuarios: nuevos }, desconocidas: [...porClave.values()] };
  }
  return { rips: raiz, desconocidas: [...porClave.values()] };
}

/** Findings listed one per place kind and key; past this many, one more counts the rest. */
export const MAX_AVISOS_CLAVES = 50;

const PLURAL: Record<Lugar, string> = {
  transaccion: 'la transacción (el objeto raíz)',
  usuario: 'los usuarios',
  servicios: 'el objeto «servicios» de un usuario',
  consultas: 'las consultas',
  procedimientos: 'los procedimientos',
  urgencias: 'las urgencias con observación',
  hospitalizacion: 'las hospitalizaciones',
  recienNacidos: 'los recién nacidos',
  medicamentos: 'los medicamentos',
  otrosServicios: 'los otros servicios',
};

const corto = (v: string, n = 64) => (v.length > n ? `${v.slice(0, n - 1)}… (${v.length} caracteres)` : v);

function camposDe(lugar: Lugar): string {
  return [...CLAVES[lugar]].join(', ');
}

const TITULO = 'Propiedad que no está en la estructura del RIPS: no se envía al MUV';

/** EST01 (own code, aviso-conformidad): what was taken out and how to fix it at the origin. */
export function avisosClavesDesconocidas(
  desconocidas: readonly ClaveDesconocida[],
  factura: string | null,
): ErrorAccionable[] {
  const avisos = desconocidas.slice(0, MAX_AVISOS_CLAVES).map((c): ErrorAccionable => {
    const donde =
      c.lugar === 'transaccion'
        ? 'en la transacción'
        : c.veces === 1
          ? `en ${c.ruta.slice(0, c.ruta.length - c.clave.length - 1)}`
          : `en ${c.veces.toLocaleString('es-CO')} registros de ${PLURAL[c.lugar]} (el primero, ${c.ruta.slice(0, c.ruta.length - c.clave.length - 1)})`;
    const clave = corto(c.clave);
    return {
      codigo: 'EST01',
      severidad: 'aviso-conformidad',
      fuente: 'linter-local',
      ubicacion: ubicacion({
        factura,
        usuarioIndex: c.usuarioIndex,
        tipoServicio: c.tipoServicio,
        servicioIndex: c.servicioIndex,
        campo: clave,
        ruta: corto(c.ruta, 200),
        descripcion: [
          factura ? `Factura ${corto(factura)}` : 'RIPS sin número de factura',
          c.usuarioIndex === null ? null : `Usuario ${c.usuarioIndex + 1}`,
          c.tipoServicio === null ? null : `${NOMBRE_REGISTRO[c.tipoServicio]} ${c.servicioIndex! + 1}`,
          `Propiedad «${clave}»`,
        ]
          .filter(Boolean)
          .join(' · '),
      }),
      titulo: TITULO,
      explicacion: `La propiedad «${clave}» (${c.tamano}) ${donde} no es un campo del Documento Técnico 1 (Res. 948/2026). El MUV no la usa; este servicio la quitó del paquete que envió al MUV (lo demás se envió igual), para no transmitir datos que nadie valida ni tamaños sin límite.`,
      comoCorregir: `En el sistema de origen, quite esa propiedad del RIPS o corrija su nombre (mayúsculas y minúsculas cuentan). Los campos de ${PLURAL[c.lugar]} en el Documento Técnico 1 son: ${camposDe(c.lugar)}.`,
      mensajeOriginal: null,
    };
  });
  const resto = desconocidas.slice(MAX_AVISOS_CLAVES);
  if (resto.length) {
    const veces = resto.reduce((n, c) => n + c.veces, 0);
    avisos.push({
      codigo: 'EST01',
      severidad: 'aviso-conformidad',
      fuente: 'linter-local',
      ubicacion: ubicacion({
        factura,
        descripcion: factura ? `Factura ${corto(factura)} · Otras propiedades` : 'Otras propiedades',
      }),
      titulo: TITULO,
      explicacion: `Además de las ${MAX_AVISOS_CLAVES} anteriores, ${resto.length.toLocaleString('es-CO')} propiedades más (${veces.toLocaleString('es-CO')} apariciones) no son campos del Documento Técnico 1; tampoco se enviaron al MUV.`,
      comoCorregir:
        'En el sistema de origen, genere el RIPS solo con los campos del Documento Técnico 1 (Res. 948/2026), escritos exactamente como allí (mayúsculas y minúsculas cuentan).',
      mensajeOriginal: null,
    });
  }
  return avisos;
}
