import type { Scope } from '../db/documents.js';
import type { JournalEntry } from '../../engine/schemas/traffic.js';

export type { JournalEntry };

const BODY_LIMIT = 8 * 1024;

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

const clip = (s: string) => (s.length > BODY_LIMIT ? s.slice(0, BODY_LIMIT) + `…(${s.length - BODY_LIMIT} more)` : s);
/** Masks only what is kept (a large answer is not scanned whole); the margin keeps a secret at the cut whole. */
const keep = (s: string) =>
  clip(mask(s.length > BODY_LIMIT + 256 ? s.slice(0, BODY_LIMIT + 256) : s)).slice(0, BODY_LIMIT) +
  (s.length > BODY_LIMIT ? `…(${s.length - BODY_LIMIT} more)` : '');

/**
 * The request journal: every request to the API, the connect service and the connect web app with status, latency and bodies (secrets
 * masked), in a ring of fixed size so it never grows without bound.
 */
export class Journal {
  private ring: JournalEntry[] = [];
  private next = 1;
  private listeners = new Set<() => void>();

  constructor(private readonly capacity = 2000) {}

  add(
    e: Omit<JournalEntry, 'id' | 'request_headers' | 'request_body' | 'response_body'> & {
      request_headers: Record<string, string | string[] | undefined>;
      request_body: string;
      response_body: string;
    },
  ): void {
    const entry: JournalEntry = {
      ...e,
      id: this.next++,
      request_headers: maskHeaders(e.request_headers),
      request_body: keep(e.request_body),
      response_body: keep(e.response_body),
    };
    this.ring.push(entry);
    if (this.ring.length > this.capacity) this.ring.splice(0, this.ring.length - this.capacity);
    for (const l of this.listeners) l();
  }

  /** Newest first; only the caller's account and mode. */
  list(
    scope: Scope,
    q: { after?: number | undefined; limit?: number | undefined; path?: string | undefined },
  ): JournalEntry[] {
    const limit = q.limit ?? 100;
    const out: JournalEntry[] = [];
    for (let i = this.ring.length - 1; i >= 0 && out.length < limit; i--) {
      const e = this.ring[i]!;
      if (q.after !== undefined && e.id <= q.after) break;
      if (e.account_id !== scope.accountId || e.live_mode !== scope.liveMode) continue;
      if (q.path && !e.path.includes(q.path)) continue;
      out.push(e);
    }
    return out;
  }

  size(): number {
    return this.ring.length;
  }
}
