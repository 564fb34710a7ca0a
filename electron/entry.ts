// Electron's main entry (compiled to dist/node/electron-main.js): wires the real Electron to the
// desktop shell and the service on its own thread. Tests load the shell with a stand-in instead.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMain, type ElectronLike } from './main.js';
import { startHostThread } from '../core/hosts/host-thread.js';

// Required, not imported: Electron's runtime provides the module, and its types are not needed
// beyond the narrow surface ElectronLike names.
const electron = createRequire(import.meta.url)('electron') as ElectronLike & { app: { exit(code: number): void } };

runMain(electron, {
  startHost: startHostThread,
  preloadPath: join(dirname(fileURLToPath(import.meta.url)), 'preload.cjs'),
}).catch((err: unknown) => {
  console.error(err);
  electron.app.exit(1);
});
