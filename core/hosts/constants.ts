// What the command line needs to know of a host without loading the service.

export const DEFAULT_PORTS = { api: 7071, connect: 7072, connectWeb: 7070, app: 7073 } as const;

/**
 * A running host leaves this file in its data folder (its process id and API address), so the
 * command line can tell that the folder is in use and go through the host's API instead.
 */
export const HOST_FILE = 'host.json';
