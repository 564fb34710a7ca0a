import { DateTime } from 'luxon';
import type { Service } from '../service.js';
import type { Scope } from '../db/documents.js';
import { createService } from '../service.js';
import { seedDemo } from '../demo/seed.js';
import { ApiError, invalid, notFound } from '../../engine/errors.js';
import { ClockFile, type Scenario } from '../../engine/schemas/workspace.js';
import { exportWorkspace } from './export.js';
import { importWorkspace, type ImportSummary } from './import.js';
import { MARKET_REGIONS_FILE } from './model.js';
import type { WorkspaceFiles } from './format.js';
import { isoSeconds } from '../../engine/clock.js';

interface BuiltIn {
  id: string;
  name: string;
  description: string;
  /** Makes the scenario's data in an empty service whose clock stands at the host's now. */
  build(tmp: Service, scope: Scope): Promise<void>;
}

/** Days from the clock's now to the end of the "Contract ending" tariff's contract. */
export const CONTRACT_ENDING_DAYS = 8;

/**
 * The scenarios every install has. They are made afresh around the clock's now when restored,
 * so their dates always fit; they replace the data and keep the clock and the settings.
 */
export const BUILT_IN_SCENARIOS: readonly BuiltIn[] = [
  {
    id: 'scn_demodata',
    name: 'Demo data',
    description:
      'The demo set: locations in Berlin, London, Austin and Sydney with their tariffs, a grid fee and a feed-in, and the built-in catcher webhook.',
    build: (tmp, scope) => seedDemo(tmp, scope),
  },
  {
    id: 'scn_contractending',
    name: 'Contract ending',
    description: `The demo set plus a Munich location whose tariff ends ${CONTRACT_ENDING_DAYS} days after the clock's now: move the clock a day to see tariff.expiring.`,
    build: async (tmp, scope) => {
      await seedDemo(tmp, scope);
      const munich = await tmp.locations.create(scope, {
        reference_id: 'demo-contract-ending',
        postal_address: { address_line1: 'Marienplatz 8', city: 'München', post_code: '80331', country_code: 'DE' },
      });
      const today = DateTime.fromJSDate(tmp.clock.now(), { zone: munich.timezone }).startOf('day');
      tmp.tariffs.create(
        scope,
        {
          location_id: munich.id,
          type: 'COMMODITY',
          direction: 'IMPORT',
          display_name: 'Nordlicht Fix 24 (ending)',
          provider_id: 'prv_nordlichtenergie',
          contract_start_date: today.minus({ years: 1 }).toISODate()!,
          contract_end_date: today.plus({ days: CONTRACT_ENDING_DAYS }).toISODate()!,
          schedule: tmp.providers.libraryTariff('prv_nordlichtenergie', 'ltf_nordlichtfix')!.schedule,
        },
        { connection_type: 'LIBRARY', is_linked: true },
      );
    },
  },
];

interface Row {
  id: string;
  name: string;
  description: string;
  files: string;
  time_created: string;
}

function testOnly(scope: Scope): void {
  if (scope.liveMode)
    throw invalid('live_mode_not_allowed', 'Scenarios are test-mode worlds; log in with the test key.');
}

const count = (files: WorkspaceFiles, folder: string) => Object.keys(files).filter((p) => p.startsWith(folder)).length;

function view(row: Row): Scenario {
  const files = JSON.parse(row.files) as WorkspaceFiles;
  const clock = ClockFile.parse(JSON.parse(files['clock.json']!));
  return {
    id: row.id,
    object: 'scenario',
    name: row.name,
    description: row.description,
    built_in: false,
    clock: {
      mode: clock.mode,
      now: clock.mode === 'frozen' ? isoSeconds(Date.parse(clock.now)) : null,
      offset_ms: clock.mode === 'offset' ? clock.offset_ms : null,
    },
    locations: count(files, 'locations/'),
    tariffs: count(files, 'tariffs/'),
    webhook_endpoints: count(files, 'webhooks/'),
    time_created: row.time_created,
  };
}

