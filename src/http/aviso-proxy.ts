import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';

export const AVISO_SIN_PROXY =
  'llegan solicitudes con X-Forwarded-For pero no hay proxies de confianza (TRUST_PROXY): la cabecera se ignora y el límite por dirección usa la dirección de la conexión; si la instancia está detrás de un balanceador, defina TRUST_PROXY con las direcciones de sus proxies o el número de saltos';

/**
 * With no trusted proxy the header is ignored; a request carrying it means either a balancer nobody
 * configured (every client then shares its address) or a client trying its luck. Said once per
 * process, like a start-up notice; the header's value (client addresses) never reaches the log.
 */
export function avisoSinProxy(log: Logger): (req: IncomingMessage) => void {
  let avisado = false;
  return (req) => {
    if (!avisado && req.headers['x-forwarded-for'] !== undefined) {
      avisado = true;
      log.warn({ variable: 'TRUST_PROXY' }, AVISO_SIN_PROXY);
    }
  };
}
