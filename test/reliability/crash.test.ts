import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { spawnServe } from '../host/cli.js';
import { receiver, until } from '../webhooks/receiver.js';
import { berlinAddress, tariffBody } from '../helpers.js';
import { DB_FILE } from '../../core/node/db/database.js';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 10);
const CLIENTS = 3;

async function login(info: { api_url: string; account_id: string; test_key: string }) {
  const r = await fetch(`${info.api_url}/login`, {
    headers: { authorization: 'Basic ' + Buffer.from(`${info.account_id}:${info.test_key}`).toString('base64') },
  });
  return `Bearer ${(await r.json()).bearer_token}`;
}

describe('crash safety', () => {
  it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs at random moments, and the outbox still delivers`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-crash-'));
    const rx = await receiver();
    const acked = { locations: new Set<string>(), tariffs: new Set<string>() };
    let writes = 0;
    let firstEndpoint: string | undefined;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        const host = await spawnServe(dir, ['--no-demo']);
        const auth = await login(host.info);
        const api = (method: string, path: string, body?: unknown) =>
          fetch(host.info.api_url + path, {
            method,
            headers: { authorization: auth, 'content-type': 'application/json' },
            body: body ? JSON.stringify(body) : null,
          });
        // Every acknowledged write from before the last crash is still there.
        for (const id of acked.locations)
          expect((await api('GET', `/locations/${id}`)).status, `location ${id}`).toBe(200);
        for (const id of acked.tariffs) expect((await api('GET', `/tariffs/${id}`)).status, `tariff ${id}`).toBe(200);
        if (!firstEndpoint)
          firstEndpoint = (
            await (await api('POST', '/webhooks', { url: rx.url, enabled_events: ['location.created'] })).json()
          ).id;
        let stop = false;
        const clients = Array.from({ length: CLIENTS }, async () => {
          while (!stop) {
            try {
              const l = await api('POST', '/locations', { postal_address: berlinAddress });
              if (l.status !== 200) continue;
              const loc = await l.json();
              acked.locations.add(loc.id);
              writes++;
              const t = await api('POST', '/tariffs', tariffBody(loc.id));
              if (t.status === 200) {
                acked.tariffs.add((await t.json()).id);
                writes++;
              }
            } catch {
              return; // the host is gone
            }
          }
        });
        await new Promise((r) => setTimeout(r, 150 + Math.random() * 350));
        host.child.kill('SIGKILL');
        stop = true;
        await host.exited;
        await Promise.all(clients);
        const db = new BetterSqlite3(join(dir, DB_FILE), { readonly: true });
        try {
          expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        } finally {
          db.close();
        }
      }
      // A last start: everything acknowledged is there, and every location.created event reaches the receiver.
      const host = await spawnServe(dir, ['--no-demo']);
      try {
        const auth = await login(host.info);
        const get = (p: string) => fetch(host.info.api_url + p, { headers: { authorization: auth } });
        for (const id of acked.locations) expect((await get(`/locations/${id}`)).status).toBe(200);
        for (const id of acked.tariffs) expect((await get(`/tariffs/${id}`)).status).toBe(200);
        const events: string[] = [];
        let after: string | undefined;
        for (;;) {
          const page = await (
            await get(`/events?type=location.created&limit=100${after ? `&starting_after=${after}` : ''}`)
          ).json();
          events.push(...page.data.map((e: { id: string }) => e.id));
          if (!page.has_more) break;
          after = page.data.at(-1).id;
        }
        expect(events.length).toBeGreaterThanOrEqual(acked.locations.size);
        await until(
          () => events.every((id) => rx.got.some((g) => g.headers['webhook-id'] === id)),
          'every owed delivery',
          30_000,
        );
        console.log(
          `crash: ${ROUNDS} rounds of SIGKILL, ${CLIENTS} clients, ${writes} acknowledged writes all kept, ${events.length} events all delivered, integrity ok`,
        );
      } finally {
        host.child.kill('SIGTERM');
        await host.exited;
      }
    } finally {
      await rx.close();
    }
  }, 480_000);
});
