import type { Catalogos } from '../catalogos/tipos.js';
import type { VerificadorEstructura } from '../estructura/verificador.js';
import type { ContextoRegla, RefServicio, Regla } from '../reglas/tipos.js';
import { type Donde, type Hallazgo, type Registro, TIPOS_SERVICIO, type TipoServicio } from '../tipos.js';

export interface OpcionesMotor {
  fecha: Date;
  catalogos: Catalogos;
  reglas: readonly Regla[];
  estructura?: VerificadorEstructura;
}

export interface NotaOmitida {
  /** CAT01: a large catalog is not loaded · MUV01: rules only the MUV can check · XML01: rules that need the invoice XML. */
  codigo: 'CAT01' | 'MUV01' | 'XML01';
  catalogo?: string;
  reglas: string[];
}

export interface ResultadoMotor {
  hallazgos: Hallazgo[];
  notas: NotaOmitida[];
  /** "CC 123" of each user by index (what a finding's location shows), null when missing. */
  documentos: (string | null)[];
}

function esObjeto(v: unknown): v is Registro {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * One pass over the RIPS: structure checks and every active rule's hooks per record, then
 * the cross-record `final` hooks on the indexes the rules built during the walk.
 * Pure and synchronous; the caller explains the raw findings.
 */
export function recorrer(
  rips: Registro,
  o: OpcionesMotor,
  usuariosPorPartes?: Iterable<unknown>,
): ResultadoMotor {
  const hallazgos: Hallazgo[] = [];
  const documentos: (string | null)[] = [];
  const notas: NotaOmitida[] = [];

  const faltantes = new Map<string, string[]>();
  const activas: Regla[] = [];
  const soloMuv: string[] = [];
  const conXml: string[] = [];
  for (const r of o.reglas) {
    if (r.alcance === 'muv') soloMuv.push(r.codigo);
    if (r.alcance === 'fev') conXml.push(r.codigo);
    if (r.alcance !== 'local') continue;
    const sinCargar = (r.catalogos ?? []).filter((t) => !o.catalogos.cargado(t));
    if (sinCargar.length) {
      for (const t of sinCargar) faltantes.set(t, [...(faltantes.get(t) ?? []), r.codigo]);
      continue;
    }
    activas.push(r);
  }
  for (const t of o.estructura?.catalogosFaltantes?.() ?? [])
    faltantes.set(t, ['RVG06', ...(faltantes.get(t) ?? [])]);
  for (const [catalogo, reglas] of [...faltantes].sort(([a], [b]) => (a < b ? -1 : 1)))
    notas.push({ codigo: 'CAT01', catalogo, reglas });
  if (soloMuv.length) notas.push({ codigo: 'MUV01', reglas: soloMuv });
  if (conXml.length) notas.push({ codigo: 'XML01', reglas: conXml });

  const ctx: ContextoRegla = {
    fecha: o.fecha,
    rips,
    catalogos: o.catalogos,
    emitir: (codigo, donde, campo, extra) => {
      hallazgos.push({ codigo, ...donde, ...(campo ? { campo } : {}), ...extra });
    },
  };
  const estados = new Map<Regla, unknown>(activas.map((r) => [r, r.estado?.()]));
  const conTransaccion = activas.filter((r) => r.transaccion);
  const conUsuario = activas.filter((r) => r.usuario);
  // Hook and state resolved once per type: the per-record loop then does no lookups.
  type Gancho = { verificar: NonNullable<Regla['servicio']>['verificar']; estado: unknown };
  const porTipo = Object.fromEntries(
    TIPOS_SERVICIO.map((t) => [
      t,
      activas
        .filter((r) => r.servicio?.tipos.includes(t))
        .map((r): Gancho => ({ verificar: r.servicio!.verificar, estado: estados.get(r) })),
    ]),
  ) as Record<TipoServicio, Gancho[]>;
  const estructural = (donde: Donde) => (h: Omit<Hallazgo, keyof Donde>) =>
    hallazgos.push({ ...h, ...donde });

  o.estructura?.verificar('transaccion', rips, estructural({}));
  for (const r of conTransaccion) r.transaccion!(rips, ctx, estados.get(r));

  const usuarios = usuariosPorPartes ?? (Array.isArray(rips.usuarios) ? rips.usuarios : undefined);
  if (usuarios) {
    let i = -1;
    for (const u of usuarios) {
      i++;
      const dondeU: Donde = { usuarioIndex: i };
      o.estructura?.verificar('usuario', u, estructural(dondeU));
      documentos.push(esObjeto(u) ? documentoDe(u) : null);
      if (!esObjeto(u)) continue;
      for (const r of conUsuario) r.usuario!(u, i, ctx, estados.get(r));
      const servicios = u.servicios;
      if (servicios === undefined || servicios === null) continue;
      if (!esObjeto(servicios)) {
        hallazgos.push({
          codigo: 'RVG01',
          ...dondeU,
          campo: 'servicios',
          detalle: '«servicios» debe ser un objeto.',
        });
        continue;
      }
      for (const tipo of TIPOS_SERVICIO) {
        const lista = servicios[tipo];
        if (lista === undefined || lista === null) continue;
        if (!Array.isArray(lista)) {
          hallazgos.push({
            codigo: 'RVG01',
            ...dondeU,
            campo: tipo,
            detalle: `«${tipo}» debe ser un arreglo.`,
          });
          continue;
        }
        const reglasTipo = porTipo[tipo];
        for (let j = 0; j < lista.length; j++) {
          const reg = lista[j];
          o.estructura?.verificar(
            tipo,
            reg,
            estructural({ usuarioIndex: i, tipoServicio: tipo, servicioIndex: j }),
          );
          if (!esObjeto(reg)) continue;
          const ref: RefServicio = { usuario: u, usuarioIndex: i, tipo, indice: j };
          for (let k = 0; k < reglasTipo.length; k++) {
            const g = reglasTipo[k]!;
            g.verificar(reg, ref, ctx, g.estado);
          }
        }
      }
    }
  }
  for (const r of activas) r.final?.(ctx, estados.get(r));
  return { hallazgos, notas, documentos };
}

function documentoDe(u: Registro): string | null {
  const num = u.numDocumentoIdentificacion;
  if ((typeof num !== 'string' || num.trim() === '') && typeof num !== 'number') return null;
  const tipo = u.tipoDocumentoIdentificacion;
  return `${typeof tipo === 'string' && tipo.trim() !== '' ? tipo : '?'} ${num}`;
}
