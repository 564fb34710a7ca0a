// Electron's main entry (compiled to dist/node/electron-main.js): wires the real Electron to the
// desktop shell and the in-process service. Tests load the shell with a stand-in instead.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMain, type ElectronLike } from './main.js';
import { startHost } from '../core/hosts/host.js';
import { resetDemo } from '../core/node/demo/seed.js';

// Required, not imported: Electron's runtime provides the module, and its types are not needed
// beyond the narrow surface ElectronLike names.
const electron = createRequire(import.meta.url)('electron') as ElectronLike & { app: { exit(code: number): void } };

runMain(electron, {
  startHost,
  resetDemo: (host) => resetDemo(host.service, { accountId: host.info.account_id, liveMode: false }),
  preloadPath: join(dirname(fileURLToPath(import.meta.url)), 'preload.cjs'),
}).catch((err: unknown) => {
  console.error(err);
  electron.app.exit(1);
});
