import { describe, expect, it } from 'vitest';
import { see } from './see.js';
import { shot, topShot, settled } from './browser.js';
import { browserSuite, openApp, pageErrors, VIEWPORTS } from './suite.js';
import { spawnListen, stopAll } from '../host/cli.js';
import { receiver, until } from '../webhooks/receiver.js';

// A first retry far off, so the pending delivery waits for "Retry now"; a short timeout for the Timeout answer.
const suite = browserSuite({ demo: false, webhooks: { timeoutMs: 1500, schedules: { compressed: [40_000, 40_000] } } });

describe('the webhook tester console in Chromium', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`${size} (${viewport.width}×${viewport.height}): a 500 in one click, the retry time, retry now, 2xx, events, delete`, async () => {
      const context = await suite.browser.newContext({
        viewport,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const page = await context.newPage();
      const errors = pageErrors(page);
      // Any answer of 400 or more is a request the page should not have made (a deleted endpoint polled, say).
      const failed: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.request().method()} ${r.url()}`);
      });
      page.on('requestfailed', (r) => failed.push(`failed ${r.method()} ${r.url()}`));
      await page.goto(`${suite.env.info.app_url}/#/webhooks`);

      await page.getByRole('button', { name: 'Add catcher' }).click();
      const answers = page.getByRole('group', { name: 'Catcher answers:' });
      await see(answers.getByRole('button', { name: '2xx' })).toHaveAttribute('aria-pressed', 'true');
      // The retry schedule reads whole: its select's text is not cut with an ellipsis.
      const retries = page.getByRole('combobox', { name: 'Retries' });
      await see(retries).toHaveText('Within a minute');
      expect(await retries.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

      // One click: the catcher answers 500 from now on.
      await answers.getByRole('button', { name: '500', exact: true }).click();
      await see(answers.getByRole('button', { name: '500', exact: true })).toHaveAttribute('aria-pressed', 'true');
      await see(page.getByText(/Answers 500: deliveries fail and are retried/)).toBeVisible();
      const endpoints = page.getByRole('navigation', { name: 'Endpoints' });
      await see(endpoints).toContainText('catcher · answers 500 · enabled');

      await page.getByRole('button', { name: 'Trigger event' }).click();
      const deliveries = page.getByLabel('Deliveries', { exact: true });
      const row = deliveries.locator('[data-delivery]').first();
      await see(row).toContainText('pending');
      await see(row).toContainText('1 attempt · last 500');
      // The first retry waits 40 s: said in words and as wall time.
      const next = row.getByLabel('Next attempt');
      await see(next).toHaveText(/^Next attempt in (3\d|40) seconds at \d{1,2}:\d{2}:\d{2}/);
      const inbox = page.getByLabel('Catcher inbox');
      await see(inbox).toContainText('answered 500 (rule)');
      await shot(page, `tester-console-500-${size}`);

      // Back to 2xx, then retry now: the same delivery goes through on its second attempt.
      await answers.getByRole('button', { name: '2xx' }).click();
      await see(page.getByText('Answers 200 at once: deliveries succeed.')).toBeVisible();
      await row.getByRole('button', { name: 'Retry now' }).click();
      await see(row).toContainText('delivered');
      await see(row).toContainText('2 attempts · last 200');
      await see(row.getByLabel('Next attempt')).toHaveCount(0);
      await see(row.getByRole('button', { name: 'Retry now' })).toHaveCount(0);

      // The attempts, newest first, each payload on one line until opened.
      await row.getByRole('button', { name: 'Details' }).click();
      const attempts = row.locator('[data-attempt]');
      await see(attempts).toHaveCount(2);
      expect(await attempts.evaluateAll((l) => l.map((a) => (a as HTMLElement).dataset.attempt))).toEqual(['2', '1']);
      await see(attempts.nth(0)).toContainText(/^Attempt 2 · \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} \S+ → 200/);
      await see(attempts.nth(1)).toContainText(/^Attempt 1 · .* → 500/);
      await see(row.locator('pre[aria-label="Payload"]')).toHaveCount(0);
      const line = attempts.nth(0).getByLabel('Payload of attempt 2, on one line');
      await see(line).toHaveText(/^\{"id":"evt_\w+","object":"event","type":"connect\.session\.complete",/);
      const box = (await line.boundingBox())!;
      expect(box.height).toBeLessThan(30);
      await settled(page); // the details' slide-open, for the picture
      await topShot(page, `tester-console-attempts-${size}`);
      // Opened: indented and copyable.
      await attempts.nth(0).getByRole('button', { name: 'Open attempt 2' }).click();
      const payload = row.locator('pre[aria-label="Payload"]');
      await see(payload).toHaveCount(1);
      await see(payload).toContainText('\n  "type": "connect.session.complete",');
      await see(attempts.nth(1).locator('pre')).toHaveCount(0);
      await row.getByRole('button', { name: 'Copy payload' }).first().click();
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(JSON.parse(copied)).toMatchObject({ object: 'event', type: 'connect.session.complete' });
      await settled(page);
      await topShot(page, `tester-console-delivered-${size}`);
      await attempts.nth(0).getByRole('button', { name: 'Close attempt 2' }).click();
      await see(payload).toHaveCount(0);

      // Every time the page writes is in the computer's zone, as on every other page: nothing in
      // ISO form outside the recorded bodies and headers, rotations included.
      await page.getByRole('button', { name: 'Rotate', exact: true }).click();
      await see(
        page.getByText(/^Previous secret signs too until \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}/),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Rotate key' }).click();
      await see(page.getByText(/stays in \/jwks\.json until \w{3} \d{1,2} \w{3} \d{4}, /)).toBeVisible();
      await see(
        inbox.getByText(/^\w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2} \S+ · connect\.session\.complete$/).first(),
      ).toBeVisible();
      const written = await page.locator('main').evaluate((main) => {
        const copy = main.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('code, pre').forEach((n) => n.remove());
        return copy.textContent ?? '';
      });
      expect(written).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
      await row.getByRole('button', { name: 'Hide' }).click();

      // Events: a type filter on the server, a search box over the page.
      await suite.env.api('POST', '/events/trigger', { type: 'location.updated' });
      const all = (await suite.env.api('GET', '/events')).body.data as { id: string; type: string }[];
      const count = (type: string) => all.filter((e) => e.type === type).length;
      const events = page.getByLabel('Events', { exact: true });
      const eventRows = events.locator('[data-event]');
      await see(eventRows).toHaveCount(all.length);
      const typeFilter = events.getByRole('combobox', { name: 'Type' });
      await typeFilter.click();
      await page.getByRole('option', { name: 'location.updated' }).click();
      await see(eventRows).toHaveCount(count('location.updated'));
      for (const r of await eventRows.all()) await see(r).toContainText('location.updated');
      await typeFilter.click();
      await page.getByRole('option', { name: 'Any' }).click();
      await see(eventRows).toHaveCount(all.length);
      // Newest first: the session event this run triggered is the second.
      const sessionEvent = all.find((e) => e.type === 'connect.session.complete')!.id;
      const search = events.getByLabel('Search id or text');
      await search.fill(sessionEvent);
      await see(eventRows).toHaveCount(1);
      await see(eventRows.first()).toHaveAttribute('data-event', sessionEvent);
      await search.fill('Invalidenstraße');
      await see(eventRows).toHaveCount(count('location.updated'));
      await search.fill('no such text');
      await see(events).toContainText(`No event among the newest ${all.length} matches “no such text”.`);
      await shot(page, `tester-console-events-${size}`);

      // Delete asks first, naming the endpoint; then it is gone and nothing polls it.
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await see(dialog).toContainText('Delete endpoint “Catcher”?');
      await see(dialog).toContainText('/catcher/whe_');
      await settled(page); // the dialog's fade-in, for the picture
      await shot(page, `tester-console-delete-${size}`);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await see(dialog).toBeHidden();
      await see(page.getByText('Deleted endpoint “Catcher”')).toBeVisible();
      await see(page.getByText('No endpoints')).toBeVisible();
      await see(endpoints.getByRole('button')).toHaveCount(0);
      // Three poll intervals of the endpoint view: a poll of the deleted endpoint would show up here.
      await page.waitForTimeout(3000);
      expect(failed).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }, 480_000);
  }

  it('the endpoint `tariff-desk listen` registers is on Webhooks by name while it runs, and gone once it stops', async () => {
    const rx = await receiver();
    const info = suite.env.info;
    const listener = spawnListen({ info }, info.data_dir, rx.url);
    const name = `tariff-desk listen → ${rx.url}`;
    const pages = await Promise.all(Object.values(VIEWPORTS).map((size) => openApp(suite, 'webhooks', size)));
    try {
      await until(() => listener.lines.some((l) => l.startsWith('Forwarding events to')), 'the listen banner', 60_000);
      for (const { page } of pages) {
        // The list follows the service (it polls): the new endpoint appears without a reload.
        const entry = page.getByRole('button', { name });
        await see(entry).toBeVisible({ timeout: 15_000 });
        await entry.click();
        await see(page.getByRole('main')).toContainText(rx.url);
        const { width, height } = page.viewportSize()!;
        await topShot(page, `webhooks-listen-${width}x${height}`);
      }
    } finally {
      await stopAll([listener.child, 'SIGINT']);
      await rx.close();
    }
    // listen removes its endpoint as it stops; the page lets it go without a reload.
    for (const { page, errors } of pages) {
      await see(page.getByRole('button', { name })).toHaveCount(0, { timeout: 15_000 });
      // The view of the endpoint that was open says it is gone, rather than showing it as it was.
      await see(page.getByTestId('endpoint-gone')).toContainText('This endpoint no longer exists');
      await see(page.getByText(name)).toHaveCount(0);
      expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
      await page.close();
    }
  }, 480_000);
});
