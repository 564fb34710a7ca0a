import { z } from 'zod';
import { CLOCK_MAX, CLOCK_MIN, ClockMode } from '../clock.js';
import { seedRegions } from '../market/regions.js';
import { WireProfile } from '../wire-profile.js';
import { Faults, RetrySchedule } from '../webhooks/schemas.js';
import {
  coded,
  ConnectionType,
  ContractDate,
  CurrencyCode,
  idOf,
  ProviderConnectionType,
  TariffDirection,
  TariffStatus,
  TariffType,
  Timestamp,
  TimeZoneName,
} from './common.js';
import { PostalAddress } from './location.js';
import { Device, DeviceStateWrite } from './customer.js';
import { Schedule } from './schedule.js';
import { Charges } from './charges.js';
import { requireFixedRates } from './tariff.js';
import { ImportedFrom } from './tariff-origin.js';
import { EnergyFlowDirection, METER_LIMITS, MeterUnits } from './meter.js';

/**
 * A workspace: the test-mode world of an account as a folder of small JSON files, one per
 * object, keys sorted, named by object id (docs/workspaces.md). These are the shapes of its
 * files; an import parses every file with them before it writes anything.
 */
export const WORKSPACE_FORMAT = 'tariff-desk-workspace' as const;
export const WORKSPACE_FORMAT_VERSION = 1;

/** The folders of object files, by the kind of object each holds. */
export const WORKSPACE_FOLDERS = {
  locations: 'locations',
  tariffs: 'tariffs',
  providers: 'providers',
  grid_fees: 'grid-fees',
  webhooks: 'webhooks',
  customers: 'customers',
  devices: 'devices',
  meter_batches: 'meter-batches',
} as const;
export type WorkspaceKind = keyof typeof WORKSPACE_FOLDERS;

/** Folders of meter data: one JSON Lines file per location, a line per record or register reading. */
export const METER_RECORDS_FOLDER = 'meter-records';
export const METER_READINGS_FOLDER = 'meter-readings';
/** One JSON Lines file per device: its reported states (PUT /devices/{id}/state), a line each, in the order reported. */
export const DEVICE_STATES_FOLDER = 'device-states';

/** Header of a market series file: instants in UTC, the price in major units per kWh. */
export const MARKET_CSV_HEADER = 'start,end,price_per_kwh';

const regionIds = new Set(seedRegions.map((r) => r.id));
export const MarketRegionId = z
  .string()
  .max(40)
  .refine(
    (s) => regionIds.has(s),
    coded('market_region_invalid', `must be a market region: ${[...regionIds].join(', ')}`),
  );

const idList = <
  K extends 'location' | 'tariff' | 'provider' | 'gridFee' | 'webhookEndpoint' | 'customer' | 'device' | 'meterBatch',
>(
  kind: K,
) => z.array(idOf(kind)).max(100_000);

/** `workspace.json`: the format and its version, and the list order of each kind of object. */
export const WorkspaceManifest = z.strictObject({
  format: z.literal(WORKSPACE_FORMAT),
  format_version: z.number().int().min(1),
  order: z
    .strictObject({
      locations: idList('location').optional(),
      tariffs: idList('tariff').optional(),
      providers: idList('provider').optional(),
      grid_fees: idList('gridFee').optional(),
      webhooks: idList('webhookEndpoint').optional(),
      customers: idList('customer').optional(),
      devices: idList('device').optional(),
      meter_batches: idList('meterBatch').optional(),
    })
    .optional()
    .meta({ description: 'Ids oldest first (lists show the newest first); ids not named follow by time_created.' }),
});
export type WorkspaceManifest = z.infer<typeof WorkspaceManifest>;

/** `locations/<id>.json`: the stored location without its account, mode and derived tariff status. */
export const LocationFile = z.strictObject({
  id: idOf('location'),
  reference_id: z.string().max(200).nullable(),
  postal_address: PostalAddress,
  timezone: TimeZoneName,
  currency_code: CurrencyCode,
  market_region: MarketRegionId.nullable(),
  time_created: Timestamp,
  customer_id: z.string().max(100).nullable().optional(),
  location_reference_id: z.string().max(200).nullable().optional(),
  flex_allowed: z.boolean().optional(),
});
export type LocationFile = z.infer<typeof LocationFile>;