const builtInView = (b: BuiltIn): Scenario => ({
  id: b.id,
  object: 'scenario',
  name: b.name,
  description: b.description,
  built_in: true,
  clock: null,
  locations: null,
  tariffs: null,
  webhook_endpoints: null,
  time_created: null,
});

function stored(svc: Service, scope: Scope, id: string): Row {
  const row = svc.db
    .prepare('SELECT id, name, description, files, time_created FROM scenarios WHERE id = ? AND account_id = ?')
    .get(id, scope.accountId) as Row | undefined;
  if (!row) throw notFound('scenario', id);
  return row;
}

/** The built-in scenarios, then the saved ones, newest first. */
export function listScenarios(svc: Service, scope: Scope): Scenario[] {
  testOnly(scope);
  const rows = svc.db
    .prepare('SELECT id, name, description, files, time_created FROM scenarios WHERE account_id = ? ORDER BY seq DESC')
    .all(scope.accountId) as Row[];
  return [...BUILT_IN_SCENARIOS.map(builtInView), ...rows.map(view)];
}

/** Saves the test-mode world and the clock under a name (names are unique, built-in ones included). */
export function saveScenario(svc: Service, scope: Scope, name: string, description = ''): Scenario {
  testOnly(scope);
  const taken = listScenarios(svc, scope).find((s) => s.name.toLowerCase() === name.toLowerCase());
  if (taken)
    throw new ApiError(
      409,
      'invalid_request',
      'scenario_name_taken',
      `name: a scenario is already called '${taken.name}'.`,
    );
  const row: Row = {
    id: svc.ids('scn'),
    name,
    description,
    files: JSON.stringify(exportWorkspace(svc, scope)),
    time_created: isoSeconds(svc.clock.now()),
  };
  svc.db
    .prepare(
      'INSERT INTO scenarios (id, account_id, name, description, files, time_created) VALUES (@id, @account_id, @name, @description, @files, @time_created)',
    )
    .run({ ...row, account_id: scope.accountId });
  return view(row);
}

/** The files of a built-in scenario, made in a throwaway in-memory service whose clock reads the host's. */
async function builtInFiles(svc: Service, b: BuiltIn): Promise<WorkspaceFiles> {
  const tmp = createService({ dataDir: ':memory:', clock: { now: () => svc.clock.now() }, ids: svc.ids });
  try {
    const cred = tmp.accounts.ensureDefault();
    const scope = { accountId: cred.account_id, liveMode: false };
    await b.build(tmp, scope);
    const files = exportWorkspace(tmp, scope);
    // The regions' update times stay the host's: the built-ins bring no market data of their own.
    delete files[MARKET_REGIONS_FILE];
    return files;
  } finally {
    tmp.close();
  }
}

/**
 * Replaces the test-mode world with a scenario in one transaction. A saved scenario sets the
 * clock it was saved with and its settings; a built-in one keeps both.
 */
export async function restoreScenario(
  svc: Service,
  scope: Scope,
  id: string,
): Promise<{ scenario: Scenario; summary: ImportSummary }> {
  testOnly(scope);
  const b = BUILT_IN_SCENARIOS.find((s) => s.id === id);
  if (b) {
    const files = await builtInFiles(svc, b);
    const summary = importWorkspace(svc, scope, files, { replace: true, keepClock: true, keepSettings: true });
    return { scenario: builtInView(b), summary };
  }
  const row = stored(svc, scope, id);
  const summary = importWorkspace(svc, scope, JSON.parse(row.files) as WorkspaceFiles, { replace: true });
  return { scenario: view(row), summary };
}

export function deleteScenario(svc: Service, scope: Scope, id: string): Scenario {
  testOnly(scope);
  if (BUILT_IN_SCENARIOS.some((s) => s.id === id))
    throw invalid('scenario_built_in', `${id} is a built-in scenario; only saved ones can be deleted.`);
  const row = stored(svc, scope, id);
  svc.db.prepare('DELETE FROM scenarios WHERE id = ?').run(id);
  return view(row);
}
