import { z } from 'zod';
import { contracts } from '../contract.js';
import { idOf } from '../../schemas/common.js';
import { SlotThreshold, SlotThresholdQuery, SlotTime, SlotTimeQuery } from '../../schemas/zero/slots.js';

const params = z.object({ id: idOf('location') });

/** Zero's slots: the cheapest or dearest time of a window, by duration or by a price threshold. */
export const zeroSlotContracts = contracts({
  'zero.slots.time': {
    method: 'GET',
    path: '/slots/time/:id',
    summary: 'The cheapest (or dearest) time of a window, by total duration',
    tag: 'Slots',
    params,
    query: SlotTimeQuery,
    response: SlotTime,
  },
  'zero.slots.threshold': {
    method: 'GET',
    path: '/slots/threshold/:id',
    summary: 'The time of a window priced at or below (or above) a threshold',
    tag: 'Slots',
    params,
    query: SlotThresholdQuery,
    response: SlotThreshold,
  },
});
