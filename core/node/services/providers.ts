import type { Db } from '../db/database.js';
import type { z } from 'zod';
import type { Provider, ProviderCreate, ProviderUpdate } from '../../engine/schemas/misc.js';
import type { LibraryTariff } from '../../engine/schemas/connect.js';
import type { IdGenerator } from '../../engine/ids.js';
import { notFound } from '../../engine/errors.js';
import { checkPage, cursorNotFound } from '../db/documents.js';
import { seedProviders } from './provider-seed.js';

type StoredProvider = Omit<Provider, 'live_mode' | 'object'>;

/** The provider library: shared by every account, as a real service's provider catalogue is. */
/** Where provider logos are served until the connect web app says where it listens (its default address). */
const DEFAULT_LOGO_BASE = 'http://127.0.0.1:7070';

export class ProviderService {
  /**
   * The connect web app's address: it serves `/logos/…`, so logo URLs stored relative to it are
   * answered absolute, loadable from any page on this machine (docs/connect.md, Protocol).
   */
  logoBase: () => string = () => DEFAULT_LOGO_BASE;

  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
  ) {}

  private present(p: StoredProvider, liveMode: boolean): Provider {
    const logo = p.logo_url.startsWith('/') ? (this.logoBase() || DEFAULT_LOGO_BASE) + p.logo_url : p.logo_url;
    return { ...p, logo_url: logo, object: 'provider', live_mode: liveMode };
  }

  private stored(id: string): StoredProvider {
    const row = this.db.prepare('SELECT body FROM providers WHERE id = ?').get(id) as { body: string } | undefined;
    if (!row) throw notFound('provider', id);
    return JSON.parse(row.body) as StoredProvider;
  }

  private withIds(tariffs: z.output<typeof ProviderCreate>['tariffs']): LibraryTariff[] {
    return tariffs.map((t) => ({ ...t, id: t.id ?? this.ids('ltf') }));
  }

  create(input: z.output<typeof ProviderCreate>, liveMode: boolean): Provider {
    const p: StoredProvider = {
      id: this.ids('prv'),
      display_name: input.display_name,
      logo_url: input.logo_url ?? '',
      country_codes: input.country_codes.map((c) => c.toUpperCase()),
      connection_types: input.connection_types,
      grid_fees_included: input.grid_fees_included,
      ...(input.direct_behaviour ? { direct_behaviour: input.direct_behaviour } : {}),
      tariffs: this.withIds(input.tariffs),
    };
    if (!p.logo_url) p.logo_url = `/logos/${p.id}.svg`;
    this.db.prepare('INSERT INTO providers (id, body) VALUES (?, ?)').run(p.id, JSON.stringify(p));
    return this.get(p.id, liveMode);
  }

  update(id: string, patch: z.output<typeof ProviderUpdate>, liveMode: boolean): Provider {
    const current = this.stored(id);
    const next: StoredProvider = {
      ...current,
      ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
      ...(patch.tariffs ? { tariffs: this.withIds(patch.tariffs) } : {}),
      ...(patch.country_codes ? { country_codes: patch.country_codes.map((c) => c.toUpperCase()) } : {}),
    };
    this.db.prepare('UPDATE providers SET body = ? WHERE id = ?').run(JSON.stringify(next), id);
    return this.get(id, liveMode);
  }

  delete(id: string, liveMode: boolean): Provider {
    const p = this.get(id, liveMode);
    this.db.prepare('DELETE FROM providers WHERE id = ?').run(id);
    return p;
  }

  libraryTariff(providerId: string, tariffId: string): LibraryTariff | undefined {
    return this.get(providerId, false).tariffs.find((t) => t.id === tariffId);
  }

  /**
   * Puts seeded providers back as shipped (added again if deleted): the demo world links to
   * their library tariffs, so resetting the demo first restores the part of the library it uses.
   */
  restoreSeeded(ids: readonly string[]): void {
    const upsert = this.db.prepare(
      'INSERT INTO providers (id, body) VALUES (?, ?) ON CONFLICT(id) DO UPDATE SET body = excluded.body',
    );
    this.db.transaction(() => {
      for (const p of seedProviders) if (ids.includes(p.id)) upsert.run(p.id, JSON.stringify(p));
    })();
  }

  seedIfEmpty(): void {
    const n = (this.db.prepare('SELECT COUNT(*) AS n FROM providers').get() as { n: number }).n;
    if (n > 0) return;
    const ins = this.db.prepare('INSERT INTO providers (id, body) VALUES (?, ?)');
    this.db.transaction(() => seedProviders.forEach((p) => ins.run(p.id, JSON.stringify(p))))();
  }

  private all(): StoredProvider[] {
    return (this.db.prepare('SELECT body FROM providers ORDER BY seq DESC').all() as { body: string }[]).map((r) =>
      JSON.parse(r.body),
    );
  }

  get(id: string, liveMode: boolean): Provider {
    return this.present(this.stored(id), liveMode);
  }

  list(
    liveMode: boolean,
    q: {
      country_code?: string | undefined;
      search?: string | undefined;
      limit?: number | undefined;
      starting_after?: string | undefined;
      ending_before?: string | undefined;
    },
  ) {
    const cc = q.country_code?.toUpperCase();
    const s = q.search?.trim().toLowerCase();
    const matching = this.all().filter(
      (p) => (!cc || p.country_codes.includes(cc)) && (!s || p.display_name.toLowerCase().includes(s)),
    );
    const limit = q.limit ?? 30;
    checkPage(q);
    let from = 0;
    let to: number;
    const cursorId = q.starting_after ?? q.ending_before;
    if (cursorId) {
      const at = matching.findIndex((p) => p.id === cursorId);
      if (at < 0) throw cursorNotFound(q, cursorId);
      if (q.starting_after) from = at + 1;
      else from = Math.max(0, at - limit);
      to = q.starting_after ? from + limit : at;
    } else to = limit;
    const data = matching.slice(from, to).map((p) => this.present(p, liveMode));
    const has_more = q.ending_before ? from > 0 : to < matching.length;
    return { data, has_more };
  }
}
