/** Service-wide settings and their defaults. */
export const SettingDefaults = {
  connect_token_ttl_seconds: 24 * 3600,
} as const;
export type SettingKey = keyof typeof SettingDefaults;

/** Requests a minute an account may make before 429 rate_limit, unless set for it. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 6000;
