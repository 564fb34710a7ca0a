import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import { Webhook } from 'standardwebhooks';
import { shot } from './browser.js';
import { browserSuite, openApp } from './suite.js';
import { deadPort, receiver } from '../webhooks/receiver.js';

const suite = browserSuite({ demo: false });

describe('Check receiver on the Webhooks page, in Chromium', () => {
  let secret = '';
  let rx: Awaited<ReturnType<typeof receiver>>;
  beforeAll(async () => {
    // Verifies the signature, but not when it was made: the two timestamp checks fail.
    rx = await receiver((r) => {
      const h = r.headers as Record<string, string>;
      const ts = Number(h['webhook-timestamp']);
      const ok =
        !!h['webhook-id'] &&
        !!h['webhook-signature'] &&
        h['webhook-signature']
          .split(' ')
          .includes(new Webhook(secret).sign(h['webhook-id'], new Date(ts * 1000), r.body));
      return { status: ok ? 200 : 401 };
    });
  });
  afterAll(() => rx.close());

  it('the button runs the check; the scorecard shows each verdict, the status seen and the detail; the log marks the messages', async () => {
    const ep = (await suite.env.api('POST', '/webhooks', { url: rx.url, description: 'Backend' })).body;
    secret = ep.secret;
    const { page, errors } = await openApp(suite, `webhooks?id=${ep.id}`, { width: 1280, height: 800 });
    const panel = page.getByLabel('Receiver check', { exact: true });
    await panel.getByRole('button', { name: 'Check receiver' }).click();
    await see(panel.getByLabel('Verdict')).toContainText('2 of 9 checks failed · Standard Webhooks');
    const rows = panel.getByRole('list', { name: 'Scorecard' }).getByRole('listitem');
    await see(rows).toHaveCount(9);
    const row = (name: string) => panel.locator(`[data-check="${name}"]`);
    await see(row('signed')).toContainText('pass');
    await see(row('signed')).toContainText('expected 2xx · seen 200 in');
    await see(row('bad_signature')).toContainText('expected not 2xx · seen 401 in');
    await see(row('stale_timestamp')).toContainText('fail');
    await see(row('stale_timestamp')).toContainText(
      'was accepted with 200, so a captured message can be replayed at will',
    );
    await see(row('future_timestamp')).toContainText('fail');
    await see(row('timely')).toContainText('expected any · seen slowest');
    const failing = await rows.evaluateAll((items) =>
      items.filter((li) => li.textContent?.startsWith('fail')).map((li) => (li as HTMLElement).dataset.check),
    );
    expect(failing).toEqual(['stale_timestamp', 'future_timestamp']);
    // The signed event was taken: no warning about what the forgeries prove; not the catcher.
    await see(panel.getByTestId('unsigned-warning')).toHaveCount(0);
    await see(panel.getByTestId('catcher-check-note')).toHaveCount(0);
    // The delivery log has the eight messages, each marked as the check's, none to retry or resend.
    const deliveries = page.getByLabel('Deliveries', { exact: true });
    await see(deliveries.locator('[data-delivery]')).toHaveCount(8);
    await see(deliveries.getByText('check · stale_timestamp · failed')).toBeVisible();
    await see(deliveries.getByText('check · bad_signature · passed')).toBeVisible();
    await see(deliveries.getByRole('button', { name: 'Retry now' })).toHaveCount(0);
    await see(deliveries.getByRole('button', { name: 'Resend' })).toHaveCount(0);
    await shot(page, 'receiver-check-1280x800');
    await page.setViewportSize({ width: 800, height: 800 });
    await shot(page, 'receiver-check-800x800');
    // The endpoint is still enabled, and none of it is an event.
    expect((await suite.env.api('GET', `/webhooks/${ep.id}`)).body.disabled).toBe(false);
    expect((await suite.env.api('GET', '/events')).body.data).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 480_000);

  it('an endpoint nobody listens on: signed fails with the connection error, the rest are not sent', async () => {
    const port = await deadPort();
    const ep = (await suite.env.api('POST', '/webhooks', { url: `http://127.0.0.1:${port}/hook`, description: 'Gone' }))
      .body;
    const { page, errors } = await openApp(suite, `webhooks?id=${ep.id}`, { width: 1280, height: 800 });
    const panel = page.getByLabel('Receiver check', { exact: true });
    await panel.getByRole('button', { name: 'Check receiver' }).click();
    await see(panel.getByLabel('Verdict')).toContainText('9 of 9 checks failed');
    await see(panel.locator('[data-check="signed"]')).toContainText('seen ECONNREFUSED in');
    await see(panel.locator('[data-check="signed"]')).toContainText(
      `start the receiver at http://127.0.0.1:${port}/hook`,
    );
    await see(panel.locator('[data-check="duplicate"] span', { hasText: 'expected' })).toHaveText(
      'expected 2xx · seen not sent',
    );
    // Nothing was accepted, so nothing proves the forgeries were refused for the right reason.
    await see(panel.getByTestId('unsigned-warning')).toContainText(
      'The correctly signed event got no answer (ECONNREFUSED), so the other messages were not sent',
    );
    await shot(page, 'receiver-check-nobody-listens-1280x800');
    expect(errors).toEqual([]);
    await page.close();
  }, 480_000);

  it('a receiver that fails with 500 after verifying: the scorecard says the signature was fine and the receiver failed', async () => {
    let crashSecret = '';
    const crashing = await receiver((r) => {
      try {
        new Webhook(crashSecret).verify(r.body, r.headers as Record<string, string>);
        return { status: 500 };
      } catch {
        return { status: 401 };
      }
    });
    try {
      const ep = (await suite.env.api('POST', '/webhooks', { url: crashing.url, description: 'Crashing' })).body;
      crashSecret = ep.secret;
      const { page, errors } = await openApp(suite, `webhooks?id=${ep.id}`, { width: 1440, height: 900 });
      const panel = page.getByLabel('Receiver check', { exact: true });
      await panel.getByRole('button', { name: 'Check receiver' }).click();
      await see(panel.getByLabel('Verdict')).toContainText('3 of 9 checks failed');
      const signed = panel.locator('[data-check="signed"]');
      await see(signed).toContainText('expected 2xx · seen 500 in');
      await see(signed).toContainText('which is the receiver failing, not the signature (that was correct)');
      await see(signed).not.toContainText('HMAC');
      await see(panel.locator('[data-check="duplicate"]')).toContainText('answer 2xx to a webhook-id you have seen');
      await see(panel.getByTestId('unsigned-warning')).toContainText(
        'The receiver failed (500) on the correctly signed event: the signature was fine',
      );
      await shot(page, 'receiver-check-500-1440x900');
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await crashing.close();
    }
  }, 480_000);

  it('an endpoint added by its URL on the page: listed and opened, the field emptied so a second click adds no twin', async () => {
    const { page, errors } = await openApp(suite, 'webhooks', { width: 1280, height: 800 });
    const field = page.getByLabel('Receiver URL');
    await field.fill(`${rx.url}/added`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await see(page.getByText(`${rx.url}/added`).first()).toBeVisible();
    await see(field).toHaveValue('');
    await see(page.getByRole('button', { name: 'Add endpoint' })).toBeDisabled();
    const urls = ((await suite.env.api('GET', '/webhooks')).body.data as { url: string }[]).map((w) => w.url);
    expect(urls.filter((u) => u === `${rx.url}/added`)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 480_000);

  it('the built-in catcher says before its check that it refuses nothing, so it fails the forgeries by design', async () => {
    const ep = (await suite.env.api('POST', '/webhooks', { catcher: true, description: 'Catcher' })).body;
    const { page, errors } = await openApp(suite, `webhooks?id=${ep.id}`, { width: 1280, height: 800 });
    const panel = page.getByLabel('Receiver check', { exact: true });
    await see(panel.getByTestId('catcher-check-note')).toContainText('it records every message and refuses none');
    await panel.getByRole('button', { name: 'Check receiver' }).click();
    await see(panel.getByLabel('Verdict')).toContainText('checks failed');
    await see(panel.locator('[data-check="bad_signature"]')).toContainText('fail');
    await see(panel.getByTestId('unsigned-warning')).toHaveCount(0);
    await shot(page, 'receiver-check-catcher-1280x800');
    expect(errors).toEqual([]);
    await page.close();
  }, 480_000);
});
