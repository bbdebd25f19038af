import { ApiKey } from '../entidades/api-key.entity.js';
import { CredencialMinisterio } from '../entidades/credencial.entity.js';
import { Entidad } from '../entidades/entidad.entity.js';
import { ConsultaRda } from '../rda/transmision/consulta.entity.js';
import { ConteoTransmision } from '../rda/transmision/conteo.entity.js';
import { EventoTransmision } from '../rda/transmision/evento.entity.js';
import { Transmision } from '../rda/transmision/transmision.entity.js';
import { ConteoRadicacion } from '../resumen/conteo-radicacion.entity.js';
import { CargaCatalogo } from '../rips/catalogos/carga-catalogo.entity.js';
import { FilaCatalogo } from '../rips/catalogos/fila-catalogo.entity.js';
import { ServicioRadicado } from '../rips/historia/servicio-radicado.entity.js';
import { Radicacion } from '../rips/radicacion/radicacion.entity.js';
import { WebhookEndpoint } from '../webhooks/endpoint.entity.js';
import { WebhookEntrega } from '../webhooks/entrega.entity.js';

/** Every persisted class, listed explicitly (ReflectMetadataProvider, no folder globs). */
export const ENTIDADES_ORM = [
  Entidad,
  ApiKey,
  CredencialMinisterio,
  FilaCatalogo,
  CargaCatalogo,
  Transmision,
  EventoTransmision,
  ConsultaRda,
  ConteoTransmision,
  Radicacion,
  ConteoRadicacion,
  ServicioRadicado,
  WebhookEndpoint,
  WebhookEntrega,
];
