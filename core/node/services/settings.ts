import type { Db } from '../db/database.js';

import { DEFAULT_RATE_LIMIT_PER_MINUTE, SettingDefaults, type SettingKey } from '../../engine/settings.js';

/** Service-wide settings kept in the database, with defaults. */

export class SettingsService {
  constructor(private readonly db: Db) {}

  get(key: SettingKey): number {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? Number(row.value) : SettingDefaults[key];
  }

  set(key: SettingKey, value: number): void {
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(key, String(value));
  }

  rateLimit(accountId: string): number {
    const row = this.db
      .prepare('SELECT value FROM settings WHERE key = ?')
      .get(`rate_limit_per_minute:${accountId}`) as { value: string } | undefined;
    return row ? Number(row.value) : DEFAULT_RATE_LIMIT_PER_MINUTE;
  }

  setRateLimit(accountId: string, perMinute: number): void {
    this.db
      .prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(`rate_limit_per_minute:${accountId}`, String(perMinute));
  }

  all(): Record<SettingKey, number> {
    return Object.fromEntries(Object.keys(SettingDefaults).map((k) => [k, this.get(k as SettingKey)])) as Record<
      SettingKey,
      number
    >;
  }
}
