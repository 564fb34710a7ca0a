import type { CarRequest } from './schemas/battery.js';

/** The demo's showcase location: the Overview's first step shows its prices, whatever was used last. */
export const DEMO_SHOWCASE_LOCATION = 'demo-berlin';

/**
 * The demo's solar home with a battery (docs/batteries.md, The demo home): what the seed stores
 * and what the app sends with it. The service stores no solar system and no car, so the home's
 * yearly usage and generation and its car are presets here, sent in a bill's or a battery
 * schedule's request; the battery is a stored device with a reported state of charge.
 */
export const DEMO_HOME = {
  customer: 'demo-solar-household',
  location: 'demo-solar-home',
  battery: 'demo-home-battery',
  postal_address: { address_line1: 'Kastanienallee 12', city: 'Berlin', post_code: '10435', country_code: 'DE' },
  /** Stored on the battery device. */
  batteryProperties: {
    capacity_kwh: 10,
    power_rating_import_kwh: 5,
    power_rating_export_kwh: 5,
    round_trip_efficiency: 0.9,
    reserve_percent: 10,
  },
  /** The state the battery last reported, at the seed's time. */
  state: { state_of_charge_percent: 35, target_state_of_charge_percent: 80 },
  usage: { profile: 'bdew_h0', kwh_per_year: 4500 },
  generation: { profile: 'PV' as const, kwh_per_year: 6000 },
  car: { power_kw: 11, kwh_per_day: 10, plug_in: '18:00:00', ready_by: '07:00:00' } satisfies CarRequest,
} as const;
