import { type Donde, type Registro, TIPOS_SERVICIO, type TipoServicio } from '../../tipos.js';
import { esObjeto, listaDe, PorDocumento } from '../helpers/registros.js';
import { clases, type RefServicio, type Regla, regla } from '../tipos.js';
import { CAMPO_INICIO, claveDocumento, dondeServicio, minutos, nombreRegistro, texto } from './comun.js';
import { EGRESO_DERIVADO, EGRESO_MUERTO } from './tablas.js';

/** Records with an egress condition; newborns also carry their own document. */
const CON_EGRESO: readonly TipoServicio[] = ['urgencias', 'hospitalizacion', 'recienNacidos'];
const EGRESO = ['condicionDestinoUsuarioEgreso', 'fechaEgreso'];
const DOCUMENTO = ['tipoDocumentoIdentificacion', 'numDocumentoIdentificacion'];

/**
 * Fields RVC053 and RVC062 read of each record type (users and their records are walked reduced to
 * these in parallel): every start, the egress where there is one, the newborn's document.
 */
const LEE_EGRESOS = {
  usuario: DOCUMENTO,
  servicio: Object.fromEntries(
    TIPOS_SERVICIO.map((t) => [
      t,
      [
        CAMPO_INICIO[t],
        ...(CON_EGRESO.includes(t) ? EGRESO : []),
        ...(t === 'recienNacidos' ? DOCUMENTO : []),
      ],
    ]),
  ) as Record<TipoServicio, string[]>,
};

/** Position of each type in TIPOS_SERVICIO (RVC053 keeps it with the record's index). */
const NUMERO_TIPO = Object.fromEntries(TIPOS_SERVICIO.map((t, n) => [t, n])) as Record<TipoServicio, number>;

/** RVC053: DT1 v002 allows services up to 24 h after the death (LIN v3.2 said "after the death"). */
const MARGEN_MUERTE_MIN = 24 * 60;

interface Muerte {
  minuto: number;
  /** "Hospitalización 2 (egreso 2026-03-01 10:00)": where the death is recorded. */
  origen: string;
  /** Mother's user index when the death comes from a newborn record. */
  madreIndex?: number;
  /** The newborn's document, for a death from a newborn record. */
  tipo?: string;
  numero?: string;
}

interface Inicios {
  usuarioIndex: number;
  desde: number;
  hasta: number;
}

interface EstadoMuerte {
  recienNacidos: Map<string, Muerte>;
  actual: { usuarioIndex: number; muerte: Muerte } | null;
  /**
   * Start times of each user's services, by document. A newborn's own usuario may come before the
   * mother's record of its death (users can arrive one at a time), so those are checked in `final`.
   * Every service of every user is kept: entry k is `servicios[2k]` (minute) and `servicios[2k + 1]`
   * (index × 8 + type number), each user's run from entry `desde` to `hasta`. A typed array grown by
   * hand: three `push`es per service into plain arrays were half of the rule's cost.
   */
  inicios: PorDocumento<Inicios>;
  servicios: Float64Array;
  /** Entries used in `servicios`. */
  entradas: number;
  /**
   * The entry of the user being walked, when its services must be remembered for `final`: its
   * `hasta` is set when the next user comes or at `final` (one store per user, not per service).
   */
  registrando: Inicios | null;
}

