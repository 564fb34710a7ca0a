import { liveHost } from '../e2e/host.js';
import { receiver } from '../webhooks/receiver.js';
import { fmt } from './lib.js';

/** 1,000 events from record to a local receiver's hands, signed, through the persisted outbox. */
export async function benchWebhooks(): Promise<void> {
  const N = 1000;
  const { host } = await liveHost({ demo: false });
  let resolveAll: () => void;
  const all = new Promise<void>((r) => (resolveAll = r));
  const rx = await receiver((_r, n) => {
    if (n === N) resolveAll();
    return { status: 200 };
  });
  try {
    const scope = { accountId: host.info.account_id, liveMode: false };
    host.service.webhooks.create(scope, {
      url: rx.url,
      enabled_events: ['*'],
      description: 'bench',
      disabled: false,
      retry_schedule: 'compressed',
    });
    const t0 = performance.now();
    for (let i = 0; i < N; i++) host.service.webhooks.trigger(scope, 'tariff.created');
    const recorded = performance.now() - t0;
    await all;
    const total = performance.now() - t0;
    const ids = new Set(rx.got.map((g) => g.headers['webhook-id']));
    console.log(
      `webhooks: ${N} events recorded in ${fmt(recorded, 0)} ms; all ${ids.size} received after ${fmt(total, 0)} ms = ${fmt((N / total) * 1000, 0)} events/s (one endpoint, in order)`,
    );
  } finally {
    await host.stop();
    await rx.close();
  }
}
