import type { RunningHost } from './host.js';
import { exportWorkspaceFolder, importWorkspaceFolder } from '../node/workspace/folder.js';
import { worldSize } from '../node/workspace/import.js';
import { resetDemo } from '../node/demo/seed.js';

/**
 * What the desktop shell asks of the service beyond HTTP (its File menu), run where the
 * service runs: on the service thread, asked by message (`HostThread.command`). Each acts on
 * the default account's test-mode world.
 */
export function hostCommands(running: RunningHost) {
  const testWorld = { accountId: running.info.account_id, liveMode: false };
  return {
    exportWorkspace: (dir: string): number => exportWorkspaceFolder(running.service, testWorld, dir),
    importWorkspace: (dir: string, replace: boolean): void =>
      void importWorkspaceFolder(running.service, testWorld, dir, { replace }),
    worldSize: (): number => worldSize(running.service, testWorld),
    resetDemo: (): Promise<void> => resetDemo(running.service, testWorld),
  };
}

export type HostCommands = ReturnType<typeof hostCommands>;
export type HostCommandName = keyof HostCommands;
