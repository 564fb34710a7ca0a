import type { OutputForm } from '../../../engine/pricing/format.js';
import { ByteLru } from '../../cache.js';
import { PriceWriter } from './writer.js';
import type { Prepared } from './prepare.js';

/** Bytes kept before a fresh answer's items for its head (about 400 of them; more falls back to a copy). */
const HEAD_ROOM = 1024;

/** A price answer's `data` array, written. */
export interface Written {
  /** The `data` array's items as JSON bytes. */
  bytes: Buffer;
  /** Ascending instants inside the window where the answer's price changes. */
  cuts: Float64Array;
}

/** The first change strictly after `now`, or null when the window holds none. */
export function nextCut(cuts: Float64Array, now: number): number | null {
  let lo = 0;
  let hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (cuts[mid]! <= now) lo = mid + 1;
    else hi = mid;
  }
  return lo < cuts.length ? cuts[lo]! : null;
}

/** Written `data` arrays of `POST /prices`, kept by everything they depend on. */
export class AnswerCache {
  /**
   * Written `data` arrays: the engine is pure, so equal inputs give equal text. Bounded by the
   * bytes held: a view keeps its whole buffer alive, so that is what counts, not its length.
   */
  private written = new ByteLru<string, Written>(
    8 * 1024 * 1024,
    (w, k) => w.bytes.buffer.byteLength + 2 * k.length + w.cuts.buffer.byteLength,
  );
  /**
   * Keys of answers written once: an answer is kept on its second request. A window asked once
   * (a chart scrolled, a load test) would only push out answers asked again, and its megabyte,
   * kept past the young generation, would be freed only by a full collection: that churn is what
   * held the host's memory high under load.
   */
  private seen = new ByteLru<string, true>(256 * 1024, (_v, k) => 2 * k.length + 32);

  keep(key: string, written: Written): void {
    if (this.seen.get(key)) this.written.set(key, written);
    else this.seen.set(key, true);
  }

  /**
   * The `data` array as JSON text and the instants where the price changes, cached by everything
   * they depend on. A fresh one comes with its writer, for the caller to frame and then cache.
   */
  data(p: Prepared, form: OutputForm): { written: Written; key: string; writer?: PriceWriter } {
    const key = `${form.kind === 'Z' ? 'Z' : form.minutes}|${p.key}`;
    const cached = p.cache ? this.written.get(key) : undefined;
    if (cached) return { written: cached, key };
    // About one interval per quarter hour is the common case (15-minute markets).
    const expected = Math.min(40_000, Math.ceil((p.to - p.from) / 900_000) + 16);
    const writer = new PriceWriter(form, expected, HEAD_ROOM);
    let cuts = new Float64Array(expected);
    let n = 0;
    const cut = (to: number) => {
      if (n === cuts.length) {
        const more = new Float64Array(n * 2);
        more.set(cuts);
        cuts = more;
      }
      cuts[n++] = to;
    };
    p.sweep((from, to, value, confidence, components) => {
      writer.interval(from, to, value, confidence, components);
      cut(to);
    });
    // The last interval ends the window: not a change.
    return { written: { bytes: writer.bytes(), cuts: cuts.slice(0, Math.max(0, n - 1)) }, key, writer };
  }
}
