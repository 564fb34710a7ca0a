import { QUARTERS } from './place';

/** A band's label drawn outside it: beside it on free track, or above it when both sides are taken. */
export interface Outside {
  band: number;
  text: string;
  place: 'right' | 'left' | 'above';
  /** Percent of the track: the band's end (right), its start (left) or its middle (above). */
  at: number;
}

/**
 * Where the label of a band too narrow for it goes: beside it on the free track to its right, or
 * to its left, with the longest of `labels` that fits whole there; above the band, whole, when
 * neither side has room. `used` is which quarters hold a band; `px` the track's width.
 */
export function outsideLabel(
  piece: { band: number; a: number; b: number },
  labels: string[],
  used: boolean[],
  px: number,
  charPx: number,
): Outside {
  let right = 0;
  for (let q = piece.b; q < QUARTERS && !used[q]; q++) right++;
  let left = 0;
  for (let q = piece.a - 1; q >= 0 && !used[q]; q--) left++;
  const fits = (quarters: number) => labels.find((t) => (quarters / QUARTERS) * px - 8 >= t.length * charPx);
  const pct = (q: number) => (q / QUARTERS) * 100;
  const r = fits(right);
  if (r) return { band: piece.band, text: r, place: 'right', at: pct(piece.b) };
  const l = fits(left);
  if (l) return { band: piece.band, text: l, place: 'left', at: pct(piece.a) };
  return { band: piece.band, text: labels[0] ?? '', place: 'above', at: pct((piece.a + piece.b) / 2) };
}
