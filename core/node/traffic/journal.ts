import type { Scope } from '../db/documents.js';
import type { JournalEntry } from '../../engine/schemas/traffic.js';

export type { JournalEntry };

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

/** Masks a kept body and cuts it to the limit, saying how much was left out of the original. */
const keep = (kept: string, length: number) =>
  mask(kept).slice(0, BODY_LIMIT) + (length > BODY_LIMIT ? `…(${length - BODY_LIMIT} more)` : '');

type Added = Omit<JournalEntry, 'id' | 'request_headers' | 'request_body' | 'response_body'> & {
  request_headers: Record<string, string | string[] | undefined>;
  request_body: string;
  response_body: string;
  /** The answer's full length, when `response_body` holds only its start. */
  response_length?: number;
};

/** An entry as recorded: masking waits until someone reads it, and happens once. */
interface Recorded {
  id: number;
  raw: Added & { request_length: number; response_length: number };
  shown?: JournalEntry;
}

/**
 * The request journal: every request to the API, the connect service and the connect web app
 * with status, latency and bodies (secrets masked when read), in a ring of fixed size so it
 * never grows without bound. Recording is cheap on the request path: no copying of whole
 * bodies and no masking until the entry is listed.
 */
export class Journal {
  private ring: (Recorded | undefined)[];
  private next = 1;

  constructor(private readonly capacity = 2000) {
    this.ring = new Array<Recorded | undefined>(capacity);
  }

  add(e: Added): void {
    const id = this.next++;
    this.ring[id % this.capacity] = {
      id,
      raw: {
        ...e,
        request_body: cut(e.request_body),
        response_body: cut(e.response_body),
        request_length: e.request_body.length,
        response_length: e.response_length ?? e.response_body.length,
      },
    };
  }

  private shown(r: Recorded): JournalEntry {
    if (!r.shown) {
      const { request_length, response_length, ...e } = r.raw;
      r.shown = {
        ...e,
        id: r.id,
        request_headers: maskHeaders(e.request_headers),
        request_body: keep(e.request_body, request_length),
        response_body: keep(e.response_body, response_length),
      };
    }
    return r.shown;
  }

  /** Newest first; only the caller's account and mode. */
  list(
    scope: Scope,
    q: { after?: number | undefined; limit?: number | undefined; path?: string | undefined },
  ): JournalEntry[] {
    const limit = q.limit ?? 100;
    const out: JournalEntry[] = [];
    for (let id = this.next - 1; id > 0 && id >= this.next - this.capacity && out.length < limit; id--) {
      const r = this.ring[id % this.capacity];
      if (!r || r.id !== id) break;
      if (q.after !== undefined && id <= q.after) break;
      const e = r.raw;
      if (e.account_id !== scope.accountId || e.live_mode !== scope.liveMode) continue;
      if (q.path && !e.path.includes(q.path)) continue;
      out.push(this.shown(r));
    }
    return out;
  }

  size(): number {
    return Math.min(this.next - 1, this.capacity);
  }
}
