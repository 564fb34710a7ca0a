import type { Db } from '../db/database.js';

/** Service-wide settings kept in the database, with defaults. */
export const SettingDefaults = {
  connect_token_ttl_seconds: 24 * 3600,
} as const;
export type SettingKey = keyof typeof SettingDefaults;

export class SettingsService {
  constructor(private readonly db: Db) {}

  get(key: SettingKey): number {
    const row = this.db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row ? Number(row.value) : SettingDefaults[key];
  }

  set(key: SettingKey, value: number): void {
    this.db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, String(value));
  }

  all(): Record<SettingKey, number> {
    return Object.fromEntries(Object.keys(SettingDefaults).map((k) => [k, this.get(k as SettingKey)])) as Record<SettingKey, number>;
  }
}