/** `tariffs/<id>.json`: the stored tariff without its account and mode, with when its rates last changed. */
export const TariffFile = z
  .strictObject({
    id: idOf('tariff'),
    location_id: idOf('location'),
    type: TariffType,
    direction: TariffDirection.optional(),
    status: TariffStatus,
    connection_type: ConnectionType,
    is_linked: z.boolean(),
    display_name: z.string().max(200).optional(),
    provider_id: idOf('provider').optional(),
    market_rates: z.boolean(),
    contract_start_date: ContractDate,
    contract_end_date: ContractDate.nullable(),
    schedule: Schedule.optional(),
    imported_from: ImportedFrom.optional(),
    charges: Charges.optional(),
    time_created: Timestamp,
    time_updated: Timestamp,
  })
  .superRefine(requireFixedRates);
export type TariffFile = z.infer<typeof TariffFile>;

const CountryCodeUpper = z.string().regex(/^[A-Z]{2}$/, 'must be an upper-case ISO 3166-1 alpha-2 code such as DE');

export const LibraryTariffFile = z.strictObject({
  id: idOf('libraryTariff'),
  name: z.string().min(1).max(200),
  description: z.string().max(500),
  type: TariffType,
  direction: TariffDirection,
  market_rates: z.boolean(),
  schedule: Schedule,
  charges: Charges.optional(),
});

/** `providers/<id>.json`: a provider of the library with its library tariffs. */
export const ProviderFile = z.strictObject({
  id: idOf('provider'),
  display_name: z.string().min(1).max(200),
  logo_url: z.string().max(500),
  country_codes: z.array(CountryCodeUpper).min(1).max(50),
  connection_types: z.array(ProviderConnectionType).min(1),
  grid_fees_included: z.boolean(),
  direct_behaviour: z.enum(['succeed', 'pending', 'fail']).optional(),
  tariffs: z.array(LibraryTariffFile).max(50),
});
export type ProviderFile = z.infer<typeof ProviderFile>;

/** `grid-fees/<id>.json`: one entry of the grid-fee data set. */
export const GridFeeFile = z.strictObject({
  id: idOf('gridFee'),
  country_code: CountryCodeUpper,
  post_code_prefix: z.string().max(10),
  grid_operator: z.string().min(1).max(200),
  display_name: z.string().min(1).max(200),
  schedule: Schedule,
  time_updated: Timestamp,
});
export type GridFeeFile = z.infer<typeof GridFeeFile>;

/** `webhooks/<id>.json`: an endpoint without its secrets; a catcher endpoint has no URL (it follows the API). */
export const WebhookFile = z
  .strictObject({
    id: idOf('webhookEndpoint'),
    url: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .nullable(),
    catcher: z.boolean(),
    name: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: "The endpoint's name; workspaces written before names existed have none (it is derived)." }),
    enabled_events: z
      .array(z.string().regex(/^(\*|[a-z_]+(\.[a-z_]+)+)$/, 'must be an event type such as tariff.created, or *'))
      .min(1)
      .max(50),
    description: z.string().max(500),
    disabled: z.boolean(),
    disabled_reason: z.string().max(500).nullable(),
    retry_schedule: RetrySchedule,
    faults: Faults,
    time_created: Timestamp,
  })
  .superRefine((w, ctx) => {
    if (w.catcher !== (w.url === null))
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        ...coded(
          'url_invalid',
          w.catcher ? 'must be null for a catcher endpoint' : 'is required unless catcher is true',
        ),
      });
  });
export type WebhookFile = z.infer<typeof WebhookFile>;

const reference = () => z.string().min(1).max(200);

