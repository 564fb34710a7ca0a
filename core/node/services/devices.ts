import type { Db } from '../db/database.js';
import type { Page, Scope } from '../db/documents.js';
import type { Store } from '../db/store.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { Device, DeviceCreate, DeviceUpdate } from '../../engine/schemas/customer.js';
import { notFound } from '../../engine/errors.js';
import type { EventService } from './events.js';

/** Devices (`dev_`): metered assets; `last_seen` follows the meter records that name them. */
export class DeviceService {
  private readonly seen;

  constructor(
    private readonly db: Db,
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly events: EventService,
  ) {
    this.seen = db.prepare<[string, string, string, number]>(
      "UPDATE devices SET body = json_set(body, '$.last_seen', ?) WHERE id = ? AND account_id = ? AND live_mode = ?",
    );
  }

  get(scope: Scope, id: string): Device {
    const d = this.store.devices.get(scope, id);
    if (!d) throw notFound('device', id);
    return d;
  }

  /** Whether the device exists in this account and mode. */
  has(scope: Scope, id: string): boolean {
    return this.store.devices.get(scope, id) !== undefined;
  }

  list(scope: Scope, query: Page & { reference_id?: string | undefined }) {
    return this.store.devices.list(scope, { reference_id: query.reference_id }, query);
  }

  create(scope: Scope, input: DeviceCreate): Device {
    return this.db.transaction(() => {
      const d: Device = {
        id: this.ids('dev'),
        object: 'device',
        live_mode: scope.liveMode,
        reference_id: input.reference_id ?? null,
        last_seen: null,
        time_created: this.clock.now().toISOString(),
        account_id: scope.accountId,
      };
      this.store.devices.insert(scope, d);
      this.events.record(scope, 'device.created', d.id, d);
      return d;
    })();
  }

  update(scope: Scope, id: string, patch: DeviceUpdate): Device {
    return this.db.transaction(() => {
      const current = this.get(scope, id);
      const next: Device = {
        ...current,
        reference_id: patch.reference_id === undefined ? current.reference_id : patch.reference_id,
      };
      this.store.devices.replace(scope, next);
      this.events.record(scope, 'device.updated', id, next);
      return next;
    })();
  }

  /** Deletes the device only: meter records naming it stay, in their location's and session's reports. */
  delete(scope: Scope, id: string): Device {
    return this.db.transaction(() => {
      const d = this.get(scope, id);
      this.store.devices.delete(scope, id);
      this.events.record(scope, 'device.deleted', id, d);
      return d;
    })();
  }

  /** Marks devices seen now (the service clock): accepted meter records named them. Joins the caller's transaction. */
  touch(scope: Scope, ids: Iterable<string>): void {
    const now = this.clock.now().toISOString();
    for (const id of ids) this.seen.run(now, id, scope.accountId, scope.liveMode ? 1 : 0);
  }
}
