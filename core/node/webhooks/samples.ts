import type { Scope } from '../db/documents.js';
import type { IdGenerator } from '../../engine/ids.js';
import type { EventType } from '../../engine/webhooks/schemas.js';
import { isoSeconds } from '../../engine/clock.js';

/** Real objects of the account for a sample to name, so the ids in it answer when looked up. */
export interface SampleSubjects {
  location: { id: string } & Record<string, unknown>;
  tariff: { id: string } & Record<string, unknown>;
  customer?: { id: string } & Record<string, unknown>;
  device?: { id: string } & Record<string, unknown>;
}

/**
 * A plausible payload for each event type, for testers who trigger events by hand: about the
 * given location and tariff when the account has them, else about made-up ones.
 */
export function samplePayload(
  type: EventType,
  scope: Scope,
  now: Date,
  ids: IdGenerator,
  subjects?: SampleSubjects,
): Record<string, unknown> {
  const t = isoSeconds(now);
  const tariffId = subjects?.tariff.id ?? ids('trf');
  const made = {
    id: ids('loc'),
    object: 'location',
    live_mode: scope.liveMode,
    reference_id: null,
    postal_address: { address_line1: 'Invalidenstraße 1', city: 'Berlin', post_code: '10115', country_code: 'DE' },
    timezone: 'Europe/Berlin',
    currency_code: 'EUR',
    market_region: 'DE-LU',
    geo_location: { lat: 52.52437, lng: 13.41053 },
    flex_allowed: true,
    customer_id: null,
    time_created: t,
    account_id: scope.accountId,
    tariff_status: {
      commodity_import: 'CONNECTED',
      commodity_export: 'NOT_CONNECTED',
      non_commodity_import: 'NOT_CONNECTED',
      non_commodity_export: 'NOT_SUPPORTED',
      local: 'NOT_SUPPORTED',
    },
    tariff_elements: [tariffId],
    market_sources: { import: null, export: null },
  };
  const location = subjects?.location ?? made;
  const tariff = subjects?.tariff ?? {
    id: tariffId,
    object: 'tariff',
    location_id: location.id,
    live_mode: scope.liveMode,
    is_linked: false,
    connection_type: 'MANUAL',
    type: 'COMMODITY',
    direction: 'IMPORT',
    status: 'CONNECTED',
    timezone: 'Europe/Berlin',
    display_name: 'Sample tariff',
    market_rates: false,
    contract_start_date: '2026-01-01T00:00:00+01:00',
    contract_end_date: '2027-01-01T00:00:00+01:00',
    schedule: [
      {
        months: ['All'],
        days_and_hours: [
          { days: ['All'], hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ fixed: 0.3 }] }] },
        ],
      },
    ],
    time_created: t,
    account_id: scope.accountId,
  };
  if (type === 'connect.session.complete')
    return {
      id: ids('cot'),
      object: 'connect_token',
      location_id: location.id,
      price_available: true,
      tariff_id: tariff.id,
      customer_id: null,
      customer_reference_id: null,
      location_reference_id: null,
    };
  if (type === 'tariff.expiring' || type === 'tariff.expired' || type === 'tariff.fetch.failed')
    return { location_id: location.id, tariff_id: tariff.id, account_id: scope.accountId, live_mode: scope.liveMode };
  if (type.startsWith('tariff.')) return tariff;
  if (type.startsWith('customer.'))
    return (
      subjects?.customer ?? {
        id: ids('cus'),
        object: 'customer',
        live_mode: scope.liveMode,
        reference_id: 'CUS-SAMPLE',
        locations: [location.id],
        time_created: t,
        account_id: scope.accountId,
      }
    );
  if (type.startsWith('device.'))
    return (
      subjects?.device ?? {
        id: ids('dev'),
        object: 'device',
        live_mode: scope.liveMode,
        reference_id: 'DEV-SAMPLE',
        last_seen: null,
        time_created: t,
        account_id: scope.accountId,
      }
    );
  return location;
}
