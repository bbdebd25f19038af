import type { Command } from 'commander';
import { ErrorApp } from '../errores/errores.js';
import type { WebhookEndpoint } from '../webhooks/endpoint.entity.js';
import type { ServicioWebhooks } from '../webhooks/servicio.js';
import { type Contexto, separarLista } from './comandos.js';
import { fecha, tabla } from './formato.js';
import type { Dependencias } from './programa.js';

interface ConJson {
  json?: boolean;
}

export interface VistaWebhook {
  id: string;
  entidad: string;
  url: string;
  /** Empty: every event type. */
  tipos: string[];
  descripcion: string | null;
  activo: boolean;
  creado: Date;
}

export interface WebhookRegistradoCli {
  webhook: VistaWebhook;
  /** The signing secret in clear: shown once, stored encrypted. */
  secreto: string;
  aviso: string;
}

export const AVISO_SECRETO =
  'Guarde este secreto ahora: no se puede volver a mostrar (se guarda cifrado). Si se pierde, elimine el webhook y registre otro.';

function servicio(ctx: Contexto): ServicioWebhooks {
  if (!ctx.webhooks) throw new ErrorApp('interno', 'La CLI no tiene el servicio de webhooks configurado.');
  return ctx.webhooks;
}

function vista(w: WebhookEndpoint, slug: string): VistaWebhook {
  return {
    id: w.id,
    entidad: slug,
    url: w.url,
    tipos: [...w.tipos],
    descripcion: w.descripcion,
    activo: w.activo,
    creado: w.creadoEn,
  };
}

export async function registrarWebhook(
  ctx: Contexto,
  slug: string,
  d: { url: string; tipos: string[]; descripcion?: string },
): Promise<WebhookRegistradoCli> {
  const entidad = await ctx.entidades.porSlug(ctx.em, slug);
  const r = await servicio(ctx).registrar(ctx.em, entidad, d);
  return { webhook: vista(r.endpoint, entidad.slug), secreto: r.secreto, aviso: AVISO_SECRETO };
}

export async function listarWebhooks(ctx: Contexto, slug: string): Promise<VistaWebhook[]> {
  const entidad = await ctx.entidades.porSlug(ctx.em, slug);
  return (await servicio(ctx).listar(ctx.em, entidad.id)).map((w) => vista(w, entidad.slug));
}

/** By id alone: the operator manages every entity's webhooks. */
export async function eliminarWebhook(ctx: Contexto, id: string): Promise<VistaWebhook> {
  const w = await servicio(ctx).eliminar(ctx.em, undefined, id);
  return vista(w, w.entidad.slug);
}

const tiposTexto = (t: string[]) => (t.length ? t.join(', ') : 'todos');

export function textoWebhookRegistrado(r: WebhookRegistradoCli): string {
  return (
    `Webhook registrado para «${r.webhook.entidad}» (id ${r.webhook.id}):\n` +
    `  url:   ${r.webhook.url}\n  tipos: ${tiposTexto(r.webhook.tipos)}\n\n` +
    `Secreto de firma (cabecera webhook-signature, formato Standard Webhooks):\n\n    ${r.secreto}\n\n` +
    `ATENCIÓN: ${r.aviso}\n`
  );
}

export function textoWebhooks(ws: VistaWebhook[]): string {
  if (ws.length === 0) return 'La entidad no tiene webhooks.\n';
  return tabla(
    ['ID', 'ACTIVO', 'CREADO', 'TIPOS', 'URL'],
    ws.map((w) => [w.id, w.activo ? 'sí' : 'no', fecha(w.creado), tiposTexto(w.tipos), w.url]),
  );
}

export function textoWebhookEliminado(w: VistaWebhook): string {
  return `Webhook ${w.id} de «${w.entidad}» eliminado, con su registro de entregas.\n`;
}

/** Adds `webhook registrar|listar|eliminar` to the program. */
export function registrarComandosWebhook(programa: Command, deps: Dependencias): void {
  const webhook = programa
    .command('webhook')
    .description('Receptores de eventos firmados (webhooks) de una entidad');
  const responder = <T>(o: ConJson, valor: T, texto: (v: T) => string) =>
    deps.salida.out(o.json ? `${JSON.stringify(valor, null, 2)}\n` : texto(valor));

  webhook
    .command('registrar')
    .description('Registra un webhook; el secreto de firma se muestra una sola vez')
    .argument('<entidad>', 'Slug de la entidad')
    .argument('<url>', 'URL que recibe los eventos (https; http solo fuera de producción)')
    .option('--tipos <lista>', 'Tipos de evento separados por comas (por defecto: todos)')
    .option('--descripcion <texto>', 'Para qué o para quién es')
    .option('--json', 'Salida en JSON (para scripts)')
    .action(async (slug: string, url: string, o: ConJson & { tipos?: string; descripcion?: string }) => {
      const r = await deps.ejecutar((ctx) =>
        registrarWebhook(ctx, slug, { url, tipos: separarLista(o.tipos), descripcion: o.descripcion }),
      );
      responder(o, r, textoWebhookRegistrado);
      // In JSON mode stdout carries only the JSON; the one-time warning still reaches a human.
      if (o.json) deps.salida.err(`ATENCIÓN: ${r.aviso}\n`);
    });

  webhook
    .command('listar')
    .description('Lista los webhooks de una entidad (nunca el secreto)')
    .argument('<entidad>', 'Slug de la entidad')
    .option('--json', 'Salida en JSON (para scripts)')
    .action(async (slug: string, o: ConJson) => {
      responder(o, await deps.ejecutar((ctx) => listarWebhooks(ctx, slug)), textoWebhooks);
    });

  webhook
    .command('eliminar')
    .description('Elimina un webhook (y su registro de entregas) por su id')
    .argument('<id>', 'Id del webhook (webhook listar)')
    .option('--json', 'Salida en JSON (para scripts)')
    .action(async (id: string, o: ConJson) => {
      responder(o, await deps.ejecutar((ctx) => eliminarWebhook(ctx, id)), textoWebhookEliminado);
    });
}
