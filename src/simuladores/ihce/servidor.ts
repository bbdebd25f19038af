import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  type AlcanceConsulta,
  arr,
  type IssueFhir,
  LOINC,
  LOINC_REFERENCIA_IHCE,
  MEDIA_FHIR,
  OPERACION_CONSULTA,
  obj,
  PERFIL_IHCE,
  type Recurso,
  SISTEMA_VIDA,
  str,
  TIPOS_RDA_IHCE,
  type TipoRdaIhce,
} from '../../rda/ihce/fhir.js';
import { REFERENCIA_MINSALUD } from '../../rda/tipos.js';
import { FALLAS_TRAS_GUARDAR, type Falla, Fallas, type RutaSimulador, TIPOS_FALLA } from './fallas.js';
import {
  identificadorPaciente,
  prefiereResultado,
  resultadoAceptacion,
  revisarDocumento,
  SISTEMA_REGLAS_SIM,
} from './perfiles.js';

/** Credentials the sandbox knows (what the Hércules portal would issue). */
export interface ClienteSandbox {
  clientId: string;
  clientSecret: string;
  tenantId: string;
  scope: string;
  subscriptionKey: string;
}

export interface OpcionesSimuladorIhce {
  port?: number;
  host?: string;
  clientes?: ClienteSandbox[];
  /** Entries per searchset page. */
  tamanoPagina?: number;
  /** How long a `next` link stays valid. */
  ttlPaginasMs?: number;
  /** Access token lifetime (Entra ID: 3599 s). */
  ttlTokenSegundos?: number;
  /** Document numbers the simulated Registraduría (EVOL) does not know: 400 business-rule. */
  pacientesDesconocidos?: string[];
  /**
   * Put the VIDA in the acceptance (`Bundle.identifier` of the transaction-response, the form public
   * clients read). Our assumption, off by default: the platform's captured acceptance carries none
   * (issue 32). For tests of what the service does with a VIDA (the RIPS codigoVIDA cross-check).
   */
  vidaEnAceptacion?: boolean;
}

interface Documento {
  id: string;
  vida: string;
  tipo: TipoRdaIhce;
  paciente: { tipo: string; numero: string };
  fecha: string;
  bundle: Recurso;
}

interface Pagina {
  ids: string[];
  desde: number;
  expira: number;
  op: string;
}

export interface SimuladorIhce {
  /** Base URL of the FHIR API (`…/ihce`), like https://sandbox.ihcecol.gov.co/ihce. */
  baseUrl: string;
  /** Token endpoint template with `{tenant}`, like Entra ID's. */
  tokenUrl: string;
  fallas: Fallas;
  registrarCliente(c: ClienteSandbox): void;
  /** Requests received per route (tests check token caching, retries…). */
  llamadas: Record<RutaSimulador, number>;
  /** Makes every `next` link handed out so far expire now. */
  expirarPaginas(): void;
  documentos(): number;
  detener(): Promise<void>;
}

function resultado(issues: IssueFhir[]) {
  return { resourceType: 'OperationOutcome', issue: issues };
}

function fhir(res: Response, status: number, cuerpo: unknown): void {
  res.status(status).type(MEDIA_FHIR).send(JSON.stringify(cuerpo));
}

/** One error issue, the message in `details.text` as the platform writes it (issue 32). */
function oo(res: Response, status: number, code: string, texto: string, regla?: string): void {
  fhir(
    res,
    status,
    resultado([
      {
        severity: 'error',
        code,
        details: { ...(regla ? { coding: [{ system: SISTEMA_REGLAS_SIM, code: regla }] } : {}), text: texto },
      },
    ]),
  );
}

/** Resource types the platform matches with what it already holds (200 without location, issue 32). */
const TIPOS_CONOCIDOS = new Set(['Patient', 'Practitioner', 'Organization']);

/** Who a Patient, Practitioner or Organization is for the platform: its identifiers, or undefined. */
function claveConocido(r: Recurso): string | undefined {
  const persona = identificadorPaciente(r);
  if (persona) return `${r.resourceType}|${persona.tipo}|${persona.numero}`;
  const valores = arr(r.identifier)
    .map((i) => `${str(obj(i)?.system) ?? ''}|${str(obj(i)?.value) ?? ''}`)
    .filter((v) => !v.endsWith('|'))
    .sort();
  return valores.length ? `${r.resourceType}|${valores.join(',')}` : undefined;
}

