import type { Catalogos } from '../../catalogos/tipos.js';
import { clases, type Regla, regla } from '../tipos.js';
import { dondeServicio, numero, texto } from './comun.js';
import { conNombre, TIPO_MEDICAMENTO } from './tablas.js';

const MAGISTRAL = '03';

/** Values quoted in a text are input: keep them short. */
const corto = (v: string) => (v.length > 40 ? `${v.slice(0, 37)}…` : v);

/** A CUM: file number, hyphen, consecutive. */
const CUM = /^(\d+)-(\d+)$/;

/**
 * The spelling CatalogoCUMs uses for a CUM written with a zero-padded consecutive (19992190-03 →
 * 19992190-3: the table writes the consecutive without leading zeros), when that one is there.
 */
function cumSinCeros(catalogos: Catalogos, codigo: string): string | undefined {
  const m = CUM.exec(codigo);
  if (!m || !m[2]!.startsWith('0')) return undefined;
  const sinCeros = `${m[1]}-${m[2]!.replace(/^0+(?=\d)/, '')}`;
  return catalogos.entrada('CatalogoCUMs', sinCeros) ? sinCeros : undefined;
}
const UNIRS = '04';

/** DCI codes DT1 prescribes for cannabis-derived magistral preparations (RVC064, M08). */
const DCI_CANNABIS: ReadonlySet<string> = new Set(['02887', '50840', '50941']);

/** Types whose name, concentration, unit and form the Ministry takes from the code (RVC065). */
const TIPOS_CON_CODIGO: ReadonlySet<string> = new Set(['01', '02', '04']);

/** M09–M12 with how "not informed" looks for each (C → null, N → 0). */
const DATOS_MAGISTRAL: readonly { campo: string; numerico: boolean }[] = [
  { campo: 'nomTecnologiaSalud', numerico: false },
  { campo: 'concentracionMedicamento', numerico: true },
  { campo: 'unidadMedida', numerico: true },
  { campo: 'formaFarmaceutica', numerico: false },
];

