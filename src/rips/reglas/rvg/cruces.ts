import { type Registro, TIPOS_SERVICIO, type TipoServicio } from '../../tipos.js';
import { instante } from '../helpers/fechas.js';
import {
  dondeServicio,
  esObjeto,
  hayRegistros,
  listaDe,
  MapaCorto,
  PorDocumento,
  type RegistroIndexado,
  registrosDe,
  texto,
} from '../helpers/registros.js';
import { clases, type Regla, regla } from '../tipos.js';

/**
 * CUPS of the emergency consultations: group 89.0.7 of the CUPS ("consulta de urgencias",
 * LIN v3.2 §3.3.1 cites 890702, 890703, 890704). DT1 does not define "consulta de urgencia".
 */
export const PREFIJO_CONSULTA_URGENCIAS = '8907';

function esConsultaUrgencias(consulta: Registro): boolean {
  return texto(consulta.codConsulta)?.startsWith(PREFIJO_CONSULTA_URGENCIAS) ?? false;
}

/** Whether the user has an object record of any service type (what the walk hands to service hooks). */
function tieneRegistros(u: Registro): boolean {
  for (const t of TIPOS_SERVICIO) if (hayRegistros(u, t)) return true;
  return false;
}

/** Finalidades of newborn care (RIPSFinalidadConsultaVersion2) and newborn admission routes (ViaIngresoUsuario). */
const FINALIDADES_RECIEN_NACIDO = new Set(['26', '27']);
const VIAS_INGRESO_RECIEN_NACIDO = new Set(['07', '08']);
const CAMPOS_RVG17: readonly { tipo: TipoServicio; campo: string; valores: ReadonlySet<string> }[] = [
  { tipo: 'consultas', campo: 'finalidadTecnologiaSalud', valores: FINALIDADES_RECIEN_NACIDO },
  { tipo: 'procedimientos', campo: 'finalidadTecnologiaSalud', valores: FINALIDADES_RECIEN_NACIDO },
  { tipo: 'procedimientos', campo: 'viaIngresoServicioSalud', valores: VIAS_INGRESO_RECIEN_NACIDO },
  { tipo: 'hospitalizacion', campo: 'viaIngresoServicioSalud', valores: VIAS_INGRESO_RECIEN_NACIDO },
];

interface ConsultaUrgencias extends RegistroIndexado {
  momento: number;
}

/** Instant of an emergency consultation, undefined for any other entry of `consultas`. */
function momentoUrgencias(c: unknown): number | undefined {
  if (!esObjeto(c)) return undefined;
  const momento = instante(c.fechaInicioAtencion);
  return momento !== undefined && esConsultaUrgencias(c) ? momento : undefined;
}

/** The latest emergency consultation of the user (−∞ when none). */
function ultimaConsultaUrgencias(usuario: Registro): number {
  const consultas = listaDe(usuario, 'consultas');
  let ultima = Number.NEGATIVE_INFINITY;
  for (let j = 0; j < consultas.length; j++) {
    const momento = momentoUrgencias(consultas[j]);
    if (momento !== undefined && momento > ultima) ultima = momento;
  }
  return ultima;
}

/**
 * RVG16's test without copies: 0 no emergency consultation in [ingreso, egreso] · 1 one of them
 * has `causa` · 2 they all have another cause (the finding).
 */
function causaEnRespectivas(usuario: Registro, ingreso: number, egreso: number, causa: string): number {
  const consultas = listaDe(usuario, 'consultas');
  let hay = 0;
  for (let j = 0; j < consultas.length; j++) {
    const momento = momentoUrgencias(consultas[j]);
    if (momento === undefined || momento < ingreso || momento > egreso) continue;
    if (texto((consultas[j] as Registro).causaMotivoAtencion) === causa) return 1;
    hay = 2;
  }
  return hay;
}

function consultasUrgencias(usuario: Registro): ConsultaUrgencias[] {
  const salida: ConsultaUrgencias[] = [];
  for (const c of registrosDe(usuario, 'consultas')) {
    const momento = instante(c.registro.fechaInicioAtencion);
    if (momento !== undefined && esConsultaUrgencias(c.registro)) salida.push({ ...c, momento });
  }
  return salida;
}

