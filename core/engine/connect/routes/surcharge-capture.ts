import { z } from 'zod';
import { coded } from '../../schemas/common.js';
import { jsonObject, optionalNumber } from '../fields.js';
import { defineRoute, pageData } from '../route.js';

/** A MARKET tariff's surcharge on the market price: fixed per kWh, and a percentage as typed (5 = 5 %). */
export const surchargeCapture = defineRoute({
  name: 'surcharge_capture',
  actions: ['BACK', 'CLOSE'],
  data: pageData({
    currency_code: z.string(),
    surcharge: z.strictObject({ fixed: z.number(), percentage: z.number() }),
    region: z.string().optional(),
  }),
  submit: jsonObject(
    {
      surcharge: z.object(
        {
          fixed: optionalNumber('data_json_invalid'),
          percentage: optionalNumber('surcharge_percentage_invalid').refine(
            (p) => p >= 0 && p <= 100,
            coded('surcharge_percentage_invalid', 'The percentage is a number from 0 to 100 (5 means 5 %).'),
          ),
        },
        coded('data_json_invalid', 'data.surcharge is required.'),
      ),
    },
    'data.surcharge is required.',
  ),
  errors: { surcharge_percentage_invalid: 'percentage', data_json_invalid: 'form' },
});