/** 'AAAA-MM-DD HH:MM' of a `minutos` value (wall-clock minutes on a UTC scale). */
function textoMinuto(minuto: number): string {
  return new Date(minuto * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

function anterior(a: Muerte | undefined, b: Muerte): Muerte {
  return a && a.minuto <= b.minuto ? a : b;
}

/** Earliest egress with condition "Paciente muerto" among the user's urgencias and hospitalizations. */
function muerteEnEgresos(usuario: Registro): Muerte | undefined {
  let muerte: Muerte | undefined;
  for (const tipo of ['urgencias', 'hospitalizacion'] as const) {
    const lista = listaDe(usuario, tipo);
    for (let j = 0; j < lista.length; j++) {
      const r = lista[j];
      if (!esObjeto(r) || texto(r.condicionDestinoUsuarioEgreso) !== EGRESO_MUERTO) continue;
      const minuto = minutos(r.fechaEgreso);
      if (minuto === null) continue;
      muerte = anterior(muerte, {
        minuto,
        origen: `${nombreRegistro(tipo, j)} (egreso ${String(r.fechaEgreso)})`,
      });
    }
  }
  return muerte;
}

/** Ends the run of starts of the user walked last. */
function cerrarInicios(estado: EstadoMuerte): void {
  if (estado.registrando) estado.registrando.hasta = estado.entradas;
}

const rvc053 = regla<EstadoMuerte>({
  codigo: 'RVC053',
  campos: ['R09', 'H12', 'N10'],
  clases: clases('N', 'R'),
  mensajeOficial:
    'Tenga en cuenta que la condición del paciente es "Paciente muerto" y está informando servicios con fecha y hora posterior a la muerte.',
  titulo: 'Servicios con fecha posterior al fallecimiento del paciente',
  explicacion:
    'Si una urgencia con observación o una hospitalización informa la condición de egreso 02 «Paciente muerto», no puede haber servicios del mismo paciente con fecha y hora posterior a las 24 horas siguientes a ese egreso. Lo mismo vale para un recién nacido que egresó muerto y aparece como usuario con su propio documento.',
  comoCorregir:
    'En la historia clínica y en el módulo de facturación del sistema de origen, compare la fecha y hora de egreso del registro «Paciente muerto» con las fechas de los servicios posteriores: corrija la fecha que quedó mal registrada o retire de este RIPS los servicios que se asignaron a este paciente por error. La condición de egreso se registra como ocurrió.',
  alcance: 'local',
  estado: () => ({
    recienNacidos: new Map(),
    actual: null,
    inicios: new PorDocumento(' '),
    // Grows by doubling: a small RIPS should not allocate (and zero) 8 KB per validation.
    servicios: new Float64Array(32),
    entradas: 0,
    registrando: null,
  }),
  lee: LEE_EGRESOS,
  usuario(u, i, _ctx, estado) {
    // Newborn deaths are recorded under the mother (usuario i).
    const tipo = texto(u.tipoDocumentoIdentificacion);
    const numero = texto(u.numDocumentoIdentificacion);
    const recienNacidos = listaDe(u, 'recienNacidos');
    // claveDocumento(u), joined only when there are newborn deaths to compare it with.
    const clave =
      tipo && numero && (recienNacidos.length || estado.recienNacidos.size) ? `${tipo} ${numero}` : null;
    for (let j = 0; j < recienNacidos.length; j++) {
      const rn = recienNacidos[j];
      if (!esObjeto(rn) || texto(rn.condicionDestinoUsuarioEgreso) !== EGRESO_MUERTO) continue;
      const claveRn = claveDocumento(rn);
      const minuto = minutos(rn.fechaEgreso);
      if (!claveRn || claveRn === clave || minuto === null) continue;
      const origen = `el registro de recién nacido ${j + 1} del usuario ${i + 1} (egreso ${String(rn.fechaEgreso)})`;
      estado.recienNacidos.set(
        claveRn,
        anterior(estado.recienNacidos.get(claveRn), {
          minuto,
          origen,
          madreIndex: i,
          tipo: texto(rn.tipoDocumentoIdentificacion)!,
          numero: texto(rn.numDocumentoIdentificacion)!,
        }),
      );
    }
    let muerte = muerteEnEgresos(u);
    const comoRecienNacido = clave ? estado.recienNacidos.get(clave) : undefined;
    if (comoRecienNacido && comoRecienNacido.madreIndex !== i) muerte = anterior(muerte, comoRecienNacido);
    estado.actual = muerte ? { usuarioIndex: i, muerte } : null;
    cerrarInicios(estado);
    estado.registrando = null;
    if (tipo && numero && !comoRecienNacido && !estado.inicios.get(tipo, numero)) {
      const desde = estado.entradas;
      estado.registrando = { usuarioIndex: i, desde, hasta: desde };
      estado.inicios.set(tipo, numero, estado.registrando);
    }
  },
  servicio: {
    tipos: TIPOS_SERVICIO,
    verificar(r, ref, ctx, estado) {
      const campo = CAMPO_INICIO[ref.tipo];
      const inicio = minutos(r[campo]);
      if (inicio === null) return;
      if (estado.registrando) {
        const k = estado.entradas;
        let servicios = estado.servicios;
        if (2 * k + 2 > servicios.length) {
          servicios = new Float64Array(servicios.length * 2);
          servicios.set(estado.servicios);
          estado.servicios = servicios;
        }
        servicios[2 * k] = inicio;
        servicios[2 * k + 1] = ref.indice * 8 + NUMERO_TIPO[ref.tipo];
        estado.entradas = k + 1;
      }
      if (!estado.actual || estado.actual.usuarioIndex !== ref.usuarioIndex) return;
      const { muerte } = estado.actual;
      if (inicio <= muerte.minuto + MARGEN_MUERTE_MIN) return;
      ctx.emitir('RVC053', dondeServicio(ref), campo, {
        valor: r[campo],
        detalle: `Es más de 24 horas posterior al fallecimiento registrado en ${muerte.origen}.`,
      });
    },
  },
  final(ctx, estado) {
    cerrarInicios(estado);
    // Newborns whose own usuario came before the mother's record of their death.
    for (const muerte of estado.recienNacidos.values()) {
      const previo = estado.inicios.get(muerte.tipo!, muerte.numero!);
      if (!previo || previo.usuarioIndex >= (muerte.madreIndex ?? 0)) continue;
      for (let k = previo.desde; k < previo.hasta; k++) {
        const minuto = estado.servicios[2 * k]!;
        if (minuto <= muerte.minuto + MARGEN_MUERTE_MIN) continue;
        const codigo = estado.servicios[2 * k + 1]!;
        const tipo = TIPOS_SERVICIO[codigo % 8]!;
        ctx.emitir(
          'RVC053',
          {
            usuarioIndex: previo.usuarioIndex,
            tipoServicio: tipo,
            servicioIndex: (codigo - (codigo % 8)) / 8,
          },
          CAMPO_INICIO[tipo],
          {
            valor: textoMinuto(minuto),
            detalle: `Es más de 24 horas posterior al fallecimiento registrado en ${muerte.origen}.`,
          },
        );
      }
    }
  },
});

interface Previo {
  tipo: TipoServicio;
  /** Only records of this grupoServicios count (05 = atención inmediata). */
  grupo?: string;
}

/**
 * RVC054: admission routes whose previous attention is certain and must be in the RIPS. DT1 gives
 * no mapping; the other routes (01, 07–14) are not checked here (see docs/reglas-rips-rvc050-098.md).
 */
const PREVIO_POR_VIA: Readonly<
  Record<string, { nombre: string; esperado: string; previos: readonly Previo[] }>
> = {
  '02': {
    nombre: 'Derivado de consulta externa',
    esperado: 'una consulta',
    previos: [{ tipo: 'consultas' }],
  },
  '03': {
    nombre: 'Derivado de urgencias',
    esperado:
      'un registro de urgencias con observación o una consulta o un procedimiento del grupo 05 «Atención inmediata»',
    previos: [
      { tipo: 'urgencias' },
      { tipo: 'consultas', grupo: '05' },
      { tipo: 'procedimientos', grupo: '05' },
    ],
  },
  '04': {
    nombre: 'Derivado de hospitalización',
    esperado: 'otra hospitalización',
    previos: [{ tipo: 'hospitalizacion' }],
  },
  '05': {
    nombre: 'Derivado de sala de cirugía',
    esperado: 'un procedimiento',
    previos: [{ tipo: 'procedimientos' }],
  },
  '06': {
    nombre: 'Derivado de sala de partos',
    esperado: 'un procedimiento',
    previos: [{ tipo: 'procedimientos' }],
  },
};

/**
 * Whether the user has a record matching one of `previos`: starting at or before `ingreso` (the
 * previous care), only later ones (the file contradicts the admission route), or none.
 */
function previoEnArchivo(
  ref: RefServicio,
  previos: readonly Previo[],
  ingreso: number,
): 'antes' | 'despues' | 'ninguno' {
  let despues = false;
  for (const p of previos) {
    const lista = listaDe(ref.usuario, p.tipo);
    const campo = CAMPO_INICIO[p.tipo];
    for (let j = 0; j < lista.length; j++) {
      const previo = lista[j];
      if (!esObjeto(previo) || (p.tipo === ref.tipo && j === ref.indice)) continue;
      if (p.grupo && texto(previo.grupoServicios) !== p.grupo) continue;
      const inicio = minutos(previo[campo]);
      // A malformed date is reported by the structure check; do not add a second finding.
      if (inicio === null || inicio <= ingreso) return 'antes';
      despues = true;
    }
  }
  return despues ? 'despues' : 'ninguno';
}

const rvc054 = regla({
  codigo: 'RVC054',
  campos: ['H02'],
  clases: clases('N', 'R'),
  mensajeOficial: 'El paciente no cuenta con servicios informados previo al ingreso a hospitalización.',
  titulo: 'Hospitalización sin la atención previa que indica la vía de ingreso',
  explicacion:
    'La «Vía de ingreso» de una hospitalización dice de qué atención de la misma institución viene el paciente (DT1, campo H02: «existencia de atención en la misma institución previo al ingreso»): 02 «Derivado de consulta externa» supone una consulta; 03 «Derivado de urgencias», un registro de urgencias con observación o una consulta o un procedimiento del grupo 05 «Atención inmediata»; 04 «Derivado de hospitalización», otra hospitalización; 05 «Derivado de sala de cirugía» y 06 «Derivado de sala de partos», un procedimiento. Esa atención suele estar en otra factura (una cobertura por factura, cortes de facturación, notas que solo llevan los registros afectados): se busca en este RIPS y en los servicios que la entidad ha radicado con este servicio; es rechazo solo cuando este RIPS muestra esa atención con fecha posterior al ingreso.',
  comoCorregir:
    'Registre la vía de ingreso tal como ocurrió. Si la atención previa se facturó en otra factura, no hay nada que corregir: el MUV la verifica con la historia del paciente. Si se prestó dentro de esta factura, inclúyala en el RIPS con su fecha real; si este RIPS la muestra después del ingreso, revise en el sistema de origen cuál de las dos fechas quedó mal registrada.',
  alcance: 'local',
  servicio: {
    tipos: ['hospitalizacion'],
    verificar(r, ref, ctx) {
      const via = texto(r.viaIngresoServicioSalud);
      const previa = via ? PREVIO_POR_VIA[via] : undefined;
      const ingreso = minutos(r.fechaInicioAtencion);
      if (!previa || ingreso === null) return;
      const enArchivo = previoEnArchivo(ref, previa.previos, ingreso);
      if (enArchivo === 'antes') return;
      const fecha = String(r.fechaInicioAtencion);
      if (enArchivo === 'despues') {
        ctx.emitir('RVC054', dondeServicio(ref), 'viaIngresoServicioSalud', {
          valor: via,
          detalle: `La vía «${via}» (${previa.nombre}) supone ${previa.esperado} del mismo paciente con fecha igual o anterior al ingreso (${fecha}), y este RIPS solo la muestra con fecha posterior.`,
        });
        return;
      }
      ctx.emitir('RVC054', dondeServicio(ref), 'viaIngresoServicioSalud', {
        valor: via,
        detalle: `La vía «${via}» (${previa.nombre}) supone ${previa.esperado} del mismo paciente con fecha igual o anterior al ingreso (${fecha}).`,
        cruce: { busca: previa.previos, cuando: 'antes', fecha },
      });
    },
  },
});

/** Any filed service of the patient (RVC062: the services after the derivation). */
const CUALQUIER_SERVICIO = TIPOS_SERVICIO.map((tipo) => ({ tipo }));

interface EstadoDerivado {
  usuariosConServicios: PorDocumento<true>;
  recienNacidos: { donde: Donde; tipo: string; numero: string; fecha: string }[];
}

/** Any non-empty service array (no copies: this runs once per user). */
function tieneServicios(u: Registro): boolean {
  const s = u.servicios;
  if (typeof s !== 'object' || s === null) return false;
  const servicios = s as Registro;
  return TIPOS_SERVICIO.some((t) => {
    const lista = servicios[t];
    return Array.isArray(lista) && lista.length > 0;
  });
}

/** Another record of the same user starting at or after `desde` (malformed dates count as present). */
function hayServicioDesde(usuario: Registro, desde: number, excluir: { tipo: TipoServicio; indice: number }) {
  for (const tipo of TIPOS_SERVICIO) {
    const lista = listaDe(usuario, tipo);
    const campo = CAMPO_INICIO[tipo];
    for (let j = 0; j < lista.length; j++) {
      const r = lista[j];
      if (!esObjeto(r) || (tipo === excluir.tipo && j === excluir.indice)) continue;
      const inicio = minutos(r[campo]);
      if (inicio === null || inicio >= desde) return true;
    }
  }
  return false;
}

const rvc062 = regla<EstadoDerivado>({
  codigo: 'RVC062',
  campos: ['R09', 'H12', 'N10'],
  clases: clases('N', 'R'),
  mensajeOficial:
    'El paciente fue derivado a otro servicio, pero no se encuentra información de los servicios prestados.',
  titulo: 'Paciente derivado a otro servicio sin servicios informados',
  explicacion:
    'Si la condición de egreso de una urgencia con observación, una hospitalización o un recién nacido es 03 «Paciente derivado a otro servicio», deben estar informados los servicios que se le prestaron después. Esos servicios suelen ir en otra factura (cortes de facturación, otra cobertura): se buscan en este RIPS (otro servicio del paciente con fecha igual o posterior al ingreso; para el recién nacido, que aparezca como usuario con su propio documento y con servicios) y en los servicios que la entidad ha radicado con este servicio.',
  comoCorregir:
    'Registre la condición de egreso tal como ocurrió. Si los servicios posteriores se facturaron o se facturarán en otra factura, no hay nada que corregir: el MUV los verifica con la historia del paciente. Si se prestaron dentro de esta factura, inclúyalos en el RIPS.',
  alcance: 'local',
  // Same entries as a set of claveDocumento keys.
  estado: () => ({ usuariosConServicios: new PorDocumento(' '), recienNacidos: [] }),
  lee: LEE_EGRESOS,
  usuario(u, _i, _ctx, estado) {
    const tipo = texto(u.tipoDocumentoIdentificacion);
    const numero = texto(u.numDocumentoIdentificacion);
    if (tipo && numero && tieneServicios(u)) estado.usuariosConServicios.set(tipo, numero, true);
  },
  servicio: {
    tipos: ['urgencias', 'hospitalizacion', 'recienNacidos'],
    verificar(r, ref, ctx, estado) {
      if (texto(r.condicionDestinoUsuarioEgreso) !== EGRESO_DERIVADO) return;
      if (ref.tipo === 'recienNacidos') {
        const clave = claveDocumento(r);
        // Without an own document (the mother's is used) the newborn's services cannot be told apart.
        if (clave && clave !== claveDocumento(ref.usuario)) {
          const tipo = texto(r.tipoDocumentoIdentificacion)!;
          const numero = texto(r.numDocumentoIdentificacion)!;
          const fecha = String(r.fechaNacimiento ?? '');
          estado.recienNacidos.push({ donde: dondeServicio(ref), tipo, numero, fecha });
        }
        return;
      }
      const ingreso = minutos(r.fechaInicioAtencion);
      if (ingreso === null || hayServicioDesde(ref.usuario, ingreso, ref)) return;
      const fecha = String(r.fechaInicioAtencion);
      ctx.emitir('RVC062', dondeServicio(ref), 'condicionDestinoUsuarioEgreso', {
        valor: EGRESO_DERIVADO,
        detalle: `No hay en este RIPS otro servicio del paciente con fecha igual o posterior al ingreso (${fecha}).`,
        cruce: { busca: CUALQUIER_SERVICIO, cuando: 'desde', fecha },
      });
    },
  },
  final(ctx, estado) {
    for (const { donde, tipo, numero, fecha } of estado.recienNacidos) {
      if (estado.usuariosConServicios.get(tipo, numero)) continue;
      ctx.emitir('RVC062', donde, 'condicionDestinoUsuarioEgreso', {
        valor: EGRESO_DERIVADO,
        detalle:
          'El recién nacido no aparece en este RIPS como usuario, con su propio documento, con servicios.',
        // The newborn's own services, not the mother's: the history is looked up by its document.
        cruce: { busca: CUALQUIER_SERVICIO, cuando: 'desde', fecha, documento: `${tipo} ${numero}` },
      });
    }
  },
});

/** Death, derivation and admission route against the other records (RVC053, RVC054, RVC062). */
export const REGLAS_EGRESOS: Regla[] = [rvc053, rvc054, rvc062];
