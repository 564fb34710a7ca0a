import {
  ClockFile,
  CustomerFile,
  DEVICE_STATES_FOLDER,
  DeviceFile,
  DeviceStateLine,
  GridFeeFile,
  METER_READINGS_FOLDER,
  METER_RECORDS_FOLDER,
  MeterBatchFile,
  MeterReadingLine,
  MeterRecordLine,
  LocationFile,
  MarketRegionId,
  MarketRegionsFile,
  ProviderFile,
  SettingsFile,
  TariffFile,
  WebhookFile,
  WORKSPACE_FOLDERS,
  WORKSPACE_FORMAT,
  WORKSPACE_FORMAT_VERSION,
  WorkspaceManifest,
  type WorkspaceKind,
} from '../../engine/schemas/workspace.js';
import { isoSeconds, type ClockSetting } from '../../engine/clock.js';
import { contractInstant, windowsOverlap } from '../../engine/schedule/contract.js';
import { ApiError, Codes, invalid } from '../../engine/errors.js';
import { excerpt } from '../../engine/excerpt.js';
import { checkSpan, microKwhOf } from '../../engine/meters/records.js';
import {
  canonicalJson,
  canonicalLine,
  fileError,
  jsonProblem,
  marketCsv,
  parseFile,
  parseJsonLines,
  parseMarketCsv,
  sortedFiles,
  type MarketPoint,
  type WorkspaceFiles,
} from './format.js';

/** A workspace parsed: every object in list order (oldest first), the market series by region. */
export interface Workspace {
  settings: SettingsFile;
  clock: ClockFile;
  locations: LocationFile[];
  tariffs: TariffFile[];
  providers: ProviderFile[];
  grid_fees: GridFeeFile[];
  webhooks: WebhookFile[];
  customers: CustomerFile[];
  devices: DeviceFile[];
  /** Meter submissions' answers, oldest first. */
  meter_batches: MeterBatchFile[];
  /** Meter records by location id, in list order. */
  meter_records: Record<string, MeterRecordLine[]>;
  /** Cumulative register readings by location id, by register and time. */
  meter_readings: Record<string, MeterReadingLine[]>;
  /** Reported states by device id, in the order reported. */
  device_states: Record<string, DeviceStateLine[]>;
  /** When each region's series last changed; absent: the regions keep theirs. */
  market_regions: MarketRegionsFile | undefined;
  /** Imported (non-demo) points by region, in time order. */
  market: Record<string, MarketPoint[]>;
}

export const ROOT_FILES = ['workspace.json', 'settings.json', 'clock.json'] as const;
export const MARKET_FOLDER = 'market';
export const MARKET_REGIONS_FILE = `${MARKET_FOLDER}/regions.json`;
/** The folders of a workspace that are not one file per object. */
export const DATA_FOLDERS = [MARKET_FOLDER, METER_RECORDS_FOLDER, METER_READINGS_FOLDER, DEVICE_STATES_FOLDER] as const;

const pathOf = (kind: WorkspaceKind, id: string) => `${WORKSPACE_FOLDERS[kind]}/${id}.json`;

/** The files of a workspace, paths sorted; equal workspaces give equal bytes. */
export function toFiles(ws: Workspace): WorkspaceFiles {
  const files: WorkspaceFiles = {};
  const manifest: WorkspaceManifest = {
    format: WORKSPACE_FORMAT,
    format_version: WORKSPACE_FORMAT_VERSION,
    order: {
      locations: ws.locations.map((o) => o.id),
      tariffs: ws.tariffs.map((o) => o.id),
      providers: ws.providers.map((o) => o.id),
      grid_fees: ws.grid_fees.map((o) => o.id),
      webhooks: ws.webhooks.map((o) => o.id),
      customers: ws.customers.map((o) => o.id),
      devices: ws.devices.map((o) => o.id),
      meter_batches: ws.meter_batches.map((o) => o.id),
    },
  };
  files['workspace.json'] = canonicalJson(manifest);
  files['settings.json'] = canonicalJson(ws.settings);
  files['clock.json'] = canonicalJson(ws.clock);
  for (const kind of Object.keys(WORKSPACE_FOLDERS) as WorkspaceKind[])
    for (const o of ws[kind]) files[pathOf(kind, o.id)] = canonicalJson(o);
  if (ws.market_regions) files[MARKET_REGIONS_FILE] = canonicalJson(ws.market_regions);
  for (const [region, points] of Object.entries(ws.market))
    if (points.length > 0) files[`${MARKET_FOLDER}/${region}.csv`] = marketCsv(points);
  for (const [folder, byLocation] of [
    [METER_RECORDS_FOLDER, ws.meter_records],
    [METER_READINGS_FOLDER, ws.meter_readings],
    [DEVICE_STATES_FOLDER, ws.device_states],
  ] as const)
    for (const [owner, lines] of Object.entries(byLocation))
      if (lines.length > 0) files[`${folder}/${owner}.jsonl`] = lines.map(canonicalLine).join('');
  return sortedFiles(files);
}

