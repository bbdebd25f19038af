import type { Registro, TipoServicio } from '../../tipos.js';
import { COLUMNAS, sexoCups, usosCups, valorExtra } from '../helpers/catalogos.js';
import { dia, instante } from '../helpers/fechas.js';
import { dondeServicio, esObjeto, hayRegistros, listaDe, MapaCorto, texto } from '../helpers/registros.js';
import type { ContextoRegla, RefServicio } from '../tipos.js';
import { clases, type Regla, regla } from '../tipos.js';

/** Field holding the CUPS code in each service type. */
const CAMPO_CUPS: Partial<Record<TipoServicio, string>> = {
  consultas: 'codConsulta',
  procedimientos: 'codProcedimiento',
  otrosServicios: 'codTecnologiaSalud',
};
const CAMPO_FECHA: Partial<Record<TipoServicio, string>> = {
  consultas: 'fechaInicioAtencion',
  procedimientos: 'fechaInicioAtencion',
  otrosServicios: 'fechaSuministroTecnologia',
};

/** TipoOtrosServicios coded with CUPS (DT1 S06): 02 traslados, 03 estancias, 05 honorarios. */
const OS_TRASLADO_ESTANCIA = new Set(['02', '03']);
const OS_CON_CUPS = new Set(['02', '03', '05']);

/** Consultation CUPS groups (CUPS 89.0.x, LIN v3.2 §3.3.1): interconsulta, junta médica, intrahospitalaria, urgencias. */
const PREFIJOS_CONSULTA_INTRAHOSPITALARIA = ['8904', '8905', '8906'];
const PREFIJO_CONSULTA_URGENCIAS = '8907';
const GRUPO_INTERNACION = '03';
const ESTANCIA_REQUERIDA = 'E';

/** The CUPS of a service record when the record is CUPS-coded (otros servicios only for `tiposOs`). */
function cupsDe(r: Registro, tipo: TipoServicio, tiposOs: ReadonlySet<string>): string | undefined {
  const campo = CAMPO_CUPS[tipo];
  if (!campo) return undefined;
  if (tipo === 'otrosServicios' && !tiposOs.has(texto(r.tipoOS) ?? '')) return undefined;
  return texto(r[campo]);
}

const NOMBRE_USO: Readonly<Record<string, string>> = {
  AC: 'consulta',
  AP: 'procedimiento',
  AT: 'otros servicios',
};

/** RVC015 / RVC020 / RVC026: the CUPS usage column must include `uso`. */
function verificarUso(codigo: string, uso: string, tiposOs: ReadonlySet<string>) {
  return (r: Registro, ref: RefServicio, ctx: ContextoRegla) => {
    const cups = cupsDe(r, ref.tipo, tiposOs);
    if (!cups) return;
    const usos = usosCups(ctx.catalogos, cups);
    if (!usos || usos.has(uso)) return;
    ctx.emitir(codigo, dondeServicio(ref), CAMPO_CUPS[ref.tipo], {
      valor: cups,
      detalle: `En la tabla CUPSRips el código es de uso ${[...usos].map((u) => NOMBRE_USO[u] ?? u).join(', ')}.`,
    });
  };
}

/** What estanciasEn finds: any stay of the user, and stays (by type) around the instant. */
const HAY_ESTANCIA = 1;
const DURANTE_URGENCIAS = 2;
const DURANTE_HOSPITALIZACION = 4;

/**
 * Flags of the user's stays (urgencias and hospitalizations with valid admission and egress) for
 * an instant: one pass with no copies, as this runs for every consultation.
 */
function estanciasEn(usuario: Registro, momento: number): number {
  let flags = 0;
  for (const tipo of ['urgencias', 'hospitalizacion'] as const) {
    const lista = listaDe(usuario, tipo);
    for (let j = 0; j < lista.length; j++) {
      const registro = lista[j];
      if (!esObjeto(registro)) continue;
      const ingreso = instante(registro.fechaInicioAtencion);
      const egreso = instante(registro.fechaEgreso);
      if (ingreso === undefined || egreso === undefined) continue;
      flags |= HAY_ESTANCIA;
      if (momento >= ingreso && momento <= egreso)
        flags |= tipo === 'urgencias' ? DURANTE_URGENCIAS : DURANTE_HOSPITALIZACION;
    }
  }
  return flags;
}

