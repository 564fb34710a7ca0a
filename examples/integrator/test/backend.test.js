// @ts-check
// The backend's tests against a real Tariff Desk started in this process: a customer connects a
// tariff (completed in one call, as if they had clicked through the connect pages), Tariff Desk
// delivers the webhook, and the backend stores the tariff.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTariffDesk } from 'tariff-desk';
import { createBackend } from '../server.js';

const BERLIN = { address_line1: 'Invalidenstraße 44', city: 'Berlin', post_code: '10115', country_code: 'DE' };

/**
 * Polls `fn` until it answers something other than undefined (the webhook arrives after the call).
 * @template T
 * @param {() => Promise<T | undefined>} fn
 */
async function eventually(fn, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the tariff backend', () => {
  /** @type {import('tariff-desk').TariffDesk} */
  let td;
  /** @type {ReturnType<typeof createBackend>} */
  let backend;
  /** @type {string} */
  let url;

  before(async () => {
    td = await startTariffDesk();
    // The endpoint is registered first: its secret is the backend's configuration.
    const config = { apiUrl: td.apiUrl, accountId: td.accountId, apiKey: td.testKey, webhookSecret: '' };
    backend = createBackend(config);
    url = await backend.listen();
    const endpoint = await td.client.call('webhooks.create', {
      body: { url: `${url}/webhooks/tariff-desk`, enabled_events: ['connect.session.complete', 'tariff.deleted'] },
    });
    config.webhookSecret = endpoint.secret;
  });

  after(async () => {
    await backend?.close();
    await td?.stop();
  });

  /** @param {string} customer */
  const stored = (customer) =>
    eventually(async () => {
      const r = await fetch(`${url}/customers/${customer}/tariff`);
      return r.status === 200 ? r.json() : undefined;
    });

  /** A customer in Tariff Desk, as the app registers one when a user signs up. */
  const customer = async (/** @type {string} */ reference_id) =>
    (await td.client.call('customers.create', { body: { reference_id } })).id;

  it('stores the tariff a customer connected, from the connect webhook', async () => {
    const anna = await customer('anna');
    const token = await td.connectToken({ postal_address: BERLIN, customer_id: anna });
    const done = await td.completeConnect(token, {
      manual: { provider_name: 'Spree Strom', tariff_name: 'Spree Fix', structure: 'FIXED', cost: 0.31 },
    });
    assert.equal(done.complete_action, 'SAVE');
    const event = await td.waitForEvent('connect.session.complete', { match: (e) => e.data.id === token });
    assert.equal(event.data.customer_id, anna);
    const t = await stored(anna);
    assert.equal(t.tariff_id, done.tariff_id);
    assert.equal(t.location_id, done.location_id);
    assert.equal(t.status, 'CONNECTED');
  });

  it('keeps a library tariff with its provider, and forgets it when the customer disconnects', async () => {
    const ben = await customer('ben');
    const token = await td.connectToken({ postal_address: BERLIN, customer_id: ben });
    const done = await td.completeConnect(token, {
      provider_id: 'prv_nordlichtenergie',
      tariff_id: 'ltf_nordlichtfix',
    });
    const t = await stored(ben);
    assert.equal(t.provider_id, 'prv_nordlichtenergie');

    const again = await td.connectToken({ location_id: done.location_id ?? undefined, customer_id: ben });
    await td.completeConnect(again, { action: 'DISCONNECT' });
    await td.waitForEvent('tariff.deleted', {
      match: (e) => /** @type {any} */ (e.data).id === done.tariff_id,
    });
    await eventually(async () => ((await fetch(`${url}/customers/${ben}/tariff`)).status === 404 ? true : undefined));
  });

  it('passes every receiver check: forged, unsigned, replayed, changed and duplicate deliveries', async () => {
    const endpoint = (await td.client.call('webhooks.list', { query: { limit: 100 } })).data.find(
      (e) => e.url === `${url}/webhooks/tariff-desk`,
    );
    assert.ok(endpoint);
    const check = await td.checkReceiver(endpoint.id);
    const failed = check.checks.filter((c) => !c.passed).map((c) => `${c.name}: ${c.detail}`);
    assert.deepEqual(failed, []);
    assert.equal(check.passed, true);
  });

  it('refuses a delivery that is not signed with the endpoint secret', async () => {
    const r = await fetch(`${url}/webhooks/tariff-desk`, {
      method: 'POST',
      headers: {
        'webhook-id': 'msg_1',
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': 'v1,AAAA',
      },
      body: JSON.stringify({ id: 'evt_forged', type: 'tariff.deleted', data: {} }),
    });
    assert.equal(r.status, 400);
  });
});