/** What a path of a workspace holds; anything else is refused. */
type Slot =
  | { kind: 'root' }
  | { kind: WorkspaceKind; id: string }
  | { kind: 'market_regions' }
  | { kind: 'market'; region: string }
  | { kind: 'meter_records'; location: string }
  | { kind: 'meter_readings'; location: string }
  | { kind: 'device_states'; device: string };

const FILE_ID = /^[A-Za-z0-9_]{1,80}$/;

function slotOf(path: string): Slot {
  if ((ROOT_FILES as readonly string[]).includes(path)) return { kind: 'root' };
  if (path === MARKET_REGIONS_FILE) return { kind: 'market_regions' };
  const parts = path.split('/');
  if (parts.length === 2) {
    const [folder, name] = parts as [string, string];
    if (folder === MARKET_FOLDER && name.endsWith('.csv')) return { kind: 'market', region: name.slice(0, -4) };
    const location = name.endsWith('.jsonl') ? name.slice(0, -6) : '';
    if (folder === METER_RECORDS_FOLDER && FILE_ID.test(location)) return { kind: 'meter_records', location };
    if (folder === METER_READINGS_FOLDER && FILE_ID.test(location)) return { kind: 'meter_readings', location };
    if (folder === DEVICE_STATES_FOLDER && FILE_ID.test(location)) return { kind: 'device_states', device: location };
    const kind = (Object.keys(WORKSPACE_FOLDERS) as WorkspaceKind[]).find((k) => WORKSPACE_FOLDERS[k] === folder);
    const id = name.endsWith('.json') ? name.slice(0, -5) : '';
    if (kind && FILE_ID.test(id)) return { kind, id };
  }
  throw fileError(
    path,
    'workspace_file_unknown',
    `not a file of a workspace (workspace.json, settings.json, clock.json, ${Object.values(WORKSPACE_FOLDERS)
      .map((f) => `${f}/<id>.json`)
      .join(
        ', ',
      )}, market/regions.json, market/<region>.csv, ${METER_RECORDS_FOLDER}/<location id>.jsonl, ${METER_READINGS_FOLDER}/<location id>.jsonl, ${DEVICE_STATES_FOLDER}/<device id>.jsonl)`,
  );
}

const SCHEMAS = {
  locations: LocationFile,
  tariffs: TariffFile,
  providers: ProviderFile,
  grid_fees: GridFeeFile,
  webhooks: WebhookFile,
  customers: CustomerFile,
  devices: DeviceFile,
  meter_batches: MeterBatchFile,
} as const;

/** A value of a file in a message: as JSON when it is short and plain, else an excerpt. */
function shown(v: unknown): string {
  const json = JSON.stringify(v) ?? 'absent';
  return json.length <= 24 && /^[\x20-\x7e]*$/.test(json) ? json : excerpt(json);
}

/** The version and format, checked before anything else, so a newer workspace is refused by name. */
function manifestOf(files: WorkspaceFiles): WorkspaceManifest {
  const text = files['workspace.json'];
  if (text === undefined)
    throw invalid(
      'workspace_manifest_missing',
      'workspace.json: missing; a workspace folder has workspace.json (its format and version) at its top.',
    );
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw fileError('workspace.json', 'workspace_json_invalid', `not JSON: ${jsonProblem(text)}`);
  }
  const head = (raw ?? {}) as { format?: unknown; format_version?: unknown };
  if (head.format !== WORKSPACE_FORMAT)
    throw fileError('workspace.json', 'format_invalid', `format: must be "${WORKSPACE_FORMAT}".`);
  if (head.format_version !== WORKSPACE_FORMAT_VERSION)
    throw fileError(
      'workspace.json',
      'workspace_version_unsupported',
      `format_version: ${shown(head.format_version)} is not supported; this Tariff Desk reads version ${WORKSPACE_FORMAT_VERSION}.`,
    );
  return parseFile('workspace.json', text, WorkspaceManifest);
}