const TIPO_POR_OPERACION = new Map(TIPOS_RDA_IHCE.map((t) => [PERFIL_IHCE[t].operacion, t]));

function parametro(body: unknown, nombre: string): Record<string, unknown> | undefined {
  return arr(obj(body)?.parameter)
    .map(obj)
    .find((p) => p?.name === nombre);
}

/** A separate HTTP server that speaks the IHCE wire format (rda.md §3), for the default run and tests. */
export async function iniciarSimulador(o: OpcionesSimuladorIhce = {}): Promise<SimuladorIhce> {
  const clientes = new Map<string, ClienteSandbox>();
  for (const c of o.clientes ?? []) clientes.set(c.clientId, c);
  const tokens = new Map<string, { clientId: string; expira: number }>();
  const docs = new Map<string, Documento>();
  const encuentros = new Set<string>();
  /** Patients, practitioners and organizations the platform holds, by identity: their platform id. */
  const conocidos = new Map<string, string>();
  const paginas = new Map<string, Pagina>();
  const desconocidos = new Set(o.pacientesDesconocidos ?? []);
  const tamanoPagina = o.tamanoPagina ?? 10;
  const ttlPaginasMs = o.ttlPaginasMs ?? 5 * 60_000;
  const ttlToken = o.ttlTokenSegundos ?? 3599;
  const fallas = new Fallas();
  const llamadas: Record<RutaSimulador, number> = {
    token: 0,
    enviar: 0,
    consultar: 0,
    pagina: 0,
    documento: 0,
  };
  let secuenciaVida = 100_000_000 + Math.floor(Math.random() * 800_000_000);

  const inyectar = (ruta: RutaSimulador) => async (req: Request, res: Response, next: NextFunction) => {
    llamadas[ruta] += 1;
    const { latenciaMs, falla } = fallas.tomar(ruta);
    if (latenciaMs) await new Promise((r) => setTimeout(r, latenciaMs));
    if (!falla) return next();
    if (FALLAS_TRAS_GUARDAR.includes(falla.tipo)) {
      // Applied by `enviar` once the document is stored (responderAceptado).
      res.locals.falla = falla;
      return next();
    }
    aplicarFalla(req, res, falla);
  };

  function aplicarFalla(req: Request, res: Response, f: Falla): void {
    if (f.tipo === 'timeout') {
      // Hang, then drop the connection without an answer.
      setTimeout(() => req.socket.destroy(), f.ms ?? 60_000).unref();
      return;
    }
    if (f.tipo === 'limite') {
      res.setHeader('Retry-After', String(f.retryAfter ?? 1));
      oo(res, 429, 'throttled', 'Rate limit is exceeded. Try again later.');
      return;
    }
    oo(res, f.status ?? 503, 'transient', 'Servicio temporalmente no disponible.');
  }

  /**
   * The answer to a stored document, as the fault of the request (if any) wants it: the
   * transaction-response (with the VIDA only under `vidaEnAceptacion`), or with
   * `Prefer: return=OperationOutcome` the acceptance and its warnings (our own form).
   */
  function responderAceptado(
    req: Request,
    res: Response,
    d: Documento,
    transaccion: Recurso,
    avisos: IssueFhir[],
  ): void {
    const f = res.locals.falla as Falla | undefined;
    if (f?.tipo === 'aceptar-y-cortar') {
      const status = f.status ?? 0;
      if (status >= 500 && status <= 599)
        oo(res, status, 'transient', 'Servicio temporalmente no disponible.');
      else req.socket.destroy();
      return;
    }
    const conVida = o.vidaEnAceptacion === true && f?.tipo !== 'sin-vida';
    const status = f?.tipo === 'sin-vida' && f.status && f.status >= 200 && f.status <= 299 ? f.status : 200;
    if (prefiereResultado(req.get('Prefer'))) {
      res.setHeader('Preference-Applied', 'return=OperationOutcome');
      res.setHeader('Location', `${origen(req)}/Composition/${d.id}`);
      const vida = conVida ? { identifier: { system: SISTEMA_VIDA, value: d.vida } } : {};
      fhir(res, status, resultadoAceptacion(vida, avisos));
      return;
    }
    fhir(
      res,
      status,
      conVida ? { ...transaccion, identifier: { system: SISTEMA_VIDA, value: d.vida } } : transaccion,
    );
  }

  /**
   * The platform's acceptance (issue 32): a transaction-response with one entry per entry sent, in
   * order (201 + location `…/<Tipo>/<uuid>/_history/1` when created; 200 without location for a
   * Patient, Practitioner or Organization already held), then the DocumentReference it creates
   * (type LOINC 18842-5, custodian Organization/MinSalud, attachment `Composition/<id>`), with its
   * resource. Warnings go in the Composition entry's `response.outcome`.
   */
  function transaccion(req: Request, bundle: Recurso, compositionId: string, avisos: IssueFhir[]): Recurso {
    const base = origen(req);
    const creado = (tipo: string, id: string) => ({
      status: '201',
      location: `${base}/${tipo}/${id}/_history/1`,
    });
    const entry: Record<string, unknown>[] = arr(bundle.entry).map((e) => {
      const r = (obj(obj(e)?.resource) ?? {}) as Recurso;
      const tipo = str(r.resourceType) ?? 'Resource';
      if (tipo === 'Composition')
        return {
          response: {
            ...creado(tipo, compositionId),
            ...(avisos.length ? { outcome: resultado(avisos) } : {}),
          },
        };
      const clave = TIPOS_CONOCIDOS.has(tipo) ? claveConocido(r) : undefined;
      if (clave && conocidos.has(clave)) return { response: { status: '200' } };
      const id = randomUUID();
      if (clave) conocidos.set(clave, id);
      return { response: creado(tipo, id) };
    });
    const referencia = randomUUID();
    entry.push({
      resource: {
        resourceType: 'DocumentReference',
        id: referencia,
        meta: { versionId: '1' },
        status: 'current',
        type: { coding: [{ system: LOINC, code: LOINC_REFERENCIA_IHCE }] },
        custodian: { reference: REFERENCIA_MINSALUD },
        content: [{ attachment: { url: `Composition/${compositionId}` } }],
      },
      response: creado('DocumentReference', referencia),
    });
    return { resourceType: 'Bundle', id: randomUUID(), type: 'transaction-response', entry };
  }

  const app = express();
  app.disable('x-powered-by');

  app.post(
    '/:tenant/oauth2/v2.0/token',
    inyectar('token'),
    express.urlencoded({ extended: false }),
    (req, res) => {
      const b = req.body as Record<string, string | undefined>;
      const c = b.client_id ? clientes.get(b.client_id) : undefined;
      if (b.grant_type !== 'client_credentials') {
        res.status(400).json({ error: 'unsupported_grant_type' });
        return;
      }
      if (!c || c.clientSecret !== b.client_secret || c.tenantId !== req.params.tenant) {
        res
          .status(401)
          .json({ error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret.' });
        return;
      }
      if (b.scope !== c.scope) {
        res.status(400).json({ error: 'invalid_scope' });
        return;
      }
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, { clientId: c.clientId, expira: Date.now() + ttlToken * 1000 });
      res.json({ token_type: 'Bearer', expires_in: ttlToken, ext_expires_in: ttlToken, access_token: token });
    },
  );

  // Fault injection over HTTP for manual runs (the simulator listens on 127.0.0.1 only).
  app.post('/_simulador/fallas', express.json(), (req, res) => {
    const f = req.body as Falla;
    if (!TIPOS_FALLA.includes(f?.tipo)) {
      res.status(400).json({ error: `tipo: ${TIPOS_FALLA.join(' | ')}` });
      return;
    }
    fallas.programar(f);
    res.status(204).end();
  });
  app.delete('/_simulador/fallas', (_req, res) => {
    fallas.limpiar();
    res.status(204).end();
  });

  const api = express.Router();
  // API Management: subscription key first, then the Entra ID token issued to the same client.
  api.use((req, res, next) => {
    const clave = req.get('Ocp-Apim-Subscription-Key');
    const cliente = [...clientes.values()].find((c) => c.subscriptionKey === clave);
    if (!clave || !cliente) {
      res.status(401).json({
        statusCode: 401,
        message: 'Access denied due to missing or invalid subscription key.',
      });
      return;
    }
    const auth = req.get('Authorization') ?? '';
    const t = tokens.get(auth.replace(/^Bearer /, ''));
    if (!t || t.expira < Date.now() || t.clientId !== cliente.clientId) {
      res.status(401).json({ statusCode: 401, message: 'Unauthorized. Access token is missing or invalid.' });
      return;
    }
    next();
  });
  api.use(express.json({ type: ['application/json', MEDIA_FHIR], limit: '50mb' }));

  const origen = (req: Request) => `${req.protocol}://${req.get('host')}${req.baseUrl}`;

  api.post('/Composition/:op', (req, res, next) => {
    const op = req.params.op as string;
    const tipo = TIPO_POR_OPERACION.get(op);
    if (tipo) return void inyectar('enviar')(req, res, () => enviar(tipo, req, res));
    const alcance = (Object.keys(OPERACION_CONSULTA) as AlcanceConsulta[]).find(
      (a) => OPERACION_CONSULTA[a] === op,
    );
    if (alcance) return void inyectar('consultar')(req, res, () => consultar(alcance, req, res));
    next();
  });

  function enviar(tipo: TipoRdaIhce, req: Request, res: Response): void {
    // Errors refuse (400, errors only); guide warnings never block (they travel with the acceptance).
    const revisado = revisarDocumento(tipo, req.body);
    if (revisado.errores.length) {
      fhir(res, 400, resultado(revisado.errores));
      return;
    }
    const paciente = revisado.paciente!;
    if (desconocidos.has(paciente.numero)) {
      oo(
        res,
        400,
        'business-rule',
        'El documento del paciente no se encuentra en la Registraduría (EVOL).',
        'EVOL-001',
      );
      return;
    }
    if (revisado.claveEncuentro) {
      if (encuentros.has(revisado.claveEncuentro)) {
        oo(
          res,
          409,
          'duplicate',
          'Ya existe un RDA para el mismo paciente, periodo, prestador y profesional.',
          'DUP-001',
        );
        return;
      }
      encuentros.add(revisado.claveEncuentro);
    }
    const id = randomUUID();
    secuenciaVida += 1;
    const vida = String(secuenciaVida);
    const bundle = structuredClone(req.body) as Recurso;
    bundle.id = randomUUID();
    bundle.identifier = { system: SISTEMA_VIDA, value: vida };
    const comp = obj(arr(bundle.entry).map(obj)[0]?.resource) as Recurso;
    comp.id = id;
    comp.identifier = { system: SISTEMA_VIDA, value: vida };
    const d: Documento = {
      id,
      vida,
      tipo,
      paciente,
      fecha: str(comp.date) ?? new Date().toISOString(),
      bundle,
    };
    docs.set(id, d);
    responderAceptado(
      req,
      res,
      d,
      transaccion(req, req.body as Recurso, id, revisado.avisos),
      revisado.avisos,
    );
  }

  /** `Composition.subject.reference` of a stored Bundle, when it has one. */
  function referenciaPaciente(bundle: unknown): { reference?: string } {
    const comp = arr(obj(bundle)?.entry)
      .map((e) => obj(obj(e)?.resource))
      .find((r) => r?.resourceType === 'Composition');
    const ref = str(obj(comp?.subject)?.reference);
    return ref ? { reference: ref } : {};
  }

  function consultar(alcance: AlcanceConsulta, req: Request, res: Response): void {
    const body = obj(req.body);
    if (body?.resourceType !== 'Parameters') {
      oo(res, 400, 'structure', 'Se espera un recurso Parameters.');
      return;
    }
    const partes = arr(parametro(body, 'identifier')?.part).map(obj);
    const tipoDoc = str(partes.find((p) => p?.name === 'type')?.valueString);
    const numero = str(partes.find((p) => p?.name === 'value')?.valueString);
    const humanuser = str(parametro(body, 'humanuser')?.valueString);
    if (!tipoDoc || !numero) {
      oo(res, 400, 'required', 'El parámetro identifier (type y value) es obligatorio.');
      return;
    }
    if (!humanuser || !/^[A-Z]{2,3}-[A-Za-z0-9]{3,20}$/.test(humanuser)) {
      oo(res, 400, 'required', 'El parámetro humanuser ({TipoDoc}-{NumDoc}) es obligatorio.');
      return;
    }
    const ids = [...docs.values()]
      .filter(
        (d) =>
          d.paciente.tipo === tipoDoc &&
          d.paciente.numero === numero &&
          (alcance === 'paciente' ? d.tipo === 'paciente' : d.tipo !== 'paciente'),
      )
      .sort((a, b) => b.fecha.localeCompare(a.fecha))
      .map((d) => d.id);
    responderPagina(req, res, OPERACION_CONSULTA[alcance], ids, 0);
  }

  function responderPagina(req: Request, res: Response, op: string, ids: string[], desde: number): void {
    const parte = ids.slice(desde, desde + tamanoPagina);
    const link: { relation: string; url: string }[] = [
      { relation: 'self', url: `${origen(req)}/Composition/${op}` },
    ];
    if (desde + tamanoPagina < ids.length) {
      const token = randomBytes(16).toString('base64url');
      paginas.set(token, { ids, desde: desde + tamanoPagina, expira: Date.now() + ttlPaginasMs, op });
      link.push({ relation: 'next', url: `${origen(req)}/Composition/${op}?_pagina=${token}` });
    }
    fhir(res, 200, {
      resourceType: 'Bundle',
      type: 'searchset',
      total: ids.length,
      link,
      entry: parte.map((id) => {
        const d = docs.get(id)!;
        return {
          fullUrl: `${origen(req)}/Composition/${id}`,
          resource: {
            resourceType: 'Composition',
            id,
            identifier: { system: SISTEMA_VIDA, value: d.vida },
            status: 'final',
            type: { coding: [{ system: 'http://loinc.org', code: PERFIL_IHCE[d.tipo].loinc }] },
            date: d.fecha,
            // The stored document's own reference to its Patient, as the platform keeps it.
            subject: {
              ...referenciaPaciente(d.bundle),
              identifier: { type: { coding: [{ code: d.paciente.tipo }] }, value: d.paciente.numero },
            },
          },
          search: { mode: 'match' },
        };
      }),
    });
  }

  api.get('/Composition/:op', inyectar('pagina'), (req, res) => {
    const token = typeof req.query._pagina === 'string' ? req.query._pagina : undefined;
    const p = token ? paginas.get(token) : undefined;
    if (!p || p.op !== req.params.op) {
      oo(res, 404, 'not-found', 'La página solicitada no existe.');
      return;
    }
    if (p.expira < Date.now()) {
      paginas.delete(token!);
      oo(res, 410, 'expired', 'El enlace de paginación expiró. Repita la consulta.');
      return;
    }
    responderPagina(req, res, p.op, p.ids, p.desde);
  });

  api.get('/Composition/:id/:op', inyectar('documento'), (req, res) => {
    if (req.params.op !== '$document') {
      oo(res, 404, 'not-supported', 'Operación no soportada.');
      return;
    }
    const d = docs.get(req.params.id as string);
    if (!d) {
      oo(res, 404, 'not-found', `Composition/${req.params.id} no existe.`);
      return;
    }
    fhir(res, 200, d.bundle);
  });

  api.use((req, res) => oo(res, 404, 'not-supported', `Ruta no soportada: ${req.method} ${req.path}`));
  api.use((err: { type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    oo(
      res,
      400,
      'structure',
      err.type === 'entity.parse.failed' ? 'JSON mal formado.' : 'Solicitud inválida.',
    );
  });
  app.use('/ihce', api);

  const servidor: Server = app.listen(o.port ?? 0, o.host ?? '127.0.0.1');
  await once(servidor, 'listening');
  const { port } = servidor.address() as AddressInfo;
  const raiz = `http://127.0.0.1:${port}`;

  return {
    baseUrl: `${raiz}/ihce`,
    tokenUrl: `${raiz}/{tenant}/oauth2/v2.0/token`,
    fallas,
    llamadas,
    registrarCliente: (c) => void clientes.set(c.clientId, c),
    expirarPaginas: () => {
      for (const p of paginas.values()) p.expira = 0;
    },
    documentos: () => docs.size,
    detener: async () => {
      servidor.closeAllConnections();
      await new Promise<void>((r) => servidor.close(() => r()));
    },
  };
}
