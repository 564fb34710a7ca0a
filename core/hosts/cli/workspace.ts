import { commandArgs } from './args.js';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createService, type Service } from '../../node/service.js';
import { DB_FILE } from '../../node/db/database.js';
import { ApiError, Codes } from '../../engine/errors.js';
import { WORKSPACE_IMPORT_LIMIT } from '../../engine/api/routes/workspace.js';
import { ServiceError } from '../../engine/api/client.js';
import { exportWorkspaceFolder, readWorkspaceSource } from '../../node/workspace/folder.js';
import { applyWorkspace, type ImportSummary } from '../../node/workspace/import.js';
import { parseWorkspace } from '../../node/workspace/model.js';
import type { WorkspaceFiles } from '../../node/workspace/format.js';
import { hostApiUrl } from './host-file.js';
import { connectClient } from './client.js';

export const EXPORT_USAGE = `Usage: tariff-desk export DIR [--data-dir D]

Writes the default account's test-mode world as a workspace folder: one JSON file per object
(locations/, tariffs/, providers/, grid-fees/, webhooks/), market/ series as CSV, settings.json,
clock.json and workspace.json. DIR is new, empty, or an earlier export (files of objects that
are gone are removed; nothing else in DIR is touched). Works whether a host runs on D or not.`;

export const IMPORT_USAGE = `Usage: tariff-desk import DIR [--data-dir D] [--replace]

Reads a workspace folder (or a bundle file downloaded from the app), validates all of it, and
writes it as the default account's test-mode world in one transaction. A data folder whose
test-mode world is not empty needs --replace. When a host runs on D, the import goes through
its API, so the running service sees it at once.`;

/** The API of a host running on the data folder, if one is and it answers. */
async function runningHost(dataDir: string): Promise<string | undefined> {
  const url = hostApiUrl(dataDir);
  if (!url) return undefined;
  try {
    await fetch(`${url}/clock`, { signal: AbortSignal.timeout(3000) });
    return url;
  } catch {
    return undefined;
  }
}

/** The service's refusal as one line: its message and its code. */
function explained(e: unknown): Error {
  if (e instanceof ApiError || e instanceof ServiceError) return new Error(`${e.message} (${e.code})`);
  return e as Error;
}

function withService<T>(dataDir: string, fn: (svc: Service, accountId: string) => T): T {
  const svc = createService({ dataDir });
  try {
    return fn(svc, svc.accounts.ensureDefault().account_id);
  } finally {
    svc.close();
  }
}

/** Writes a workspace into a data folder with no host running on it. */
function importDirect(dataDir: string, files: WorkspaceFiles, replace: boolean): ImportSummary {
  // Validated whole first: a refused workspace neither creates nor opens the data folder.
  const ws = parseWorkspace(files);
  return withService(dataDir, (svc, accountId) => applyWorkspace(svc, { accountId, liveMode: false }, ws, { replace }));
}

function summaryLine(s: Omit<ImportSummary, 'replaced'>): string {
  return `${s.locations} locations, ${s.tariffs} tariffs, ${s.webhook_endpoints} webhook endpoints, ${s.providers} providers, ${s.grid_fees} grid fees, ${s.market_points} market points`;
}

/** `tariff-desk export DIR`: the test-mode world of the data folder's default account, as files. */
export async function exportCommand(args: string[], defaultDataDir: string): Promise<number> {
  const parsed = commandArgs(args, { 'data-dir': { type: 'string' } }, EXPORT_USAGE, { min: 1, max: 1 });
  if (parsed.exit !== undefined) return parsed.exit;
  const { values, positionals } = parsed;
  const dir = resolve(positionals[0]!);
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir);
  if (!existsSync(join(dataDir, DB_FILE))) throw new Error(`no database in ${dataDir}`);
  // Reading needs no host: WAL lets this read beside a running one, and the clock is saved on every move.
  const n = withService(dataDir, (svc, accountId) => {
    try {
      return exportWorkspaceFolder(svc, { accountId, liveMode: false }, dir);
    } catch (e) {
      throw explained(e);
    }
  });
  process.stdout.write(`Exported ${n} files to ${dir}\n`);
  return 0;
}

/** `tariff-desk import DIR`: a workspace as the data folder's test-mode world. */
export async function importCommand(args: string[], defaultDataDir: string): Promise<number> {
  const options = { 'data-dir': { type: 'string' }, replace: { type: 'boolean', default: false } } as const;
  const parsed = commandArgs(args, options, IMPORT_USAGE, { min: 1, max: 1 });
  if (parsed.exit !== undefined) return parsed.exit;
  const { values, positionals } = parsed;
  const source = resolve(positionals[0]!);
  const dataDir = resolve(values['data-dir'] ?? defaultDataDir);
  const replace = values.replace;
  try {
    const files = readWorkspaceSource(source);
    const api = await runningHost(dataDir);
    let line: string;
    if (api) {
      // The host refuses a larger body by closing the connection mid-upload; say why before sending.
      const bytes = Buffer.byteLength(JSON.stringify({ files, replace }));
      if (bytes > WORKSPACE_IMPORT_LIMIT)
        throw new Error(
          `${source}: ${(bytes / 1024 / 1024).toFixed(1)} MiB, larger than the host at ${api} takes (${WORKSPACE_IMPORT_LIMIT / 1024 / 1024} MiB); stop the host and import into ${dataDir} directly. (${Codes.bodyTooLarge})`,
        );
      const client = await connectClient({ apiUrl: api, dataDir });
      const r = await client.call('workspace.import', { body: { files, replace } });
      line = `${summaryLine(r)} (through the host at ${api}; clock ${r.clock.mode} ${r.clock.now})`;
    } else line = summaryLine(importDirect(dataDir, files, replace));
    process.stdout.write(`Imported ${source} into ${dataDir}: ${line}\n`);
    return 0;
  } catch (e) {
    throw explained(e);
  }
}

/**
 * `serve --workspace DIR`: a new temporary data folder holding the workspace and nothing else,
 * so every run starts from the same world. The caller removes it when the host stops.
 */
export function dataDirFromWorkspace(dir: string): string {
  let files: WorkspaceFiles;
  try {
    files = readWorkspaceSource(dir);
  } catch (e) {
    throw explained(e);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tariff-desk-workspace-'));
  try {
    importDirect(dataDir, files, false);
  } catch (e) {
    rmSync(dataDir, { recursive: true, force: true });
    throw explained(e);
  }
  return dataDir;
}
