import { COLUMNAS, numeral } from '../helpers/catalogos.js';
import { clases, type Regla, regla } from '../tipos.js';
import { dondeServicio, texto } from './comun.js';
import { finalidadConNombre } from './tablas.js';

/** Otros servicios whose code is a CUPS (DT1 S06): traslados, estancias, honorarios. */
const OTROS_CON_CUPS: ReadonlySet<string> = new Set(['02', '03', '05']);

const CAMPO_CUPS = {
  consultas: 'codConsulta',
  procedimientos: 'codProcedimiento',
  otrosServicios: 'codTecnologiaSalud',
};

const FINALIDAD_CUPS = 'FinalidadCUPS';
/** How the MUV names each field in its RVC059 observation («CodConsulta (890701) - Finalidad (15)»). */
const NOMBRE_MUV: Readonly<Record<string, string>> = {
  codConsulta: 'CodConsulta',
  codProcedimiento: 'CodProcedimiento',
};

/**
 * CUPS rules: RVC096 against CUPSRips, RVC059 against FinalidadCUPS; RVC082, RVC083 and RVC090 need
 * unpublished relations.
 */
export const REGLAS_CUPS: Regla[] = [
  regla({
    codigo: 'RVC059',
    campos: ['C04', 'P05'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'El código CUPS informado no se encuentra relacionado según el grupo de servicio, servicio, finalidad o causa.',
    titulo: 'CUPS no relacionado con la finalidad informada',
    explicacion:
      'El código CUPS de una consulta o de un procedimiento debe ser coherente con el grupo de servicios, el código de servicio, la finalidad y la causa informados. Aquí se verifica la finalidad con la tabla FinalidadCUPS de SISPRO: si el código CUPS aparece en ella, la finalidad informada debe ser una de las relacionadas con ese código en una fila habilitada. Un CUPS que la tabla no nombra no se juzga. El grupo de servicios y el servicio (la tabla CUPSGrServicios no documenta sus valores) y la causa (no hay tabla publicada) los verifica el MUV.',
    comoCorregir:
      'Revise en el sistema de origen que el código CUPS y la finalidad registrados sean los de la misma atención según la historia clínica, y corrija el que quedó mal registrado (por ejemplo, la finalidad por defecto que el sistema asigna a todas las consultas). Si ambos son correctos, no cambie la atención: es una notificación y el CUV se emite igual.',
    visto:
      'En tráfico capturado del MUV real (archivos aceptados) RVC059 llegó como NOTIFICACION con las observaciones «Verificar tabla de referencia CodConsulta (890701) - Finalidad (15)» y «CodConsulta (890201) - Finalidad (44)». En ese tráfico solo apareció en consultas, nunca en procedimientos cuyo CUPS no está en FinalidadCUPS. El detalle de este hallazgo empieza con la misma forma.',
    alcance: 'local',
    catalogos: [FINALIDAD_CUPS],
    servicio: {
      tipos: ['consultas', 'procedimientos'],
      verificar(r, ref, ctx) {
        const campo = ref.tipo === 'consultas' ? 'codConsulta' : 'codProcedimiento';
        const cups = texto(r[campo]);
        const finalidad = texto(r.finalidadTecnologiaSalud);
        if (!cups || !finalidad) return;
        const c = ctx.catalogos;
        const nCups = numeral(c, COLUMNAS.finalidadCupsCups);
        const nFinalidad = numeral(c, COLUMNAS.finalidadCupsFinalidad);
        if (!nCups || !nFinalidad) return;
        // Only a CUPS the table names is restricted: it lists ~1,000 pairs, not every CUPS.
        const finalidades = c.relacion(FINALIDAD_CUPS, nCups, nFinalidad).get(cups);
        if (!finalidades || finalidades.has(finalidad)) return;
        const admitidas = [...finalidades]
          .sort()
          .map((f) => finalidadConNombre(c, f))
          .join(', ');
        ctx.emitir('RVC059', dondeServicio(ref), campo, {
          valor: cups,
          detalle: `Verificar tabla de referencia ${NOMBRE_MUV[campo]} (${cups}) - Finalidad (${finalidad}). En la tabla FinalidadCUPS el código ${cups} está relacionado con ${finalidades.size === 1 ? 'la finalidad' : 'las finalidades'} ${admitidas}, no con ${finalidadConNombre(c, finalidad)}.`,
        });
      },
    },
  }),
  regla({
    codigo: 'RVC082',
    campos: ['S06'],
    clases: clases('N', 'N'),
    mensajeOficial: 'El código CUPS informado no corresponde al grupo de servicio informado.',
    titulo: 'CUPS de otros servicios que no corresponde al grupo de servicios',
    explicacion:
      'El código CUPS de un registro de otros servicios (traslados, estancias, honorarios) debe corresponder al grupo de servicios. Los registros de otros servicios no tienen campo de grupo de servicios y el documento técnico no dice contra qué dato se compara ni con qué columna de la tabla CUPSRips, por eso esta validación solo la hace el MUV.',
    comoCorregir:
      'Si el MUV la reporta, revise que el código CUPS del otro servicio corresponda al tipo de servicio prestado (traslado, estancia u honorarios) y a la atención a la que pertenece.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVC083',
    campos: ['P10'],
    clases: clases('N', 'N'),
    mensajeOficial: 'El código informado no corresponde a una intervención colectiva.',
    titulo: 'Finalidad «Intervención colectiva» con un código que no es de intervención colectiva',
    explicacion:
      'Si la finalidad de un procedimiento es «Intervención colectiva», el código del procedimiento debe ser uno de los «códigos para el reporte de información de intervenciones colectivas» del anexo 5 de la CUPS. Ese listado no hace parte de las tablas de referencia que carga este servicio, por eso esta validación solo la hace el MUV.',
    comoCorregir:
      'Use en el sistema de origen, para las intervenciones colectivas, los códigos del anexo 5 de la CUPS vigente; si la actividad no fue una intervención colectiva, corrija la finalidad del procedimiento.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVC090',
    campos: ['P05'],
    clases: clases('R', 'N'),
    mensajeOficial:
      'Tenga en cuenta que, si el código CUPS corresponde a un procedimiento quirúrgico, debe informar en los RIPS los datos de la sala usada.',
    titulo: 'Procedimiento quirúrgico sin los datos de la sala de cirugía',
    explicacion:
      'Si el código CUPS de un procedimiento es quirúrgico y su grupo de servicios es 04 «Quirúrgico», deben informarse en otros servicios los datos de la sala de cirugía usada. Qué códigos son quirúrgicos (una columna no documentada de la tabla CUPSRips) y cómo se reconoce el registro de la sala no está publicado, por eso esta validación solo la hace el MUV.',
    comoCorregir:
      'Registre en el sistema de origen, para cada procedimiento quirúrgico, la sala de cirugía usada, de modo que el RIPS la informe en otros servicios.',
    alcance: 'muv',
  }),
  regla({
    codigo: 'RVC096',
    campos: ['C04', 'P05', 'S06'],
    clases: clases(null, 'N'),
    mensajeOficial: 'El código informado no existe en la tabla CUPSRips',
    titulo: 'Código CUPS que no existe o no está habilitado en CUPSRips',
    explicacion:
      'El «Código de la consulta (CUPS)», el «Código del procedimiento (CUPS)» y el «Código de la tecnología» de otros servicios de tipo traslado, estancia u honorarios deben existir y estar habilitados en la tabla CUPSRips de SISPRO. En otros servicios de tipo dispositivos médicos o servicios complementarios el código no es CUPS y no se verifica.',
    comoCorregir:
      'Corrija el código en el maestro de procedimientos (CUPS) del sistema de origen con un código vigente de la tabla CUPSRips; si el código fue reemplazado, use el nuevo.',
    alcance: 'local',
    catalogos: ['CUPSRips'],
    servicio: {
      tipos: ['consultas', 'procedimientos', 'otrosServicios'],
      verificar(r, ref, ctx) {
        if (ref.tipo === 'otrosServicios' && !OTROS_CON_CUPS.has(texto(r.tipoOS) ?? '')) return;
        const campo = CAMPO_CUPS[ref.tipo as keyof typeof CAMPO_CUPS];
        const codigo = texto(r[campo]);
        if (!codigo || ctx.catalogos.contiene('CUPSRips', codigo)) return;
        ctx.emitir('RVC096', dondeServicio(ref), campo, {
          valor: codigo,
          detalle: ctx.catalogos.entrada('CUPSRips', codigo)
            ? 'El código está en CUPSRips pero no está habilitado.'
            : 'El código no está en la tabla CUPSRips.',
        });
      },
    },
  }),
];
