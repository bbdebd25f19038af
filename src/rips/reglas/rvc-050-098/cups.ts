import { clases, type Regla, regla } from '../tipos.js';
import { dondeServicio, texto } from './comun.js';

/** Otros servicios whose code is a CUPS (DT1 S06): traslados, estancias, honorarios. */
const OTROS_CON_CUPS: ReadonlySet<string> = new Set(['02', '03', '05']);

const CAMPO_CUPS = {
  consultas: 'codConsulta',
  procedimientos: 'codProcedimiento',
  otrosServicios: 'codTecnologiaSalud',
};

/** CUPS rules: RVC096 against CUPSRips; RVC059, RVC082, RVC083 and RVC090 need unpublished relations. */
export const REGLAS_CUPS: Regla[] = [
  regla({
    codigo: 'RVC059',
    campos: ['C04', 'P05'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'El código CUPS informado no se encuentra relacionado según el grupo de servicio, servicio, finalidad o causa.',
    titulo: 'CUPS no relacionado con el grupo de servicio, el servicio, la finalidad o la causa',
    explicacion:
      'El código CUPS de una consulta o de un procedimiento debe ser coherente con el grupo de servicios, el código de servicio habilitado, la finalidad y la causa informados. Las relaciones permitidas entre esos datos no están publicadas en los documentos técnicos ni en columnas documentadas de la tabla CUPSRips, por eso esta validación solo la hace el MUV al radicar.',
    comoCorregir:
      'Si el MUV la reporta, revise que el código CUPS, el grupo de servicios, el código de servicio, la finalidad y la causa correspondan a la misma atención y a los servicios habilitados del prestador.',
    alcance: 'muv',
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
