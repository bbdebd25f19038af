import { describe, expect, it } from 'vitest';
import { rolesPorEntidad } from './autenticacion.js';
import { permisosEfectivos, rolMasFuerte } from './permisos.js';

describe('permisos efectivos', () => {
  it.each([
    ['owner', ['rips', 'rda'], ['rips:enviar', 'rips:leer', 'rda:enviar', 'rda:leer']],
    ['operador', ['rips'], ['rips:enviar', 'rips:leer']],
    ['auditor', ['rips', 'rda'], ['rips:leer', 'rda:leer']],
    ['auditor', ['rda'], ['rda:leer']],
    ['api-key', ['rda'], ['rda:enviar', 'rda:leer']],
    ['owner', [], []],
  ] as const)('%s con módulos %j', (rol, modulos, esperados) => {
    expect(permisosEfectivos(rol, modulos)).toEqual(esperados);
  });

  it('el rol más fuerte gana', () => {
    expect(rolMasFuerte(['auditor', 'owner'])).toBe('owner');
    expect(rolMasFuerte([])).toBeUndefined();
  });
});

describe('grupos {slug}:{rol}', () => {
  it('agrupa por entidad e ignora valores ajenos', () => {
    const m = rolesPorEntidad(
      { groups: ['a:owner', 'a:auditor', 'b:operador', 'c:admin', 'suelto', ':owner'] },
      'groups',
    );
    expect([...m.entries()]).toEqual([
      ['a', ['owner', 'auditor']],
      ['b', ['operador']],
    ]);
  });

  it('acepta el claim como texto separado por espacios y un nombre de claim configurable', () => {
    expect([...rolesPorEntidad({ roles: 'x:auditor y:owner' }, 'roles').keys()]).toEqual(['x', 'y']);
    expect(rolesPorEntidad({}, 'groups').size).toBe(0);
  });
});
