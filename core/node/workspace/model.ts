import {
  ClockFile,
  GridFeeFile,
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
import type { ClockSetting } from '../../engine/clock.js';
import { contractInstant, windowsOverlap } from '../../engine/schedule/contract.js';
import { Codes, invalid } from '../../engine/errors.js';
import { excerpt } from '../../engine/excerpt.js';
import {
  canonicalJson,
  fileError,
  jsonProblem,
  marketCsv,
  parseFile,
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
  /** When each region's series last changed; absent: the regions keep theirs. */
  market_regions: MarketRegionsFile | undefined;
  /** Imported (non-demo) points by region, in time order. */
  market: Record<string, MarketPoint[]>;
}

export const ROOT_FILES = ['workspace.json', 'settings.json', 'clock.json'] as const;
export const MARKET_FOLDER = 'market';
export const MARKET_REGIONS_FILE = `${MARKET_FOLDER}/regions.json`;

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
  return sortedFiles(files);
}

/** What a path of a workspace holds; anything else is refused. */
type Slot =
  | { kind: 'root' }
  | { kind: WorkspaceKind; id: string }
  | { kind: 'market_regions' }
  | { kind: 'market'; region: string };

const FILE_ID = /^[A-Za-z0-9_]{1,80}$/;

function slotOf(path: string): Slot {
  if ((ROOT_FILES as readonly string[]).includes(path)) return { kind: 'root' };
  if (path === MARKET_REGIONS_FILE) return { kind: 'market_regions' };
  const parts = path.split('/');
  if (parts.length === 2) {
    const [folder, name] = parts as [string, string];
    if (folder === MARKET_FOLDER && name.endsWith('.csv')) return { kind: 'market', region: name.slice(0, -4) };
    const kind = (Object.keys(WORKSPACE_FOLDERS) as WorkspaceKind[]).find((k) => WORKSPACE_FOLDERS[k] === folder);
    const id = name.endsWith('.json') ? name.slice(0, -5) : '';
    if (kind && FILE_ID.test(id)) return { kind, id };
  }
  throw fileError(
    path,
    'workspace_file_unknown',
    `not a file of a workspace (workspace.json, settings.json, clock.json, ${Object.values(WORKSPACE_FOLDERS)
      .map((f) => `${f}/<id>.json`)
      .join(', ')}, market/regions.json, market/<region>.csv)`,
  );
}

const SCHEMAS = {
  locations: LocationFile,
  tariffs: TariffFile,
  providers: ProviderFile,
  grid_fees: GridFeeFile,
  webhooks: WebhookFile,
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
  };
  const pathById = new Map<string, string>();
  let marketRegions: MarketRegionsFile | undefined;
  const market: Record<string, MarketPoint[]> = {};
  for (const [path, slot] of slots) {
    const text = files[path]!;
    if (slot.kind === 'root') continue;
    if (slot.kind === 'market_regions') marketRegions = parseFile(path, text, MarketRegionsFile);
    else if (slot.kind === 'market') {
      if (!MarketRegionId.safeParse(slot.region).success)
        throw fileError(path, 'market_region_invalid', `${excerpt(slot.region, 40)} is not a market region.`);
      market[slot.region] = parseMarketCsv(path, text);
    } else {
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
    market_regions: marketRegions,
    market,
  };
  checkReferences(ws, pathById);
  return ws;
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
  if (s.mode === 'frozen') return { mode: 'frozen', now: new Date(s.value).toISOString() };
  if (s.mode === 'offset') return { mode: 'offset', offset_ms: Math.round(s.value) };
  return { mode: 'real' };
}
