import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createService } from '../../core/node/service.js';
import { DB_FILE } from '../../core/node/db/database.js';
import { fixedClock } from '../../core/engine/clock.js';
import { harness, type Harness } from '../helpers.js';

let h: Harness;
beforeEach(async () => {
  h = await harness();
});
afterEach(() => h.close());

const post = (payload: object) => h.call({ method: 'POST', url: '/webhooks', headers: h.test, payload });

describe('webhook endpoint names', () => {
  it('an endpoint is named when it is created, and the name is in its answer and the list', async () => {
    const named = await post({ url: 'https://hooks.example.com/in', name: '  Staging receiver ' });
    expect(named.status).toBe(200);
    expect(named.body.name).toBe('Staging receiver');
    const list = await h.call({ method: 'GET', url: '/webhooks', headers: h.test });
    expect(list.body.data.map((e: { name: string }) => e.name)).toEqual(['Staging receiver']);
    const renamed = await h.call({
      method: 'PATCH',
      url: `/webhooks/${named.body.id}`,
      headers: h.test,
      payload: { name: 'Production receiver' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Production receiver');
  });

  it('without a name, an endpoint is named by its description, "Catcher", or its URL host', async () => {
    expect((await post({ url: 'https://a.example.com/x', description: 'Billing' })).body.name).toBe('Billing');
    expect((await post({ catcher: true })).body.name).toBe('Catcher');
    expect((await post({ url: 'http://127.0.0.1:3000/webhooks' })).body.name).toBe('127.0.0.1:3000');
  });

  it('refuses an empty or over-long name with a 400 naming the field', async () => {
    for (const name of ['   ', 'x'.repeat(101), 7]) {
      const r = await post({ catcher: true, name });
      expect(r.status).toBe(400);
      expect(JSON.stringify(r.body)).toContain('name');
    }
  });
});

describe('endpoints stored before names existed', () => {
  it('are named by migration 16 when the data folder is opened', () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-names-'));
    const clock = fixedClock('2026-03-01T12:00:00Z');
    const first = createService({ dataDir: dir, clock });
    const cred = first.accounts.ensureDefault();
    const scope = { accountId: cred.account_id, liveMode: false };
    const ids = [
      first.webhooks.create(scope, {
        url: 'https://old.example.com:8443/path',
        enabled_events: ['*'],
        description: '',
        disabled: false,
        retry_schedule: 'compressed',
      }).id,
      first.webhooks.create(scope, {
        catcher: true,
        enabled_events: ['*'],
        description: '',
        disabled: false,
        retry_schedule: 'compressed',
      }).id,
      first.webhooks.create(scope, {
        url: 'https://x.example.com',
        enabled_events: ['*'],
        description: 'Old one',
        disabled: false,
        retry_schedule: 'compressed',
      }).id,
    ];
    first.close();
    // The folder as the version before: no names, at version 14.
    const db = new BetterSqlite3(join(dir, DB_FILE));
    db.exec("UPDATE webhook_endpoints SET body = json_remove(body, '$.name')");
    db.pragma('user_version = 14');
    db.close();
    const second = createService({ dataDir: dir, clock });
    try {
      const stored = ids.map((id) => second.webhooks.endpoints.get(scope, id)?.name);
      expect(stored).toEqual(['old.example.com:8443', 'Catcher', 'Old one']);
    } finally {
      second.close();
    }
  });
});
