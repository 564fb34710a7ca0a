import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { see } from './see.js';
import { Webhook } from 'standardwebhooks';
import { topShot } from './browser.js';
import { browserSuite, openApp, VIEWPORTS } from './suite.js';
import { receiver, until } from '../webhooks/receiver.js';

const suite = browserSuite({ demo: false });

describe('the shifted clock and webhooks, in Chromium', () => {
  let secret = '';
  let rx: Awaited<ReturnType<typeof receiver>>;
  let endpointId = '';
  beforeAll(async () => {
    // Verifies the signature with the library, then refuses an event dated more than five minutes from its clock.
    rx = await receiver((r) => {
      try {
        new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
      } catch {
        return { status: 401 };
      }
      const created = Date.parse((JSON.parse(r.body) as { time_created: string }).time_created);
      return { status: Math.abs(created - Date.now()) > 300_000 ? 400 : 200 };
    });
    const api = suite.env.client;
    await api.call('clock.advance', { body: { seconds: 7200 } });
    const ep = await api.call('webhooks.create', { body: { url: rx.url, description: 'Backend' } });
    secret = ep.secret;
    endpointId = ep.id;
    await api.call('events.trigger', { body: { type: 'location.created' } });
    await until(async () => {
      const d = await api.call('webhook_deliveries.list', { query: { endpoint_id: ep.id } });
      return d.data[0]?.attempt_log[0]?.clock_note;
    }, 'the refused attempt');
  });
  afterAll(() => rx.close());

  for (const [size, viewport] of Object.entries(VIEWPORTS))
    it(`at ${viewport.width}x${viewport.height} (${size}): the bar says webhooks are signed in real time; the refused delivery names its likely cause`, async () => {
      const { page, errors } = await openApp(suite, `webhooks?id=${endpointId}`, viewport);
      const bar = page.getByRole('banner').getByRole('group', { name: 'Service clock' });
      await see(bar).toHaveAttribute('data-clock-mode', 'offset');
      await see(bar.getByTestId('clock-words')).toHaveText('Running, 2 h ahead of real time');
      const sentence = bar.getByTestId('clock-webhooks');
      await see(sentence).toHaveText('; webhooks signed in real time');
      // Whole on screen: inside the window and not cut by the bar or the page title beside it.
      const box = (await sentence.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(
        await sentence.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const top = document.elementFromPoint(r.right - 2, r.top + r.height / 2);
          return top === el || el.contains(top);
        }),
        'the sentence is on top at its end',
      ).toBe(true);
      // The bar's longer words push nothing out of the top bar: the product's name stays whole.
      const title = page.getByRole('banner').getByText('Tariff Desk', { exact: true });
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // Nor past its end: the last switch stays whole inside the window.
      const live = page.getByRole('banner').getByText('Live mode', { exact: true });
      expect(await live.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
      const bannerHeight = await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().height);
      expect(bannerHeight).toBeLessThanOrEqual(64);

      // The delivery row says why the receiver refused, without opening it.
      const deliveries = page.getByLabel('Deliveries', { exact: true });
      const note = deliveries.getByTestId('delivery-clock-note');
      await see(note).toHaveCount(1);
      await see(note).toContainText('Refused (400) while the service clock is 2 h ahead of real time.');
      await see(note).toContainText('The signature is dated by real time');
      await topShot(page, `clock-webhooks-${viewport.width}x${viewport.height}`);

      // The clock's controls say it in full (below the large size they live in the popover).
      if (size === 'small') {
        await bar.getByRole('button', { name: 'Move the service clock' }).click();
        const popover = page.getByRole('presentation').getByRole('group', { name: 'Service clock' });
        await see(popover.getByTestId('clock-popover-webhooks')).toHaveText(
          "Webhook signatures (webhook-timestamp, Flatpeak-Timestamp) carry the real time they are sent, so a receiver's five-minute check passes; the events in them keep this clock's time (time_created).",
        );
        // A move past a bearer's lifetime expires it, and the control says so.
        await see(popover.getByTestId('clock-popover-bearers')).toContainText(
          "A move past a bearer token's lifetime (an hour unless set otherwise) expires it",
        );
        await topShot(page, `clock-webhooks-popover-${viewport.width}x${viewport.height}`);
        await page.keyboard.press('Escape');
      }
      // Endpoints are listed by name: the one made with a description is named by it, one named here by its name.
      const list = page.getByRole('navigation', { name: 'Endpoints' });
      await see(list.getByRole('button', { name: /^Backend/ })).toHaveCount(1);
      const named = `Staging ${size}`;
      await page.getByLabel('Name', { exact: true }).fill(named);
      await page.getByLabel('Receiver URL', { exact: true }).fill(`${rx.url}/staging`);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await see(list.getByRole('button', { name: new RegExp(`^${named}`) })).toContainText(`${rx.url}/staging`);
      await see(page.getByRole('heading', { level: 2, name: named })).toHaveCount(1);
      await topShot(page, `webhooks-named-${viewport.width}x${viewport.height}`);
      expect(errors).toEqual([]);
      await page.close();
    }, 480_000);
});
