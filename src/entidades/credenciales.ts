import type { EntityManager } from '@mikro-orm/postgresql';
import { type DetalleError, ErrorApp, errores } from '../errores/errores.js';
import { cifrar, descifrar } from './cifrado.js';
import { CredencialMinisterio, SISTEMAS_MINISTERIO, type SistemaMinisterio } from './credencial.entity.js';
import { Entidad } from './entidad.entity.js';

/** Login of the MUV (API Docker FEV-RIPS, `POST /api/Auth/LoginSISPRO`). */
export interface CredencialesMuv {
  tipoDocumento: string;
  numeroDocumento: string;
  clave: string;
  nit: string;
  /** RE, PIN, PINx or PIE; optional in the mechanism's DTO. */
  tipoUsuario?: string;
}

/** Entra ID client credentials and APIM subscription key of the IHCE platform. */
export interface CredencialesIhce {
  clientId: string;
  clientSecret: string;
  tenantId: string;
  scope: string;
  subscriptionKey: string;
}

export interface CredencialesPorSistema {
  muv: CredencialesMuv;
  ihce: CredencialesIhce;
}

const CAMPOS: {
  [S in SistemaMinisterio]: {
    obligatorios: (keyof CredencialesPorSistema[S])[];
    opcionales: (keyof CredencialesPorSistema[S])[];
  };
} = {
  muv: { obligatorios: ['tipoDocumento', 'numeroDocumento', 'clave', 'nit'], opcionales: ['tipoUsuario'] },
  ihce: {
    obligatorios: ['clientId', 'clientSecret', 'tenantId', 'scope', 'subscriptionKey'],
    opcionales: [],
  },
};

const TIPOS_USUARIO_MUV = ['RE', 'PIN', 'PINx', 'PIE'];

const NOMBRE: Record<SistemaMinisterio, string> = { muv: 'MUV (SISPRO)', ihce: 'IHCE' };

export function validarCredenciales<S extends SistemaMinisterio>(
  sistema: S,
  datos: Record<string, unknown>,
): CredencialesPorSistema[S] {
  const { obligatorios, opcionales } = CAMPOS[sistema];
  const detalles: DetalleError[] = [];
  const limpio: Record<string, string> = {};
  for (const campo of [...obligatorios, ...opcionales] as string[]) {
    const v = datos[campo];
    if (v === undefined || v === null || v === '') {
      if ((obligatorios as string[]).includes(campo)) detalles.push({ campo, mensaje: 'Es obligatorio.' });
      continue;
    }
    if (typeof v !== 'string') detalles.push({ campo, mensaje: 'Debe ser texto.' });
    else limpio[campo] = v.trim();
  }
  if (sistema === 'muv' && limpio.tipoUsuario && !TIPOS_USUARIO_MUV.includes(limpio.tipoUsuario)) {
    detalles.push({ campo: 'tipoUsuario', mensaje: `Valores: ${TIPOS_USUARIO_MUV.join(', ')}.` });
  }
  if (detalles.length)
    throw errores.entradaInvalida(`Credenciales de ${NOMBRE[sistema]} incompletas.`, detalles);
  return limpio as unknown as CredencialesPorSistema[S];
}

/** What `rotarClave` did (or, simulating, would do). */
export interface ResultadoRotacion {
  simulacion: boolean;
  /** Stored credentials, all systems. */
  total: number;
  porSistema: Record<SistemaMinisterio, number>;
  entidades: number;
  /** Re-encrypted with the new key (simulating: that would be). */
  recifradas: number;
  /** Already readable with the new key only: a rerun after an interrupted rotation. */
  yaConClaveNueva: number;
}

/**
 * Stores and reads ministry credentials, encrypted with the configured key.
 * Only the upstream clients call `leer`; nothing returns the secrets through the API.
 */
export class ServicioCredenciales {
  constructor(private readonly clave: Buffer) {}

  private asociado(entidad: Entidad, sistema: SistemaMinisterio): string {
    return `${entidad.id}:${sistema}`;
  }

  async guardar<S extends SistemaMinisterio>(
    em: EntityManager,
    entidad: Entidad,
    sistema: S,
    datos: Record<string, unknown>,
  ): Promise<void> {
    const validas = validarCredenciales(sistema, datos);
    const cifrado = cifrar(this.clave, JSON.stringify(validas), this.asociado(entidad, sistema));
    const fila = await em.findOne(CredencialMinisterio, { entidad, sistema });
    if (fila) {
      fila.cifrado = cifrado;
      fila.updatedAt = new Date();
    } else {
      em.create(CredencialMinisterio, { entidad, sistema, cifrado, updatedAt: new Date() });
    }
    await em.flush();
  }

  async borrar(em: EntityManager, entidad: Entidad, sistema: SistemaMinisterio): Promise<boolean> {
    return (await em.nativeDelete(CredencialMinisterio, { entidad, sistema })) > 0;
  }

