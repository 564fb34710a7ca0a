// The desktop window's only bridge: service addresses and credentials, and opening the data
// folder. Compiled to CommonJS (sandboxed preloads are) with Electron's own modules only.
import { PRELOAD_CHANNELS } from './security.js';

interface PreloadElectron {
  contextBridge: { exposeInMainWorld(key: string, api: Record<string, () => Promise<unknown>>): void };
  ipcRenderer: { invoke(channel: string): Promise<unknown> };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a sandboxed preload can only require
const { contextBridge, ipcRenderer } = require('electron') as PreloadElectron;

contextBridge.exposeInMainWorld('tariffDesk', {
  bootstrap: () => ipcRenderer.invoke(PRELOAD_CHANNELS.bootstrap),
  openDataFolder: () => ipcRenderer.invoke(PRELOAD_CHANNELS.openDataFolder),
});
