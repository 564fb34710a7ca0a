import { arr, bool, num, nullable, obj, str, timeOfDay, type JsonSchema } from './schema.js';

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

/** How the reference opens every answer about a location's prices: the rates, the audit, the slots, the schedule. */
export const pricedHead: Record<string, JsonSchema> = {
  id: str(),
  object: str(),
  live_mode: bool(),
  location_id: str(),
  location_timezone: str(),
  currency_code: str(),
};
/** All of that head is required wherever the reference gives it. */
export const PRICED_HEAD_REQUIRED = Object.keys(pricedHead);
