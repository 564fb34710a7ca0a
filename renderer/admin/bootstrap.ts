import { Bootstrap } from '../../core/engine/api/bootstrap';

export { Bootstrap };

/** Service addresses and credentials: from the desktop preload, or from the host that served this page. */
declare global {
  interface Window {
    tariffDesk?: { bootstrap(): Promise<unknown>; openDataFolder(): Promise<string> };
  }
}

export async function loadBootstrap(): Promise<Bootstrap> {
  if (window.tariffDesk) return Bootstrap.parse(await window.tariffDesk.bootstrap());
  const r = await fetch('/bootstrap.json', { cache: 'no-store' });
  if (!r.ok) throw new Error(`bootstrap.json: ${r.status}`);
  return Bootstrap.parse(await r.json());
}
