import type { Registro, TipoServicio } from '../../tipos.js';
import type { RefServicio } from '../tipos.js';

const NO_DIGITO = /\D/g;
const CEROS_IZQUIERDA = /^0+/;

export function esObjeto(v: unknown): v is Registro {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Trimmed non-empty string value, or undefined (null, '', numbers and other types). */
export function texto(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

/**
 * The value itself when it is a non-empty string of digits and upper-case letters only: then
 * `texto(v)?.toUpperCase()` is `v`. Codes usually come like that; checking chars is cheaper.
 */
export function codigoLimpio(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.length === 0) return undefined;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c < 48 || (c > 57 && c < 65) || c > 90) return undefined;
  }
  return v;
}

/** A C field "without value": null, absent or blank. */
export function vacio(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

export interface RegistroIndexado {
  registro: Registro;
  indice: number;
}

/** The object records of one service array of a user, with their original index. */
export function registrosDe(usuario: Registro, tipo: TipoServicio): RegistroIndexado[] {
  const servicios = usuario.servicios;
  if (!esObjeto(servicios)) return [];
  const lista = servicios[tipo];
  if (!Array.isArray(lista)) return [];
  const salida: RegistroIndexado[] = [];
  lista.forEach((registro, indice) => {
    if (esObjeto(registro)) salida.push({ registro, indice });
  });
  return salida;
}

const VACIA: readonly unknown[] = [];

/**
 * The user's raw array of one service type (entries may be non-objects), empty when absent. No
 * copy: per-service hooks scan a user's arrays, and `registrosDe` allocated on every call.
 */
export function listaDe(usuario: Registro, tipo: TipoServicio): readonly unknown[] {
  const servicios = usuario.servicios;
  if (!esObjeto(servicios)) return VACIA;
  const lista = servicios[tipo];
  return Array.isArray(lista) ? lista : VACIA;
}

/** Whether the user has an object record of one service type (`registrosDe(…).length > 0`). */
export function hayRegistros(usuario: Registro, tipo: TipoServicio): boolean {
  const lista = listaDe(usuario, tipo);
  for (let i = 0; i < lista.length; i++) if (esObjeto(lista[i])) return true;
  return false;
}

/** `donde` of a service record for ctx.emitir. */
export function dondeServicio(ref: RefServicio) {
  return { usuarioIndex: ref.usuarioIndex, tipoServicio: ref.tipo, servicioIndex: ref.indice };
}

/** Digits of an identification number without leading zeros ('0900123' → '900123'). */
export function soloDigitos(v: unknown): string | undefined {
  const t = typeof v === 'number' ? String(v) : texto(v);
  if (!t) return undefined;
  const d = t.replace(NO_DIGITO, '').replace(CEROS_IZQUIERDA, '');
  return d === '' ? undefined : d;
}

/**
 * A map by a person's document (type, number) that does not build and hash "tipo{separador}número"
 * per user: numbers by type. A document whose parts contain the separator goes by the joined text,
 * so two documents share an entry exactly when their joined keys are equal.
 */
export class PorDocumento<V> {
  private readonly porTipo = new Map<string, Map<string, V>>();
  private readonly unidos = new Map<string, V>();

  constructor(private readonly separador: string) {}

  private unir(tipo: string, numero: string): string | null {
    const s = this.separador;
    return tipo.includes(s) || numero.includes(s) ? tipo + s + numero : null;
  }

  get(tipo: string, numero: string): V | undefined {
    const unido = this.unir(tipo, numero);
    return unido === null ? this.porTipo.get(tipo)?.get(numero) : this.unidos.get(unido);
  }

  set(tipo: string, numero: string, valor: V): void {
    const unido = this.unir(tipo, numero);
    if (unido !== null) {
      this.unidos.set(unido, valor);
      return;
    }
    let numeros = this.porTipo.get(tipo);
    if (!numeros) {
      numeros = new Map();
      this.porTipo.set(tipo, numeros);
    }
    numeros.set(numero, valor);
  }
}

/** Entries a `MapaCorto` keeps in its lists before it moves them to a Map. */
const LISTA_CORTA = 16;

/**
 * A map by string key for one patient at a time (`vaciar` at each user): a patient has few keys,
 * so the first 16 live in two lists scanned linearly, and only past that in a Map. A Map per
 * patient allocated a hash table on every `clear()` and grew it entry by entry.
 */
export class MapaCorto<V> {
  private readonly claves: string[] = [];
  private readonly valores: V[] = [];
  /** Entries of the lists in use (kept, not truncated: a truncated array frees its storage). */
  private n = 0;
  private readonly mapa = new Map<string, V>();

  vaciar(): void {
    this.n = 0;
    if (this.mapa.size) this.mapa.clear();
  }

  get(clave: string): V | undefined {
    if (this.mapa.size) return this.mapa.get(clave);
    for (let k = 0; k < this.n; k++) if (this.claves[k] === clave) return this.valores[k];
    return undefined;
  }

  set(clave: string, valor: V): void {
    if (this.mapa.size) {
      this.mapa.set(clave, valor);
      return;
    }
    const n = this.n;
    for (let k = 0; k < n; k++) {
      if (this.claves[k] === clave) {
        this.valores[k] = valor;
        return;
      }
    }
    if (n < LISTA_CORTA) {
      this.claves[n] = clave;
      this.valores[n] = valor;
      this.n = n + 1;
      return;
    }
    for (let k = 0; k < n; k++) this.mapa.set(this.claves[k]!, this.valores[k]!);
    this.mapa.set(clave, valor);
  }
}
