import { z } from 'zod';
import { obj, text } from '../fields.js';
import { defineRoute, pageData } from '../route.js';

/** The chosen provider's library tariffs of the slot, or the grid-fee tariffs serving the address. */
export const tariffSelect = defineRoute({
  name: 'tariff_select',
  actions: ['TARIFF_MISSING', 'BACK', 'CLOSE'],
  data: pageData({
    tariffs: z.array(z.strictObject({ id: z.string(), name: z.string(), description: z.string() })),
  }),
  submit: obj({ tariff: obj({ id: text('tariff_id_missing', 'Choose a tariff.') }) }),
  errors: { tariff_id_missing: 'tariff', tariff_not_found: 'tariff', data_json_invalid: 'form' },
});
