import { z } from 'zod';
import { API_VERSION } from './wire-profile.js';

/**
 * The API generations the service speaks, over one world of data: Anode (`2025-09-14.anode`,
 * the current one) and Zero (`2024-08-24`, the previous one). Each account has a default; the
 * `Flatpeak-Version` header chooses per request, and every answer names the one it was written in.
 */
export const GENERATIONS = ['anode', 'zero'] as const;
export const Generation = z.enum(GENERATIONS).meta({ id: 'Generation' });
export type Generation = z.infer<typeof Generation>;

/** The version string each generation answers with. */
export const VERSION_OF: Readonly<Record<Generation, string>> = { anode: API_VERSION, zero: '2024-08-24' };

/** Every spelling a client may send, by generation (the suffix is optional on both). */
const SPELLINGS: Readonly<Record<string, Generation>> = {
  '2025-09-14.anode': 'anode',
  '2025-09-14': 'anode',
  '2024-08-24': 'zero',
  '2024-08-24.zero': 'zero',
};

/** The generation a version string names, or undefined when it names none. */
export const generationOf = (version: string): Generation | undefined =>
  Object.hasOwn(SPELLINGS, version) ? SPELLINGS[version] : undefined;

/** The versions a client may name, for messages and schemas. */
export const VERSION_SPELLINGS = Object.keys(SPELLINGS);

/** An account's `api_version` setting: any spelling in, the generation's version out. */
export const ApiVersion = z
  .enum(VERSION_SPELLINGS as [string, ...string[]])
  .transform((v) => VERSION_OF[SPELLINGS[v]!])
  .meta({
    id: 'ApiVersion',
    description: `The account's default API version: ${VERSION_OF.anode} (Anode) or ${VERSION_OF.zero} (Zero; "${VERSION_OF.zero}.zero" too).`,
  });

/** The default generation of an account that never chose one. */
export const DEFAULT_GENERATION: Generation = 'anode';

/** Zero's status for an error the service raises with Anode's status (validation 409, bad credentials 403). */
export const ZERO_ERROR_STATUS: Readonly<Record<number, number>> = { 400: 409, 401: 403 };
