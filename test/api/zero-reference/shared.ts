import { arr, num, nullable, obj, str, timeOfDay, type JsonSchema } from './schema.js';

/** Objects several operations share. */

export const postalAddress: JsonSchema = obj({
  address_line1: str(),
  address_line2: str(),
  city: str(),
  state: str(),
  post_code: str(),
  country_code: str(),
});

export const geoLocation: JsonSchema = obj({ lat: num(), lng: num() });

/** A tariff's schedule: month groups of day groups of hour bands, each with its rates. */
export const tariffSchedule: JsonSchema = arr(
  obj({
    months: arr(str()),
    days_and_hours: arr(
      obj({
        days: arr(str()),
        hours: arr(
          obj({
            valid_from: timeOfDay(),
            valid_to: timeOfDay(),
            rate: arr(
              obj({
                fixed: num(),
                to_kwh: nullable(num()),
                surcharge_fixed: nullable(num()),
                surcharge_percentage: nullable(num()),
              }),
            ),
          }),
        ),
      }),
    ),
  }),
);
