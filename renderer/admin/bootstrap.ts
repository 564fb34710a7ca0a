import type { Bootstrap } from '../../core/http/app-server';

export type { Bootstrap };

/** Service addresses and credentials: from the desktop preload, or from the host that served this page. */
declare global {
  interface Window {
    tariffDesk?: { bootstrap(): Promise<Bootstrap>; openDataFolder(): Promise<string> };
  }
}

export async function loadBootstrap(): Promise<Bootstrap> {
  if (window.tariffDesk) return window.tariffDesk.bootstrap();
  const r = await fetch('/bootstrap.json', { cache: 'no-store' });
  if (!r.ok) throw new Error(`bootstrap.json: ${r.status}`);
  return (await r.json()) as Bootstrap;
}
