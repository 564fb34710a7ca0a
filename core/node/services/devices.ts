import type { Db } from '../db/database.js';
import type { Scope } from '../db/documents.js';
import type { Store } from '../db/store.js';
import type { Clock } from '../../engine/clock.js';
import type { IdGenerator } from '../../engine/ids.js';
import {
  DEVICE_BATTERY_FIELDS,
  type Device,
  type DeviceCreate,
  type DeviceState,
  type DeviceStateWrite,
  type DeviceUpdate,
} from '../../engine/schemas/customer.js';
import { ApiError } from '../../engine/errors.js';
import type { EventService } from './events.js';
import { ReferencedObjects } from './referenced.js';
import { isoSeconds } from '../../engine/clock.js';

/** Devices (`dev_`): metered assets; `last_seen` follows the meter records that name them. */
export class DeviceService extends ReferencedObjects<Device, Device> {
  private readonly seen;
  private readonly putState;
  private readonly lastState;
  private readonly dropStates;
  private readonly everyState;

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
    this.putState = db.prepare<[string, string, string, number, number, string]>(
      'INSERT INTO device_states (id, device_id, account_id, live_mode, time_ms, body) VALUES (?, ?, ?, ?, ?, ?)',
    );
    // The latest is the latest measured; of two measured at once, the one reported last.
    this.lastState = db
      .prepare<[string, string, number], string>(
        'SELECT body FROM device_states WHERE device_id = ? AND account_id = ? AND live_mode = ? ORDER BY time_ms DESC, seq DESC LIMIT 1',
      )
      .pluck();
    this.dropStates = db.prepare<[string, string, number]>(
      'DELETE FROM device_states WHERE device_id = ? AND account_id = ? AND live_mode = ?',
    );
    // Only states of a device that is there: a state outlives its device nowhere.
    this.everyState = db
      .prepare<[string, number], string>(
        'SELECT s.body FROM device_states s JOIN devices d ON d.id = s.device_id AND d.account_id = s.account_id AND d.live_mode = s.live_mode WHERE s.account_id = ? AND s.live_mode = ? ORDER BY s.seq',
      )
      .pluck();
  }

  /** As stored: a device holds nothing to read from elsewhere. */
  protected view(_scope: Scope, d: Device): Device {
    return d;
  }

  create(scope: Scope, input: DeviceCreate): Device {
    const battery: Partial<Device> = {};
    for (const k of DEVICE_BATTERY_FIELDS) if (input[k] !== undefined) battery[k] = input[k];
    return this.insert(scope, {
      id: this.ids('dev'),
      object: 'device',
      live_mode: scope.liveMode,
      reference_id: input.reference_id ?? null,
      last_seen: null,
      time_created: isoSeconds(this.clock.now()),
      account_id: scope.accountId,
      ...battery,
    });
  }

  /** A new reference and battery properties: a field left out stays, null removes it. */
  override update(scope: Scope, id: string, patch: DeviceUpdate): Device {
    return this.db.transaction(() => {
      const current = this.find(scope, id);
      const next: Device = { ...current };
      if (patch.reference_id !== undefined) next.reference_id = patch.reference_id;
      for (const k of DEVICE_BATTERY_FIELDS) {
        const v = patch[k];
        if (v === null) delete next[k];
        else if (v !== undefined) next[k] = v;
      }
      return this.replaceRecorded(scope, next);
    })();
  }

  /** Deletes the device and its reported states: meter records naming it stay, in their location's and session's reports. */
  delete(scope: Scope, id: string): Device {
    return this.remove(scope, id, () => this.dropStates.run(id, scope.accountId, scope.liveMode ? 1 : 0));
  }

  /** Records a reported state (`PUT /devices/{id}/state`); a 404 for a device of another account or mode. */
  reportState(scope: Scope, id: string, input: DeviceStateWrite): DeviceState {
    return this.db.transaction(() => {
      this.find(scope, id);
      const state: DeviceState = {
        id: this.ids('dsr'),
        object: 'device_state',
        device_id: id,
        account_id: scope.accountId,
        time_created: isoSeconds(this.clock.now()),
        ...input,
      };
      this.keepState(scope, state);
      return state;
    })();
  }

  /** Stores a state as it was reported (a workspace's import too); joins the caller's transaction. */
  keepState(scope: Scope, state: DeviceState): void {
    this.putState.run(
      state.id,
      state.device_id,
      scope.accountId,
      scope.liveMode ? 1 : 0,
      Date.parse(state.time),
      JSON.stringify(state),
    );
  }

  /** Every reported state of the scope's devices, in the order reported. */
  allStates(scope: Scope): DeviceState[] {
    return this.everyState.all(scope.accountId, scope.liveMode ? 1 : 0).map((b) => JSON.parse(b) as DeviceState);
  }

  /** The latest reported state, or a 404 naming that there is none. */
  latestState(scope: Scope, id: string): DeviceState {
    const state = this.lastStateOf(scope, id);
    if (!state)
      throw new ApiError(404, 'invalid_request', 'device_state_not_found', `Device '${id}' has reported no state.`);
    return state;
  }

  /** The latest reported state, if any. */
  lastStateOf(scope: Scope, id: string): DeviceState | undefined {
    this.find(scope, id);
    const body = this.lastState.get(id, scope.accountId, scope.liveMode ? 1 : 0);
    return body === undefined ? undefined : (JSON.parse(body) as DeviceState);
  }

  /** Marks devices seen now (the service clock): accepted meter records named them. Joins the caller's transaction. */
  touch(scope: Scope, ids: Iterable<string>): void {
    const now = isoSeconds(this.clock.now());
    for (const id of ids) this.seen.run(now, id, scope.accountId, scope.liveMode ? 1 : 0);
  }
}
