import type { Catalogos } from '../../catalogos/tipos.js';
import { TIPOS_SERVICIO, type TipoServicio } from '../../tipos.js';
import { EXTRA, extra } from '../helpers/catalogos.js';
import { dondeServicio, soloDigitos, texto } from '../helpers/registros.js';
import { clases, type Regla, regla } from '../tipos.js';

/**
 * DT1 v002 puts technology providers (PTS) in a third table, "EntidadesnoREPS", that is not
 * among the catalogs the service imports by default. A PTS may only report medicamentos and
 * otros servicios (RVC003; the T01 observation also lists procedimientos), so a provider code
 * missing from IPSCodHabilitacion and IPSnoREPS is only certain to be wrong in the service
 * types a PTS cannot report. For the others RVC011 also needs EntidadesnoREPS loaded.
 */
const ENTIDADES_NO_REPS = 'EntidadesnoREPS';
const TIPOS_PTS: ReadonlySet<TipoServicio> = new Set(['procedimientos', 'medicamentos', 'otrosServicios']);
/** What RVC003 flags: the rule text allows users, medicamentos and otros servicios; procedimientos are left out (T01 allows them). */
const TIPOS_NO_PERMITIDOS_PTS: readonly TipoServicio[] = [
  'consultas',
  'urgencias',
  'hospitalizacion',
  'recienNacidos',
];

function registradoEnSispro(c: Catalogos, codigo: string): boolean {
  return (
    c.contiene('IPSCodHabilitacion', codigo) ||
    c.contiene('IPSnoREPS', codigo) ||
    (c.cargado(ENTIDADES_NO_REPS) && c.contiene(ENTIDADES_NO_REPS, codigo))
  );
}

/** Identification the provider code is registered to (REPS: Extra_II; IPSnoREPS: Extra_X). */
function identificacionDelPrestador(c: Catalogos, codigo: string): string | undefined {
  if (c.entrada('IPSCodHabilitacion', codigo)) {
    return soloDigitos(extra(c, 'IPSCodHabilitacion', codigo, EXTRA.habilitacionNroId));
  }
  if (c.entrada('IPSnoREPS', codigo)) return soloDigitos(extra(c, 'IPSnoREPS', codigo, EXTRA.noRepsNit));
  return undefined;
}

interface EstadoRvc003 {
  /** A provider code of the RIPS is a technology provider's (EntidadesnoREPS). */
  pts: boolean;
  prohibidos: { usuarioIndex: number; tipo: TipoServicio; indice: number }[];
}

export const REGLAS_RVC_PRESTADOR: Regla[] = [
  regla<EstadoRvc003>({
    codigo: 'RVC003',
    campos: ['T01'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'Por ser un proveedor de tecnologías de salud únicamente puede informar datos de usuarios, medicamentos y otros servicios.',
    titulo: 'Proveedor de tecnologías con servicios que no puede informar',
    explicacion:
      'El facturador está registrado en SISPRO como proveedor de tecnologías en salud (tabla EntidadesnoREPS), y un proveedor de tecnologías solo puede informar usuarios, medicamentos y otros servicios; este RIPS trae consultas, urgencias, hospitalizaciones o recién nacidos.',
    comoCorregir:
      'Quite del RIPS los servicios que no presta como proveedor de tecnologías; si sí los presta como IPS, facture con el NIT y el código de habilitación del prestador.',
    alcance: 'local',
    catalogos: [ENTIDADES_NO_REPS],
    estado: () => ({ pts: false, prohibidos: [] }),
    lee: { usuario: [], servicio: ['codPrestador'] },
    servicio: {
      tipos: TIPOS_SERVICIO,
      verificar: (r, ref, ctx, e) => {
        if (TIPOS_NO_PERMITIDOS_PTS.includes(ref.tipo)) {
          e.prohibidos.push({ usuarioIndex: ref.usuarioIndex, tipo: ref.tipo, indice: ref.indice });
        }
        const codigo = texto(r.codPrestador);
        if (!e.pts && codigo && ctx.catalogos.contiene(ENTIDADES_NO_REPS, codigo)) {
          e.pts = true;
        }
      },
    },
    final: (ctx, e) => {
      if (!e.pts) return;
      for (const p of e.prohibidos) {
        ctx.emitir(
          'RVC003',
          { usuarioIndex: p.usuarioIndex, tipoServicio: p.tipo, servicioIndex: p.indice },
          undefined,
          {
            detalle:
              'El código de prestador del RIPS corresponde a un proveedor de tecnologías en salud (EntidadesnoREPS).',
          },
        );
      }
    },
  }),
  regla({
    codigo: 'RVC011',
    campos: ['C01', 'P01', 'R01', 'H01', 'N01', 'M01', 'S01'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'El código del facturador electrónico en salud que otorga el Ministerio de Salud y Protección Social que fue informado en los RIPS no se encuentra registrado en SISPRO.',
    titulo: 'Código de prestador no registrado en SISPRO',
    explicacion:
      'El «Código del prestador» (12 dígitos: código de habilitación más sede) debe estar habilitado en la tabla IPSCodHabilitacion del REPS o en IPSnoREPS / EntidadesnoREPS para quienes no están en el REPS. Este código no está en esas tablas.',
    comoCorregir:
      'Configure en el sistema de origen el código de habilitación de la sede que prestó el servicio, tal como figura en el REPS (10 dígitos del prestador más 2 de la sede).',
    alcance: 'local',
    catalogos: ['IPSCodHabilitacion', 'IPSnoREPS'],
    servicio: {
      tipos: TIPOS_SERVICIO,
      verificar: (r, ref, ctx) => {
        const codigo = texto(r.codPrestador);
        if (!codigo || registradoEnSispro(ctx.catalogos, codigo)) return;
        if (TIPOS_PTS.has(ref.tipo) && !ctx.catalogos.cargado(ENTIDADES_NO_REPS)) return;
        ctx.emitir('RVC011', dondeServicio(ref), 'codPrestador', { valor: codigo });
      },
    },
  }),
  regla({
    codigo: 'RVC012',
    campos: ['C01', 'P01', 'R01', 'H01', 'N01', 'M01', 'S01'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'El código del facturador electrónico en salud que otorga el Ministerio de Salud y Protección Social que fue informado en los RIPS no se encuentra relacionado con el número de identificación tributaria – NIT informado en los RIPS.',
    titulo: 'Código de prestador de otro NIT',
    explicacion:
      'El «Código del prestador» de cada servicio debe pertenecer al facturador del RIPS: en SISPRO ese código está registrado a nombre de otra identificación distinta del NIT del facturador (numDocumentoIdObligado).',
    comoCorregir:
      'Configure en el sistema de origen, en cada servicio, el código de habilitación de la sede propia del facturador que lo prestó; los servicios prestados por otra entidad los factura esa entidad.',
    alcance: 'local',
    catalogos: ['IPSCodHabilitacion', 'IPSnoREPS'],
    servicio: {
      tipos: TIPOS_SERVICIO,
      verificar: (r, ref, ctx) => {
        const codigo = texto(r.codPrestador);
        const nit = soloDigitos(ctx.rips.numDocumentoIdObligado);
        if (!codigo || !nit) return;
        const registrado = identificacionDelPrestador(ctx.catalogos, codigo);
        if (!registrado || registrado === nit) return;
        ctx.emitir('RVC012', dondeServicio(ref), 'codPrestador', {
          valor: codigo,
          detalle: `En SISPRO el código está registrado a la identificación ${registrado} y el NIT del RIPS es ${nit}.`,
        });
      },
    },
  }),
];
