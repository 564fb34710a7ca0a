// Electron's entry: loads the TypeScript main process through tsx and runs it with the real Electron.
const path = require('node:path');
const { register } = require('tsx/cjs/api');
register();
const electron = require('electron');
(async () => {
  const { runMain } = await import('./main.ts');
  const { startHost } = await import('../core/host.ts');
  const { resetDemo } = await import('../core/demo/seed.ts');
  await runMain(electron, {
    startHost,
    resetDemo: (host) => resetDemo(host.service, { accountId: host.info.account_id, liveMode: false }),
    preloadPath: path.join(__dirname, 'preload.cjs'),
  });
})().catch((err) => {
  console.error(err);
  electron.app.exit(1);
});