export const REGLAS_MEDICAMENTOS: Regla[] = [
  regla({
    codigo: 'RVC055',
    campos: ['M07'],
    clases: clases('N', 'R'),
    mensajeOficial:
      'Tenga en cuenta que está informando un medicamento UNIRS que no se encuentra en la tabla de referencia UNIRS, autorizado por la entidad competente.',
    titulo: 'Medicamento UNIRS que no está en el listado UNIRS',
    explicacion:
      'Cuando el «Tipo de medicamento» es 04 «Uso no incluido en el registro sanitario» (UNIRS), el «Código del medicamento» debe estar habilitado en el listado UNIRS autorizado por la autoridad competente (tabla de referencia UNIRS de SISPRO).',
    comoCorregir:
      'Verifique con el servicio farmacéutico que el medicamento esté en el listado UNIRS vigente y registre en el sistema de origen el tipo de medicamento que corresponde a su uso real: si se usó según su registro sanitario, es 01; si no está en el listado, no puede reportarse como UNIRS.',
    alcance: 'local',
    catalogos: ['UNIRS'],
    servicio: {
      tipos: ['medicamentos'],
      verificar(r, ref, ctx) {
        if (texto(r.tipoMedicamento) !== UNIRS) return;
        const codigo = texto(r.codTecnologiaSalud);
        if (!codigo || ctx.catalogos.contiene('UNIRS', codigo)) return;
        ctx.emitir('RVC055', dondeServicio(ref), 'tipoMedicamento', {
          valor: UNIRS,
          detalle: `El medicamento de código «${codigo}» no está habilitado en la tabla UNIRS.`,
        });
      },
    },
  }),
  regla({
    codigo: 'RVC063',
    campos: ['M08'],
    clases: clases('N', 'R'),
    mensajeOficial:
      'El código IUM o CUM ingresado no se encuentra en el catálogo de datos de IUM o CUM, respectivamente.',
    titulo: 'Código de medicamento que no existe en IUM ni en CUM',
    explicacion:
      'El «Código del medicamento» es el IUM (Identificador Único de Medicamento) o, si el medicamento no tiene IUM, el CUM, y debe existir en la tabla «IUM» o en «CatalogoCUMs» de SISPRO. No se aplica a las preparaciones magistrales (tipo 03), que pueden llevar códigos DCI (regla RVC064).',
    comoCorregir:
      'Corrija el código en el maestro de medicamentos del sistema de origen con el IUM o el CUM exactos publicados por SISPRO (el CUM con su formato completo de expediente y consecutivo, el consecutivo sin ceros a la izquierda: 19992190-3, no 19992190-03).',
    visto:
      'En tráfico capturado del MUV real RVC063 llegó como NOTIFICACION con la observación «El código de la tecnología  [19992190-03] no es válido, por favor verificar tabla de referencia.»: un CUM escrito con el consecutivo relleno con ceros, que CatalogoCUMs escribe sin ellos. El detalle de este hallazgo empieza con esa misma forma y, cuando la tabla tiene el CUM sin los ceros, dice cómo escribirlo.',
    alcance: 'local',
    catalogos: ['IUM', 'CatalogoCUMs'],
    servicio: {
      tipos: ['medicamentos'],
      verificar(r, ref, ctx) {
        if (texto(r.tipoMedicamento) === MAGISTRAL) return;
        const codigo = texto(r.codTecnologiaSalud);
        if (!codigo) return;
        // Existence, as DT1 says: an IUM/CUM that SISPRO lists as disabled still exists.
        if (ctx.catalogos.entrada('IUM', codigo) || ctx.catalogos.entrada('CatalogoCUMs', codigo)) return;
        const correcto = cumSinCeros(ctx.catalogos, codigo);
        ctx.emitir('RVC063', dondeServicio(ref), 'codTecnologiaSalud', {
          valor: codigo,
          detalle: `El código de la tecnología [${corto(codigo)}] no es válido: no está en la tabla IUM ni en CatalogoCUMs.${
            correcto
              ? ` CatalogoCUMs tiene el CUM «${correcto}»: el consecutivo se escribe sin ceros a la izquierda; informe «${correcto}».`
              : ''
          }`,
        });
      },
    },
  }),
  regla({
    codigo: 'RVC064',
    campos: ['M08'],
    clases: clases(null, 'R'),
    mensajeOficial:
      'Informó un código de tecnología de salud para una preparación magistral y este tipo de tecnología de salud actualmente no tiene codificación.',
    titulo: 'Código de preparación magistral sin codificación válida',
    explicacion:
      'En una preparación magistral (tipo de medicamento 03) cada principio activo se registra con el CUM o el IUM del medicamento usado para elaborarla o con el código DCI (Denominación Común Internacional) del principio activo; en las preparaciones a base de derivados del cannabis se usa el DCI: 02887 Cannabinol, 50840 Cannabidiol o 50941 Tetrahidrocannabinol (Dronabinol). Un código que no está en las tablas IUM, CatalogoCUMs ni DCI no es una codificación válida.',
    comoCorregir:
      'Registre en el sistema de origen, en cada principio activo de la preparación magistral, el CUM o el IUM del medicamento usado, o el código DCI del principio activo (para derivados del cannabis: 02887, 50840 o 50941).',
    alcance: 'local',
    catalogos: ['IUM', 'CatalogoCUMs', 'DCI'],
    servicio: {
      tipos: ['medicamentos'],
      verificar(r, ref, ctx) {
        if (texto(r.tipoMedicamento) !== MAGISTRAL) return;
        const codigo = texto(r.codTecnologiaSalud);
        if (!codigo || DCI_CANNABIS.has(codigo)) return;
        const c = ctx.catalogos;
        if (c.entrada('IUM', codigo) || c.entrada('CatalogoCUMs', codigo) || c.entrada('DCI', codigo)) return;
        ctx.emitir('RVC064', dondeServicio(ref), 'codTecnologiaSalud', {
          valor: codigo,
          detalle: 'El código de la preparación magistral no está en las tablas IUM, CatalogoCUMs ni DCI.',
        });
      },
    },
  }),
  regla({
    codigo: 'RVC065',
    campos: ['M09', 'M10', 'M11', 'M12'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'Tenga en cuenta que no es necesario que informe dato para el tipo de medicamento informado ya que el Ministerio de Salud y Protección Social obtiene los datos del medicamento informado a partir del código informado.',
    titulo: 'Datos de preparación magistral informados en un medicamento con código',
    explicacion:
      'En los medicamentos de tipo 01 (con registro sanitario), 02 (vital no disponible) y 04 (UNIRS) el Ministerio obtiene nombre, concentración, unidad de medida y forma farmacéutica a partir del código del medicamento, así que «Nombre genérico del medicamento», «Concentración del medicamento», «Unidad de medida del principio activo» y «Forma farmacéutica» no se informan: van en null (nombre y forma farmacéutica) o en 0 (concentración y unidad de medida). Solo se diligencian en preparaciones magistrales.',
    comoCorregir:
      'Ajuste la generación del RIPS para que, en medicamentos de tipo 01, 02 o 04, envíe null en el nombre y la forma farmacéutica y 0 en la concentración y la unidad de medida.',
    alcance: 'local',
    servicio: {
      tipos: ['medicamentos'],
      verificar(r, ref, ctx) {
        const tipo = texto(r.tipoMedicamento);
        if (!tipo || !TIPOS_CON_CODIGO.has(tipo)) return;
        for (const { campo, numerico } of DATOS_MAGISTRAL) {
          const informado = numerico ? (numero(r[campo]) ?? 0) !== 0 : texto(r[campo]) !== null;
          if (!informado) continue;
          ctx.emitir('RVC065', dondeServicio(ref), campo, {
            valor: r[campo],
            detalle: `No se informa para el tipo de medicamento ${conNombre(tipo, TIPO_MEDICAMENTO)}.`,
          });
        }
      },
    },
  }),
  regla({
    codigo: 'RVC094',
    campos: ['M19'],
    clases: clases(null, 'N'),
    mensajeOficial:
      'El campo vrServicio (M19) [] debe ser igual a la operación entre cantidadMedicamento (M14) [] * vrUnitMedicamento (M18) []',
    titulo: 'Valor del medicamento distinto de cantidad por valor unitario',
    explicacion:
      'El «Valor del servicio» de un medicamento debe ser exactamente igual a la «Cantidad dispensada» multiplicada por el «Valor unitario del medicamento» (Documento Técnico 1 v002, numeral 6 y control de cambios 3.1). Los tres campos son números enteros, así que no hay diferencias de redondeo que aceptar. La regla aplica a la modalidad de pago por evento y no a las preparaciones magistrales (tipo 03), cuyo valor total va solo en el primer principio activo. La modalidad de pago está en la factura: aquí se verifica cuando el registro trae valores (en las demás modalidades ambos van en 0).',
    comoCorregir:
      'Revise en el sistema de origen la cantidad dispensada (en unidades mínimas de dispensación) y el valor unitario (el de la unidad mínima, con los descuentos pactados ya aplicados) y genere el valor del servicio como su producto exacto, sin redondear ni ajustar el total.',
    alcance: 'local',
    servicio: {
      tipos: ['medicamentos'],
      verificar(r, ref, ctx) {
        if (texto(r.tipoMedicamento) === MAGISTRAL) return;
        const cantidad = numero(r.cantidadMedicamento);
        const unitario = numero(r.vrUnitMedicamento);
        const total = numero(r.vrServicio);
        if (cantidad === null || unitario === null || total === null) return;
        if (unitario === 0 && total === 0) return;
        // Integer fields (DT1 N): a decimal is RVG05's (rechazo), not a second finding here.
        if (
          !Number.isSafeInteger(cantidad) ||
          !Number.isSafeInteger(unitario) ||
          !Number.isSafeInteger(total)
        )
          return;
        const esperado = cantidad * unitario;
        if (total === esperado) return;
        ctx.emitir('RVC094', dondeServicio(ref), 'vrServicio', {
          valor: total,
          detalle: `Cantidad ${cantidad} × valor unitario ${unitario} = ${esperado}, pero el valor del servicio es ${total} (diferencia de ${Math.abs(total - esperado)}).`,
        });
      },
    },
  }),
];
