import type { ServerRoute } from '../context.js';
import { fail } from '../context.js';
import { deriveTimezone } from '../../../engine/geo/locale.js';

export const postalAddressCapture: ServerRoute<'postal_address_capture'> = {
  render: (ctx) => {
    const a = ctx.address();
    return {
      postal_address: {
        address_line1: a.address_line1 ?? '',
        city: a.city ?? '',
        post_code: a.post_code ?? '',
        country_code: a.country_code ?? '',
        ...(a.state ? { state: a.state } : {}),
      },
    };
  },
  submit: async (ctx, { postal_address: a }) => {
    const state = a.state ? { state: a.state } : {};
    if (!(await deriveTimezone({ country_code: a.country_code, ...state })))
      fail('geo_location_not_found', 'The address could not be placed.');
    ctx.s.address = {
      address_line1: a.address_line1,
      city: a.city,
      post_code: a.post_code,
      country_code: a.country_code,
      ...state,
    };
    return { to: ctx.firstChoice() };
  },
};
