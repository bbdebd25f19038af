import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { clasesExpress } from '../src/http/clases-express.js';
import { type ServidorHijo, servidorEnHijo } from './piso-http.js';

/**
 * The ceiling of the stack the project is built on (issue 34): what express and Apollo Server cost by
 * themselves, with nothing of ours but the request classes the service gives Node. Same versions as the
 * service, in a process of its own like the floor (bench/piso-http.ts):
 * - the REST routes of bench:solicitudes: express with one exact route each and express.json() for a body, writing
 *   with res.json the answer the service gave for that request (set with PUT /respuesta), as the service
 *   writes it: no logging, metrics, headers, limits, authentication or database;
 * - POST /graphql: Apollo Server through its express integration, on a schema of one field,
 *   `{ sesion { permisos } }` answering four permissions, with no plugins of ours.
 * The share of the floor the ceiling reaches is a bound on what the service can reach on that route.
 */
function servirTecho(): void {
  let respuesta: unknown = { estado: 'ok' };
  const app = express();
  app.disable('x-powered-by');
  // Node's request classes as the service uses them (without them, on Node 20 express's prototype change
  // costs more than the rest of this server: src/http/clases-express.ts).
  const clases = clasesExpress(app);
  const apollo = new ApolloServer({
    typeDefs: 'type Sesion { permisos: [String!]! } type Query { sesion: Sesion! }',
    resolvers: {
      Query: { sesion: () => ({ permisos: ['rips:leer', 'rips:radicar', 'rda:leer', 'rda:transmitir'] }) },
    },
  });
  apollo.start().then(() => {
    app.put('/respuesta', express.json({ limit: '50mb' }), (req, res) => {
      respuesta = req.body;
      res.status(204).end();
    });
    app.use('/graphql', express.json(), expressMiddleware(apollo));
    const responder = (_req: express.Request, res: express.Response) => {
      res.json(respuesta);
    };
    // The routes bench:solicitudes sends, each its own exact route as the service declares them.
    app.get(['/health', '/sesion', '/rips'], responder);
    app.post(['/rips/validar', '/rda/validar'], express.json({ limit: '50mb' }), responder);
    const srv = http.createServer({ ...clases }, app);
    srv.keepAliveTimeout = 65_000;
    srv.listen(0, '127.0.0.1', () => process.send?.({ puerto: (srv.address() as AddressInfo).port }));
  });
}

/** The ceiling server in its own process, as the floor runs. */
export function iniciarTecho(): Promise<ServidorHijo> {
  return servidorEnHijo(fileURLToPath(import.meta.url), ['servir'], 'techo', {
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  process.argv[2] === 'servir'
) {
  servirTecho();
}
