import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import { dirname, join, sep } from 'node:path';
import type { Service } from '../service.js';
import type { Scope } from '../db/documents.js';
import { Codes, invalid } from '../../engine/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../engine/json-depth.js';
import { WORKSPACE_FOLDERS, WorkspaceBundle } from '../../engine/schemas/workspace.js';
import { DATA_FOLDERS, ROOT_FILES } from './model.js';
import { exportWorkspace } from './export.js';
import { importWorkspace, type ImportOptions, type ImportSummary } from './import.js';
import { jsonProblem, sortedFiles, type WorkspaceFiles } from './format.js';

/** The folders a workspace owns: an export rewrites these and leaves everything else alone. */
const OWNED = [...Object.values(WORKSPACE_FOLDERS), ...DATA_FOLDERS];

/** An export's staging folder inside its target; a dot name, so every reader skips it. */
const STAGE_PREFIX = '.tariff-desk-export-';

/** Opening a plain file refuses a link that appeared since it was looked at (0 where the system has no such flag). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

const lstatOrUndefined = (path: string): Stats | undefined => {
  try {
    return lstatSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw e;
  }
};

const within = (root: string, real: string) => real === root || real.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * Reads a workspace folder: its three top files and everything under its object folders
 * (names starting with a dot are skipped; other files at the top, such as a README or a CI
 * configuration, are not part of the workspace). A symbolic link is followed only when it
 * stays inside the folder: a workspace from elsewhere (a cloned repository) must not make the
 * service read, and quote in its refusals, files outside it.
 */
export function readWorkspaceFolder(dir: string): WorkspaceFiles {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw invalid('workspace_not_found', `${dir}: no such folder.`);
  const root = realpathSync(dir);
  const files: WorkspaceFiles = {};
  const visited = new Set<string>();
  /** What a path of the folder is, links resolved inside the folder only. */
  const entry = (rel: string): 'file' | 'folder' | undefined => {
    const abs = join(root, ...rel.split('/'));
    const st = lstatOrUndefined(abs);
    if (!st) return undefined;
    if (st.isSymbolicLink()) {
      let real: string | undefined;
      try {
        real = realpathSync(abs);
      } catch {
        real = undefined;
      }
      if (real === undefined || !within(root, real))
        throw invalid(
          Codes.workspaceSymlinkOutside,
          `${rel}: a symbolic link that leads outside the workspace folder (or nowhere); a workspace is read only from inside its folder.`,
        );
      const target = statSync(real);
      if (target.isDirectory()) return visited.has(real) ? undefined : (visited.add(real), 'folder');
      if (target.isFile()) return 'file';
    } else if (st.isDirectory()) return 'folder';
    else if (st.isFile()) return 'file';
    throw invalid(Codes.workspaceFileNotRegular, `${rel}: not a regular file or folder.`);
  };
  const read = (rel: string) => {
    const abs = join(root, ...rel.split('/'));
    // A link was checked above; a plain file is opened without following one that replaced it since.
    const fd = openSync(abs, lstatSync(abs).isSymbolicLink() ? constants.O_RDONLY : constants.O_RDONLY | NO_FOLLOW);
    try {
      files[rel] = readFileSync(fd, 'utf8');
    } finally {
      closeSync(fd);
    }
  };
  for (const f of ROOT_FILES) if (entry(f) === 'file') read(f);
  const walk = (rel: string) => {
    for (const name of readdirSync(join(root, ...rel.split('/')))) {
      if (name.startsWith('.')) continue;
      const path = `${rel}/${name}`;
      const kind = entry(path);
      if (kind === 'folder') walk(path);
      else if (kind === 'file') read(path);
    }
  };
  for (const f of OWNED) if (entry(f) === 'folder') walk(f);
  return sortedFiles(files);
}

/** A folder, or a bundle file (one JSON document, as the browser app downloads it). */
export function readWorkspaceSource(path: string): WorkspaceFiles {
  if (existsSync(path) && statSync(path).isFile()) {
    const text = readFileSync(path, 'utf8');
    let json: unknown;
    if (nestsDeeperThan(text))
      throw invalid(Codes.bodyTooDeep, `${path}: nests objects or arrays more than ${MAX_JSON_DEPTH} levels deep.`);
    try {
      json = JSON.parse(text);
    } catch {
      throw invalid('workspace_json_invalid', `${path}: not JSON: ${jsonProblem(text)}`);
    }
    const b = WorkspaceBundle.safeParse(json);
    if (!b.success)
      throw invalid('workspace_bundle_invalid', `${path}: not a workspace bundle (object, format, files).`);
    return sortedFiles(b.data.files);
  }
  return readWorkspaceFolder(path);
}

