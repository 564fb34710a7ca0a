import type { z } from 'zod';
import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { ConnectTokenCreate } from '../../engine/schemas/misc.js';
import type { ConnectTokenRecord } from '../../engine/schemas/misc.js';
import type { LocationService } from '../services/locations.js';
import type { TariffService } from '../services/tariffs.js';
import { ApiError, invalid, notFound } from '../../engine/errors.js';

/** Connect tokens: single-use session keys for the connect app (docs/connect.md, Tokens). */
export class ConnectTokenService {
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

  create(scope: Scope, input: z.output<typeof ConnectTokenCreate>) {
    return this.db.transaction(() => {
      const type = input.tariff_type ?? 'COMMODITY';
      const direction = input.tariff_direction ?? 'IMPORT';
      if (input.location_id) this.locations.find(scope, input.location_id);
      const disconnect = input.actions?.disconnect_tariff === true;
      if (disconnect && !input.location_id)
        throw invalid('location_id_missing', 'actions.disconnect_tariff needs location_id.');
      const now = this.clock.now();
      const lifetime = this.lifetimeSeconds();
      const t: ConnectTokenRecord = {
        id: this.ids('cot'),
        object: 'connect_token',
        live_mode: scope.liveMode,
        account_id: scope.accountId,
        location_id: input.location_id ?? null,
        price_available: false,
        complete_action: null,
        tariff_type: type,
        tariff_direction: direction,
        connect_url: input.connect_url ?? null,
        callback_url: input.callback_url ?? null,
        postal_address: input.postal_address ?? null,
        edit_tariff: input.actions?.edit_tariff === true,
        used: false,
        time_created: now.toISOString(),
        time_expiry: new Date(now.getTime() + lifetime * 1000).toISOString(),
        tariff_id: null,
        session: null,
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

  publicView(t: ConnectTokenRecord) {
    const {
      id,
      object,
      live_mode,
      location_id,
      price_available,
      complete_action,
      tariff_type,
      tariff_direction,
      used,
      time_created,
      time_expiry,
    } = t;
    return {
      id,
      object,
      live_mode,
      location_id,
      price_available,
      complete_action,
      tariff_type,
      tariff_direction,
      used,
      time_created,
      time_expiry,
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

  expired(t: ConnectTokenRecord): boolean {
    return Date.parse(t.time_expiry) <= this.clock.now().getTime();
  }
}