function required(files: WorkspaceFiles, path: string): string {
  const text = files[path];
  if (text === undefined) throw invalid('workspace_file_missing', `${path}: missing; every workspace has it.`);
  return text;
}

/** Objects in the manifest's order, then those it does not name by creation time and id. */
function ordered<T extends { id: string }>(
  kind: WorkspaceKind,
  byId: Map<string, T>,
  listed: string[] | undefined,
  key: (o: T) => string,
): T[] {
  const out: T[] = [];
  const seen = new Set<string>();
  (listed ?? []).forEach((id, i) => {
    const at = `order.${kind}[${i}]`;
    if (seen.has(id)) throw fileError('workspace.json', 'workspace_order_invalid', `${at}: ${id} is listed twice.`);
    const o = byId.get(id);
    if (!o)
      throw fileError('workspace.json', 'workspace_reference_missing', `${at}: no file ${pathOf(kind, id)} for ${id}.`);
    seen.add(id);
    out.push(o);
  });
  const rest = [...byId.values()].filter((o) => !seen.has(o.id));
  rest.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1));
  return [...out, ...rest];
}

/**
 * Reads and validates a whole workspace before anything is written: every path is one the
 * format knows, every file parses with its schema, and the files agree with each other
 * (tariffs name locations of the workspace, contracts are in order, COMMODITY
 * contracts of a slot do not overlap). The first problem refuses it, naming file and field.
 */
export function parseWorkspace(files: WorkspaceFiles): Workspace {
  // The version first: a newer workspace is refused as such, not for the files it adds.
  const manifest = manifestOf(files);
  const slots = Object.keys(files)
    .sort()
    .map((p) => [p, slotOf(p)] as const);
  const settings = parseFile('settings.json', required(files, 'settings.json'), SettingsFile);
  const clock = parseFile('clock.json', required(files, 'clock.json'), ClockFile);
  const byKind = {
    locations: new Map<string, LocationFile>(),
    tariffs: new Map<string, TariffFile>(),
    providers: new Map<string, ProviderFile>(),
    grid_fees: new Map<string, GridFeeFile>(),
    webhooks: new Map<string, WebhookFile>(),
    customers: new Map<string, CustomerFile>(),
    devices: new Map<string, DeviceFile>(),
    meter_batches: new Map<string, MeterBatchFile>(),
  };
  const pathById = new Map<string, string>();
  let marketRegions: MarketRegionsFile | undefined;
  const market: Record<string, MarketPoint[]> = {};
  const meterRecords: Record<string, MeterRecordLine[]> = {};
  const meterReadings: Record<string, MeterReadingLine[]> = {};
  const deviceStates: Record<string, DeviceStateLine[]> = {};
  for (const [path, slot] of slots) {
    const text = files[path]!;
    if (slot.kind === 'root') continue;
    if (slot.kind === 'market_regions') marketRegions = parseFile(path, text, MarketRegionsFile);
    else if (slot.kind === 'market') {
      if (!MarketRegionId.safeParse(slot.region).success)
        throw fileError(path, 'market_region_invalid', `${excerpt(slot.region, 40)} is not a market region.`);
      market[slot.region] = parseMarketCsv(path, text);
    } else if (slot.kind === 'meter_records') meterRecords[slot.location] = parseJsonLines(path, text, MeterRecordLine);
    else if (slot.kind === 'meter_readings')
      meterReadings[slot.location] = parseJsonLines(path, text, MeterReadingLine);
    else if (slot.kind === 'device_states') deviceStates[slot.device] = parseJsonLines(path, text, DeviceStateLine);
    else {
      const o = parseFile(path, text, SCHEMAS[slot.kind]) as { id: string };
      if (o.id !== slot.id)
        throw fileError(path, 'workspace_file_name_invalid', `id: ${excerpt(o.id, 40)} does not match the file name.`);
      (byKind[slot.kind] as Map<string, { id: string }>).set(o.id, o);
      pathById.set(o.id, path);
    }
  }
  const order = manifest.order ?? {};
  const ws: Workspace = {
    settings,
    clock,
    locations: ordered('locations', byKind.locations, order.locations, (o) => o.time_created),
    tariffs: ordered('tariffs', byKind.tariffs, order.tariffs, (o) => o.time_created),
    providers: ordered('providers', byKind.providers, order.providers, (o) => o.id),
    grid_fees: ordered('grid_fees', byKind.grid_fees, order.grid_fees, (o) => o.time_updated),
    webhooks: ordered('webhooks', byKind.webhooks, order.webhooks, (o) => o.time_created),
    customers: ordered('customers', byKind.customers, order.customers, (o) => o.time_created),
    devices: ordered('devices', byKind.devices, order.devices, (o) => o.time_created),
    meter_batches: ordered('meter_batches', byKind.meter_batches, order.meter_batches, (o) => o.time_created),
    meter_records: meterRecords,
    meter_readings: meterReadings,
    device_states: deviceStates,
    market_regions: marketRegions,
    market,
  };
  checkReferences(ws, pathById);
  checkMeters(ws);
  return ws;
}

