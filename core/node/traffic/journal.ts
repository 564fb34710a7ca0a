import type { Scope } from '../db/documents.js';
import { BACKGROUND_CLIENTS, type JournalEntry, type JournalQuery } from '../../engine/schemas/traffic.js';

export type { JournalEntry, JournalQuery };

const BODY_LIMIT = 8 * 1024;
/** How much of a body the journal ever looks at: the limit and a margin for a secret at the cut. */
export const JOURNAL_BODY_BYTES = BODY_LIMIT + 256;

/** Secrets never reach the journal: keys, bearer and connect tokens, signing secrets, passwords. */
export function mask(text: string): string {
  return text
    .replace(/\b(sk_(?:test|live)_)[A-Za-z0-9]{4,}([A-Za-z0-9]{4})\b/g, '$1…$2')
    .replace(/\b(tdb_)[A-Za-z0-9]{4,}([A-Za-z0-9]{4})\b/g, '$1…$2')
    .replace(/\b(whsec_)[A-Za-z0-9+/=]{4,}/g, '$1…')
    .replace(/("(?:password|secret|previous_secret|api_key)"\s*:\s*")[^"]*(")/gi, '$1…$2');
}

function maskHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v === undefined) continue;
    const s = Array.isArray(v) ? v.join(', ') : v;
    out[k] = k === 'authorization' ? s.replace(/^(Basic|Bearer)\s+.*$/i, (_m, kind: string) => `${kind} …`) : mask(s);
  }
  return out;
}

/** What is kept of a body before masking: the margin keeps a secret at the cut whole. */
const cut = (s: string) => (s.length > JOURNAL_BODY_BYTES ? s.slice(0, JOURNAL_BODY_BYTES) : s);

/** Where a kept body's bytes are in the body ring: `at` in its buffer, `from` counted over all bytes ever written. */
interface Stored {
  at: number;
  from: number;
  length: number;
}

/**
 * The journal's bodies as bytes in one buffer outside the JS heap, written round and round:
 * recording copies a body's start there instead of keeping a string the garbage collector
 * would have to move to the old generation and later sweep (at thousands of requests a second,
 * that churn is what made the heap grow). A body is readable until newer ones overwrite it.
 */
class BodyRing {
  private buf: Buffer | undefined;
  private at = 0;
  /** Bytes ever written, skipped ends included. */
  written = 0;

  constructor(readonly size: number) {}

  put(text: string): Stored {
    // Allocated on first use, and only touched pages count in memory: an idle journal costs nothing.
    const buf = (this.buf ??= Buffer.allocUnsafeSlow(this.size));
    // Up to three bytes a UTF-16 unit; what does not fit before the end starts again at zero.
    if (this.at + 3 * text.length > this.size) {
      this.written += this.size - this.at;
      this.at = 0;
    }
    const length = buf.write(text, this.at);
    const stored = { at: this.at, from: this.written, length };
    this.at += length;
    this.written += length;
    return stored;
  }

  /** False once newer bodies have overwritten it. */
  holds(s: Stored): boolean {
    return s.from >= this.written - this.size;
  }

  text(s: Stored): string {
    return this.buf!.toString('utf8', s.at, s.at + s.length);
  }
}

/** Masks a kept body and cuts it to the limit, saying how much was left out of the original. */
const keep = (kept: string, length: number) =>
  mask(kept).slice(0, BODY_LIMIT) + (length > BODY_LIMIT ? `…(${length - BODY_LIMIT} more)` : '');

type Added = Omit<
  JournalEntry,
  'id' | 'request_headers' | 'request_body' | 'response_body' | 'client' | 'api_version' | 'worker' | 'kind' | 'clock'
> & {
  /** What the clock did, for an entry the clock itself records (a request has none). */
  clock?: JournalEntry['clock'];
  /** True when a worker of the pool computed the answer. */
  worker?: boolean;
  /** The body's full length, when `request_body` holds only its start. */
  request_length?: number;
  /** The product's own client that sent it, when one did. */
  client?: string | null;
  /** The API version the answer was written in, where the surface names one. */
  api_version?: JournalEntry['api_version'];
  request_headers: Record<string, string | string[] | undefined>;
  request_body: string;
  response_body: string;
  /** The answer's full length, when `response_body` holds only its start. */
  response_length?: number;
};

/** What an entry keeps on the heap: its bodies are in the body ring. */
type Kept = Omit<Added, 'request_body' | 'response_body'>;

/** An entry as recorded: masking waits until someone reads it, and happens once. */
interface Recorded {
  id: number;
  raw: Kept & { request_length: number; response_length: number };
  request: Stored;
  response: Stored;
  shown?: JournalEntry;
}

const scopeKey = (s: Scope) => `${s.accountId}:${s.liveMode}`;

/**
 * A query's filters as two tests: one on the recorded fields (cheap, run first) and one on the
 * masked text, only when there is text to find.
 */
