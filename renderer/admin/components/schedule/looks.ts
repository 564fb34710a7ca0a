import type { Rate } from '../../../../core/engine/schemas/schedule';
import { rateColour } from '../schedule-model';
import { rateLabels, rateText } from './tiers';
import type { BandLook } from './Track';

/** Energy bands on a track: labelled by their rate, coloured cheap green to dear red (market prices in blue). */
export function energyLook(hours: { rate: Rate[] }[], market: boolean): BandLook {
  return {
    labels: (i) => rateLabels(hours[i]!.rate, market),
    text: (i) => rateText(hours[i]!.rate, market),
    colour: (i) => (market ? '#3f6590' : rateColour(hours[i]!.rate[0]?.fixed ?? 0)),
  };
}