/**
 * Locations name a customer of the workspace; meter files are of a location of the workspace,
 * their lines name its devices, hold records as the API would take them, and no two records
 * (or readings) share an identity; device state files are of a device of the workspace.
 */
function checkMeters(ws: Workspace): void {
  const customers = new Set(ws.customers.map((c) => c.id));
  for (const l of ws.locations)
    if (l.customer_id != null && !customers.has(l.customer_id))
      throw fileError(
        pathOf('locations', l.id),
        'workspace_reference_missing',
        `customer_id: no customer ${excerpt(l.customer_id, 40)} in this workspace (customers/<id>.json).`,
      );
  const locations = new Set(ws.locations.map((l) => l.id));
  for (const b of ws.meter_batches)
    b.location_ids.forEach((id, i) => {
      if (!locations.has(id))
        throw fileError(
          pathOf('meter_batches', b.id),
          'workspace_reference_missing',
          `location_ids[${i}]: no location ${excerpt(id, 40)} in this workspace.`,
        );
    });
  const devices = new Set(ws.devices.map((d) => d.id));
  const lineError = (path: string, line: number, code: string, message: string) =>
    fileError(path, code, `line ${line}: ${message}`);
  const located = (folder: string, location: string) => {
    const path = `${folder}/${location}.jsonl`;
    if (!locations.has(location))
      throw fileError(path, 'workspace_reference_missing', `no location ${location} in this workspace.`);
    return path;
  };
  const device = (path: string, line: number, id: string | null) => {
    if (id !== null && !devices.has(id))
      throw lineError(path, line, 'workspace_reference_missing', `device_id: no device ${id} in this workspace.`);
  };
  const ids = new Set<string>();
  for (const [location, lines] of Object.entries(ws.meter_records)) {
    const path = located(METER_RECORDS_FOLDER, location);
    const refs = new Set<string>();
    const slots = new Set<string>();
    lines.forEach((r, k) => {
      const line = k + 1;
      device(path, line, r.device_id);
      if (ids.has(r.id))
        throw lineError(path, line, 'workspace_record_duplicate', `id: ${r.id} is in the workspace twice.`);
      ids.add(r.id);
      const start = Date.parse(r.start_time);
      const end = Date.parse(r.end_time);
      try {
        checkSpan(start, end);
        microKwhOf(r.units, r.value, start, end);
      } catch (e) {
        if (e instanceof ApiError) throw lineError(path, line, e.code, e.message);
        throw e;
      }
      const slot = [r.device_id, r.tariff_direction, r.energy_flow_direction, start, end].join('|');
      if (slots.has(slot) || (r.record_reference_id !== null && refs.has(r.record_reference_id)))
        throw lineError(
          path,
          line,
          'workspace_record_duplicate',
          'an earlier line has the same record_reference_id, or the same device, directions and interval.',
        );
      slots.add(slot);
      if (r.record_reference_id !== null) refs.add(r.record_reference_id);
    });
  }
  for (const [location, lines] of Object.entries(ws.meter_readings)) {
    const path = located(METER_READINGS_FOLDER, location);
    const seen = new Set<string>();
    lines.forEach((r, k) => {
      device(path, k + 1, r.device_id);
      const key = [r.device_id, r.tariff_direction, r.energy_flow_direction, Date.parse(r.time)].join('|');
      if (seen.has(key))
        throw lineError(
          path,
          k + 1,
          'workspace_record_duplicate',
          'an earlier line is a reading of the same register at the same time.',
        );
      seen.add(key);
    });
  }
  // A device's states are of a device of the workspace; a state's id is in the workspace once.
  const states = new Set<string>();
  for (const [device, lines] of Object.entries(ws.device_states)) {
    const path = `${DEVICE_STATES_FOLDER}/${device}.jsonl`;
    if (!devices.has(device))
      throw fileError(path, 'workspace_reference_missing', `no device ${device} in this workspace.`);
    lines.forEach((st, k) => {
      if (states.has(st.id))
        throw lineError(path, k + 1, 'workspace_record_duplicate', `id: ${st.id} is in the workspace twice.`);
      states.add(st.id);
    });
  }
}

