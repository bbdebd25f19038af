import { describe, expect, it } from 'vitest';
import type { DocumentoFev } from '../fev/documento.js';
import type { Registro } from '../tipos.js';
import { PAGADOR_PERSONA_NATURAL, SIN_PAGADOR, valorDelDocumento } from './valor.js';

/** The fields valorDelDocumento reads of an invoice; the rest of the model does not matter here. */
function fev(
  adquiriente: Partial<DocumentoFev['adquiriente']>,
  aPagar: number | null = 1_250_000,
): DocumentoFev {
  return {
    tipo: 'Invoice',
    adquiriente: { additionalAccountID: null, nit: null, razonSocial: null, ...adquiriente },
    totales: {
      lineas: null,
      baseImpuestos: null,
      conImpuestos: null,
      anticipado: null,
      aPagar,
      aPagarTexto: aPagar === null ? null : String(aPagar),
    },
  } as unknown as DocumentoFev;
}

const EPS = { additionalAccountID: '1', nit: '900156264', razonSocial: 'Nueva EPS S.A.' };

function rips(...usuarios: unknown[]): Registro {
  return { numDocumentoIdObligado: '900123456', numFactura: 'FE1', usuarios };
}

describe('valorDelDocumento', () => {
  it.each([
    [1_250_000, '1250000'],
    [1_250_000.4, '1250000'],
    [1_250_000.5, '1250001'],
    [99.99, '100'],
    [0, '0'],
    [0.4, '0'],
  ])('an invoice payable of %d is %s whole pesos', (aPagar, monto) => {
    expect(valorDelDocumento(rips(), fev(EPS, aPagar)).monto).toBe(monto);
  });

  it('the invoice wins over the services', () => {
    const r = rips({ servicios: { consultas: [{ vrServicio: 5000 }] } });
    expect(valorDelDocumento(r, fev(EPS, 70_000)).monto).toBe('70000');
  });

  it('an invoice without a readable payable falls back to the services', () => {
    const r = rips({ servicios: { consultas: [{ vrServicio: 5000 }] } });
    expect(valorDelDocumento(r, fev(EPS, null))).toEqual({
      monto: '5000',
      pagador: '900156264',
      nombrePagador: 'Nueva EPS S.A.',
    });
    expect(valorDelDocumento(r, fev(EPS, Number.NaN)).monto).toBe('5000');
  });

  it('without an invoice: the sum of vrServicio over every user and service type, and sin-pagador', () => {
    const r = rips(
      {
        servicios: {
          consultas: [{ vrServicio: 45_000 }, { vrServicio: '12000' }],
          procedimientos: [{ vrServicio: '1500.50' }],
          medicamentos: [{ vrServicio: 3200.25 }, { vrServicio: ' 800 ' }],
        },
      },
      { servicios: { otrosServicios: [{ vrServicio: 10_000 }], urgencias: [{ vrServicio: 1 }] } },
    );
    expect(valorDelDocumento(r, undefined)).toEqual({
      monto: String(Math.round(45_000 + 12_000 + 1500.5 + 3200.25 + 800 + 10_000 + 1)),
      pagador: SIN_PAGADOR,
      nombrePagador: null,
    });
  });

  it('ignores values and shapes that are not numbers', () => {
    const r = rips(
      null,
      'usuario',
      { servicios: null },
      { servicios: 'x' },
      { servicios: { consultas: 'no es lista', procedimientos: null } },
      {
        servicios: {
          consultas: [
            null,
            'x',
            {},
            { vrServicio: null },
            { vrServicio: 'abc' },
            { vrServicio: '1,000' },
            { vrServicio: '1e3' },
            { vrServicio: '' },
            { vrServicio: true },
            { vrServicio: [5] },
            { vrServicio: { v: 5 } },
            { vrServicio: Number.NaN },
            { vrServicio: Number.POSITIVE_INFINITY },
            { vrServicio: 700 },
          ],
          desconocidos: [{ vrServicio: 999 }],
        },
      },
    );
    expect(valorDelDocumento(r, undefined).monto).toBe('700');
  });

  it('nothing readable: monto null', () => {
    expect(valorDelDocumento({}, undefined)).toEqual({
      monto: null,
      pagador: SIN_PAGADOR,
      nombrePagador: null,
    });
    expect(valorDelDocumento({ usuarios: 'x' }, undefined).monto).toBeNull();
    expect(
      valorDelDocumento(rips({ servicios: { consultas: [{ vrServicio: 'abc' }] } }), undefined).monto,
    ).toBeNull();
    expect(valorDelDocumento(rips(), fev(EPS, null))).toEqual({
      monto: null,
      pagador: '900156264',
      nombrePagador: 'Nueva EPS S.A.',
    });
  });

  it('services that add up to zero are a value of 0, not "no value"', () => {
    expect(valorDelDocumento(rips({ servicios: { consultas: [{ vrServicio: 0 }] } }), undefined).monto).toBe(
      '0',
    );
  });

  it('an organisation (AdditionalAccountID 1) with a NIT is named by NIT and registration name', () => {
    expect(valorDelDocumento(rips(), fev(EPS))).toEqual({
      monto: '1250000',
      pagador: '900156264',
      nombrePagador: 'Nueva EPS S.A.',
    });
    expect(
      valorDelDocumento(
        rips(),
        fev({ additionalAccountID: ' 1 ', nit: ' 800251440 ', razonSocial: '  EPS Sanitas  ' }),
      ),
    ).toEqual({ monto: '1250000', pagador: '800251440', nombrePagador: 'EPS Sanitas' });
  });

  it('NITs of 5 to 15 digits are accepted', () => {
    for (const nit of ['12345', '123456789012345']) {
      expect(valorDelDocumento(rips(), fev({ ...EPS, nit })).pagador).toBe(nit);
    }
  });

  it('the name is cut at 200 characters, and a blank name is null', () => {
    const largo = `  ${'Á'.repeat(250)}`;
    const v = valorDelDocumento(rips(), fev({ ...EPS, razonSocial: largo }));
    expect(v.nombrePagador).toBe('Á'.repeat(200));
    expect(valorDelDocumento(rips(), fev({ ...EPS, razonSocial: '   ' })).nombrePagador).toBeNull();
    expect(valorDelDocumento(rips(), fev({ ...EPS, razonSocial: null })).nombrePagador).toBeNull();
  });

  it.each([
    ['2', '1020304050', 'Juan Pérez Gómez'],
    [null, '1020304050', 'Juan Pérez Gómez'],
    ['', '1020304050', 'Juan Pérez Gómez'],
    ['3', '52123987', 'María Rodríguez'],
    ['01', '52123987', 'María Rodríguez'],
  ])(
    'AdditionalAccountID %j is a natural person: class only, never their number or name',
    (id, nit, nombre) => {
      const v = valorDelDocumento(rips(), fev({ additionalAccountID: id, nit, razonSocial: nombre }));
      expect(v).toEqual({ monto: '1250000', pagador: PAGADOR_PERSONA_NATURAL, nombrePagador: null });
      const texto = JSON.stringify(v);
      expect(texto).not.toContain(nit);
      expect(texto).not.toContain(nombre.split(' ')[0]);
    },
  );

  it('a natural person with a malformed number is still only persona-natural', () => {
    const v = valorDelDocumento(
      rips(),
      fev({ additionalAccountID: '2', nit: 'CC 1020304050', razonSocial: 'Ana' }),
    );
    expect(v).toEqual({ monto: '1250000', pagador: PAGADOR_PERSONA_NATURAL, nombrePagador: null });
  });

  it.each(['900156264-1', '900.156.264', '1234', '1234567890123456', 'NIT900156264', '', '   ', null])(
    'an organisation with the malformed NIT %j is sin-pagador, without its name',
    (nit) => {
      expect(valorDelDocumento(rips(), fev({ ...EPS, nit }))).toEqual({
        monto: '1250000',
        pagador: SIN_PAGADOR,
        nombrePagador: null,
      });
    },
  );

  it('un valor más allá de 2^53 pesos no se guarda como número (null, sin valor legible)', () => {
    expect(valorDelDocumento(rips(), fev(EPS, 1e21)).monto).toBeNull();
    expect(valorDelDocumento(rips(), fev(EPS, 2 ** 64)).monto).toBeNull();
    const caro = { servicios: { consultas: [{ vrServicio: 1e22 }] } };
    expect(valorDelDocumento(rips(caro), undefined).monto).toBeNull();
    expect(valorDelDocumento(rips(), fev(EPS, 9_007_199_254_740_991)).monto).toBe('9007199254740991');
  });
});
