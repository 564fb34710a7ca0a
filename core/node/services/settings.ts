import type { Db } from '../db/database.js';

import { DEFAULT_RATE_LIMIT_PER_MINUTE, SettingDefaults, type SettingKey } from '../../engine/settings.js';
import { WireProfile } from '../../engine/wire-profile.js';
import { DEFAULT_GENERATION, VERSION_OF, generationOf, type Generation } from '../../engine/versions.js';
import { ClockMode, type ClockSetting } from '../../engine/clock.js';
import { z } from 'zod';
import { ReadCache } from '../cache.js';

const SavedClock = z.object({ mode: ClockMode, value: z.number() });

export type SettingsStore = Pick<SettingsService, 'clock' | 'setClock'>;

/** Service-wide and per-account settings kept in the database, with defaults. */
export class SettingsService {
  private readonly profiles = new Map<string, WireProfile>();

  /** Each account's API generation (and the service's, under ''), read on every request. */
  private readonly generations = new Map<string, Generation>();

  private readonly limits: ReadCache<string, number>;

  constructor(private readonly db: Db) {
    this.limits = new ReadCache(db.writes);
  }

  get(key: SettingKey): number {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? Number(row.value) : SettingDefaults[key];
  }

  set(key: SettingKey, value: number): void {
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(key, String(value));
  }

  /** Read on every request, so cached until anything is written. */
  rateLimit(accountId: string): number {
    return this.limits.get(accountId, () => {
      const row = this.db
        .prepare('SELECT value FROM settings WHERE key = ?')
        .get(`rate_limit_per_minute:${accountId}`) as { value: string } | undefined;
      return row ? Number(row.value) : DEFAULT_RATE_LIMIT_PER_MINUTE;
    });
  }

  setRateLimit(accountId: string, perMinute: number): void {
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(`rate_limit_per_minute:${accountId}`, String(perMinute));
  }

  /** The account's wire profile; read on every request that differs by profile, so it is cached. */
  wireProfile(accountId: string): WireProfile {
    let p = this.profiles.get(accountId);
    if (!p) {
      const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(`wire_profile:${accountId}`) as
        { value: string } | undefined;
      p = WireProfile.catch('spec').parse(row?.value);
      this.profiles.set(accountId, p);
    }
    return p;
  }

  setWireProfile(accountId: string, profile: WireProfile): void {
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(`wire_profile:${accountId}`, profile);
    this.profiles.set(accountId, profile);
  }

  /**
   * The generation an account's requests are answered in when they name none: the account's
   * `api_version`, else the service's default (`serve --api-version`), else Anode.
   * `undefined` asks for the service's default (a request whose account is not known yet).
   */
  apiGeneration(accountId: string | undefined): Generation {
    const key = accountId ?? '';
    let g = this.generations.get(key);
    if (!g) {
      const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(`api_version:${key}`) as
        { value: string } | undefined;
      g =
        (row && generationOf(row.value)) ||
        (accountId === undefined ? DEFAULT_GENERATION : this.apiGeneration(undefined));
      this.generations.set(key, g);
    }
    return g;
  }

  /** Sets an account's default generation, or (no account) the service's default for every account without one. */
  setApiGeneration(accountId: string | undefined, generation: Generation): void {
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(`api_version:${accountId ?? ''}`, VERSION_OF[generation]);
    // Accounts that follow the service's default follow its change too.
    if (accountId === undefined) this.generations.clear();
    else this.generations.set(accountId, generation);
  }

  /** The service clock's saved setting, if it was ever moved. */
  clock(): ClockSetting | undefined {
    const row = this.db.prepare("SELECT value FROM settings WHERE key = 'clock'").get() as
      { value: string } | undefined;
    if (!row) return undefined;
    const parsed = SavedClock.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : undefined;
  }

  setClock(s: ClockSetting): void {
    this.db
      .prepare(
        "INSERT INTO settings (key, value) VALUES ('clock', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
      )
      .run(JSON.stringify(s));
  }

  all(): Record<SettingKey, number> {
    return Object.fromEntries(Object.keys(SettingDefaults).map((k) => [k, this.get(k as SettingKey)])) as Record<
      SettingKey,
      number
    >;
  }
}
