import { parentPort } from 'node:worker_threads';
import { ErrorJsonProhibido } from '../../../http/json-seguro.js';
import { CatalogosEnMemoria } from '../../catalogos/memoria.js';
import { CAMPOS } from '../../estructura/campos.js';
import type { VerificadorEstructura } from '../../estructura/verificador.js';
import { crearVerificadorEstructura } from '../../estructura/verificar.js';
import { REGLAS } from '../../reglas/registro.js';
import { Recorrido } from '../motor.js';
import { type CamposProyeccion, camposProyeccion, proyectar } from '../proyeccion.js';
import { restoDelArreglo } from '../texto-rips.js';
import { decodificar } from '../textos-bytes.js';
import type { MensajeAlHilo, MensajeDelHilo } from './mensajes.js';

/**
 * A validation thread: receives slices of whole users of a large RIPS, checks them (structure and
 * every rule whose state, if any, is per user) and answers the findings plus the users reduced to
 * what the cross-user rules read, which the request thread runs in order.
 */
const puerto = parentPort;
if (!puerto) throw new Error('trabajador.js se carga solo como hilo (worker_threads)');

/** Catalog sets by id; a new revision replaces the older ones once no task uses them. */
const juegos = new Map<number, { catalogos: CatalogosEnMemoria; estructura: VerificadorEstructura }>();
const paralelas = new Map<
  number,
  Extract<MensajeAlHilo, { tipo: 'paralelo' }> & { campos?: CamposProyeccion }
>();

/** One slice of a parallel walk: its users parsed, checked, and reduced for the cross-user rules. */
function tramo(m: Extract<MensajeAlHilo, { tipo: 'tramo' }>) {
  const p = paralelas.get(m.tarea);
  try {
    const juego = p && juegos.get(p.catalogos);
    if (!p || !juego) throw new Error(`tarea ${m.tarea} sin inicio o sin catálogos`);
    let usuarios: unknown[];
    let cola: string | undefined;
    // The slice was transferred to this thread and is read only here: decoded in place.
    const texto = decodificar(
      Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength),
      0,
      m.bytes.byteLength,
      true,
    );
    // The last slice runs on to the end of the body; read as it is (a `[` prepended would make a
    // concatenated string, about twice as slow to walk).
    if (m.ultimo) usuarios = [...restoDelArreglo(texto, 0, (fin) => (cola = texto.slice(fin - 1)))];
    else usuarios = JSON.parse(texto) as unknown[];
    const r = new Recorrido(p.transaccion, {
      fecha: p.fecha,
      catalogos: juego.catalogos,
      reglas: REGLAS,
      estructura: juego.estructura,
      fev: p.fev,
      vida: p.vida,
      prestadores: p.prestadores,
      modo: 'tramo',
      maxHallazgos: p.maxHallazgos,
    });
    // Only what the cross-user rules active in this walk read (no invoice: no sums, and so on).
    p.campos ??= camposProyeccion(r.globales);
    const campos = p.campos;
    const proyecciones: unknown[] = [];
    for (const u of usuarios) {
      r.usuario(u);
      proyecciones.push(proyectar(u, campos));
    }
    const { hallazgos, omitidos } = r.terminar();
    // As JSON text: stringify here plus JSON.parse there cost about half of a structured clone.
    enviar({
      tipo: 'tramo-hecho',
      tarea: m.tarea,
      n: m.n,
      hallazgos,
      omitidos,
      proyecciones: JSON.stringify(proyecciones),
      cola,
    });
  } catch (e) {
    // A user nested too deep: the request's answer is a 400 naming it (its index is rebased there).
    const profundo = e instanceof ErrorJsonProhibido ? /^usuarios\[(\d+)\](.*)$/s.exec(e.campo ?? '') : null;
    if (profundo)
      enviar({
        tipo: 'tramo-prohibido',
        tarea: m.tarea,
        n: m.n,
        usuario: Number(profundo[1]),
        ruta: profundo[2]!,
      });
    else enviar({ tipo: 'tramo-fallido', tarea: m.tarea, n: m.n, mensaje: (e as Error).message });
  }
}
const enviar = (m: MensajeDelHilo) => puerto.postMessage(m);

puerto.on('message', (m: MensajeAlHilo) => {
  switch (m.tipo) {
    case 'catalogos': {
      const catalogos = new CatalogosEnMemoria(m.tablas);
      juegos.set(m.id, { catalogos, estructura: crearVerificadorEstructura(CAMPOS, catalogos) });
      // Keep the previous set too: a task started before the new revision may still use it.
      for (const id of juegos.keys()) if (id < m.id - 1) juegos.delete(id);
      return;
    }
    case 'paralelo':
      paralelas.set(m.tarea, m);
      return;
    case 'tramo':
      tramo(m);
      return;
    case 'cancelar':
      paralelas.delete(m.tarea);
      return;
  }
});
