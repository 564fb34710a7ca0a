import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST_FILE } from '../constants.js';

/**
 * The API address a host on this data folder wrote at start, while the process that wrote it
 * still runs; undefined otherwise (no host, a stale file, an unreadable one). Whether it
 * answers is the caller's question.
 */
export function hostApiUrl(dataDir: string): string | undefined {
  let info: { pid?: unknown; api_url?: unknown };
  try {
    info = JSON.parse(readFileSync(join(dataDir, HOST_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof info.pid !== 'number' || typeof info.api_url !== 'string') return undefined;
  try {
    process.kill(info.pid, 0);
  } catch (e) {
    // EPERM: it runs, as another user.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return info.api_url;
}