export const REGLAS_RVG_CRUCES: Regla[] = [
  regla<{ servicios: number }>({
    codigo: 'RVG03',
    campos: [],
    clases: clases('R', 'R'),
    mensajeOficial: 'No se encuentran servicios prestados relacionados con la factura.',
    titulo: 'El RIPS no trae ningún servicio',
    explicacion:
      'El RIPS soporta una factura de servicios de salud, así que debe traer al menos un registro de consulta, procedimiento, urgencia, hospitalización, recién nacido, medicamento u otro servicio. Este RIPS no tiene ninguno.',
    comoCorregir:
      'Verifique que el sistema de origen haya exportado los servicios facturados de cada paciente; un RIPS solo con datos de usuarios no es válido.',
    alcance: 'local',
    estado: () => ({ servicios: 0 }),
    lee: { usuario: [], servicio: [] },
    // Whether some user has an object record (what the walk hands to service hooks), looked for
    // once per user until found: a hook on every service only to count them cost a call each.
    usuario: (u, _i, _ctx, e) => {
      if (e.servicios === 0 && tieneRegistros(u)) e.servicios = 1;
    },
    final: (ctx, e) => {
      if (e.servicios === 0) {
        ctx.emitir('RVG03', {}, 'usuarios', { detalle: 'Ningún usuario tiene registros de servicios.' });
      }
    },
  }),
  regla({
    codigo: 'RVG07',
    campos: [],
    clases: clases('R', 'R'),
    mensajeOficial: 'A los usuarios informados deben contener al menos un tipo de servicio.',
    titulo: 'Usuario sin servicios',
    explicacion:
      'Cada usuario informado en el RIPS debe tener al menos un registro de servicio (consulta, procedimiento, urgencia, hospitalización, recién nacido, medicamento u otro servicio). Este usuario no tiene ninguno.',
    comoCorregir:
      'Incluya en el RIPS los servicios facturados a este paciente o quítelo del RIPS si no se le facturó nada en esta factura.',
    alcance: 'local',
    usuario: (u, i, ctx) => {
      if (!tieneRegistros(u)) ctx.emitir('RVG07', { usuarioIndex: i }, 'servicios');
    },
  }),
  regla<PorDocumento<number>>({
    codigo: 'RVG12',
    campos: ['U01', 'U02'],
    clases: clases('R', 'R'),
    mensajeOficial: 'Existen dos o más usuarios registrados con los mismos datos.',
    titulo: 'Usuario repetido',
    explicacion:
      'Un mismo paciente (mismo tipo y número de documento) aparece más de una vez en la lista de usuarios. Cada paciente se informa una sola vez y todos sus servicios van dentro de ese único usuario.',
    comoCorregir:
      'Unifique los registros del paciente en el sistema de origen para que el RIPS lo traiga una sola vez con todos sus servicios.',
    alcance: 'local',
    // Same entries as a map keyed `${tipo}|${numero}`.
    estado: () => new PorDocumento('|'),
    lee: { usuario: ['tipoDocumentoIdentificacion', 'numDocumentoIdentificacion'], servicio: [] },
    usuario: (u, i, ctx, vistos) => {
      const tipo = texto(u.tipoDocumentoIdentificacion)?.toUpperCase();
      const numero = texto(u.numDocumentoIdentificacion);
      if (!tipo || !numero) return;
      const primero = vistos.get(tipo, numero);
      if (primero === undefined) {
        vistos.set(tipo, numero, i);
        return;
      }
      ctx.emitir('RVG12', { usuarioIndex: i }, 'numDocumentoIdentificacion', {
        detalle: `Repite el tipo y número de documento del usuario ${primero + 1}.`,
      });
    },
  }),
  regla<{ usuario: number; vistos: MapaCorto<number> }>({
    codigo: 'RVG13',
    campos: ['M08', 'M04'],
    clases: clases('N', 'N'),
    mensajeOficial: 'Existe dos o más medicamentos con el mismo código registrados para el mismo usuario.',
    titulo: 'Medicamento repetido en la misma fecha y hora',
    explicacion:
      'El mismo medicamento (mismo código de tecnología en salud) aparece dos o más veces para el mismo paciente con la misma fecha y hora de dispensación o administración. Puede ser un registro duplicado.',
    comoCorregir:
      'Si es la misma dispensación, deje en el sistema de origen un solo registro con la cantidad total; si fueron administraciones distintas, registre la hora real de cada una.',
    alcance: 'local',
    // Records arrive user by user: the state holds one patient's drugs (first index by code and date).
    estado: () => ({ usuario: -1, vistos: new MapaCorto() }),
    estadoPorUsuario: true,
    servicio: {
      tipos: ['medicamentos'],
      verificar: (m, ref, ctx, estado) => {
        const codigo = texto(m.codTecnologiaSalud);
        const fecha = texto(m.fechaDispensAdmon);
        if (!codigo || !fecha) return;
        if (estado.usuario !== ref.usuarioIndex) {
          estado.usuario = ref.usuarioIndex;
          estado.vistos.vaciar();
        }
        const clave = `${codigo}|${fecha}`;
        const primero = estado.vistos.get(clave);
        if (primero === undefined) {
          estado.vistos.set(clave, ref.indice);
          return;
        }
        ctx.emitir('RVG13', dondeServicio(ref), 'codTecnologiaSalud', {
          valor: codigo,
          detalle: `El medicamento ${primero + 1} del mismo usuario tiene el mismo código y la misma fecha y hora (${fecha}).`,
        });
      },
    },
  }),
  regla({
    codigo: 'RVG15',
    campos: ['R02', 'C02', 'C04'],
    // LIN v3.2 table says R, but its §4.4.5 states the rule was changed to notification.
    clases: clases('N', 'N'),
    mensajeOficial:
      'Informó datos de urgencia sin informar la respectiva consulta de urgencia en los datos de urgencia con observación o viceversa.',
    titulo: 'Urgencia con observación sin consulta de urgencias',
    explicacion:
      'Cuando se informa una urgencia con observación, el mismo usuario debe tener una consulta de urgencias (CUPS del grupo 8907, «consulta de urgencias») con fecha y hora igual o posterior al ingreso a urgencias. No se encontró esa consulta.',
    comoCorregir:
      'Registre en el RIPS la consulta de urgencias que originó la observación, con su fecha y hora reales. Si el paciente ingresó remitido directamente a observación, puede ignorar este aviso.',
    alcance: 'local',
    usuario: (u, i, ctx) => {
      const urgencias = listaDe(u, 'urgencias');
      if (!urgencias.length) return;
      const ultima = ultimaConsultaUrgencias(u);
      for (let j = 0; j < urgencias.length; j++) {
        const urg = urgencias[j];
        if (!esObjeto(urg)) continue;
        const ingreso = instante(urg.fechaInicioAtencion);
        if (ingreso === undefined || ultima >= ingreso) continue;
        ctx.emitir(
          'RVG15',
          { usuarioIndex: i, tipoServicio: 'urgencias', servicioIndex: j },
          'fechaInicioAtencion',
          {
            detalle: `No hay consulta de urgencias del usuario con fecha y hora igual o posterior al ingreso (${urg.fechaInicioAtencion}).`,
          },
        );
      }
    },
  }),
  regla({
    codigo: 'RVG16',
    campos: ['R03', 'C09'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'Informó causa que origina el servicio de salud diferente entre urgencia con observación y consulta de urgencia.',
    titulo: 'Causa de atención distinta entre urgencia y su consulta',
    explicacion:
      'La «Causa que motiva la atención» de la urgencia con observación debe ser la misma de la consulta de urgencias respectiva. Se toma como respectiva la consulta de urgencias (CUPS 8907…) del mismo usuario con fecha y hora entre el ingreso y el egreso de la urgencia; ninguna de ellas tiene la misma causa.',
    comoCorregir:
      'Revise en la historia clínica la causa real de la atención y registre esa misma causa, en el sistema de origen, en la consulta de urgencias y en la urgencia con observación.',
    alcance: 'local',
    usuario: (u, i, ctx) => {
      const urgencias = listaDe(u, 'urgencias');
      for (let j = 0; j < urgencias.length; j++) {
        const urg = urgencias[j];
        if (!esObjeto(urg)) continue;
        const ingreso = instante(urg.fechaInicioAtencion);
        const causa = texto(urg.causaMotivoAtencion);
        if (ingreso === undefined || !causa) continue;
        const egreso = instante(urg.fechaEgreso) ?? Number.POSITIVE_INFINITY;
        if (causaEnRespectivas(u, ingreso, egreso, causa) !== 2) continue;
        // The finding: list the respective consultations (copies only here).
        const respectivas = consultasUrgencias(u).filter((c) => c.momento >= ingreso && c.momento <= egreso);
        const otras = [
          ...new Set(respectivas.map((c) => texto(c.registro.causaMotivoAtencion) ?? 'sin causa')),
        ];
        ctx.emitir(
          'RVG16',
          { usuarioIndex: i, tipoServicio: 'urgencias', servicioIndex: j },
          'causaMotivoAtencion',
          {
            valor: causa,
            detalle: `La consulta de urgencias respectiva (consulta ${respectivas.map((c) => c.indice + 1).join(', ')}) tiene causa ${otras.join(', ')}.`,
          },
        );
      }
    },
  }),
  regla({
    codigo: 'RVG17',
    campos: ['C08', 'P06', 'P10', 'H02'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'Informó servicios o tecnologías de salud prestadas a recién nacido al usuario equivocado.',
    titulo: 'Servicios del recién nacido informados a la madre',
    explicacion:
      'Cuando el recién nacido recibe servicios, debe informarse como un usuario propio con sus servicios; bajo la madre solo van los datos del nacimiento (objeto recién nacidos) y los medicamentos de la atención del parto (profilaxis oftálmica, vacunas, vitamina K). Esta usuaria tiene datos de recién nacido y además un servicio con finalidad de cuidado o seguimiento del recién nacido, o con vía de ingreso «recién nacido», que corresponde al bebé.',
    comoCorregir:
      'Cree en el sistema de origen al recién nacido como paciente (con su certificado de nacido vivo o registro civil) y registre este servicio a su nombre, no al de la madre.',
    alcance: 'local',
    usuario: (u, i, ctx) => {
      if (!hayRegistros(u, 'recienNacidos')) return;
      for (const { tipo, campo, valores } of CAMPOS_RVG17) {
        const lista = listaDe(u, tipo);
        for (let j = 0; j < lista.length; j++) {
          const s = lista[j];
          const valor = esObjeto(s) ? texto(s[campo]) : undefined;
          if (!valor || !valores.has(valor)) continue;
          ctx.emitir('RVG17', { usuarioIndex: i, tipoServicio: tipo, servicioIndex: j }, campo, {
            valor,
          });
        }
      }
    },
  }),
];
