/** Service addresses and credentials: from the desktop preload, or from the host that served this page. */
export interface Bootstrap {
  api_url: string;
  connect_service_url: string;
  connect_web_url: string;
  app_url: string;
  account_id: string;
  test_key: string;
  live_key: string;
  data_dir: string;
}

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