/** `customers/<id>.json`: a customer without its account and mode; its locations name it. */
export const CustomerFile = z.strictObject({
  id: idOf('customer'),
  reference_id: reference().nullable(),
  time_created: Timestamp,
});
export type CustomerFile = z.infer<typeof CustomerFile>;

/** `devices/<id>.json`: a device without its account and mode, with its battery properties where it has them. */
export const DeviceFile = z.strictObject({
  id: idOf('device'),
  reference_id: reference().nullable(),
  last_seen: Timestamp.nullable(),
  time_created: Timestamp,
  ...Device.pick({
    capacity_kwh: true,
    power_rating_import_kwh: true,
    power_rating_export_kwh: true,
    round_trip_efficiency: true,
    reserve_percent: true,
  }).shape,
});
export type DeviceFile = z.infer<typeof DeviceFile>;

/**
 * A line of `device-states/<device id>.jsonl`: a reported state as `GET /devices/{id}/state`
 * answers it, less its object, account and device (the file's name).
 */
export const DeviceStateLine = DeviceStateWrite.extend({
  id: idOf('deviceState'),
  time_created: Timestamp,
});
export type DeviceStateLine = z.infer<typeof DeviceStateLine>;

/** A line of `meter-records/<location id>.jsonl`: a stored meter record of that location. */
export const MeterRecordLine = z.strictObject({
  id: idOf('meterRecord'),
  device_id: idOf('device').nullable(),
  session_reference_id: reference().nullable(),
  record_reference_id: reference().nullable(),
  tariff_direction: TariffDirection,
  energy_flow_direction: EnergyFlowDirection,
  units: MeterUnits,
  value: z.number().min(0),
  start_time: Timestamp,
  end_time: Timestamp,
  confidence: z.number().min(0).max(1),
  time_created: Timestamp,
});
export type MeterRecordLine = z.infer<typeof MeterRecordLine>;

/**
 * `meter-batches/<id>.json`: a submission's answer as it was answered, less its account and mode,
 * with the locations it stored records for (it goes with the last of them).
 */
export const MeterBatchFile = z.strictObject({
  id: idOf('meterBatch'),
  records_submitted: z.number().int().min(0).max(METER_LIMITS.maxRecords),
  records_accepted: z.number().int().min(0).max(METER_LIMITS.maxRecords),
  records_processed: z.number().int().min(0),
  failed_records: z
    .array(
      z.strictObject({
        record_num: z.number().int().min(1).max(METER_LIMITS.maxRecords),
        record_reference_id: z.string().max(200).nullable(),
        error: z.strictObject({ code: z.string().max(100), message: z.string().max(10_000) }),
      }),
    )
    .max(METER_LIMITS.maxRecords),
  location_ids: z.array(idOf('location')).max(METER_LIMITS.maxRecords),
  time_created: Timestamp,
});
export type MeterBatchFile = z.infer<typeof MeterBatchFile>;

/** A line of `meter-readings/<location id>.jsonl`: a cumulative register reading of that location. */
export const MeterReadingLine = z.strictObject({
  device_id: idOf('device').nullable(),
  tariff_direction: TariffDirection,
  energy_flow_direction: EnergyFlowDirection,
  time: Timestamp,
  kwh: z.number().min(0).max(1e9),
});
export type MeterReadingLine = z.infer<typeof MeterReadingLine>;

/** `settings.json`: the account's settings (and the service-wide connect token lifetime). */
export const SettingsFile = z.strictObject({
  bearer_token_ttl_seconds: z
    .number()
    .int()
    .min(60)
    .max(30 * 86400),
  connect_token_ttl_seconds: z
    .number()
    .int()
    .min(60)
    .max(30 * 86400),
  rate_limit_per_minute: z.number().int().min(1).max(1_000_000),
  wire_profile: WireProfile,
});
export type SettingsFile = z.infer<typeof SettingsFile>;

const inClockRange = (s: string) => {
  const t = Date.parse(s);
  return t >= CLOCK_MIN && t < CLOCK_MAX;
};

