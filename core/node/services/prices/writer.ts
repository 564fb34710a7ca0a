import type { ComponentShare, PriceInterval } from '../../../engine/pricing/types.js';
import type { OutputForm } from '../../../engine/pricing/format.js';

const DAY = 86_400_000;
const DIGITS = Buffer.from('0123456789');
const Q = 0x22; // "
const bytes = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));
// The fixed parts of an item, as bytes: copied by a plain loop, with no call into native code.
const OPEN_FIRST = bytes('{"valid_from":');
const OPEN = bytes(',{"valid_from":');
const TO = bytes(',"valid_to":');
const PRICE = bytes(',"price":{"value":');
const CONF = bytes(',"confidence":');
const CLOSE = bytes('}');
/** "HH:MM:SS" by second of the day, made on first use and shared by every answer. */
const TIMES: (Uint8Array | undefined)[] = [];

/**
 * Writes a price answer's `data` array as JSON bytes straight into one buffer: timestamps from
 * cached day prefixes and a table of times of day, numbers from their integer hundred-thousandths.
 * Nothing is allocated per interval, so a 90-day answer costs about what copying its bytes does.
 */
export class PriceWriter {
  private buf: Buffer;
  private pos = 0;
  private readonly suffix: Uint8Array;
  private readonly shift: number;
  private cachedDay = Number.NaN;
  private prefix = new Uint8Array(11);

  /** `headroom` bytes are kept free before the items, for the answer's head (see `framed`). */
  constructor(
    form: OutputForm,
    expectedIntervals: number,
    private readonly headroom = 0,
  ) {
    this.buf = Buffer.allocUnsafe(headroom + Math.max(256, expectedIntervals * 128));
    this.pos = headroom;
    if (form.kind === 'offset') {
      const abs = Math.abs(form.minutes);
      const two = (n: number) => String(n).padStart(2, '0');
      this.suffix = bytes(`${form.minutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`);
      this.shift = form.minutes * 60_000;
    } else {
      this.suffix = bytes('Z');
      this.shift = 0;
    }
  }

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  private ascii(s: string): void {
    this.room(s.length);
    this.pos += this.buf.write(s, this.pos, 'latin1');
  }

  /** A short run of bytes: a loop the JIT compiles beats a native copy at this size. */
  private put(b: Uint8Array): void {
    const buf = this.buf;
    let p = this.pos;
    for (let i = 0; i < b.length; i++) buf[p++] = b[i]!;
    this.pos = p;
  }

  /** An instant in the answer's form: `2026-06-01T00:15:00+02:00`, in whole seconds. */
  /** The last instant written and where: an interval's start is the previous one's end. */
  private lastMs = Number.NaN;
  private lastAt = 0;
  private lastLen = 0;

  private time(ms: number): void {
    if (ms === this.lastMs) {
      this.room(this.lastLen);
      this.buf.copyWithin(this.pos, this.lastAt, this.lastAt + this.lastLen);
      this.pos += this.lastLen;
      return;
    }
    this.lastMs = ms;
    this.lastAt = this.pos;
    const s = ms + this.shift;
    const day = Math.floor(s / DAY) * DAY;
    if (day !== this.cachedDay) {
      this.cachedDay = day;
      this.prefix = bytes(new Date(day).toISOString().slice(0, 11));
    }
    const r = s - day;
    // Whole seconds, the fraction cut off, as every answer writes instants.
    const second = (r - (r % 1000)) / 1000;
    let tod = TIMES[second];
    if (!tod) {
      const two = (n: number) => String(n).padStart(2, '0');
      tod = bytes(`${two(Math.floor(second / 3600))}:${two(Math.floor((second % 3600) / 60))}:${two(second % 60)}`);
      TIMES[second] = tod;
    }
    this.room(40);
    this.buf[this.pos++] = Q;
    this.put(this.prefix);
    this.put(tod);
    this.put(this.suffix);
    this.buf[this.pos++] = Q;
    this.lastLen = this.pos - this.lastAt;
  }

  /**
   * A value rounded to 5 decimals, as JavaScript would print it: the rounding leaves the double
   * nearest to k / 100000, whose shortest form is k's digits with the point placed and trailing
   * zeros dropped.
   */
  private number(v: number): void {
    let k = Math.round(v * 1e5);
    if (!Number.isSafeInteger(k) || Math.abs(v) >= 1e15) return this.ascii(String(v));
    this.room(32);
    if (k < 0) {
      this.buf[this.pos++] = 0x2d;
      k = -k;
    }
    let int = Math.floor(k / 1e5);
    let frac = k - int * 1e5;
    // The integer part's digits, written backwards into place.
    let n = 1;
    for (let x = int; x >= 10; x = Math.floor(x / 10)) n++;
    for (let d = n - 1; d >= 0; d--) {
      this.buf[this.pos + d] = DIGITS[int % 10]!;
      int = Math.floor(int / 10);
    }
    this.pos += n;
    if (frac === 0) return;
    let digits = 5;
    while (frac % 10 === 0) {
      frac /= 10;
      digits--;
    }
    this.buf[this.pos++] = 0x2e;
    for (let d = digits - 1, p = this.pos; d >= 0; d--) {
      this.buf[p + d] = DIGITS[frac % 10]!;
      frac = Math.floor(frac / 10);
    }
    this.pos += digits;
  }

  private first = true;

  /** One interval, written as the engine hands it over; shares only for an expanded answer. */
  interval(from: number, to: number, value: number, confidence: number, shares?: readonly ComponentShare[]): void {
    this.room(64);
    this.put(this.first ? OPEN_FIRST : OPEN);
    this.first = false;
    this.time(from);
    this.room(32);
    this.put(TO);
    this.time(to);
    this.room(32);
    this.put(PRICE);
    this.number(value);
    this.room(32);
    this.put(CONF);
    this.number(confidence);
    this.room(4);
    this.put(CLOSE);
    if (shares) {
      this.ascii(',"components":');
      // Shares are unrounded: printed as JavaScript prints them.
      this.ascii(
        JSON.stringify(
          shares.map((c) => ({
            tariff_id: c.component.id,
            type: c.component.type,
            value: c.value,
            confidence: c.confidence,
          })),
        ),
      );
    }
    this.room(4);
    this.put(CLOSE);
  }

  /** What was written: the `data` array's items, comma-separated, without the brackets. */
  bytes(): Buffer {
    return this.buf.subarray(this.headroom, this.pos);
  }

  /**
   * The whole answer in the writer's own buffer, `head` in the room kept before the items and
   * `tail` after them: the answer and the items alone, two views of one buffer, nothing copied.
   * Undefined when the head does not fit the room.
   */
  framed(head: string, tail: string): { answer: Buffer; items: Buffer } | undefined {
    const headLength = Buffer.byteLength(head);
    if (headLength > this.headroom) return undefined;
    const end = this.pos;
    const tailLength = Buffer.byteLength(tail);
    this.room(tailLength);
    this.buf.write(tail, end);
    this.buf.write(head, this.headroom - headLength);
    return {
      answer: this.buf.subarray(this.headroom - headLength, end + tailLength),
      items: this.buf.subarray(this.headroom, end),
    };
  }

  /** The intervals as the `data` array's items. */
  write(intervals: readonly PriceInterval[]): Buffer {
    for (const iv of intervals) this.interval(iv.from, iv.to, iv.value, iv.confidence, iv.components);
    return this.bytes();
  }
}
