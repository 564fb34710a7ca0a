import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder holds API keys, webhook secrets and signing keys (in the database) and the
 * host's address: other local users must not read it. Modes are set explicitly, whatever the
 * umask. Windows has no such bits; there the folder's place in the user's profile and its ACL
 * keep it private, so nothing is done.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const POSIX = process.platform !== 'win32';

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, '0');

/**
 * Takes the group's and others' bits off a file or folder (the owner's stay, so nothing stops
 * working); says what it changed. Links are left alone: chmod would follow them.
 */
function narrow(path: string, name: string): string | undefined {
  const st = lstatSync(path);
  if (st.isSymbolicLink() || (st.mode & 0o077) === 0) return undefined;
  const mode = st.mode & 0o700;
  try {
    chmodSync(path, mode);
  } catch (e) {
    // Another user's file: only its owner can change it; the service still starts, and says so.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') throw e;
    return `${name} ${octal(st.mode)} left as it is (another user's)`;
  }
  return `${name} ${octal(st.mode)} → ${octal(mode)}`;
}

/**
 * Creates the data folder owner-only (0700), or makes an existing one so: the folder and what
 * lies directly in it lose their group and other bits (a database at 0644 becomes 0600). It
 * does not descend further: nothing below an owner-only folder is reachable by others, and a
 * data folder pointed at a larger tree must not have that tree rewritten. Returns what it
 * changed, for the host to say so; empty when the folder was private already (or on Windows).
 */
export function secureDataFolder(dir: string): string[] {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (!POSIX) return [];
  const changed = [narrow(dir, 'folder')];
  for (const e of readdirSync(dir).sort()) changed.push(narrow(join(dir, e), e));
  return changed.filter((c): c is string => c !== undefined);
}

/** Files the service writes into the data folder after it is opened (SQLite's -wal and -shm): owner-only. */
export function privateFiles(dir: string, names: string[]): void {
  if (!POSIX) return;
  for (const n of names) {
    try {
      chmodSync(join(dir, n), PRIVATE_FILE_MODE);
    } catch (e) {
      // Gone already, or another user's (secureDataFolder said so at start).
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EPERM') throw e;
    }
  }
}

/** The one line a host prints when it had to narrow an existing data folder. */
export function dataFolderNotice(dir: string, changed: string[]): string {
  return `tariff-desk: the data folder ${dir} was readable by other users; made owner-only (${changed.join(', ')}).`;
}
