import { z } from 'zod';
import { coded } from '../../schemas/common.js';
import { countryCode, obj, text } from '../fields.js';
import { defineRoute, pageData } from '../route.js';

const LABELS: Record<string, string> = {
  address_line1_missing: 'the street address',
  city_missing: 'the city',
  post_code_missing: 'the post code',
  country_code_missing: 'the country',
};
const joinAnd = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

/** Where the supply is: the first page when the token names no location or address. */
export const postalAddressCapture = defineRoute({
  name: 'postal_address_capture',
  actions: ['BACK', 'CLOSE'],
  data: pageData({
    postal_address: z.strictObject({
      address_line1: z.string(),
      city: z.string(),
      post_code: z.string(),
      country_code: z.string(),
      state: z.string().optional(),
    }),
  }),
  submit: obj({
    postal_address: z.preprocess(
      (v) => (v === undefined || v === null ? undefined : v),
      z.object(
        {
          address_line1: text('address_line1_missing', 'Enter the street address.'),
          city: text('city_missing', 'Enter the city.'),
          post_code: text('post_code_missing', 'Enter the post code.'),
          country_code: countryCode,
          state: z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string().max(100).optional()),
        },
        coded('data_json_invalid', 'data.postal_address is required.'),
      ),
    ),
  }),
  errors: {
    address_line1_missing: 'address_line1',
    city_missing: 'city',
    post_code_missing: 'post_code',
    country_code_missing: 'country_code',
    country_code_invalid: 'country_code',
    geo_location_not_found: 'address_line1',
    data_json_invalid: 'form',
  },
  // Every missing field is named at once, not only the first.
  missing: (codes) => `Enter ${joinAnd(codes.map((c) => LABELS[c] ?? c.replace(/_missing$/, '')))}.`,
});
