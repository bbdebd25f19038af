import { MEDIA_FHIR } from '../../rda/ihce/fhir.js';
import type { SimuladorIhce } from './servidor.js';

export interface CredencialPrueba {
  clientId: string;
  clientSecret: string;
  tenantId: string;
  scope: string;
  subscriptionKey: string;
}

/** Tests only: a token of the sandbox for `cred` and the headers a FHIR call to it carries. */
export async function cabecerasDePrueba(
  sim: SimuladorIhce,
  cred: CredencialPrueba,
): Promise<Record<string, string>> {
  const t = await fetch(sim.tokenUrl.replace('{tenant}', cred.tenantId), {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: cred.clientId,
      client_secret: cred.clientSecret,
      scope: cred.scope,
    }),
  });
  const { access_token } = (await t.json()) as { access_token: string };
  return {
    authorization: `Bearer ${access_token}`,
    'ocp-apim-subscription-key': cred.subscriptionKey,
    'content-type': MEDIA_FHIR,
  };
}