  /** 503 `credenciales-no-configuradas` when missing or not readable with this instance's key. */
  async leer<S extends SistemaMinisterio>(
    em: EntityManager,
    entidad: Entidad,
    sistema: S,
  ): Promise<CredencialesPorSistema[S]> {
    const fila = await em.findOne(CredencialMinisterio, { entidad, sistema }, { populate: ['cifrado'] });
    if (!fila) throw errores.credencialesNoConfiguradas(NOMBRE[sistema]);
    const texto = intentarDescifrar(this.clave, fila.cifrado, this.asociado(entidad, sistema));
    // An instance still on the old key after `credenciales rotar-clave`: say so instead of a 500.
    if (texto === undefined) {
      throw new ErrorApp(
        'credenciales-no-configuradas',
        `Las credenciales de ${NOMBRE[sistema]} de la entidad no se pueden descifrar con la CREDENTIALS_KEY de esta ` +
          'instancia (¿se rotó la clave y esta instancia no se ha reiniciado con la nueva?). El operador debe revisarlo.',
      );
    }
    return JSON.parse(texto);
  }

  /**
   * Re-encrypts every stored credential from this service's key to `claveNueva`, all or nothing:
   * one transaction, with the table locked against concurrent writes (a credential saved meanwhile
   * with the old key would be left unreadable). Each one must decrypt with the current key, or with
   * the new one (already rotated: counted, left as is); if any decrypts with neither, nothing changes.
   */
  async rotarClave(
    em: EntityManager,
    claveNueva: Buffer,
    o: { simular?: boolean } = {},
  ): Promise<ResultadoRotacion> {
    if (claveNueva.length !== 32) throw errores.entradaInvalida('La clave nueva debe tener 32 bytes.');
    if (claveNueva.equals(this.clave)) {
      throw errores.entradaInvalida(
        'La clave nueva es igual a la actual (CREDENTIALS_KEY): no hay nada que rotar.',
      );
    }
    const simulacion = !!o.simular;
    return em.transactional(async (tem) => {
      await tem.execute('lock table credencial_ministerio in share row exclusive mode');
      const filas = await tem.find(
        CredencialMinisterio,
        {},
        { populate: ['cifrado'], orderBy: { id: 'asc' } },
      );
      const porSistema = Object.fromEntries(SISTEMAS_MINISTERIO.map((s) => [s, 0])) as Record<
        SistemaMinisterio,
        number
      >;
      const recifrar: { fila: CredencialMinisterio; texto: string; asociado: string }[] = [];
      const ilegibles: CredencialMinisterio[] = [];
      let yaConClaveNueva = 0;
      for (const fila of filas) {
        porSistema[fila.sistema] += 1;
        const asociado = this.asociado(fila.entidad, fila.sistema);
        const texto = intentarDescifrar(this.clave, fila.cifrado, asociado);
        if (texto !== undefined) recifrar.push({ fila, texto, asociado });
        else if (intentarDescifrar(claveNueva, fila.cifrado, asociado) !== undefined) yaConClaveNueva += 1;
        else ilegibles.push(fila);
      }
      if (ilegibles.length) {
        const entidades = await tem.find(Entidad, { id: { $in: ilegibles.map((f) => f.entidad.id) } });
        const slug = new Map(entidades.map((e) => [e.id, e.slug]));
        throw errores.entradaInvalida(
          `${ilegibles.length} de ${filas.length} credenciales no se pueden descifrar con la clave actual ` +
            '(CREDENTIALS_KEY) ni con la nueva: no se cambió nada. Verifique que CREDENTIALS_KEY sea la clave con la que ' +
            'se guardaron (la misma del servidor).',
          ilegibles.map((f) => ({
            campo: slug.get(f.entidad.id) ?? f.entidad.id,
            mensaje: `Credenciales de ${NOMBRE[f.sistema]} ilegibles con ambas claves.`,
          })),
        );
      }
      if (!simulacion) {
        for (const r of recifrar) r.fila.cifrado = cifrar(claveNueva, r.texto, r.asociado);
        await tem.flush();
      }
      return {
        simulacion,
        total: filas.length,
        porSistema,
        entidades: new Set(filas.map((f) => f.entidad.id)).size,
        recifradas: recifrar.length,
        yaConClaveNueva,
      };
    });
  }

  async estado(
    em: EntityManager,
    entidad: Entidad,
    sistema: SistemaMinisterio,
  ): Promise<{ configuradas: boolean; actualizadas: Date | null }> {
    const fila = await em.findOne(CredencialMinisterio, { entidad, sistema });
    return { configuradas: !!fila, actualizadas: fila?.updatedAt ?? null };
  }
}

/** The clear text, or undefined when the key (or the associated data) does not match. */
function intentarDescifrar(clave: Buffer, cifrado: string, asociado: string): string | undefined {
  try {
    return descifrar(clave, cifrado, asociado);
  } catch {
    return undefined;
  }
}
