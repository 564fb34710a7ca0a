import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Service } from '../service.js';
import type { Scope } from '../db/documents.js';
import { invalid } from '../../engine/errors.js';
import { WORKSPACE_FOLDERS, WorkspaceBundle } from '../../engine/schemas/workspace.js';
import { MARKET_FOLDER, ROOT_FILES } from './model.js';
import { exportWorkspace } from './export.js';
import { importWorkspace, type ImportOptions, type ImportSummary } from './import.js';
import { sortedFiles, type WorkspaceFiles } from './format.js';

/** The folders a workspace owns: an export rewrites these and leaves everything else alone. */
const OWNED = [...Object.values(WORKSPACE_FOLDERS), MARKET_FOLDER];

/**
 * Reads a workspace folder: its three top files and everything under its object folders
 * (names starting with a dot are skipped; other files at the top, such as a README or a CI
 * configuration, are not part of the workspace).
 */
export function readWorkspaceFolder(dir: string): WorkspaceFiles {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw invalid('workspace_not_found', `${dir}: no such folder.`);
  const files: WorkspaceFiles = {};
  for (const f of ROOT_FILES) if (existsSync(join(dir, f))) files[f] = readFileSync(join(dir, f), 'utf8');
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      if (e.name.startsWith('.')) continue;
      const path = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else files[path] = readFileSync(join(dir, path), 'utf8');
    }
  };
  for (const f of OWNED) if (existsSync(join(dir, f)) && statSync(join(dir, f)).isDirectory()) walk(f);
  return sortedFiles(files);
}

/** A folder, or a bundle file (one JSON document, as the browser app downloads it). */
export function readWorkspaceSource(path: string): WorkspaceFiles {
  if (existsSync(path) && statSync(path).isFile()) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      throw invalid('workspace_json_invalid', `${path}: not JSON: ${(e as Error).message}`);
    }
    const b = WorkspaceBundle.safeParse(json);
    if (!b.success)
      throw invalid('workspace_bundle_invalid', `${path}: not a workspace bundle (object, format, files).`);
    return sortedFiles(b.data.files);
  }
  return readWorkspaceFolder(path);
}

/**
 * Writes a workspace into a folder: an empty or new folder, or one holding an earlier export
 * (it has workspace.json). Files of the object folders that the workspace no longer has are
 * removed, so the folder's history shows deletions too; nothing else in the folder is touched.
 * Returns how many files were written.
 */
export function writeWorkspaceFolder(dir: string, files: WorkspaceFiles): number {
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw invalid('workspace_not_a_folder', `${dir}: not a folder.`);
    const entries = readdirSync(dir).filter((n) => !n.startsWith('.'));
    if (entries.length > 0 && !existsSync(join(dir, 'workspace.json')))
      throw invalid(
        'workspace_folder_not_empty',
        `${dir}: the folder has files but no workspace.json; export into an empty folder or an earlier export.`,
      );
    for (const f of OWNED) {
      const sub = join(dir, f);
      if (!existsSync(sub)) continue;
      for (const e of readdirSync(sub, { withFileTypes: true }))
        if (!e.name.startsWith('.') && !(`${f}/${e.name}` in files)) rmSync(join(sub, e.name), { recursive: true });
    }
  }
  for (const [path, text] of Object.entries(files)) {
    const target = join(dir, ...path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    // Unchanged files are left as they are (their times too).
    if (existsSync(target) && readFileSync(target, 'utf8') === text) continue;
    writeFileSync(target, text);
  }
  return Object.keys(files).length;
}

/** Exports the account's test-mode world into a folder. */
export function exportWorkspaceFolder(svc: Service, scope: Scope, dir: string): number {
  return writeWorkspaceFolder(dir, exportWorkspace(svc, scope));
}

/** Imports a folder (or a bundle file) as the account's test-mode world. */
export function importWorkspaceFolder(svc: Service, scope: Scope, path: string, opts: ImportOptions): ImportSummary {
  return importWorkspace(svc, scope, readWorkspaceSource(path), opts);
}