/**
 * Tariffs name a location of the workspace, their contracts are in order and do not overlap. A
 * provider id may name one that left the library: a tariff outlives its provider in the service too.
 */
function checkReferences(ws: Workspace, pathById: Map<string, string>): void {
  const zones = new Map(ws.locations.map((l) => [l.id, l.timezone]));
  const tariffs = [...ws.tariffs].sort((a, b) => (pathById.get(a.id)! < pathById.get(b.id)! ? -1 : 1));
  // COMMODITY contracts compete only within one location and direction: each is compared with
  // its own slot's, not with every tariff (20,000 tariffs would be 400 million pairs).
  const slotKey = (t: TariffFile) => `${t.location_id}\u0000${t.direction ?? 'IMPORT'}`;
  const slots = new Map<string, TariffFile[]>();
  for (const o of ws.tariffs)
    if (o.type === 'COMMODITY') {
      const list = slots.get(slotKey(o));
      if (list) list.push(o);
      else slots.set(slotKey(o), [o]);
    }
  for (const t of tariffs) {
    const path = pathById.get(t.id)!;
    const zone = zones.get(t.location_id);
    if (!zone)
      throw fileError(
        path,
        'workspace_reference_missing',
        `location_id: no location ${t.location_id} in this workspace (${pathOf('locations', t.location_id)}).`,
      );
    const start = contractInstant(t.contract_start_date, zone);
    const end = contractInstant(t.contract_end_date, zone);
    if (!(end > start))
      throw fileError(path, 'contract_end_date_invalid', 'contract_end_date: must be after contract_start_date.');
    if (t.type !== 'COMMODITY') continue;
    const dir = t.direction ?? 'IMPORT';
    for (const o of slots.get(slotKey(t)) ?? []) {
      if (o.id === t.id) continue;
      if (
        windowsOverlap(
          [start, end],
          [contractInstant(o.contract_start_date, zone), contractInstant(o.contract_end_date, zone)],
        )
      )
        throw fileError(
          path,
          Codes.commodityOverlap,
          `contract_start_date: the COMMODITY ${dir} contract overlaps that of ${pathOf('tariffs', o.id)} at the same location.`,
          422,
        );
    }
  }
}

/** The clock a `clock.json` describes, as the service keeps it. */
export function clockSettingOf(c: ClockFile): ClockSetting {
  if (c.mode === 'frozen') return { mode: 'frozen', value: Date.parse(c.now) };
  if (c.mode === 'offset') return { mode: 'offset', value: c.offset_ms };
  return { mode: 'real', value: 0 };
}

/** A service clock setting as `clock.json` writes it. */
export function clockFileOf(s: ClockSetting): ClockFile {
  if (s.mode === 'frozen') return { mode: 'frozen', now: isoSeconds(s.value) };
  if (s.mode === 'offset') return { mode: 'offset', offset_ms: Math.round(s.value) };
  return { mode: 'real' };
}
