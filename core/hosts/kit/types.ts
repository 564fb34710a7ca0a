import type { z } from 'zod';
import type { Event as EventSchema } from '../../engine/schemas/misc.js';

/** An event as the events list answers it. */
export type TariffDeskEvent = z.output<typeof EventSchema>;
