// Type-checked, never run: the package's tests compile this file against the declarations
// tariff-desk ships (no @types/* loaded), so a signature that drifts or turns into `any`
// fails there. The `@ts-expect-error` lines must stay errors.
import {
  startTariffDesk,
  ServiceError,
  type ConnectTokenObject,
  type TariffDesk,
  type TariffDeskEvent,
  type WebhookCheck,
} from 'tariff-desk';

export async function typedUse(): Promise<string> {
  const td: TariffDesk = await startTariffDesk({ demo: true, clock: new Date('2026-12-24T18:00:00Z') });
  const token: string = await td.connectToken({ postal_address: { city: 'Berlin', country_code: 'DE' } });
  const done: ConnectTokenObject = await td.completeConnect(token, {
    manual: { provider_name: 'P', tariff_name: 'T', structure: 'FIXED', cost: 0.245 },
  });
  const action: 'SAVE' | 'DISCONNECT' | '' = done.complete_action;
  const event: TariffDeskEvent = await td.waitForEvent('connect.session.complete', {
    timeout: 5_000,
    match: (e) => e.data.id === token,
  });
  const location = await td.client.call('locations.retrieve', { params: { id: done.location_id ?? '' } });
  const zone: string = location.timezone;
  const check: WebhookCheck = await td.checkReceiver('http://127.0.0.1:3000/webhooks', { secret: 'whsec_…' });
  const verdicts: boolean[] = check.checks.map((c) => c.passed && c.expected !== 'not 2xx');
  const clock = await td.clock.advance('P1D');
  const mode: 'real' | 'offset' | 'frozen' = clock.mode;
  await td.reset();
  await td.stop();

  // @ts-expect-error: a choice's structure is FIXED or TIME_OF_DAY
  await td.completeConnect(token, { manual: { provider_name: 'P', tariff_name: 'T', structure: 'FLAT' } });
  // @ts-expect-error: a check's name is one of the nine
  if (check.checks[0]?.name === 'signature') return '';
  // @ts-expect-error: no such operation in the API
  await td.client.call('locations.explode');
  // @ts-expect-error: the clock moves by a duration, not by an object
  await td.clock.advance({ days: 1 });
  // @ts-expect-error: an answer's fields are typed
  const wrong: number = location.timezone;

  try {
    await td.connectToken();
  } catch (e) {
    if (e instanceof ServiceError) return `${e.status} ${e.code}`;
  }
  return [action, event.type, zone, mode, String(wrong), String(verdicts)].join(' ');
}
