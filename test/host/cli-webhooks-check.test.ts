import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { BIN, spawnServe, stopAll, type Spawned } from './cli.js';
import { loggedIn } from '../e2e/host.js';
import { deadPort, fetchJwks, receiver, verifyPs256Webhook, type Received } from '../webhooks/receiver.js';

/** The command as a process, its output collected (asynchronously: the receivers answer from this process). */
function cli(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args]);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((done) => child.on('close', (status) => done({ status, stdout, stderr })));
}

const FORGERIES = ['bad_signature', 'no_signature', 'stale_timestamp', 'future_timestamp', 'tampered_body'];

let host: Spawned;
let dir: string;
let api: Awaited<ReturnType<typeof loggedIn>>['api'];
const closers: (() => Promise<void>)[] = [];
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'td-check-'));
  host = await spawnServe(dir, ['--no-demo']);
  ({ api } = await loggedIn(host.info));
});
afterAll(async () => {
  await stopAll([host.child, 'SIGTERM']);
  for (const close of closers) await close();
});

const connection = () => ['--api-url', host.info.api_url, '--data-dir', dir];
/** The CLI's verdict on an endpoint, as its JSON line, with its exit status. */
async function verdict(id: string) {
  const r = await cli(['webhooks', 'check', id, '--json', ...connection()]);
  expect(r.stderr).toBe('');
  expect(r.stdout.trim().split('\n')).toHaveLength(1);
  const check = JSON.parse(r.stdout) as {
    passed: boolean;
    checks: { name: string; passed: boolean; error: string | null }[];
  };
  return { status: r.status, check, failed: check.checks.filter((c) => !c.passed).map((c) => c.name) };
}

/**
 * A receiver written here, registered as an endpoint: `accept` decides on each message, given the
 * endpoint's secret (the endpoint is made first; the secret is the receiver's configuration).
 */
async function endpointFor(accept: (secret: string, r: Received) => boolean) {
  let secret = '';
  const rx = await receiver((r) => ({ status: accept(secret, r) ? 200 : 401 }));
  closers.push(rx.close);
  const ep = (await api('POST', '/webhooks', { url: rx.url })).body;
  secret = ep.secret;
  return ep.id as string;
}

/** The three receivers of the outside check, and its assertions, under one wire profile. */
function outsideCheck(
  profile: 'spec' | 'published',
  verify: (secret: string, r: Received, opts: { ignoreTimestamp: boolean }) => boolean,
) {
  const ids = {} as Record<'strict' | 'all' | 'timeless' | 'dead', string>;
  beforeAll(async () => {
    expect((await api('PATCH', '/settings', { wire_profile: profile })).status).toBe(200);
    ids.strict = await endpointFor((secret, r) => verify(secret, r, { ignoreTimestamp: false }));
    ids.all = await endpointFor(() => true);
    ids.timeless = await endpointFor((secret, r) => verify(secret, r, { ignoreTimestamp: true }));
    ids.dead = (await api('POST', '/webhooks', { url: `http://127.0.0.1:${await deadPort()}/hook` })).body.id;
  });

  it('passes the receiver that verifies signatures with a five-minute window (exit 0)', async () => {
    const v = await verdict(ids.strict);
    expect(v.failed).toEqual([]);
    expect(v.check.passed).toBe(true);
    expect(v.status).toBe(0);
  });

  it('fails the receiver that accepts everything on every forgery, but not on signed (exit 1)', async () => {
    const v = await verdict(ids.all);
    expect(v.failed).toEqual(FORGERIES);
    expect(v.check.checks.find((c) => c.name === 'signed')!.passed).toBe(true);
    expect(v.status).toBe(1);
  });

  it('fails the receiver that ignores the timestamp on exactly the two timestamp checks (exit 1)', async () => {
    const v = await verdict(ids.timeless);
    expect(v.failed).toEqual(['stale_timestamp', 'future_timestamp']);
    expect(v.status).toBe(1);
  });

  it('reports an endpoint nobody listens on as failing signed, with the connection error (exit 1)', async () => {
    const v = await verdict(ids.dead);
    expect(v.check.checks[0]).toMatchObject({ name: 'signed', passed: false, error: 'ECONNREFUSED' });
    expect(v.status).toBe(1);
  });

  it('leaves every endpoint enabled', async () => {
    for (const id of Object.values(ids))
      expect((await api('GET', `/webhooks/${id}`)).body).toMatchObject({ disabled: false, disabled_reason: null });
  });
}