function matcher(q: Partial<JournalQuery>) {
  const status = q.status;
  const cls = status?.endsWith('xx') ? Number(status[0]) : undefined;
  const code = status && cls === undefined ? Number(status) : undefined;
  const needle = q.q?.trim().toLowerCase();
  const since = q.since ? Date.parse(q.since) : -Infinity;
  const until = q.until ? Date.parse(q.until) : Infinity;
  const inTime = (t: string) => {
    const ms = Date.parse(t);
    return ms >= since && ms < until;
  };
  return {
    raw: (e: Kept) =>
      (!q.method || e.method === q.method) &&
      (cls === undefined || Math.floor(e.status / 100) === cls) &&
      (code === undefined || e.status === code) &&
      (!q.surface || e.surface === q.surface) &&
      (!q.kind || (e.clock ? 'clock' : 'request') === q.kind) &&
      (!q.api_version || e.api_version === q.api_version) &&
      (!q.exclude_app || !e.client || !BACKGROUND_CLIENTS.has(e.client)) &&
      (!q.path || e.path.includes(q.path)) &&
      ((!q.since && !q.until) || inTime(e.time)),
    text: needle
      ? (e: JournalEntry) =>
          [
            `${e.method} ${e.path}`,
            String(e.status),
            e.request_id ?? '',
            e.fault ?? '',
            e.request_body,
            e.response_body,
          ]
            .join('\n')
            .toLowerCase()
            .includes(needle)
      : undefined,
  };
}

/**
 * The request journal: every request to the API, the connect service and the connect web app
 * with status, latency and bodies (secrets masked when read), in a ring bounded by count, its
 * bodies in a ring of bytes, so it never grows without bound. Recording is cheap on the request
 * path: the start of each body copied as bytes, no masking until the entry is listed.
 */
export class Journal {
  private ring: (Recorded | undefined)[];
  private next = 1;
  /** Per account and mode, the last id a clear removed: the ring itself is shared. */
  private cleared = new Map<string, number>();
  /** The oldest id still held: entries go when the ring of entries or of body bytes comes round. */
  private oldest = 1;
  private readonly bodies: BodyRing;

  constructor(
    private readonly capacity = 2000,
    bodyBytes = 4 * 1024 * 1024,
  ) {
    this.ring = new Array<Recorded | undefined>(capacity);
    this.bodies = new BodyRing(bodyBytes);
  }

  add(e: Added): void {
    const id = this.next++;
    const { request_body, response_body, ...kept } = e;
    this.ring[id % this.capacity] = {
      id,
      raw: {
        ...kept,
        request_length: e.request_length ?? request_body.length,
        response_length: e.response_length ?? response_body.length,
      },
      request: this.bodies.put(cut(request_body)),
      response: this.bodies.put(cut(response_body)),
    };
    this.oldest = Math.max(this.oldest, id - this.capacity + 1);
    // Large bodies: the oldest entries go before the ring of entries is full.
    for (; this.oldest < id; this.oldest++) {
      const old = this.ring[this.oldest % this.capacity];
      if (old?.id === this.oldest && this.bodies.holds(old.request)) break;
      if (old?.id === this.oldest) this.ring[this.oldest % this.capacity] = undefined;
    }
  }

  private shown(r: Recorded): JournalEntry {
    if (!r.shown) {
      const { request_length, response_length, ...e } = r.raw;
      r.shown = {
        ...e,
        id: r.id,
        kind: e.clock ? 'clock' : 'request',
        clock: e.clock ?? null,
        client: e.client ?? null,
        api_version: e.api_version ?? null,
        worker: e.worker ?? false,
        request_headers: maskHeaders(e.request_headers),
        request_body: keep(this.bodies.text(r.request), request_length),
        response_body: keep(this.bodies.text(r.response), response_length),
      };
    }
    return r.shown;
  }

  /** The caller's recorded entries since its last clear, newest first, within the id bounds. */
  private *scoped(scope: Scope, q: Partial<JournalQuery>): Generator<Recorded> {
    const floor = Math.max(q.after ?? 0, this.cleared.get(scopeKey(scope)) ?? 0, this.next - this.capacity - 1);
    for (let id = Math.min(this.next, q.before ?? Infinity) - 1; id > floor; id--) {
      const r = this.ring[id % this.capacity];
      if (!r || r.id !== id) return;
      if (r.raw.account_id === scope.accountId && r.raw.live_mode === scope.liveMode) yield r;
    }
  }

  /**
   * Newest first; only the caller's account and mode, since its last clear. Filters combine;
   * `after`/`before` bound the ids, so a page further down starts `before` the last id shown.
   */
  list(scope: Scope, q: Partial<JournalQuery>): { data: JournalEntry[]; has_more: boolean } {
    const limit = q.limit ?? 100;
    const want = matcher(q);
    const data: JournalEntry[] = [];
    for (const r of this.scoped(scope, q)) {
      if (!want.raw(r.raw)) continue;
      // Text is searched as shown, masked: a search must not reveal a secret it matched.
      if (want.text && !want.text(this.shown(r))) continue;
      if (data.length === limit) return { data, has_more: true };
      data.push(this.shown(r));
    }
    return { data, has_more: false };
  }

  /** Empties the journal for one account and mode (others keep theirs); answers how many entries went. */
  clear(scope: Scope): number {
    let n = 0;
    for (const _ of this.scoped(scope, {})) n++;
    this.cleared.set(scopeKey(scope), this.next - 1);
    return n;
  }

  size(): number {
    return this.next - this.oldest;
  }

  /** The bytes its bodies may take at most (they live outside the JS heap). */
  get bodyBytes(): number {
    return this.bodies.size;
  }
}
