import type { Tariff } from '../schemas/tariff.js';
import type { Location } from '../schemas/location.js';
import type { LocationStatus, Slot } from '../schemas/connect.js';
import type { ZeroTariffElement } from './tariff-element.js';
import type { Device } from '../schemas/customer.js';
import type { ZeroDevice } from './device.js';
import type { ZeroDayRates, ZeroLocation, ZeroLocationStatus, ZeroSlot } from './location.js';

/**
 * The stored objects as Zero names them: one world of data, two generations' shapes. Pure, so
 * every surface that writes Zero (API answers, events, webhooks) maps the same way.
 */

/** A stored tariff as a Zero tariff element: direction always written, Anode-only extensions left out. */
export function zeroTariff(t: Tariff): ZeroTariffElement {
  return {
    id: t.id,
    object: 'tariff',
    location_id: t.location_id,
    live_mode: t.live_mode,
    is_linked: t.is_linked,
    connection_type: t.connection_type,
    direction: t.direction ?? 'IMPORT',
    type: t.type,
    status: t.status,
    timezone: t.timezone,
    ...(t.display_name !== undefined ? { display_name: t.display_name } : {}),
    ...(t.provider_id !== undefined ? { provider_id: t.provider_id } : {}),
    market_rates: t.market_rates,
    contract_start_date: t.contract_start_date,
    contract_end_date: t.contract_end_date,
    ...(t.schedule ? { schedule: t.schedule } : {}),
    time_created: t.time_created,
    account_id: t.account_id,
  };
}

/** Fields Zero leaves out rather than writing null. */
const present = <K extends string, V>(key: K, v: V | null | undefined): Partial<Record<K, V>> =>
  v === null || v === undefined ? {} : ({ [key]: v } as Record<K, V>);

/** A location as Zero's `LocationNew`: without Anode's market and flexibility fields. */
export function zeroLocation(l: Location): ZeroLocation {
  return {
    id: l.id,
    object: 'location',
    ...present('reference_id', l.reference_id),
    ...present('customer_id', l.customer_id),
    live_mode: l.live_mode,
    timezone: l.timezone,
    currency_code: l.currency_code,
    postal_address: l.postal_address,
    ...present('geo_location', l.geo_location),
    tariff_status: l.tariff_status,
    tariff_elements: l.tariff_elements,
    time_created: l.time_created,
    account_id: l.account_id,
  };
}

/** A device as Zero writes it: no nulls (an empty reference, no `last_seen` until one is known). */
export function zeroDevice(d: Device): ZeroDevice {
  return {
    id: d.id,
    object: 'device',
    live_mode: d.live_mode,
    reference_id: d.reference_id ?? '',
    ...present('last_seen', d.last_seen),
    time_created: d.time_created,
    account_id: d.account_id,
  };
}

/**
 * A slot of the status as Zero writes it: empty strings where there is nothing to name, and the
 * tariff only where the slot has one (an empty date is no date).
 */
export function zeroSlot(s: Slot): ZeroSlot {
  return {
    status: s.status,
    connection_type: s.connection_type ?? '',
    provider: {
      id: s.provider?.id ?? '',
      display_name: s.provider?.display_name ?? '',
      logo_url: s.provider?.logo_url ?? '',
    },
    ...(s.tariff
      ? {
          tariff: {
            id: s.tariff.id,
            display_name: s.tariff.display_name ?? '',
            structure_type: s.tariff.structure_type ?? '',
            ...present('contract_end_date', s.tariff.contract_end_date),
          },
        }
      : {}),
  };
}

/** The location status as Zero's `LocationStatus`: the location's own fields, the day rates and each slot. */
export function zeroLocationStatus(
  l: Location,
  s: LocationStatus,
  rates: { import: ZeroDayRates | null; export: ZeroDayRates | null },
): ZeroLocationStatus {
  const { id, object: _location, tariff_status: _slots, tariff_elements: _ids, ...own } = zeroLocation(l);
  return {
    id,
    object: 'location_status',
    ...own,
    rates,
    tariff_status: {
      commodity_import: zeroSlot(s.tariff_status.commodity_import),
      commodity_export: zeroSlot(s.tariff_status.commodity_export),
      non_commodity_import: zeroSlot(s.tariff_status.non_commodity_import),
      non_commodity_export: { status: 'NOT_SUPPORTED' },
      local: { status: 'NOT_SUPPORTED' },
    },
  };
}

/** An event's object in Zero's shape: locations, tariffs and devices mapped, anything else as stored. */
export function zeroEventData(data: Record<string, unknown>): Record<string, unknown> {
  if (data.object === 'location' && Array.isArray(data.tariff_elements)) return zeroLocation(data as Location);
  if (data.object === 'tariff' && typeof data.location_id === 'string') return zeroTariff(data as Tariff);
  if (data.object === 'device' && 'last_seen' in data) return zeroDevice(data as Device);
  return data;
}
