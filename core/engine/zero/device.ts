import { z } from 'zod';
import { idOf, listOf, Timestamp } from '../schemas/common.js';

/**
 * Zero's device: `reference_id` always a string (empty where none was given) and `last_seen`
 * left out until a meter record names the device, as Zero writes no nulls there.
 */
export const ZeroDevice = z
  .object({
    id: idOf('device'),
    object: z.literal('device'),
    live_mode: z.boolean(),
    reference_id: z.string(),
    last_seen: Timestamp.optional(),
    time_created: Timestamp,
    account_id: idOf('account'),
  })
  .meta({ id: 'ZeroDevice' });
export type ZeroDevice = z.infer<typeof ZeroDevice>;
export const ZeroDeviceList = listOf(ZeroDevice, 'ZeroDeviceList');
