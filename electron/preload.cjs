// The desktop window's only bridge: service addresses and credentials, and opening the data
// folder. Sandboxed preloads are CommonJS with electron's own modules only.
const { contextBridge, ipcRenderer } = require('electron');

contextBridge.exposeInMainWorld('tariffDesk', {
  bootstrap: () => ipcRenderer.invoke('tariff-desk:bootstrap'),
  openDataFolder: () => ipcRenderer.invoke('tariff-desk:open-data-folder'),
});