export const REGLAS_RVC_CUPS: Regla[] = [
  regla({
    codigo: 'RVC015',
    campos: ['C04'],
    clases: clases('N', 'N'),
    mensajeOficial: 'El código CUPS informado no corresponde a una consulta.',
    titulo: 'El CUPS de la consulta no es de consulta',
    explicacion:
      'El «Código de la consulta» debe ser un CUPS marcado para uso en consultas (AC) en la tabla CUPSRips; el código informado está marcado para otro uso.',
    comoCorregir:
      'Registre la atención en el sistema de origen con el CUPS de consulta que corresponde a lo que se hizo (primera vez, control, urgencias, interconsulta…) o, si fue un procedimiento, repórtela como procedimiento.',
    alcance: 'local',
    catalogos: ['CUPSRips'],
    servicio: { tipos: ['consultas'], verificar: verificarUso('RVC015', 'AC', OS_TRASLADO_ESTANCIA) },
  }),
  regla({
    codigo: 'RVC016',
    campos: ['C04', 'P05', 'S06'],
    clases: clases('N', 'N'),
    mensajeOficial: 'El código CUPS informado no corresponde a un CUPS para el sexo informado.',
    titulo: 'CUPS no corresponde al sexo del paciente',
    explicacion:
      'En la tabla CUPSRips este código está restringido a un sexo y el «Sexo» del paciente es el otro (por ejemplo, una citología cervicovaginal en un paciente de sexo masculino).',
    comoCorregir: 'Revise el código CUPS registrado y el sexo del paciente en el sistema de origen.',
    alcance: 'local',
    catalogos: ['CUPSRips'],
    servicio: {
      tipos: ['consultas', 'procedimientos', 'otrosServicios'],
      verificar: (r, ref, ctx) => {
        const cups = cupsDe(r, ref.tipo, OS_CON_CUPS);
        const sexo = texto(ref.usuario.codSexo)?.toUpperCase();
        if (!cups || (sexo !== 'M' && sexo !== 'F')) return;
        const sexoCodigo = sexoCups(ctx.catalogos, cups);
        if (!sexoCodigo || sexoCodigo === sexo) return;
        ctx.emitir('RVC016', dondeServicio(ref), CAMPO_CUPS[ref.tipo], {
          valor: cups,
          detalle: `El código es solo para sexo ${sexoCodigo} y el paciente es de sexo ${sexo}.`,
        });
      },
    },
  }),
  regla<{ usuario: number; primeras: MapaCorto<string>; vistos: Map<string, number> }>({
    codigo: 'RVC018',
    campos: ['C04', 'P05', 'S06'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'Tenga en cuenta que para el mismo paciente y en el mismo día no se puede informar más de una vez el código CUPS informado.',
    titulo: 'Mismo CUPS más de una vez el mismo día',
    explicacion:
      'El mismo código CUPS aparece más de una vez para el mismo paciente en el mismo día (consultas, procedimientos, traslados o estancias). Puede ser un registro duplicado.',
    comoCorregir:
      'Si es el mismo registro exportado dos veces, elimine el duplicado en el sistema de origen (o corrija la exportación que lo repite); si la atención realmente se prestó varias veces, registre la fecha y hora reales de cada una.',
    alcance: 'local',
    // Records arrive user by user: the map holds one patient's codes at a time.
    // `primeras`: the first day of each code; `vistos` counts by `${cups}|${fecha}` once a code repeats.
    estado: () => ({ usuario: -1, primeras: new MapaCorto(), vistos: new Map() }),
    estadoPorUsuario: true,
    servicio: {
      tipos: ['consultas', 'procedimientos', 'otrosServicios'],
      verificar: (r, ref, ctx, estado) => {
        const cups = cupsDe(r, ref.tipo, OS_TRASLADO_ESTANCIA);
        const campoFecha = CAMPO_FECHA[ref.tipo];
        const fecha = campoFecha ? dia(r[campoFecha]) : undefined;
        if (!cups || !fecha) return;
        if (estado.usuario !== ref.usuarioIndex) {
          estado.usuario = ref.usuarioIndex;
          // clear() allocates a new table: most patients leave `vistos` empty.
          estado.primeras.vaciar();
          if (estado.vistos.size) estado.vistos.clear();
        }
        // Most codes come once per patient: no joined key for them.
        const primera = estado.primeras.get(cups);
        if (primera === undefined) {
          estado.primeras.set(cups, fecha);
          return;
        }
        const clave = `${cups}|${fecha}`;
        const veces = (estado.vistos.get(clave) ?? (fecha === primera ? 1 : 0)) + 1;
        estado.vistos.set(clave, veces);
        if (veces === 1) return;
        ctx.emitir('RVC018', dondeServicio(ref), CAMPO_CUPS[ref.tipo], {
          valor: cups,
          detalle: `Es la vez ${veces} que el código se informa para este paciente el ${fecha}.`,
        });
      },
    },
  }),
  regla({
    codigo: 'RVC020',
    campos: ['P05'],
    clases: clases('N', 'N'),
    mensajeOficial: 'El código CUPS informado no corresponde a un procedimiento.',
    titulo: 'El CUPS del procedimiento no es de procedimiento',
    explicacion:
      'El «Código del procedimiento» debe ser un CUPS marcado para uso en procedimientos (AP) en la tabla CUPSRips; el código informado está marcado para otro uso.',
    comoCorregir:
      'Registre el procedimiento en el sistema de origen con su CUPS de procedimiento; si la atención fue una consulta, repórtela en consultas.',
    alcance: 'local',
    catalogos: ['CUPSRips'],
    servicio: { tipos: ['procedimientos'], verificar: verificarUso('RVC020', 'AP', OS_TRASLADO_ESTANCIA) },
  }),
  regla({
    codigo: 'RVC021',
    campos: ['P05'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'Tenga en cuenta que para el código CUPS informado se requiere de un tiempo de estancia del paciente.',
    titulo: 'Procedimiento que requiere estancia sin estancia informada',
    explicacion:
      'En la tabla CUPSRips el procedimiento está marcado como de estancia (columna Estancia = E), pero el paciente no tiene en este RIPS ninguna urgencia con observación ni hospitalización.',
    comoCorregir:
      'Si el procedimiento se hizo durante una urgencia con observación o una hospitalización que se factura en esta misma factura, inclúyala en el RIPS. Si el CUPS registrado no es el del procedimiento que consta en la historia clínica, corrija el código en el sistema de origen. Si la estancia se facturó en otra factura, no cambie nada: es una notificación y el CUV se emite igual.',
    alcance: 'local',
    catalogos: ['CUPSRips'],
    servicio: {
      tipos: ['procedimientos'],
      verificar: (r, ref, ctx) => {
        const cups = texto(r.codProcedimiento);
        if (!cups) return;
        if (valorExtra(ctx.catalogos, COLUMNAS.cupsEstancia, cups)?.toUpperCase() !== ESTANCIA_REQUERIDA)
          return;
        if (hayRegistros(ref.usuario, 'hospitalizacion') || hayRegistros(ref.usuario, 'urgencias')) return;
        ctx.emitir('RVC021', dondeServicio(ref), 'codProcedimiento', { valor: cups });
      },
    },
  }),
  regla({
    codigo: 'RVC024',
    campos: ['S06'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'El código informado del traslado, transporte o estancia no corresponde a un código CUPS.',
    titulo: 'Traslado o estancia sin código CUPS válido',
    explicacion:
      'En otros servicios de tipo «Traslados» o «Estancias», el «Código de la tecnología en salud» debe ser un código CUPS vigente de la tabla CUPSRips; el código informado no está en la tabla.',
    comoCorregir:
      'Registre en el maestro de servicios del sistema de origen el traslado o la estancia con su código CUPS (no con un código interno del prestador).',
    alcance: 'local',
    catalogos: ['CUPSRips'],
    servicio: {
      tipos: ['otrosServicios'],
      verificar: (r, ref, ctx) => {
        const cups = cupsDe(r, ref.tipo, OS_TRASLADO_ESTANCIA);
        if (!cups || ctx.catalogos.contiene('CUPSRips', cups)) return;
        ctx.emitir('RVC024', dondeServicio(ref), 'codTecnologiaSalud', { valor: cups });
      },
    },
  }),
  regla({
    codigo: 'RVC026',
    campos: ['S06'],
    clases: clases('N', 'N'),
    mensajeOficial: 'El código CUPS informado no corresponde a una cobertura de otros servicios.',
    titulo: 'El CUPS del traslado o estancia no es de otros servicios',
    explicacion:
      'En otros servicios de tipo «Traslados» o «Estancias», el CUPS debe estar marcado para uso en otros servicios (AT) en la tabla CUPSRips; el código informado está marcado para otro uso.',
    comoCorregir: 'Revise el código CUPS del traslado o la estancia en el sistema de origen.',
    alcance: 'local',
    catalogos: ['CUPSRips'],
    servicio: { tipos: ['otrosServicios'], verificar: verificarUso('RVC026', 'AT', OS_TRASLADO_ESTANCIA) },
  }),
  regla({
    codigo: 'RVC027',
    campos: ['C04'],
    clases: clases('N', 'N'),
    mensajeOficial:
      'El código CUPS no es de consulta intrahospitalaria o interconsulta y tiene informado datos de hospitalización o urgencias.',
    titulo: 'Consulta durante la hospitalización que no es interconsulta',
    explicacion:
      'El paciente tiene hospitalización o urgencia con observación en este RIPS. Una consulta prestada durante esa estancia debe ser interconsulta, junta médica o cuidado intrahospitalario (CUPS 8904…, 8905…, 8906…; en observación de urgencias también consulta de urgencias 8907…), y una consulta del grupo de servicios «Internación» debe estar dentro de alguna estancia.',
    comoCorregir:
      'Si la consulta se prestó durante la estancia, regístrela en el sistema de origen con el CUPS de interconsulta, junta médica o cuidado intrahospitalario que corresponda a lo que se hizo. Si la fecha o el grupo de servicios de la consulta quedaron mal digitados, corríjalos según la historia clínica; no cambie la fecha real de la atención para sacarla de la estancia.',
    alcance: 'local',
    servicio: {
      tipos: ['consultas'],
      verificar: (r, ref, ctx) => {
        const cups = texto(r.codConsulta);
        const momento = instante(r.fechaInicioAtencion);
        if (!cups || momento === undefined) return;
        const estancias = estanciasEn(ref.usuario, momento);
        if (!estancias) return;
        if (estancias & (DURANTE_URGENCIAS | DURANTE_HOSPITALIZACION)) {
          if (PREFIJOS_CONSULTA_INTRAHOSPITALARIA.some((p) => cups.startsWith(p))) return;
          if (estancias & DURANTE_URGENCIAS && cups.startsWith(PREFIJO_CONSULTA_URGENCIAS)) return;
          const donde =
            estancias & DURANTE_HOSPITALIZACION ? 'la hospitalización' : 'la observación de urgencias';
          ctx.emitir('RVC027', dondeServicio(ref), 'codConsulta', {
            valor: cups,
            detalle: `La consulta (${r.fechaInicioAtencion}) se prestó durante ${donde} del paciente.`,
          });
        } else if (texto(r.grupoServicios) === GRUPO_INTERNACION) {
          ctx.emitir('RVC027', dondeServicio(ref), 'fechaInicioAtencion', {
            valor: r.fechaInicioAtencion,
            detalle:
              'La consulta es del grupo de servicios «Internación» pero no está dentro de ninguna hospitalización u observación del paciente en este RIPS.',
          });
        }
      },
    },
  }),
];
