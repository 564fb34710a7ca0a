import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import type { Store } from '../db/store.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { Device, DeviceCreate } from '../../engine/schemas/customer.js';
import type { EventService } from './events.js';
import { ReferencedObjects } from './referenced.js';
import { isoSeconds } from '../../engine/clock.js';

/** Devices (`dev_`): metered assets; `last_seen` follows the meter records that name them. */
export class DeviceService extends ReferencedObjects<Device, Device> {
  private readonly seen;

  constructor(
    db: Db,
    store: Store,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    events: EventService,
  ) {
    super(db, store.devices, events, 'device');
    this.seen = db.prepare<[string, string, string, number]>(
      "UPDATE devices SET body = json_set(body, '$.last_seen', ?) WHERE id = ? AND account_id = ? AND live_mode = ?",
    );
  }

  /** As stored: a device holds nothing to read from elsewhere. */
  protected view(_scope: Scope, d: Device): Device {
    return d;
  }

  create(scope: Scope, input: DeviceCreate): Device {
    return this.insert(scope, {
      id: this.ids('dev'),
      object: 'device',
      live_mode: scope.liveMode,
      reference_id: input.reference_id ?? null,
      last_seen: null,
      time_created: isoSeconds(this.clock.now()),
      account_id: scope.accountId,
    });
  }

  /** Deletes the device only: meter records naming it stay, in their location's and session's reports. */
  delete(scope: Scope, id: string): Device {
    return this.remove(scope, id);
  }

  /** Marks devices seen now (the service clock): accepted meter records named them. Joins the caller's transaction. */
  touch(scope: Scope, ids: Iterable<string>): void {
    const now = isoSeconds(this.clock.now());
    for (const id of ids) this.seen.run(now, id, scope.accountId, scope.liveMode ? 1 : 0);
  }
}
