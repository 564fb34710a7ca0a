import { z } from 'zod';
import { WireProfile } from '../wire-profile.js';

/** The addresses of the local service's surfaces. */
const Addresses = {
  api_url: z.string(),
  connect_service_url: z.string(),
  connect_web_url: z.string(),
};

/** The credentials of the default account: one test key, one live key. */
const Credentials = {
  account_id: z.string(),
  test_key: z.string(),
  live_key: z.string(),
  data_dir: z.string(),
};

/**
 * What the admin app needs to start: the surfaces and the credentials. The desktop preload and
 * the app server's `/bootstrap.json` both answer it; the renderer parses it with this schema.
 */
export const Bootstrap = z.object({ ...Addresses, app_url: z.string(), ...Credentials });
export type Bootstrap = z.infer<typeof Bootstrap>;

/** The line `tariff-desk serve --json` prints once every surface is listening. */
export const ReadyInfo = z.object({
  event: z.literal('ready'),
  ...Addresses,
  /** The admin app in a browser, when served. */
  app_url: z.string().optional(),
  ...Credentials,
  /** The default account's wire profile. */
  wire_profile: WireProfile,
  /** The API version the default account's requests are answered in when they name none. */
  api_version: z.string(),
  /** The workspace folder a `serve --workspace` host started from (its data folder is a new temporary one). */
  workspace: z.string().optional(),
});
export type ReadyInfo = z.infer<typeof ReadyInfo>;
