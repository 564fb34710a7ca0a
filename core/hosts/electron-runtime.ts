import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';

/** The Electron binary, or undefined where the runtime is not installed (no download was possible). */
export function electronBinary(): string | undefined {
  try {
    const p = createRequire(import.meta.url)('electron') as unknown;
    return typeof p === 'string' && existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}
