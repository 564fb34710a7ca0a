// How long each row of a timestamp,kwh file is, when the file does not say.

/** The most frequent positive step between consecutive starts (a gap or two does not change it). */
export function typicalStep(starts: number[]): number | undefined {
  const counts = new Map<number, number>();
  for (let i = 1; i < starts.length; i++) {
    const d = starts[i]! - starts[i - 1]!;
    if (d > 0) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  let best: number | undefined;
  let most = 0;
  for (const [d, n] of counts) if (n > most || (n === most && d < best!)) [best, most] = [d, n];
  return best;
}

/** `PT15M`, `PT1H`, `P1D` for a step in milliseconds. */
export function isoOf(ms: number): string {
  if (ms % 86_400_000 === 0) return `P${ms / 86_400_000}D`;
  if (ms % 3_600_000 === 0) return `PT${ms / 3_600_000}H`;
  if (ms % 60_000 === 0) return `PT${ms / 60_000}M`;
  return `PT${ms / 1000}S`;
}
