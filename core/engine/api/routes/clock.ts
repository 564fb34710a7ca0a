import { z } from 'zod';
import { contracts } from '../contract.js';
import { ClockMode } from '../../clock.js';
import { Timestamp } from '../../schemas/common.js';

export const ClockAdvancing = z
  .object({
    from: Timestamp.meta({ description: 'Where the clock stood when the advance began.' }),
    target: Timestamp.meta({ description: 'Where the advance lands.' }),
    done_until: Timestamp.meta({
      description: 'Everything due up to this instant has run; the clock stands here meanwhile.',
    }),
    steps: z.number().int().min(0).meta({ description: 'Due instants stepped through so far.' }),
  })
  .meta({
    id: 'ClockAdvancing',
    description: 'A long advance under way (poll GET /clock until it is gone); absent when the clock stands still.',
  });

export const ClockState = z
  .object({
    object: z.literal('clock'),
    mode: ClockMode,
    now: Timestamp,
    offset_seconds: z.number().int().meta({ description: 'How far the clock is from real time; 0 when real.' }),
    advancing: ClockAdvancing.optional(),
  })
  .meta({ id: 'Clock' });

export const ClockSet = z
  .strictObject({
    mode: ClockMode,
    now: Timestamp.optional().meta({ description: 'RFC 3339; required for offset and frozen.' }),
  })
  .meta({ id: 'ClockSet' });

export const ClockAdvance = z
  .union([
    z.strictObject({
      seconds: z
        .number()
        .int()
        .max(200 * 365 * 86400)
        .min(-200 * 365 * 86400),
    }),
    z.strictObject({ to: Timestamp }),
  ])
  .meta({ id: 'ClockAdvance', description: 'Either seconds to move forward, or an instant to move to.' });

export const clockContracts = contracts({
  'clock.retrieve': {
    method: 'GET',
    path: '/clock',
    summary: 'The service clock: real time, shifted by an offset, or frozen',
    tag: 'Clock',
    query: z.strictObject({}),
    response: ClockState,
  },
  'clock.set': {
    method: 'PUT',
    path: '/clock',
    summary: 'Set the service clock (moving it forward fires what fell due, in order)',
    tag: 'Clock',
    body: ClockSet,
    response: ClockState,
  },
  'clock.advance': {
    method: 'POST',
    path: '/clock/advance',
    summary: 'Move the service clock forward, running what falls due on the way',
    tag: 'Clock',
    body: ClockAdvance,
    response: ClockState,
    responseDescription: 'Landed: everything due on the way has run (advances of up to 31 days).',
    alternateStatus: {
      status: 202,
      description:
        'Accepted: a longer advance goes on in the background; `advancing` shows its progress until it lands (poll GET /clock).',
    },
  },
});
