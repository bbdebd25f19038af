import type { Catalogos } from '../../catalogos/tipos.js';
import { TIPOS_SERVICIO, type TipoServicio } from '../../tipos.js';
import { COLUMNAS, valorExtra } from '../helpers/catalogos.js';
import { esDeLaEntidad } from '../helpers/prestadores.js';
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

/**
 * RVC011's finding on a service: both tables loaded and the code in neither (a technology provider's
 * types also need EntidadesnoREPS loaded). False when it cannot be told.
 */
function noRegistradoEnSispro(c: Catalogos, codigo: string, tipo: TipoServicio): boolean {
  if (!c.cargado('IPSCodHabilitacion') || !c.cargado('IPSnoREPS') || registradoEnSispro(c, codigo))
    return false;
  return !(TIPOS_PTS.has(tipo) && !c.cargado(ENTIDADES_NO_REPS));
}

/** codPrestador as DT1 gives it (C01…): 10 digits of the provider and 2 of the sede. */
const CODIGO_SERVICIO = /^\d{12}$/;
/** CODIGO_PRESTADOR under the document root, as the FEV gate locates it (src/rips/fev/codigos.ts). */
const RUTA_CODIGO_PRESTADOR =
  'UBLExtensions.CustomTagGeneral.Interoperabilidad.Group.Collection.AdditionalInformation.CODIGO_PRESTADOR';
/** Values quoted in a text are input: keep them short. */
const corto = (v: string) => (v.length > 40 ? `${v.slice(0, 37)}…` : v);
/** How the MUV words the pair it looked up (RVC012); texts are built only for a finding. */
const datosMuv = (codigo: string, nit: string | undefined) =>
  `(Código Prestador: ${corto(codigo)} - Nit: ${nit || 'sin NIT'})`;