/** The real folder an export writes into: links in the path the user named are theirs to have. */
function exportTarget(dir: string): string {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
  const real = realpathSync(dir);
  if (!statSync(real).isDirectory()) throw invalid('workspace_not_a_folder', `${dir}: not a folder.`);
  return real;
}

/**
 * Every path inside the target that an export writes, replaces or removes must be what it
 * looks like: a link there would carry the writes (or the removals) to wherever it points.
 */
function refuseLinks(target: string, shown: string): void {
  const refuse = (...parts: string[]) =>
    invalid(
      Codes.workspaceSymlinkRefused,
      `${join(shown, ...parts)}: a symbolic link; an export never writes through links. Remove it, or export into another folder.`,
    );
  for (const f of [...ROOT_FILES, ...OWNED]) {
    const path = join(target, f);
    const st = lstatOrUndefined(path);
    if (st?.isSymbolicLink()) throw refuse(f);
    if (st?.isDirectory())
      for (const name of readdirSync(path))
        if (!name.startsWith('.') && lstatSync(join(path, name)).isSymbolicLink()) throw refuse(f, name);
  }
}

/** A file of the earlier export that the new one keeps as it is: linked into the stage, so its times stay too. */
function keep(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    // A file system without hard links: a copy with the same times.
    copyFileSync(from, to);
    const st = statSync(from);
    utimesSync(to, st.atime, st.mtime);
  }
}

/**
 * Writes a workspace into a folder: an empty or new folder, or one holding an earlier export
 * (it has workspace.json). Files of the object folders that the workspace no longer has are
 * removed, so the folder's history shows deletions too; nothing else in the folder is touched.
 *
 * The new export is written whole into a staging folder inside the target first and then
 * renamed into place, so a failure while writing (a full disk, a killed process) leaves the
 * earlier export as it was. Unchanged files keep their bytes and times. A symbolic link among
 * the paths an export writes or removes refuses the export before anything is written.
 * Returns how many files were written.
 */
export function writeWorkspaceFolder(dir: string, files: WorkspaceFiles): number {
  const target = exportTarget(dir);
  const entries = readdirSync(target).filter((n) => !n.startsWith('.'));
  const manifest = lstatOrUndefined(join(target, 'workspace.json'));
  if (entries.length > 0 && !manifest)
    throw invalid(
      'workspace_folder_not_empty',
      `${dir}: the folder has files but no workspace.json; export into an empty folder or an earlier export.`,
    );
  refuseLinks(target, dir);
  // What a killed export left behind.
  for (const n of readdirSync(target))
    if (n.startsWith(STAGE_PREFIX)) rmSync(join(target, n), { recursive: true, force: true });

  const stage = mkdtempSync(join(target, STAGE_PREFIX));
  try {
    for (const [path, text] of Object.entries(files)) {
      const to = join(stage, ...path.split('/'));
      const from = join(target, ...path.split('/'));
      mkdirSync(dirname(to), { recursive: true });
      const old = lstatOrUndefined(from);
      if (old?.isFile() && old.size === Buffer.byteLength(text) && readFileSync(from, 'utf8') === text) keep(from, to);
      else writeFileSync(to, text, { flag: 'wx' });
    }
  } catch (e) {
    rmSync(stage, { recursive: true, force: true });
    throw new Error(`${dir}: the export failed (${(e as Error).message}); the folder is as it was.`, { cause: e });
  }

  // Everything is written: each owned folder is swapped for its new version, then the top files
  // (workspace.json last), each by one rename. What the folders held under dot names moves along.
  const previous = join(stage, '.previous');
  mkdirSync(previous);
  for (const f of OWNED) {
    const live = join(target, f);
    const next = join(stage, f);
    const was = lstatOrUndefined(live);
    if (was) renameSync(live, join(previous, f));
    const hidden = was?.isDirectory() ? readdirSync(join(previous, f)).filter((n) => n.startsWith('.')) : [];
    if (existsSync(next)) renameSync(next, live);
    else if (hidden.length > 0) mkdirSync(live);
    for (const n of hidden) renameSync(join(previous, f, n), join(live, n));
  }
  const top = [...ROOT_FILES].sort((a, b) => (a === 'workspace.json' ? 1 : b === 'workspace.json' ? -1 : 0));
  for (const f of top) {
    if (existsSync(join(stage, f))) renameSync(join(stage, f), join(target, f));
    else rmSync(join(target, f), { force: true });
  }
  rmSync(stage, { recursive: true, force: true });
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
