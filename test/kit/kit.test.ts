import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DateTime } from 'luxon';
import { createServer, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { startTariffDesk, ServiceError, type TariffDesk, type TariffDeskOptions } from '../../core/index.js';
import { writeWorkspaceFolder } from '../../core/node/workspace/folder.js';
import { berlinAddress } from '../helpers.js';
import { DEMO_HOME } from '../../core/engine/demo-home.js';

const work = mkdtempSync(join(tmpdir(), 'td-kit-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const locationCount = async (td: TariffDesk) =>
  (await td.client.call('locations.list', { query: { limit: 100 } })).data.length;

describe('startTariffDesk: two instances in one process', () => {
  let a: TariffDesk;
  let b: TariffDesk;
  beforeAll(async () => {
    [a, b] = await Promise.all([startTariffDesk(), startTariffDesk({ demo: true })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
  });

  it('each has its own ports, data folder, account and logged-in client', async () => {
    const urls = [a.apiUrl, a.connectServiceUrl, a.connectWebUrl, b.apiUrl, b.connectServiceUrl, b.connectWebUrl];
    expect(new Set(urls).size).toBe(6);
    for (const u of urls) expect(u).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(a.dataDir).not.toBe(b.dataDir);
    expect(a.accountId).not.toBe(b.accountId);
    expect(a.appUrl).toBeUndefined();
    expect(a.testKey).not.toBe(a.liveKey);
    // The default is an empty world; demo: true seeds the demo's locations.
    expect(await locationCount(a)).toBe(0);
    expect(await locationCount(b)).toBeGreaterThan(0);
    const loc = await a.client.call('locations.create', { body: { postal_address: berlinAddress } });
    await expect(b.client.call('locations.retrieve', { params: { id: loc.id } })).rejects.toMatchObject({
      status: 404,
    });
    // The keys log in over HTTP as a client of the integrator would.
    const login = await fetch(`${b.apiUrl}/login`, {
      headers: { authorization: 'Basic ' + Buffer.from(`${b.accountId}:${b.testKey}`).toString('base64') },
    });
    expect(login.status).toBe(200);
  });

  it('connectToken creates a test-mode token the API knows', async () => {
    const customer = await a.client.call('customers.create', { body: { reference_id: 'CUS-42' } });
    const token = await a.connectToken({ postal_address: berlinAddress, customer_id: customer.id });
    expect(token).toMatch(/^cot_/);
    const t = await a.client.call('connect_token.retrieve', { query: { connect_token: token } });
    expect(t).toMatchObject({
      id: token,
      live_mode: false,
      used: false,
      customer_id: customer.id,
      complete_action: '',
    });
    // Tokens are the instance's own.
    await expect(b.client.call('connect_token.retrieve', { query: { connect_token: token } })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('completeConnect ends the session with a typed-in tariff and answers the spent token', async () => {
    const token = await a.connectToken({ postal_address: berlinAddress });
    const t = await a.completeConnect(token, {
      manual: { provider_name: 'Kit Power', tariff_name: 'Kit Fixed', structure: 'FIXED', cost: 0.245 },
    });
    expect(t).toMatchObject({ id: token, used: true, complete_action: 'SAVE', price_available: true });
    expect(t.location_id).toMatch(/^loc_/);
    const done = await a.waitForEvent('connect.session.complete', {
      match: (e) => e.data.id === token,
    });
    expect(done.data).toMatchObject({ object: 'connect_token', location_id: t.location_id, tariff_id: t.tariff_id });
    const tariff = await a.client.call('tariffs.retrieve', { params: { id: t.tariff_id! } });
    expect(tariff.location_id).toBe(t.location_id);
    // A spent token is refused with the service's code, as a ServiceError.
    const again = a.completeConnect(token, {
      manual: { provider_name: 'Kit Power', tariff_name: 'Kit Fixed', structure: 'FIXED', cost: 0.3 },
    });
    await expect(again).rejects.toBeInstanceOf(ServiceError);
    await expect(again).rejects.toMatchObject({ code: 'connect_token_used' });
  });
});

describe('waitForEvent', () => {
  let td: TariffDesk;
  beforeAll(async () => {
    td = await startTariffDesk();
  });
  afterAll(() => td?.stop());

  it('finds an event recorded before the wait began (read from the journal, not a live push)', async () => {
    const loc = await td.client.call('locations.create', { body: { postal_address: berlinAddress } });
    // Long after the event was recorded and every push was over.
    await new Promise((r) => setTimeout(r, 400));
    const e = await td.waitForEvent('location.created', { timeout: 2_000 });
    expect(e).toMatchObject({ type: 'location.created', object: 'event', live_mode: false });
    expect((e.data as { id: string }).id).toBe(loc.id);
  });

  it('hands each event to one wait: a second wait for it times out, naming what the journal held', async () => {
    const loc = await td.client.call('locations.create', { body: { postal_address: berlinAddress } });
    const byId = (e: { data: Record<string, unknown> }) => (e.data as { id: string }).id === loc.id;
    expect((await td.waitForEvent('location.created', { match: byId })).id).toMatch(/^evt_/);
    const started = Date.now();
    const err = await td.waitForEvent('location.created', { match: byId, timeout: 300 }).catch((e: Error) => e);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/^waitForEvent\('location\.created', with match\) timed out after 300 ms: /);
    expect((err as Error).message).toMatch(/location\.created evt_\w+ \(returned before\)/);
  });

  it('resolves a wait that began before its event, and events of many pages in order', async () => {
    const waiting = td.waitForEvent('location.updated', { timeout: 5_000 });
    const loc = await td.client.call('locations.create', { body: { postal_address: berlinAddress } });
    await td.client.call('locations.update', { params: { id: loc.id }, body: { reference_id: 'kit-ref' } });
    const e = await waiting;
    expect(e.data as { id: string; reference_id: string }).toMatchObject({
      id: loc.id,
      reference_id: 'kit-ref',
    });
    await td.waitForEvent('location.created', {
      match: (c) => (c.data as { id: string }).id === loc.id,
    });
    // More than one page of the events list (100) recorded before the waits: each wait gets the next in order.
    const ids: string[] = [];
    for (let i = 0; i < 105; i++)
      ids.push(
        (
          await td.client.call('locations.create', {
            body: { reference_id: `bulk-${i}`, postal_address: berlinAddress },
          })
        ).id,
      );
    const got: string[] = [];
    for (let i = 0; i < 105; i++)
      got.push(((await td.waitForEvent('location.created', { timeout: 5_000 })).data as { id: string }).id);
    expect(got).toEqual(ids);
  });

  it("the kit's requests are marked and shown by the journal's default view; its waits' polling is hidden", async () => {
    const loc = await td.client.call('locations.create', {
      body: { postal_address: berlinAddress, reference_id: 'kit-journal' },
    });
    await td.waitForEvent('location.created', { match: (e) => (e.data as { id: string }).id === loc.id });
    const all = (await td.client.call('journal.list', { query: { limit: 500 } })).data;
    const create = all.find(
      (e) => e.method === 'POST' && e.path === '/locations' && e.request_body.includes('kit-journal'),
    );
    expect(create?.client).toBe('kit');
    expect(all.some((e) => e.client === 'kit-wait' && e.path.startsWith('/events'))).toBe(true);
    // What the Traffic page asks by default: the kit's own calls stay, the waits' reads go.
    const shown = (await td.client.call('journal.list', { query: { limit: 500, exclude_app: 'true' } })).data;
    expect(shown.map((e) => e.id)).toContain(create!.id);
    expect(shown.filter((e) => e.client === 'kit-wait')).toEqual([]);
  });

  it('a throwing match rejects the wait with its error', async () => {
    await td.client.call('locations.create', { body: { postal_address: berlinAddress } });
    await expect(
      td.waitForEvent('location.created', {
        timeout: 2_000,
        match: () => {
          throw new Error('match broke');
        },
      }),
    ).rejects.toThrow('match broke');
  });
});

describe("a service on the caller's event loop", () => {
  it('a call after the caller held the loop for longer than a usual keep-alive still gets its answer', async () => {
    const td = await startTariffDesk({ clock: '2026-12-24T18:00:00+01:00' });
    try {
      expect(await locationCount(td)).toBe(0);
      // Synchronous work of the caller's own (a test's sums, a seed): no timer of the loop runs meanwhile.
      const until = Date.now() + 6_000;
      while (Date.now() < until);
      expect(await locationCount(td)).toBe(0);
    } finally {
      await td.stop();
    }
  });
});

describe('clock, reset and stop', () => {
  it('starts at the given instant and moves the service clock', async () => {
    const td = await startTariffDesk({ clock: '2026-12-24T18:00:00+01:00' });
    try {
      const start = DateTime.fromISO((await td.clock.get()).now);
      expect(Math.abs(start.diff(DateTime.fromISO('2026-12-24T17:00:00Z')).as('seconds'))).toBeLessThan(30);
      const frozen = await td.clock.freeze('2027-01-01T00:00:00Z');
      expect(frozen).toMatchObject({ mode: 'frozen', now: '2027-01-01T00:00:00Z' });
      expect((await td.clock.advance('P1D')).now).toBe('2027-01-02T00:00:00Z');
      expect((await td.clock.advance('PT90M')).now).toBe('2027-01-02T01:30:00Z');
      expect((await td.clock.advance(30)).now).toBe('2027-01-02T01:30:30Z');
      // A bad argument is refused before any request, as a TypeError (not a ServiceError).
      await expect(td.clock.advance('1 day')).rejects.toThrow(
        new TypeError('clock.advance: "1 day" is not an ISO 8601 duration (e.g. PT90M, P1D)'),
      );
      await expect(td.clock.advance(NaN)).rejects.toBeInstanceOf(TypeError);
      // A long advance answers 202 on the wire; the kit hands back the clock once it has landed.
      const landed = await td.clock.advance('P400D');
      expect(landed.advancing).toBeUndefined();
      expect(landed.now).toBe('2028-02-06T01:30:30Z');
      expect((await td.clock.freeze()).now).toBe('2028-02-06T01:30:30Z');
      const set = await td.clock.set(new Date('2030-06-01T12:00:00Z'));
      expect(set.mode).toBe('offset');
      expect((await td.clock.real()).mode).toBe('real');
      // The client's bearer follows the moved clock: calls after each move still log in.
      expect(await locationCount(td)).toBe(0);
    } finally {
      await td.stop();
    }
  });

  it('reset brings back the demo world and the start clock without restarting, and forgets old events', async () => {
    const td = await startTariffDesk({ demo: true, clock: '2026-12-24T18:00:00Z' });
    try {
      const before = (await td.client.call('locations.list', { query: { limit: 100 } })).data.map((l) => l.id).sort();
      const loc = await td.client.call('locations.create', { body: { postal_address: berlinAddress } });
      await td.client.call('webhooks.create', {
        body: { url: 'http://127.0.0.1:9/hook', enabled_events: ['*'] },
      });
      await td.clock.advance('P30D');
      const apiUrl = td.apiUrl;
      await td.reset();
      expect(td.apiUrl).toBe(apiUrl);
      const after = (await td.client.call('locations.list', { query: { limit: 100 } })).data.map((l) => l.id).sort();
      expect(after).toEqual(before);
      await expect(td.client.call('locations.retrieve', { params: { id: loc.id } })).rejects.toMatchObject({
        status: 404,
      });
      const now = DateTime.fromISO((await td.clock.get()).now);
      expect(Math.abs(now.diff(DateTime.fromISO('2026-12-24T18:00:00Z')).as('seconds'))).toBeLessThan(30);
      // The event recorded before the reset is gone with its world; a new one is found.
      await expect(td.waitForEvent('location.created', { timeout: 300 })).rejects.toThrow(/no event was recorded/);
      const fresh = await td.client.call('locations.create', { body: { postal_address: berlinAddress } });
      const e = await td.waitForEvent('location.created');
      expect((e.data as { id: string }).id).toBe(fresh.id);
      // The typed client carries device states and battery schedules: the demo battery's state is back, and plans.
      const home = (await td.client.call('locations.list', { query: { limit: 100 } })).data.find(
        (l) => l.reference_id === DEMO_HOME.location,
      )!;
      const battery = (await td.client.call('devices.list', { query: { limit: 100 } })).data.find(
        (d) => d.reference_id === DEMO_HOME.battery,
      )!;
      const state = await td.client.call('devices.state.get', { params: { id: battery.id } });
      expect(state.state_of_charge_percent).toBe(DEMO_HOME.state.state_of_charge_percent);
      const from = DateTime.fromISO((await td.clock.get()).now);
      const plan = await td.client.call('schedules.battery', {
        params: { id: home.id },
        body: {
          start_time: from.toISO()!,
          end_time: from.plus({ hours: 24 }).toISO()!,
          battery: { device_id: battery.id },
          usage: { ...DEMO_HOME.usage },
          generation: { ...DEMO_HOME.generation },
        },
      });
      expect(plan).toMatchObject({ object: 'battery_schedule', location_id: home.id, initial_soc_kwh: 3.5 });
      expect(plan.data.length).toBeGreaterThan(0);
      expect(plan.saving).toBeCloseTo(plan.cost_without - plan.cost_with, 9);
    } finally {
      await td.stop();
    }
  });

  it('a wait open across a reset resolves with an event recorded after it; app: true serves the admin app', async () => {
    const td = await startTariffDesk({ app: true });
    try {
      expect(await (await fetch(td.appUrl!)).text()).toContain('<title>Tariff Desk</title>');
      expect(td.info.app_url).toBe(td.appUrl);
      const before = await td.client.call('locations.create', { body: { postal_address: berlinAddress } });
      const waiting = td.waitForEvent('location.created', {
        timeout: 5_000,
        match: (e) => (e.data as { id: string }).id !== before.id,
      });
      await td.reset();
      const after = await td.client.call('locations.create', { body: { postal_address: berlinAddress } });
      expect(((await waiting).data as { id: string }).id).toBe(after.id);
    } finally {
      await td.stop();
    }
  });

  it('starts from a workspace folder and resets to it', async () => {
    const source = await startTariffDesk();
    const dir = join(work, 'ws');
    try {
      await source.client.call('locations.create', {
        body: { reference_id: 'ws-home', postal_address: berlinAddress },
      });
      writeWorkspaceFolder(dir, (await source.client.call('workspace.export')).files);
    } finally {
      await source.stop();
    }
    await expect(startTariffDesk({ workspace: dir, dataDir: join(work, 'x') })).rejects.toThrow(/leave out dataDir/);
    const td = await startTariffDesk({ workspace: dir });
    try {
      // The ready information as `serve --workspace` prints it.
      expect(td.info.workspace).toBe(dir);
      const refs = async () =>
        (await td.client.call('locations.list', { query: { limit: 100 } })).data.map((l) => l.reference_id);
      expect(await refs()).toEqual(['ws-home']);
      await td.client.call('locations.create', { body: { reference_id: 'extra', postal_address: berlinAddress } });
      await td.reset();
      expect(await refs()).toEqual(['ws-home']);
    } finally {
      await td.stop();
    }
    expect(existsSync(td.dataDir)).toBe(false);
  });

  it('stop closes every port, ends open waits and removes a temporary data folder; a given one stays', async () => {
    const td = await startTariffDesk();
    const kept = join(work, 'kept');
    const own = await startTariffDesk({ dataDir: kept });
    expect(existsSync(td.dataDir)).toBe(true);
    const waiting = td.waitForEvent('tariff.created', { timeout: 10_000 });
    // Held before the stop, so its refusal is never a rejection nobody handles.
    const refused = expect(waiting).rejects.toThrow(/stopped while waiting/);
    await Promise.all([td.stop(), own.stop()]);
    await refused;
    for (const url of [td.apiUrl, td.connectServiceUrl, td.connectWebUrl])
      await expect(fetch(url, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
    expect(existsSync(td.dataDir)).toBe(false);
    expect(readdirSync(kept)).toContain('tariff-desk.sqlite');
    await expect(td.waitForEvent('tariff.created')).rejects.toThrow(/stopped/);
    // A second stop is harmless.
    await td.stop();
  });
});

describe('mistakes are named', () => {
  const kitFolders = () => readdirSync(tmpdir()).filter((n) => n.startsWith('tariff-desk-kit-')).length;

  it('a bad clock or an unknown option is refused before anything starts, naming the option', async () => {
    const before = kitFolders();
    await expect(startTariffDesk({ clock: 'tomorrow' })).rejects.toThrow(
      new TypeError(
        'startTariffDesk: clock: "tomorrow" is not an instant: give an RFC 3339 date-time with its offset (2026-12-24T18:00:00+01:00) or a Date',
      ),
    );
    await expect(startTariffDesk({ clock: new Date('no date') })).rejects.toThrow(/clock: an invalid Date/);
    // JavaScript callers get no compile error for a misspelt option.
    const misspelt = { colck: '2026-12-24T18:00:00Z' } as TariffDeskOptions;
    await expect(startTariffDesk(misspelt)).rejects.toThrow(
      new TypeError(
        "startTariffDesk: unknown option 'colck' (the options are demo, workspace, dataDir, clock, app, host, apiVersion, workers)",
      ),
    );
    await expect(startTariffDesk({ demo: 'yes' } as unknown as TariffDeskOptions)).rejects.toThrow(
      /^startTariffDesk: demo: .*boolean/,
    );
    expect(kitFolders()).toBe(before);
  });

  describe('on a running instance', () => {
    let td: TariffDesk;
    beforeAll(async () => {
      td = await startTariffDesk();
    });
    afterAll(() => td?.stop());

    it('waitForEvent refuses an unknown type at once, takes either naming, and counts in words', async () => {
      const started = Date.now();
      const err = await td.waitForEvent('no.such.event').catch((e: Error) => e);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(err).toBeInstanceOf(TypeError);
      expect((err as Error).message).toMatch(/^waitForEvent: "no\.such\.event" is not an event type \(the types are /);
      expect((err as Error).message).toContain('connect.session.complete');
      // The other profile's name is a known type: it waits (and times out) instead of being refused.
      await expect(td.waitForEvent('connect_session.complete', { timeout: 50 })).rejects.toThrow(
        /timed out after 50 ms/,
      );
      const loc = await td.client.call('locations.create', { body: { postal_address: berlinAddress } });
      const one = await td.waitForEvent('tariff.created', { timeout: 100 }).catch((e: Error) => e.message);
      expect(one).toMatch(new RegExp(`: 1 event since the start: location\\.created evt_\\w+$`));
      await td.waitForEvent('location.created', {
        match: (e) => (e.data as { id: string }).id === loc.id,
      });
    });

    it("completeConnect names manual.cost and an incomplete postal_address in the body's terms", async () => {
      const partial = { city: 'Berlin', country_code: 'DE' } as typeof berlinAddress;
      const noCost = td.completeConnect(await td.connectToken({ postal_address: berlinAddress }), {
        manual: { provider_name: 'P', tariff_name: 'T', structure: 'FIXED' },
      });
      await expect(noCost).rejects.toBeInstanceOf(ServiceError);
      await expect(noCost).rejects.toMatchObject({
        status: 400,
        code: 'cost_missing',
        message: 'manual.cost: a FIXED tariff needs its price per kWh, e.g. 0.245.',
      });
      const manual = { provider_name: 'P', tariff_name: 'T', structure: 'FIXED' as const, cost: 0.3 };
      // A token's own address may be partial: the pages take it as it is.
      const fromToken = await td.completeConnect(await td.connectToken({ postal_address: partial }), { manual });
      expect(fromToken.complete_action).toBe('SAVE');
      // The body's address answers the address page, which needs the whole address.
      const typed = td.completeConnect(await td.connectToken(), { manual, postal_address: partial });
      await expect(typed).rejects.toMatchObject({ status: 400, code: 'address_line1_missing' });
      await expect(typed).rejects.toThrow(
        /postal_address is incomplete: give postal_address\.address_line1, postal_address\.post_code\. The address page needs address_line1, city, post_code, country_code/,
      );
      const none = td.completeConnect(await td.connectToken(), { manual });
      await expect(none).rejects.toThrow(/The token has no address: give postal_address\./);
    });

    it('info is the ready line without app_url when the admin app is not served', () => {
      expect(td.info).toMatchObject({ event: 'ready', api_url: td.apiUrl, data_dir: td.dataDir });
      expect(td.info).not.toHaveProperty('app_url');
      expect(td.appUrl).toBeUndefined();
    });
  });

  it('every call after stop() says the instance was stopped', async () => {
    const td = await startTariffDesk();
    await td.stop();
    const stopped = 'this Tariff Desk was stopped (td.stop()); start another with startTariffDesk';
    await expect(td.client.call('locations.list')).rejects.toThrow(stopped);
    await expect(td.connectToken()).rejects.toThrow(stopped);
    await expect(td.clock.get()).rejects.toThrow(stopped);
    await expect(td.reset()).rejects.toThrow(stopped);
    await expect(td.waitForEvent('tariff.created')).rejects.toThrow(stopped);
  });
});

describe('checkReceiver', () => {
  let td: TariffDesk;
  let secret = '';
  const got: string[] = [];
  let server: Server;
  let url = '';
  beforeAll(async () => {
    td = await startTariffDesk();
    // A receiver that verifies by the book, with whatever secret it was configured with.
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        got.push(body);
        try {
          new Webhook(secret).verify(body, req.headers as Record<string, string>);
          res.writeHead(200).end();
        } catch {
          res.writeHead(401).end();
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  });
  afterAll(async () => {
    await td?.stop();
    await new Promise((r) => server.close(r));
  });

  it('checks an endpoint by id, answering the check object', async () => {
    const ep = await td.client.call('webhooks.create', { body: { url } });
    secret = ep.secret;
    const c = await td.checkReceiver(ep.id);
    expect(c).toMatchObject({ object: 'webhook_check', endpoint_id: ep.id, url, passed: true });
    expect(c.checks).toHaveLength(9);
  });

  it('checks a bare URL through a temporary endpoint with the given secret, removed afterwards', async () => {
    secret = 'whsec_' + Buffer.alloc(24, 1).toString('base64');
    const before = (await td.client.call('webhooks.list', { query: { limit: 100 } })).data.map((e) => e.id);
    const sent = got.length;
    const c = await td.checkReceiver(url, { secret });
    expect(c.passed).toBe(true);
    expect(got.length - sent).toBe(8);
    expect(c.endpoint_id).not.toBe(before[0]);
    const after = (await td.client.call('webhooks.list', { query: { limit: 100 } })).data.map((e) => e.id);
    expect(after).toEqual(before);
    // A wrong secret: the receiver refuses the genuine message too, and the check says so.
    const wrong = await td.checkReceiver(url, { secret: 'whsec_' + Buffer.alloc(24, 2).toString('base64') });
    expect(wrong.checks[0]).toMatchObject({ name: 'signed', passed: false, status: 401 });
    expect((await td.client.call('webhooks.list', { query: { limit: 100 } })).data.map((e) => e.id)).toEqual(before);
  });

  it('a bare URL needs the secret under spec, and none under published; mistakes are TypeErrors', async () => {
    await expect(td.checkReceiver(url)).rejects.toThrow(
      new TypeError(
        "checkReceiver: under the spec profile a receiver verifies with its endpoint's secret: give the one it has, checkReceiver(url, { secret: 'whsec_…' }), or check its endpoint by id",
      ),
    );
    await expect(td.checkReceiver('ftp://example.org')).rejects.toBeInstanceOf(TypeError);
    await expect(td.checkReceiver('whe_x', { secret: 'whsec_x' })).rejects.toBeInstanceOf(TypeError);
    await expect(td.checkReceiver(url, { secret: 'whsec_short' })).rejects.toMatchObject({ code: 'secret_invalid' });
    await td.client.call('settings.update', { body: { wire_profile: 'published' } });
    try {
      const c = await td.checkReceiver(url);
      expect(c.scheme).toBe('ps256');
      // This receiver speaks Standard Webhooks only: the PS256 message is refused, and the check says so.
      expect(c.checks[0]).toMatchObject({ name: 'signed', passed: false, status: 401 });
    } finally {
      await td.client.call('settings.update', { body: { wire_profile: 'spec' } });
    }
  });
});
