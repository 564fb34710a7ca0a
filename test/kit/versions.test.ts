import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTariffDesk, type TariffDesk, type TariffDeskOptions } from '../../core/index.js';
import { berlinAddress } from '../helpers.js';

const ZERO = '2024-08-24';
const ANODE = '2025-09-14.anode';

describe('startTariffDesk({ apiVersion })', () => {
  let td: TariffDesk;
  beforeAll(async () => {
    td = await startTariffDesk({ apiVersion: `${ZERO}.zero` });
  });
  afterAll(() => td?.stop());

  it("sets the service's default: a request that names no version is answered in Zero", async () => {
    expect(td.apiVersion).toBe(ZERO);
    expect(td.info.api_version).toBe(ZERO);
    const login = await fetch(`${td.apiUrl}/login`, {
      headers: { authorization: 'Basic ' + Buffer.from(`${td.accountId}:${td.testKey}`).toString('base64') },
    });
    const { bearer_token } = (await login.json()) as { bearer_token: string };
    const r = await fetch(`${td.apiUrl}/locations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ postal_address: 7 }),
    });
    expect(r.headers.get('flatpeak-version')).toBe(ZERO);
    // Zero's status for a validation error.
    expect(r.status).toBe(409);
  });

  it('holds a typed client per generation over one world: each names its version', async () => {
    const made = await td.zero.call('zero.locations.create', { body: { postal_address: berlinAddress } });
    const read = await td.client.call('locations.retrieve', { params: { id: made.id } });
    expect(read.id).toBe(made.id);
    // The Anode client is answered in Anode whatever the default: Anode's event names.
    const anode = await td.client.call('events.list', { query: { object_id: made.id } });
    expect(anode.data.map((e) => e.type)).toEqual(['location.created']);
    const zero = await td.zero.call('zero.events.list', { query: { object_id: made.id } });
    expect(zero.data.map((e) => e.type)).toEqual(['location.create']);
    // A wait takes either name.
    expect((await td.waitForEvent('location.create')).data).toMatchObject({ id: made.id });
    // Anode's own operations are not Zero's: the Zero client's table has none of them.
    await expect(
      (td.zero.call as (id: string, input?: unknown) => Promise<unknown>)('tariffs.list', {}),
    ).rejects.toMatchObject({ code: 'operation_unknown' });
  });

  it('keeps its default across a reset', async () => {
    await td.reset();
    expect((await td.zero.call('settings.retrieve')).api_version).toBe(ZERO);
  });
});

describe('startTariffDesk without apiVersion', () => {
  it('answers in Anode, and a version it does not know is refused before anything starts', async () => {
    const plain = await startTariffDesk();
    try {
      expect(plain.apiVersion).toBe(ANODE);
      expect((await plain.zero.call('settings.retrieve')).api_version).toBe(ANODE);
    } finally {
      await plain.stop();
    }
    await expect(startTariffDesk({ apiVersion: '2023-01-01' } as TariffDeskOptions)).rejects.toThrow(
      /^startTariffDesk: apiVersion: .*2024-08-24/,
    );
  });
});