describe('the outside check, Standard Webhooks (spec profile): tariff-desk webhooks check', () => {
  outsideCheck('spec', (secret, r, { ignoreTimestamp }) => {
    const headers = r.headers as Record<string, string>;
    const wh = new Webhook(secret);
    if (!ignoreTimestamp)
      try {
        wh.verify(r.body, headers); // the library's own check: signature, and a five-minute window
        return true;
      } catch {
        return false;
      }
    // The signature alone, at whatever time the message says it was signed.
    const [id, ts, sigs] = [headers['webhook-id'], headers['webhook-timestamp'], headers['webhook-signature']];
    if (!id || !ts || !sigs) return false;
    const expected = wh.sign(id, new Date(Number(ts) * 1000), r.body);
    return sigs.split(' ').includes(expected);
  });

  it('prints a table by default: every check with its verdict, then what failed and how to fix it', async () => {
    const all = await endpointFor(() => true);
    const r = await cli(['webhooks', 'check', all, ...connection()]);
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^Receiver check whc_\\w+ of endpoint ${all} at http://127\\.0\\.0\\.1:\\d+/hook \\(Standard Webhooks\\)$`,
      ),
    );
    expect(lines[2]).toMatch(/^check\s+expected\s+got\s+ms\s+verdict$/);
    expect(lines[3]).toMatch(/^signed\s+2xx\s+200\s+[\d.]+\s+pass$/);
    expect(lines[4]).toMatch(/^bad_signature\s+not 2xx\s+200\s+[\d.]+\s+FAIL$/);
    expect(lines[11]).toMatch(/^timely\s+any\s+-\s+[\d.]+ max\s+pass$/);
    expect(r.stdout).toContain('5 of 9 checks failed:');
    expect(r.stdout).toContain(
      '  stale_timestamp: An event correctly signed with a webhook-timestamp ten minutes old was accepted with 200',
    );
  });

  it('a receiver that verifies and then fails with 500: the signature was fine and the receiver failed, no HMAC advice', async () => {
    // Refuses what does not verify (401) and fails on what does (500), as a handler that throws after its check.
    let secret = '';
    const rx = await receiver((r) => {
      try {
        new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
        return { status: 500, body: 'TypeError: cannot read properties of undefined' };
      } catch {
        return { status: 401 };
      }
    });
    closers.push(rx.close);
    const ep = (await api('POST', '/webhooks', { url: rx.url })).body;
    secret = ep.secret;
    const r = await cli(['webhooks', 'check', ep.id, ...connection()]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^signed\s+2xx\s+500\s+[\d.]+\s+FAIL$/m);
    expect(r.stdout).toContain('3 of 9 checks failed:');
    const detail = (name: string) => r.stdout.split('\n').find((l) => l.startsWith(`  ${name}: `))!;
    expect(detail('signed')).toContain(
      "was answered 500, which is the receiver failing, not the signature (that was correct): find the error behind the 500 in the receiver's log and leave its signature check as it is",
    );
    expect(detail('duplicate')).toContain('was answered 500 (the receiver failing: the signature was correct)');
    expect(detail('duplicate')).toContain('answer 2xx to a webhook-id you have seen');
    expect(detail('unknown_type')).toContain('(the receiver failing: the signature was correct)');
    expect(r.stdout).not.toContain('HMAC');
    expect(r.stdout).not.toMatch(/\ban webhook-id/);
    // Then the warning the app's scorecard shows too.
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(
      'The receiver failed (500) on the correctly signed event: the signature was fine, so leave its check as it is and fix the error behind the 500. Until that event is accepted, the refused forgeries say little: a receiver that fails everything refuses them too.',
    );
  });

  it('a receiver that refuses the correctly signed event with 401 is told how to verify, and to check its secret', async () => {
    const wrong = await endpointFor(() => false);
    const r = await cli(['webhooks', 'check', wrong, ...connection()]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(
      "  signed: A connect.session.complete event signed with the endpoint's secret (Standard Webhooks) was answered 401, so genuine deliveries would be retried until the endpoint is disabled: compute the HMAC-SHA256",
    );
    expect(r.stdout).toContain("Check the receiver's secret and its answer to a good message first.");
    expect(r.stdout).not.toContain('the signature was correct');
  });

  it('usage errors exit 2 before any request; --help exits 0', async () => {
    for (const args of [
      ['webhooks', 'check', ...connection()],
      ['webhooks', 'check', 'not-an-id', ...connection()],
      ['webhooks', 'check', 'whe_1', 'whe_2', ...connection()],
      ['webhooks', 'check', 'whe_1', '--colour', ...connection()],
      ['webhooks', 'check', 'whe_1', '--account', 'acc_1', ...connection()],
      ['webhooks', 'inspect', 'whe_1'],
      ['webhooks'],
    ]) {
      const r = await cli(args);
      expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain('Usage: tariff-desk webhooks check ENDPOINT_ID');
      expect(r.stdout).toBe('');
    }
    expect((await cli(['webhooks', 'check', 'not-an-id'])).stderr).toContain('webhook_endpoint_id_invalid');
    const help = await cli(['webhooks', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Exit status: 0 when every check passes, 1 when one fails, 2 on a usage error.');
    // An endpoint the host does not know is not a usage error: the host said so.
    const unknown = await cli(['webhooks', 'check', 'whe_nothere', ...connection()]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('webhook_endpoint_not_found');
  });
});

describe('the outside check, PS256 (published profile): tariff-desk webhooks check', () => {
  let jwks: Awaited<ReturnType<typeof fetchJwks>>;
  beforeAll(async () => {
    jwks = await fetchJwks(host.info.api_url);
  });
  outsideCheck('published', (_secret, r, { ignoreTimestamp }) =>
    verifyPs256Webhook(
      jwks,
      r.headers,
      r.body,
      // Judged as of the time the message says it was signed: no window at all.
      ignoreTimestamp ? Number(r.headers['flatpeak-timestamp']) * 1000 : Date.now(),
    ),
  );
});
