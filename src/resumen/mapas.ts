/** The value of `clave` in `m`, created by `crear` the first time (accumulators and groups). */
export function valorDe<K, V>(m: Map<K, V>, clave: K, crear: () => V): V {
  let v = m.get(clave);
  if (v === undefined) {
    v = crear();
    m.set(clave, v);
  }
  return v;
}
