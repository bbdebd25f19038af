export { buscarHistoria, type FiltroHistoria, LOTE_BUSQUEDA, type ServicioHistoria } from './buscar.js';
export { pacienteHmac } from './clave.js';
export { CAMPO_INICIO, type FilaHistoria, serviciosDelRips } from './extraer.js';
export { LOTE_REGISTRO, registrarServicios } from './registrar.js';
export { ServicioRadicado } from './servicio-radicado.entity.js';
