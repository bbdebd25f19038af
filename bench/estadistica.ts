/** The value at quantile `q` (0–1) of `xs`, nearest rank; 0.5 gives the upper median, s[⌊n/2⌋]. */
export function cuantil(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) * q + 0.5)]!;
}

export const mediana = (xs: number[]): number => cuantil(xs, 0.5);
