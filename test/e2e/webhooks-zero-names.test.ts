import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import { shot } from './browser.js';
import { browserSuite, openApp } from './suite.js';
import { receiver, until } from '../webhooks/receiver.js';

const suite = browserSuite({ demo: false });

describe("The Webhooks page names events as a Zero account's receivers get them, in Chromium", () => {
  it("events, deliveries and the trigger's list show connect_session.complete", async () => {
    const rx = await receiver();
    try {
      expect((await suite.env.api('PATCH', '/settings', { api_version: '2024-08-24' })).status).toBe(200);
      const ep = (await suite.env.api('POST', '/webhooks', { url: rx.url, description: 'Zero receiver' })).body;
      const made = (await suite.env.api('POST', '/events/trigger', { type: 'connect.session.complete' })).body;
      expect(made.type).toBe('connect_session.complete');
      await until(() => rx.got.length >= 1, 'the delivery');
      expect(JSON.parse(rx.got[0]!.body).type).toBe('connect_session.complete');

      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 1024, height: 700 },
      ]) {
        const { page, errors } = await openApp(suite, `webhooks?id=${ep.id}`, viewport);
        const events = page.getByLabel('Events', { exact: true });
        const row = events.locator(`[data-event="${made.id}"]`);
        await see(row).toContainText('connect_session.complete');
        const deliveries = page.getByLabel('Deliveries', { exact: true });
        await see(deliveries.locator('[data-delivery]').first()).toContainText('connect_session.complete');
        // No list on the page speaks the Anode name of the event.
        await see(page.getByText('connect.session.complete')).toHaveCount(0);
        await row.scrollIntoViewIfNeeded();
        await shot(page, `webhooks-zero-names-${viewport.width}x${viewport.height}`);
        // The trigger's type list and the events filter name the types as the receiver gets them.
        await page.getByLabel('Event type').click();
        await see(page.getByRole('option', { name: 'connect_session.complete' })).toBeVisible();
        await page.keyboard.press('Escape');
        expect(errors).toEqual([]);
        await page.close();
      }
    } finally {
      await rx.close();
    }
  }, 180_000);
});
