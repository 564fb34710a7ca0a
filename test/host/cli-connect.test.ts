import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BIN, spawnServe, stopAll, type Spawned } from './cli.js';
import { createApiClient, type ApiClient } from '../../core/engine/api/client.js';
import { berlinAddress, sydneyAddress } from '../helpers.js';

const exec = promisify(execFile);

/** `tariff-desk ARGS`: its exit code and output (a failing command does not throw). */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await exec(process.execPath, [BIN, ...args], { encoding: 'utf8' });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string };
    return { code: x.code, stdout: x.stdout, stderr: x.stderr };
  }
}

describe('tariff-desk connect token and connect complete', () => {
  const dir = mkdtempSync(join(tmpdir(), 'td-cli-connect-'));
  let host: Spawned;
  let api: ApiClient;
  /** The command against the spawned host (its API, its data folder's test key). */
  const run = (...args: string[]) => cli([...args, '--api-url', host.info.api_url, '--data-dir', dir]);
  const token = async (...args: string[]) => {
    const r = await run('connect', 'token', ...args);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    return r.stdout.trim();
  };

  beforeAll(async () => {
    host = await spawnServe(dir, ['--no-demo']);
    api = createApiClient({
      baseUrl: host.info.api_url,
      credentials: { accountId: host.info.account_id, apiKey: host.info.test_key },
      validate: true,
    });
  });
  afterAll(async () => {
    if (host) await stopAll([host.child, 'SIGTERM']);
    rmSync(dir, { recursive: true, force: true });
  });

  it('explains itself with --help, and says how to call it when called wrong', async () => {
    const top = await cli(['connect', '--help']);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain('Usage: tariff-desk connect token|complete');
    const tokenHelp = await cli(['connect', 'token', '--help']);
    expect(tokenHelp.code).toBe(0);
    expect(tokenHelp.stdout).toContain('--postal-address JSON');
    const completeHelp = await cli(['connect', 'complete', '-h']);
    expect(completeHelp.code).toBe(0);
    expect(completeHelp.stdout).toMatch(/--direct success\|pending\|failure --provider ID/);
    const none = await cli(['connect']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: tariff-desk connect');
    const unknown = await cli(['connect', 'finish']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown connect command 'finish'");
    const listed = await cli(['--help']);
    expect(listed.stdout).toMatch(/^ {2}connect {3}/m);
  });

  it('creates a token and completes it with a typed-in fixed price', async () => {
    const cot = await token('--postal-address', JSON.stringify(berlinAddress));
    expect(cot).toMatch(/^cot_\w+$/);
    const done = await run('connect', 'complete', '--token', cot, '--manual-fixed', '0.245');
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(
      new RegExp(`^${cot} SAVE {2}location loc_\\w+ {2}tariff trf_\\w+ {2}price_available true\\n$`),
    );
    const t = await api.call('connect_token.retrieve', { query: { connect_token: cot } });
    expect(t).toMatchObject({ used: true, complete_action: 'SAVE', price_available: true });
    const tariff = await api.call('tariffs.retrieve', { params: { id: t.tariff_id! } });
    expect(tariff.location_id).toBe(t.location_id);
    expect(JSON.stringify(tariff)).toContain('0.245');
  });

  it('completes with a library tariff, looking up its provider, and prints JSON on request', async () => {
    const cot = await token('--postal-address', JSON.stringify(berlinAddress));
    const r = await run('connect', 'complete', '--token', cot, '--tariff', 'ltf_nordlichtfix', '--json');
    expect(r.stderr).toBe('');
    const t = JSON.parse(r.stdout);
    expect(t).toMatchObject({ id: cot, object: 'connect_token', complete_action: 'SAVE' });
    const tariff = await api.call('tariffs.retrieve', { params: { id: t.tariff_id } });
    expect(tariff).toMatchObject({ provider_id: 'prv_nordlichtenergie' });
    // A library tariff no provider offers is named before any session starts.
    const other = await token('--postal-address', JSON.stringify(berlinAddress));
    const missing = await run('connect', 'complete', '--token', other, '--tariff', 'ltf_nosuchtariff');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no provider offers the library tariff ltf_nosuchtariff');
  });

  it('completes a grid-fee token with a grid fee, or a typed-in fee, asking no provider', async () => {
    const fee = await token('--postal-address', JSON.stringify(berlinAddress), '--tariff-type', 'NON_COMMODITY');
    const r = await run('connect', 'complete', '--token', fee, '--tariff', 'grf_spreenetzberlin', '--json');
    expect(r.stderr).toBe('');
    const t = JSON.parse(r.stdout);
    expect(t).toMatchObject({ complete_action: 'SAVE', tariff_type: 'NON_COMMODITY' });
    const stored = await api.call('tariffs.retrieve', { params: { id: t.tariff_id } });
    expect(stored).toMatchObject({ type: 'NON_COMMODITY', connection_type: 'LIBRARY' });
    expect(stored.provider_id ?? null).toBeNull();

    const typed = await token('--postal-address', JSON.stringify(berlinAddress), '--tariff-type', 'NON_COMMODITY');
    const m = await run('connect', 'complete', '--token', typed, '--manual-fixed', '0.09', '--json');
    expect(m.stderr).toBe('');
    const manual = await api.call('tariffs.retrieve', { params: { id: JSON.parse(m.stdout).tariff_id } });
    expect(manual).toMatchObject({ type: 'NON_COMMODITY', connection_type: 'MANUAL' });
    expect(JSON.stringify(manual)).toContain('0.09');
  });

  it('completes with a market tariff and with a DIRECT provider left pending', async () => {
    const market = await token('--postal-address', JSON.stringify(berlinAddress));
    const m = await run('connect', 'complete', '--token', market, '--market', '--surcharge-fixed', '0.02', '--json');
    expect(m.stderr).toBe('');
    const mt = JSON.parse(m.stdout);
    expect(mt.complete_action).toBe('SAVE');
    expect((await api.call('tariffs.retrieve', { params: { id: mt.tariff_id } })).location_id).toBe(mt.location_id);
    // Named as the customer would name it on the pages.
    const named = await token('--postal-address', JSON.stringify(berlinAddress));
    const n = await run(
      'connect',
      'complete',
      '--token',
      named,
      '--market',
      '--provider-name',
      'Acme Energy',
      '--tariff-name',
      'My Plan',
      '--json',
    );
    expect(n.stderr).toBe('');
    const nt = JSON.parse(n.stdout);
    expect((await api.call('tariffs.retrieve', { params: { id: nt.tariff_id } })).display_name).toBe(
      'Acme Energy – My Plan',
    );

    const direct = await token('--postal-address', JSON.stringify(sydneyAddress));
    const d = await run(
      'connect',
      'complete',
      '--token',
      direct,
      '--direct',
      'pending',
      '--provider',
      'prv_harbourlight',
    );
    expect(d.stderr).toBe('');
    expect(d.code).toBe(0);
    const t = await api.call('connect_token.retrieve', { query: { connect_token: direct } });
    const tariff = await api.call('tariffs.retrieve', { params: { id: t.tariff_id! } });
    expect(tariff).toMatchObject({ status: 'PENDING', connection_type: 'DIRECT', provider_id: 'prv_harbourlight' });
  });

  it('makes a token for a location and disconnects its tariff with --action DISCONNECT', async () => {
    const first = await token('--postal-address', JSON.stringify(berlinAddress));
    await run('connect', 'complete', '--token', first, '--manual-fixed', '0.31');
    const { location_id } = await api.call('connect_token.retrieve', { query: { connect_token: first } });
    const cot = await token('--location', location_id!);
    const r = await run('connect', 'complete', '--token', cot, '--action', 'DISCONNECT', '--json');
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ complete_action: 'DISCONNECT', location_id });
    const left = await api.call('tariffs.list', { query: { location_id: location_id! } });
    expect(left.data).toEqual([]);
  });

  it('refuses wrong input with the named code, before or from the service', async () => {
    const cot = await token('--postal-address', JSON.stringify(berlinAddress));
    const cases: [string[], RegExp][] = [
      [['--manual-fixed', '0.2'], /--token COT is required/],
      [['--token', cot, '--manual-fixed', '0.2', '--market'], /give one choice, not --manual-fixed and --market/],
      [['--token', cot, '--surcharge-fixed', '0.1'], /go with --market/],
      [['--token', cot, '--tariff-name', 'X'], /go with --manual-fixed or --market/],
      [['--token', cot], /\(choice_missing\)/],
      [['--token', 'not-a-token', '--manual-fixed', '0.2'], /connect_token: .*\(connect_token_invalid\)/],
      [['--token', cot, '--direct', 'maybe', '--provider', 'prv_harbourlight'], /direct\.outcome.*\(outcome_invalid\)/],
      [['--token', cot, '--manual-fixed', '0.2', '--postal-address', '{city'], /--postal-address must be JSON/],
      [['--token', 'cot_nosuchtoken', '--manual-fixed', '0.2'], /\(connect_token_not_found\)/],
    ];
    for (const [args, said] of cases) {
      const r = await run('connect', 'complete', ...args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).toMatch(said);
    }
    const spent = await run('connect', 'complete', '--token', cot, '--manual-fixed', '0.2');
    expect(spent.code).toBe(0);
    const again = await run('connect', 'complete', '--token', cot, '--manual-fixed', '0.2');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/\(connect_token_used\)/);
    const badDirection = await run('connect', 'token', '--direction', 'SIDEWAYS');
    expect(badDirection.code).toBe(1);
    expect(badDirection.stderr).toMatch(/tariff_direction.*\(tariff_direction_invalid\)/);
  });

  it('names a number option that is not a number, before any request', async () => {
    const cot = await token('--postal-address', JSON.stringify(berlinAddress));
    const fixed = await run('connect', 'complete', '--token', cot, '--manual-fixed', 'abc');
    expect(fixed.code).toBe(1);
    expect(fixed.stderr).toBe(
      "tariff-desk: --manual-fixed must be a number, e.g. 0.245 (per kWh, major units) (got 'abc')\n",
    );
    const surcharge = await run('connect', 'complete', '--token', cot, '--market', '--surcharge-percent', 'five');
    expect(surcharge.stderr).toBe("tariff-desk: --surcharge-percent must be a number, e.g. 5 (got 'five')\n");
    // Nothing was sent: the token is still unspent.
    expect((await api.call('connect_token.retrieve', { query: { connect_token: cot } })).used).toBe(false);
  });

  it("a partial address is the token's to have; the address page needs the whole one and says which fields", async () => {
    const partial = JSON.stringify({ city: 'Berlin', country_code: 'DE' });
    const fromToken = await token('--postal-address', partial);
    const ok = await run('connect', 'complete', '--token', fromToken, '--manual-fixed', '0.25');
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toContain(' SAVE ');
    const bare = await token();
    const typed = await run(
      'connect',
      'complete',
      '--token',
      bare,
      '--manual-fixed',
      '0.25',
      '--postal-address',
      partial,
    );
    expect(typed.code).toBe(1);
    expect(typed.stderr).toMatch(
      /postal_address is incomplete: give postal_address\.address_line1, postal_address\.post_code\. .*\(address_line1_missing\)\n$/,
    );
    const whole = await run(
      'connect',
      'complete',
      '--token',
      bare,
      '--manual-fixed',
      '0.25',
      '--postal-address',
      JSON.stringify(berlinAddress),
    );
    expect(whole.stderr).toBe('');
    expect(whole.stdout).toContain(' SAVE ');
  });

  it('with no host at --api-url says which address it tried and how to point elsewhere', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((r) => closed.close(r));
    const r = await cli(['connect', 'token', '--api-url', url, '--data-dir', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `tariff-desk: no answer from ${url} (ECONNREFUSED): is \`tariff-desk serve\` running there? (--api-url)\n`,
    );
  });
});
