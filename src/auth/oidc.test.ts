import { describe, expect, it } from 'vitest';
import { vidaExcesiva } from './oidc.js';

const AHORA = 1_800_000_000;
const DIA = 86_400;

describe('vidaExcesiva: la vida de un token Bearer está acotada', () => {
  it.each([
    ['una hora desde iat', { iat: AHORA - 60, exp: AHORA + 3540 }],
    ['exactamente el máximo', { iat: AHORA, exp: AHORA + DIA }],
    ['el máximo más la tolerancia de reloj', { iat: AHORA, exp: AHORA + DIA + 5 }],
    ['sin iat, vence en una hora', { exp: AHORA + 3600 }],
    ['emitido hace 23 h, vence en 30 min', { iat: AHORA - 23 * 3600, exp: AHORA + 1800 }],
  ])('acepta %s', (_n, p) => {
    expect(vidaExcesiva(p, DIA, AHORA)).toBeUndefined();
  });

  it.each([
    ['diez años desde iat', { iat: AHORA, exp: AHORA + 3650 * DIA }, /vale por 10 años \(de iat a exp\)/],
    ['un día y un minuto', { iat: AHORA, exp: AHORA + DIA + 60 }, /vale por 24 horas/],
    ['sin iat y diez años por delante', { exp: AHORA + 3650 * DIA }, /sin iat: de ahora a exp/],
    // An iat in the future must not shorten the lifetime: it runs from now.
    ['iat en el futuro', { iat: AHORA + 3649 * DIA, exp: AHORA + 3650 * DIA }, /vale por 10 años/],
    ['emitido hace dos días, aún vigente', { iat: AHORA - 2 * DIA, exp: AHORA + 60 }, /vale por 2 días/],
  ])('rechaza %s, con la razón y la variable', (_n, p, motivo) => {
    const m = vidaExcesiva(p, DIA, AHORA);
    expect(m).toMatch(motivo);
    expect(m).toContain('a lo sumo 24 horas (OIDC_MAX_TOKEN_LIFETIME_SECONDS)');
  });

  it('el máximo es el configurado', () => {
    const p = { iat: AHORA, exp: AHORA + 3600 };
    expect(vidaExcesiva(p, 3600, AHORA)).toBeUndefined();
    expect(vidaExcesiva(p, 600, AHORA)).toMatch(/a lo sumo 10 minutos/);
  });
});
