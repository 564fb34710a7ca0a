import type { z } from 'zod';
import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import { isoSeconds, type Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { ConnectToken, ConnectTokenCreate, ConnectTokenRecord } from '../../engine/schemas/misc.js';
import type { LocationService } from '../services/locations.js';
import type { TariffService } from '../services/tariffs.js';
import { ApiError, invalid, notFound } from '../../engine/errors.js';

const ORIGINS_KEY = 'connect_web_origins';

/** The token's optional references: stored and shown as null when the client left them out. */
const OPTIONAL = [
  'customer_id',
  'customer_reference_id',
  'location_reference_id',
  'tariff_id',
  'route_options',
  'postal_address_type',
] as const;
type Optional = (typeof OPTIONAL)[number];

function optionalFields(src: { [K in Optional]?: ConnectTokenRecord[K] | undefined }) {
  const out = {} as { [K in Optional]: ConnectTokenRecord[K] };
  for (const k of OPTIONAL) (out as Record<Optional, unknown>)[k] = src[k] ?? null;
  return out;
}

/** Connect tokens: single-use session keys for the connect app (docs/connect.md, Tokens). */
export class ConnectTokenService {
  private origins: string[] | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly locations: LocationService,
    private readonly tariffs: TariffService,
    private readonly lifetimeSeconds: () => number,
  ) {}

  private save(t: ConnectTokenRecord): void {
    this.db.prepare('UPDATE connect_tokens SET body = ? WHERE id = ?').run(JSON.stringify(t), t.id);
  }

  /** A token of either generation; a Zero token's session speaks Zero (docs/connect.md, Zero dialect). */
  create(scope: Scope, input: z.output<typeof ConnectTokenCreate>, generation: 'anode' | 'zero' = 'anode') {
    return this.db.transaction(() => {
      const type = input.tariff_type ?? 'COMMODITY';
      const direction = input.tariff_direction ?? 'IMPORT';
      if (input.location_id) this.locations.find(scope, input.location_id);
      if (input.customer_id) this.locations.customerOf(scope, input.customer_id);
      if (input.tariff_id) this.tariffs.get(scope, input.tariff_id);
      const disconnect = input.actions?.disconnect_tariff === true;
      if (disconnect && !input.location_id)
        throw invalid('location_id_missing', 'actions.disconnect_tariff needs location_id.');
      const now = this.clock.now();
      const lifetime = this.lifetimeSeconds();
      // The address to start from: postal_address, else the address page's own option.
      const address = input.postal_address ?? input.route_options?.postal_address_capture ?? null;
      const t: ConnectTokenRecord = {
        id: this.ids('cot'),
        object: 'connect_token',
        live_mode: scope.liveMode,
        account_id: scope.accountId,
        location_id: input.location_id ?? null,
        price_available: false,
        complete_action: '',
        tariff_type: type,
        tariff_direction: direction,
        used: false,
        ...optionalFields(input),
        connect_url: input.connect_url ?? null,
        callback_url: input.callback_url,
        postal_address: address as ConnectTokenRecord['postal_address'],
        edit_tariff: input.actions?.edit_tariff === true,
        // Whole seconds, as every answer writes them: the token lives its lifetime from the second it was made.
        time_created: isoSeconds(now),
        time_expiry: isoSeconds(now.getTime() + lifetime * 1000),
        session: null,
        ...(generation === 'zero' ? { generation } : {}),
      };
      this.db
        .prepare('INSERT INTO connect_tokens (id, account_id, live_mode, body) VALUES (?, ?, ?, ?)')
        .run(t.id, scope.accountId, scope.liveMode ? 1 : 0, JSON.stringify(t));
      if (disconnect) {
        // The tariff of that slot goes at once; no session is needed (docs/connect.md, Tokens).
        this.tariffs.removeSlot(scope, input.location_id!, type, direction);
        t.used = true;
        t.complete_action = 'DISCONNECT';
        t.price_available = this.tariffs.hasDirection(scope, input.location_id!, direction);
        this.save(t);
      }
      return { connect_token: t.id, expires_in: lifetime, live_mode: scope.liveMode };
    })();
  }

  /** `GET /connect/token`: the public view, confined to the caller's account and mode. */
  view(scope: Scope, id: string) {
    const t = this.load(id);
    if (!t || t.account_id !== scope.accountId || t.live_mode !== scope.liveMode) throw notFound('connect_token', id);
    return this.publicView(t);
  }

  publicView(t: ConnectTokenRecord): z.input<typeof ConnectToken> {
    // Tokens stored before these fields existed read as their defaults.
    const legacy = t.complete_action as string | null;
    return {
      id: t.id,
      object: t.object,
      live_mode: t.live_mode,
      location_id: t.location_id,
      price_available: t.price_available,
      is_tariff_processed: t.price_available,
      complete_action: legacy === 'CONNECT' ? 'SAVE' : (t.complete_action ?? ''),
      tariff_type: t.tariff_type,
      tariff_direction: t.tariff_direction,
      used: t.used,
      ...optionalFields(t),
      time_created: t.time_created,
      time_expiry: t.time_expiry,
    };
  }

  load(id: string): ConnectTokenRecord | undefined {
    const row = this.db.prepare('SELECT body FROM connect_tokens WHERE id = ?').get(id) as { body: string } | undefined;
    return row ? (JSON.parse(row.body) as ConnectTokenRecord) : undefined;
  }

  /** Saves a session change only if the token is still as it was read (sessions finishing at once race here). */
  update(before: ConnectTokenRecord, after: ConnectTokenRecord): void {
    const r = this.db
      .prepare('UPDATE connect_tokens SET body = ? WHERE id = ? AND body = ?')
      .run(JSON.stringify(after), after.id, JSON.stringify(before));
    if (r.changes !== 1) {
      throw new ApiError(
        409,
        'invalid_request',
        'connect_token_conflict',
        'The session changed meanwhile (another window?); start again.',
        { connect_token: after.id },
      );
    }
  }

  /** Marks the tokens whose session stored `tariffId` as having prices or not (a pending tariff resolved). */
  setPriceAvailable(scope: Scope, tariffId: string, available: boolean): void {
    const rows = this.db
      .prepare(
        "SELECT body FROM connect_tokens WHERE account_id = ? AND live_mode = ? AND json_extract(body, '$.tariff_id') = ?",
      )
      .all(scope.accountId, scope.liveMode ? 1 : 0, tariffId) as { body: string }[];
    for (const r of rows) {
      const t = JSON.parse(r.body) as ConnectTokenRecord;
      if (t.complete_action !== 'SAVE' || t.price_available === available) continue;
      t.price_available = available;
      this.save(t);
    }
  }

  expired(t: ConnectTokenRecord): boolean {
    return Date.parse(t.time_expiry) <= this.clock.now().getTime();
  }

  /** Browser origins besides loopback ones that may call the connect service (`connect_web_origins`). */
  webOrigins(): string[] {
    if (!this.origins) {
      const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(ORIGINS_KEY) as
        { value: string } | undefined;
      this.origins = row ? (JSON.parse(row.value) as string[]) : [];
    }
    return this.origins;
  }

  setWebOrigins(origins: string[]): void {
    const unique = [...new Set(origins)];
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(ORIGINS_KEY, JSON.stringify(unique));
    this.origins = unique;
  }
}
