import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';

/**
 * Whether the current field's selection asks for `campo` directly below it (through inline
 * fragments and named fragments too): lets a list resolver read a costly part for every item at
 * once, and only when some client asked for it.
 */
export function pide(info: GraphQLResolveInfo, campo: string): boolean {
  const visto = new Set<string>();
  const buscar = (s: SelectionSetNode | undefined): boolean =>
    (s?.selections ?? []).some((x) => {
      if (x.kind === Kind.FIELD) return x.name.value === campo;
      if (x.kind === Kind.INLINE_FRAGMENT) return buscar(x.selectionSet);
      const nombre = x.name.value;
      if (visto.has(nombre)) return false;
      visto.add(nombre);
      return buscar(info.fragments[nombre]?.selectionSet);
    });
  return info.fieldNodes.some((n) => buscar(n.selectionSet));
}