/** `clock.json`: real time; frozen at an instant; or real time shifted by a fixed offset. */
export const ClockFile = z.discriminatedUnion('mode', [
  z.strictObject({ mode: z.literal('real') }),
  z.strictObject({
    mode: z.literal('frozen'),
    now: Timestamp.refine(inClockRange, coded('clock_out_of_range', 'must be between 2000-01-01 and 2100-01-01')),
  }),
  z.strictObject({
    mode: z.literal('offset'),
    offset_ms: z
      .number()
      .int()
      .min(CLOCK_MIN - CLOCK_MAX)
      .max(CLOCK_MAX - CLOCK_MIN),
  }),
]);
export type ClockFile = z.infer<typeof ClockFile>;

/** `market/regions.json`: when each region's series last changed, by region id. */
export const MarketRegionsFile = z
  .record(z.string(), z.strictObject({ time_updated: Timestamp }))
  .superRefine((o, ctx) => {
    for (const id of Object.keys(o))
      if (!regionIds.has(id))
        ctx.addIssue({
          code: 'custom',
          path: [id],
          ...coded('market_region_invalid', `is not a market region (${[...regionIds].join(', ')})`),
        });
  });
export type MarketRegionsFile = z.infer<typeof MarketRegionsFile>;

/** A workspace as one JSON document: every file's text by its path (the browser app downloads this). */
export const WorkspaceBundle = z
  .object({
    object: z.literal('workspace_bundle'),
    format: z.literal(WORKSPACE_FORMAT),
    format_version: z.number().int(),
    files: z
      .record(z.string(), z.string())
      .meta({ description: 'Each file of the folder by its path (locations/loc_….json, …), its text exactly.' }),
  })
  .meta({ id: 'WorkspaceBundle' });
export type WorkspaceBundle = z.infer<typeof WorkspaceBundle>;

export const WorkspaceImport = z
  .strictObject({
    files: z
      .record(z.string().max(200), z.string())
      .refine((f) => Object.keys(f).length <= 100_000, { message: 'has too many files' })
      .meta({ description: 'Each file by its path, as in a bundle.' }),
    replace: z
      .boolean()
      .default(false)
      .meta({ description: 'Replace a non-empty test-mode world; without it such an import is refused.' }),
  })
  .meta({ id: 'WorkspaceImport' });

/** What an import wrote. */
export const WorkspaceCounts = {
  locations: z.number().int(),
  tariffs: z.number().int(),
  providers: z.number().int(),
  grid_fees: z.number().int(),
  webhook_endpoints: z.number().int(),
  market_points: z.number().int(),
  customers: z.number().int(),
  devices: z.number().int(),
  device_states: z.number().int(),
  meter_records: z.number().int(),
  meter_batches: z.number().int(),
};

/** A scenario's clock, as its `clock.json` says. */
export const ScenarioClock = z
  .object({
    mode: ClockMode,
    now: Timestamp.nullable().meta({ description: 'frozen: the instant it stands at.' }),
    offset_ms: z.number().int().nullable().meta({ description: 'offset: how far ahead of real time.' }),
  })
  .meta({ id: 'ScenarioClock' });

export const Scenario = z
  .object({
    id: idOf('scenario'),
    object: z.literal('scenario'),
    name: z.string(),
    description: z.string(),
    built_in: z.boolean().meta({ description: 'Built-in scenarios are made afresh around the clock when restored.' }),
    clock: ScenarioClock.nullable().meta({
      description: 'The clock a restore sets; null for built-ins, which keep the clock (and settings).',
    }),
    locations: z.number().int().nullable().meta({ description: 'null for built-ins (made when restored).' }),
    tariffs: z.number().int().nullable(),
    webhook_endpoints: z.number().int().nullable(),
    time_created: Timestamp.nullable(),
  })
  .meta({ id: 'Scenario' });
export type Scenario = z.infer<typeof Scenario>;

export const ScenarioCreate = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    description: z.string().max(500).default(''),
  })
  .meta({ id: 'ScenarioCreate' });
