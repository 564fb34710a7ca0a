import { z } from 'zod';
import { obj, text } from '../fields.js';
import { defineRoute, pageData } from '../route.js';

/** The market region whose prices a MARKET tariff follows. */
export const regionSelect = defineRoute({
  name: 'region_select',
  actions: ['BACK', 'CLOSE'],
  data: pageData({
    regions: z.array(z.string()),
    region: z.string().optional().meta({ description: 'Suggested from the address.' }),
  }),
  submit: obj({ region: text('market_region_invalid', 'Choose a market region.') }),
  errors: { market_region_invalid: 'region', data_json_invalid: 'form' },
});
