import type { Constructor } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261123000000_base } from './Migration20261123000000_base.js';
import { Migration20261123100000_catalogos } from './Migration20261123100000_catalogos.js';
import { Migration20261123200000_radicaciones } from './Migration20261123200000_radicaciones.js';
import { Migration20261123300000_transmisiones } from './Migration20261123300000_transmisiones.js';
import { Migration20261123400000_avisos } from './Migration20261123400000_avisos.js';
import { Migration20261125100000_radicacion_pendiente } from './Migration20261125100000_radicacion_pendiente.js';
import { Migration20261125200000_radicacion_omitidos } from './Migration20261125200000_radicacion_omitidos.js';
import { Migration20261126100000_historia_servicio } from './Migration20261126100000_historia_servicio.js';
import { Migration20261126200000_transmision_paciente } from './Migration20261126200000_transmision_paciente.js';
import { Migration20261127100000_radicacion_estado } from './Migration20261127100000_radicacion_estado.js';
import { Migration20261127300000_transmision_tipo } from './Migration20261127300000_transmision_tipo.js';
import { Migration20261128100000_eventos_dominio } from './Migration20261128100000_eventos_dominio.js';
import { Migration20261128200000_webhooks } from './Migration20261128200000_webhooks.js';
import { Migration20261129100000_resumen_diario } from './Migration20261129100000_resumen_diario.js';
import { Migration20261130100000_resumen_franjas } from './Migration20261130100000_resumen_franjas.js';
import { Migration20261201100000_radicacion_documento } from './Migration20261201100000_radicacion_documento.js';
import { Migration20261201200000_pagador_entidades } from './Migration20261201200000_pagador_entidades.js';
import { Migration20261202100000_operaciones } from './Migration20261202100000_operaciones.js';
import { Migration20261202200000_resumen_operaciones } from './Migration20261202200000_resumen_operaciones.js';
import { Migration20261202300000_prestadores } from './Migration20261202300000_prestadores.js';
import { Migration20261203500000_transmision_recursos_ihce } from './Migration20261203500000_transmision_recursos_ihce.js';
import { Migration20261204100000_catalogo_sispro } from './Migration20261204100000_catalogo_sispro.js';

/** Applied in order; names are stored in `mikro_orm_migrations`. */
export const MIGRACIONES: { name: string; class: Constructor<Migration> }[] = [
  { name: 'Migration20261123000000_base', class: Migration20261123000000_base },
  { name: 'Migration20261123100000_catalogos', class: Migration20261123100000_catalogos },
  { name: 'Migration20261123200000_radicaciones', class: Migration20261123200000_radicaciones },
  { name: 'Migration20261123300000_transmisiones', class: Migration20261123300000_transmisiones },
  { name: 'Migration20261123400000_avisos', class: Migration20261123400000_avisos },
  {
    name: 'Migration20261125100000_radicacion_pendiente',
    class: Migration20261125100000_radicacion_pendiente,
  },
  {
    name: 'Migration20261125200000_radicacion_omitidos',
    class: Migration20261125200000_radicacion_omitidos,
  },
  { name: 'Migration20261126100000_historia_servicio', class: Migration20261126100000_historia_servicio },
  {
    name: 'Migration20261126200000_transmision_paciente',
    class: Migration20261126200000_transmision_paciente,
  },
  { name: 'Migration20261127100000_radicacion_estado', class: Migration20261127100000_radicacion_estado },
  { name: 'Migration20261127300000_transmision_tipo', class: Migration20261127300000_transmision_tipo },
  { name: 'Migration20261128100000_eventos_dominio', class: Migration20261128100000_eventos_dominio },
  { name: 'Migration20261128200000_webhooks', class: Migration20261128200000_webhooks },
  { name: 'Migration20261129100000_resumen_diario', class: Migration20261129100000_resumen_diario },
  { name: 'Migration20261130100000_resumen_franjas', class: Migration20261130100000_resumen_franjas },
  {
    name: 'Migration20261201100000_radicacion_documento',
    class: Migration20261201100000_radicacion_documento,
  },
  { name: 'Migration20261201200000_pagador_entidades', class: Migration20261201200000_pagador_entidades },
  { name: 'Migration20261202100000_operaciones', class: Migration20261202100000_operaciones },
  {
    name: 'Migration20261202200000_resumen_operaciones',
    class: Migration20261202200000_resumen_operaciones,
  },
  { name: 'Migration20261202300000_prestadores', class: Migration20261202300000_prestadores },
  {
    name: 'Migration20261203500000_transmision_recursos_ihce',
    class: Migration20261203500000_transmision_recursos_ihce,
  },
  { name: 'Migration20261204100000_catalogo_sispro', class: Migration20261204100000_catalogo_sispro },
];
