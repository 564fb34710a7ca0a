import { connectHarness } from './harness.js';

/** The tests' Zero callback; Zero clients name it `callback_uri`. */
export const ZERO_CALLBACK = 'https://app.example/zero/done';

/**
 * A connect harness speaking Zero as Zero clients did: tokens of generation `zero`, messages
 * without `type`, with the client's bearer in an Authorization header the service ignores.
 */
export async function zeroHarness(now = '2026-11-20T10:00:00Z') {
  const c = await connectHarness(now);
  const scope = { accountId: c.h.cred.account_id, liveMode: false };
  const zeroToken = (body: Record<string, unknown> = {}) =>
    c.h.svc.connectTokens.create(scope, { callback_url: ZERO_CALLBACK, ...body } as never, 'zero').connect_token;
  const zsend = async (message: Record<string, unknown>) => {
    const r = await c.connect.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json', authorization: c.h.test.authorization },
      payload: JSON.stringify(message),
    });
    return { status: r.statusCode, ...JSON.parse(r.body) };
  };
  const restore = (cot: string) => zsend({ route: 'session_restore', connect_token: cot });
  const zsubmit = (route: string, cot: string, data?: unknown, action?: string) =>
    zsend({
      route,
      connect_token: cot,
      ...(data !== undefined ? { data } : {}),
      ...(action ? { action } : {}),
    });
  const exchange = async (cot: string) =>
    (await c.h.call({ method: 'GET', url: `/connect/token?connect_token=${cot}`, headers: c.h.test })).body;
  /** Ecotricity, the GB library's market-only supplier: its path goes straight to the structure choice. */
  const marketOnly = async () => 'prv_ecotricity';
  return { ...c, scope, zeroToken, zsend, restore, zsubmit, exchange, marketOnly };
}
export type ZeroHarness = Awaited<ReturnType<typeof zeroHarness>>;

export const LONDON = {
  address_line1: '1-3',
  address_line2: 'Strand',
  city: 'London',
  state: 'Greater London',
  post_code: 'WC2N 5EH',
  country_code: 'GB',
};
