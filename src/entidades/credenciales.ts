import type { EntityManager } from '@mikro-orm/postgresql';
import { type DetalleError, errores } from '../errores/errores.js';
import { cifrar, descifrar } from './cifrado.js';
import { CredencialMinisterio, type SistemaMinisterio } from './credencial.entity.js';
import type { Entidad } from './entidad.entity.js';

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

  /** 503 `credenciales-no-configuradas` when missing. */
  async leer<S extends SistemaMinisterio>(
    em: EntityManager,
    entidad: Entidad,
    sistema: S,
  ): Promise<CredencialesPorSistema[S]> {
    const fila = await em.findOne(CredencialMinisterio, { entidad, sistema }, { populate: ['cifrado'] });
    if (!fila) throw errores.credencialesNoConfiguradas(NOMBRE[sistema]);
    return JSON.parse(descifrar(this.clave, fila.cifrado, this.asociado(entidad, sistema)));
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
