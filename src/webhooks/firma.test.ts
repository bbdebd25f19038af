import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { firmar, generarSecreto } from './firma.js';

describe('firma Standard Webhooks', () => {
  it('el secreto es whsec_ + 32 bytes en base64, distinto cada vez', () => {
    const s = generarSecreto();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
    expect(generarSecreto()).not.toBe(s);
  });

  it('v1,base64(HMAC-SHA256(clave, id.timestamp.cuerpo)): la verifica la biblioteca de referencia y un HMAC propio', () => {
    const secreto = generarSecreto();
    const cuerpo = JSON.stringify({ id: 'e1', tipo: 'transmision.aceptado', datos: { ñ: 'á' } });
    const cab = firmar(secreto, 'e1', cuerpo, new Date('2026-11-28T10:00:00.900Z'));
    expect(cab['webhook-id']).toBe('e1');
    expect(cab['webhook-timestamp']).toBe(String(Date.parse('2026-11-28T10:00:00Z') / 1000));
    const esperado = createHmac('sha256', Buffer.from(secreto.slice(6), 'base64'))
      .update(`e1.${cab['webhook-timestamp']}.${cuerpo}`)
      .digest('base64');
    expect(cab['webhook-signature']).toBe(`v1,${esperado}`);

    const ahora = firmar(secreto, 'e1', cuerpo);
    expect(new Webhook(secreto).verify(cuerpo, { ...ahora })).toEqual(JSON.parse(cuerpo));
    expect(() => new Webhook(generarSecreto()).verify(cuerpo, { ...ahora })).toThrow();
    expect(() => new Webhook(secreto).verify(`${cuerpo} `, { ...ahora })).toThrow();
  });
});
