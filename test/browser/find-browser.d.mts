/** A Chromium for the browser tests, and where it came from. */
export interface FoundBrowser {
  executablePath: string;
  /** A short label: CHROMIUM_PATH, a system path, playwright, or the npm package and its version. */
  source: string;
  args: string[];
  /** The environment to launch it with, where it needs more than the process's own. */
  env?: NodeJS.ProcessEnv;
}
export const BROWSER_FLAGS: readonly string[];
export const MISSING_BROWSER_MESSAGE: string;
export const SYSTEM_BROWSER_NAMES: readonly string[];
export const SYSTEM_BROWSER_PATHS: readonly string[];
export function findBrowser(env?: NodeJS.ProcessEnv): Promise<FoundBrowser | null>;