/** Identification the provider code is registered to (REPS: NroIDPrestador; IPSnoREPS: NIT). */
function identificacionDelPrestador(c: Catalogos, codigo: string): string | undefined {
  if (c.entrada('IPSCodHabilitacion', codigo)) {
    return soloDigitos(valorExtra(c, COLUMNAS.habilitacionNroId, codigo));
  }
  if (c.entrada('IPSnoREPS', codigo)) return soloDigitos(valorExtra(c, COLUMNAS.noRepsNit, codigo));
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
    titulo: 'Código de prestador no habilitado para quien radica',
    explicacion:
      'El código del prestador debe ser uno de los habilitados de quien factura y radica. En la factura electrónica (CODIGO_PRESTADOR), uno de los códigos del prestador con el que se radica: el MUV lo compara con los datos de autenticación de su usuario; aquí, con los códigos de prestador que la entidad declaró. En cada servicio del RIPS («Código del prestador», 12 dígitos: habilitación más sede), un código habilitado en la tabla IPSCodHabilitacion del REPS, o en IPSnoREPS / EntidadesnoREPS para quienes no están en el REPS.',
    comoCorregir:
      'Si el código es de la entidad (otro prestador o sede suyo), pida al operador que lo declare con `npm run cli -- entidad prestadores <slug> --agregar <código>`. Si no lo es, corrija el código en el software de facturación (CODIGO_PRESTADOR: los 10 dígitos del prestador, tal como figura en el REPS) y emita de nuevo el documento, o en el sistema de origen el código de la sede que prestó el servicio (10 dígitos del prestador más 2 de la sede).',
    visto:
      'En tráfico capturado del MUV real (API Docker FEV-RIPS, 2025) RVC011 llegó como «El código de prestador en salud informado en el documento electrónico no coincide con los datos de autenticación. Valor Reportado Xml: […] -> Código(s) de Prestador(es) Habilitado(s): […]»: el MUV compara el CODIGO_PRESTADOR de la factura con los códigos habilitados del prestador de su usuario. Aquí se compara con los códigos que la entidad declaró (`cli entidad prestadores`); sin ellos no se verifica y la nota informativa PRE01 lo dice.',
    alcance: 'local',
    catalogos: ['IPSCodHabilitacion', 'IPSnoREPS'],
    prestadores: true,
    transaccion: (_rips, ctx) => {
      // The invoice's provider against the entity's: what the MUV checks against its login.
      const declarados = ctx.prestadores;
      const xml = ctx.fev?.codigoPrestador;
      if (!declarados || !xml || esDeLaEntidad(declarados, xml)) return;
      const tipo = ctx.fev!.tipoDocumento;
      ctx.emitir('RVC011', {}, `xmlFevFile:${tipo}.${RUTA_CODIGO_PRESTADOR}`, {
        detalle: `Valor reportado en el XML (CODIGO_PRESTADOR): «${corto(xml)}» → códigos de prestador habilitados que la entidad declaró: ${declarados.codigos.join(', ')}.`,
      });
    },
    servicio: {
      tipos: TIPOS_SERVICIO,
      verificar: (r, ref, ctx) => {
        // Without both tables (the entity's codes alone made the rule run) there is nothing to look up.
        if (!ctx.catalogos.cargado('IPSnoREPS')) return;
        const codigo = texto(r.codPrestador);
        if (codigo && noRegistradoEnSispro(ctx.catalogos, codigo, ref.tipo))
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
      'El «Código del prestador» de cada servicio debe pertenecer al facturador del RIPS (numDocumentoIdObligado): ser de uno de los prestadores que la entidad declaró como propios y, en SISPRO (IPSCodHabilitacion, IPSnoREPS), estar registrado a ese NIT. Este código es de otro prestador.',
    comoCorregir:
      'Configure en el sistema de origen, en cada servicio, el código de habilitación de la sede propia del facturador que lo prestó; los servicios prestados por otra entidad los factura esa entidad. Si el código sí es de la entidad (otra sede u otro prestador del mismo NIT), pida al operador que lo declare con `npm run cli -- entidad prestadores <slug> --agregar <código>`.',
    visto:
      'En tráfico capturado del MUV real (2025) RVC012 llegó como «Verificar tablas de referencia, datos (Código Prestador:… - Nit: …)»: el código del servicio no está relacionado con el NIT en sus tablas de referencia. El detalle de este hallazgo empieza con esa misma forma. Aquí se decide con los códigos que la entidad declaró y, cuando está importada, con IPSCodHabilitacion (e IPSnoREPS si también lo está).',
    alcance: 'local',
    catalogos: ['IPSCodHabilitacion'],
    prestadores: true,
    servicio: {
      tipos: TIPOS_SERVICIO,
      verificar: (r, ref, ctx) => {
        const codigo = texto(r.codPrestador);
        if (!codigo) return;
        const c = ctx.catalogos;
        const declarados = ctx.prestadores;
        // A malformed code is the format rules' finding; one absent from SISPRO is RVC011's.
        if (
          declarados &&
          !esDeLaEntidad(declarados, codigo) &&
          CODIGO_SERVICIO.test(codigo) &&
          !noRegistradoEnSispro(c, codigo, ref.tipo)
        ) {
          const registrado = identificacionDelPrestador(c, codigo);
          ctx.emitir('RVC012', dondeServicio(ref), 'codPrestador', {
            valor: codigo,
            detalle: `${datosMuv(codigo, soloDigitos(ctx.rips.numDocumentoIdObligado))} No es de ninguno de los prestadores que la entidad declaró: ${declarados.codigos.join(', ')}.${registrado ? ` En SISPRO está registrado a la identificación ${registrado}.` : ''}`,
          });
          return;
        }
        if (!c.cargado('IPSCodHabilitacion')) return;
        const registrado = identificacionDelPrestador(c, codigo);
        if (!registrado) return;
        const nit = soloDigitos(ctx.rips.numDocumentoIdObligado);
        if (!nit || registrado === nit) return;
        ctx.emitir('RVC012', dondeServicio(ref), 'codPrestador', {
          valor: codigo,
          detalle: `${datosMuv(codigo, nit)} En SISPRO el código está registrado a la identificación ${registrado} y el NIT del RIPS es ${nit}.`,
        });
      },
    },
  }),
];
