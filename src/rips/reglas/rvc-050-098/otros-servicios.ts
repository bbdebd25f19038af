import { hayRegistros } from '../helpers/registros.js';
import { clases, type Regla, regla } from '../tipos.js';
import { dondeServicio, texto } from './comun.js';
import { conNombre, TIPO_OTRO_SERVICIO } from './tablas.js';

/** What supports a stay (RVC056): an urgencias record with observation or a hospitalization. */
const SOPORTE_ESTANCIA = [{ tipo: 'urgencias' }, { tipo: 'hospitalizacion' }] as const;

const DISPOSITIVOS = '01';
const ESTANCIAS = '03';
const COMPLEMENTARIOS = '04';

/** Types that need the ordering person (RVC050: DT1 names devices and complementary services only). */
const CON_QUIEN_ORDENA: ReadonlySet<string> = new Set([DISPOSITIVOS, COMPLEMENTARIOS]);

export const REGLAS_OTROS_SERVICIOS: Regla[] = [
  regla({
    codigo: 'RVC050',
    campos: ['S09', 'S10'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'No ha registrado información sobre la persona que ordenó el dispositivo médico, insumo o servicio complementario.',
    titulo: 'Falta quién ordenó el dispositivo o el servicio complementario',
    explicacion:
      'En los otros servicios de tipo 01 «Dispositivos médicos e insumos» o 04 «Servicios complementarios» deben informarse el «Tipo de documento de quien ordena» y el «Número de documento de quien ordena» el servicio.',
    comoCorregir:
      'Registre en el sistema de origen el tipo y el número de documento del profesional que ordenó el dispositivo, el insumo o el servicio complementario (quien firma la orden o la prescripción).',
    alcance: 'local',
    servicio: {
      tipos: ['otrosServicios'],
      verificar(r, ref, ctx) {
        const tipo = texto(r.tipoOS);
        if (!tipo || !CON_QUIEN_ORDENA.has(tipo)) return;
        for (const campo of ['tipoDocumentoIdentificacion', 'numDocumentoIdentificacion']) {
          if (texto(r[campo])) continue;
          ctx.emitir('RVC050', dondeServicio(ref), campo, {
            detalle: `Es obligatorio para el tipo de otro servicio ${conNombre(tipo, TIPO_OTRO_SERVICIO)}.`,
          });
        }
      },
    },
  }),
  regla({
    codigo: 'RVC056',
    campos: ['S05'],
    clases: clases('R', 'R'),
    mensajeOficial:
      'Hay información de estancia(s) pero no se encuentran registros de urgencias u hospitalizaciones que la(s) soporten.',
    titulo: 'Estancia sin urgencias ni hospitalización que la soporte',
    explicacion:
      'Un registro de «Otros servicios» de tipo 03 «Estancias» debe estar soportado por un registro de urgencias con observación o de hospitalización del mismo paciente. Ese registro puede estar en otra factura (una nota crédito, débito o de ajuste lleva solo los registros afectados; los cortes de facturación parten una estancia larga): se busca en este RIPS y en los servicios que la entidad ha radicado con este servicio.',
    comoCorregir:
      'Si la urgencia o la hospitalización se facturó en otra factura, no hay nada que corregir: el MUV la verifica con la historia del paciente. Si se prestó dentro de esta factura, inclúyala en el RIPS; si el registro no es una estancia, corrija su tipo de otro servicio en el sistema de origen.',
    alcance: 'local',
    servicio: {
      tipos: ['otrosServicios'],
      verificar(r, ref, ctx) {
        if (texto(r.tipoOS) !== ESTANCIAS) return;
        if (hayRegistros(ref.usuario, 'urgencias') || hayRegistros(ref.usuario, 'hospitalizacion')) return;
        ctx.emitir('RVC056', dondeServicio(ref), 'tipoOS', {
          valor: ESTANCIAS,
          detalle:
            'El paciente no tiene registros de urgencias con observación ni de hospitalización en este RIPS.',
          cruce: {
            busca: SOPORTE_ESTANCIA,
            cuando: 'antes',
            fecha: String(r.fechaSuministroTecnologia ?? ''),
          },
        });
      },
    },
  }),
  regla({
    codigo: 'RVC066',
    campos: ['S07'],
    clases: clases('N', 'R'),
    mensajeOficial: 'Debe ser informado la descripción del Dispositivo médico o insumo',
    titulo: 'Falta la descripción del dispositivo médico o insumo',
    explicacion:
      'Cuando el tipo de otro servicio es 01 «Dispositivos médicos e insumos», debe informarse el «Nombre de la tecnología en salud» con la descripción del dispositivo médico o insumo.',
    comoCorregir:
      'Diligencie la descripción del producto en el maestro de dispositivos médicos e insumos del sistema de origen para que se envíe en el RIPS.',
    alcance: 'local',
    servicio: {
      tipos: ['otrosServicios'],
      verificar(r, ref, ctx) {
        if (texto(r.tipoOS) !== DISPOSITIVOS || texto(r.nomTecnologiaSalud)) return;
        ctx.emitir('RVC066', dondeServicio(ref), 'nomTecnologiaSalud');
      },
    },
  }),
];
