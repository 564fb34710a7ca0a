import type { Schedule, Rate } from '../schemas/schedule.js';
import type { TariffDirection, TariffType } from '../schemas/common.js';
import type { Charges } from '../schemas/charges.js';

/** One stored tariff as the engine needs it (pure data; no ids from the database are required). */
export interface PricingComponent {
  /** A candidate (priced for one request, never stored) has its place in the request: `candidates[0]`. */
  id: string;
  type: TariffType;
  /** Absent means IMPORT. */
  direction?: TariffDirection | undefined;
  market_rates: boolean;
  contract_start_date: string;
  contract_end_date: string | null;
  schedule?: Schedule | undefined;
  /** Fixed, minimum and demand charges: the bill reads them, prices never do. */
  charges?: Charges | undefined;
}

/**
 * A market price series, sorted and non-overlapping: step i holds `values[i]` (major currency
 * units per kWh) on `[starts[i], ends[i])` (epoch ms). Any resolution; steps may differ.
 */
export interface MarketSeries {
  starts: Float64Array;
  ends: Float64Array;
  values: Float64Array;
}

/** One output interval: `[from, to)` epoch ms, value in major units per kWh, confidence 0–1. */
export interface PriceInterval {
  from: number;
  to: number;
  value: number;
  confidence: number;
  /** Each active component's unrounded share, when a breakdown was asked for. */
  components?: ComponentShare[];
}

/** One component's contribution to an interval. */
export interface ComponentShare {
  component: PricingComponent;
  value: number;
  confidence: number;
  /** The band's tiers priced (the first is the price signal); null in a gap between bands. */
  rate: Rate[] | null;
  /** The market price used, NaN for a fixed rate or where none is known. */
  market: number;
}

/** A run of one band (or a gap, `rate` null) on a local day, in seconds since local midnight. */
export interface ProfileSegment {
  from: number;
  to: number;
  rate: Rate[] | null;
}

export const GAP_CONFIDENCE = 0.5;
export const TIERED_CONFIDENCE = 0.8;
