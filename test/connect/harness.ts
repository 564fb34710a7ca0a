import { buildConnectServer } from '../../core/node/connect/server.js';
import { buildConnectWeb } from '../../core/node/connect/web.js';
import { ConnectFlow } from '../../core/node/connect/flow.js';
import { harness, type Harness } from '../helpers.js';

export const WEB = 'http://127.0.0.1:7070';
/** Every token needs a callback_url; the tests' default. */
export const CALLBACK = 'https://app.example/callback';

/** The API, the connect service and the connect web server of one in-memory service, called without sockets. */
export async function connectHarness(now?: string) {
  const h = await harness(now);
  const flow = new ConnectFlow(h.svc, { connectWebUrl: () => WEB });
  const connect = buildConnectServer(h.svc, (m) => flow.handle(m));
  const web = buildConnectWeb(h.svc, flow, {
    distDir: '/nonexistent',
    connectApiUrl: () => 'http://127.0.0.1:7072',
    connectWebUrl: () => WEB,
  });
  const send = async (message: unknown, contentType = 'application/json') => {
    const r = await connect.inject({
      method: 'POST',
      url: '/',
      headers: contentType ? { 'content-type': contentType } : {},
      payload: typeof message === 'string' ? message : JSON.stringify(message),
    });
    return JSON.parse(r.body);
  };
  const token = async (body: object, headers = h.test) => {
    const r = await h.call({
      method: 'POST',
      url: '/connect/token',
      headers,
      payload: { callback_url: CALLBACK, ...body },
    });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
    return r.body.connect_token as string;
  };
  const start = (cot: string) => send({ route: 'session_start', connect_token: cot, type: 'submit' });
  const submit = (route: string, cot: string, data?: unknown, action?: string) =>
    send({
      route,
      connect_token: cot,
      type: 'submit',
      ...(data !== undefined ? { data } : {}),
      ...(action ? { action } : {}),
    });
  /** The simulated provider's consent form, answered like a browser would. */
  const providerLogin = async (redirectUrl: string, decision: 'allow' | 'deny') => {
    const u = new URL(redirectUrl);
    const page = await web.inject({ method: 'GET', url: u.pathname + u.search });
    const cot = u.searchParams.get('svc_cot')!;
    const r = await web.inject({
      method: 'POST',
      url: u.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        svc_cot: cot,
        username: 'a@b.c',
        password: 'x',
        consent: 'yes',
        decision,
      }).toString(),
    });
    return { page: page.body, status: r.statusCode, location: r.headers.location as string };
  };
  /** A session started and a DIRECT provider chosen, then its consent form answered. */
  const viaProvider = async (cot: string, providerId: string, decision: 'allow' | 'deny') => {
    await start(cot);
    const r = await submit('provider_select', cot, { provider: { id: providerId } });
    return providerLogin(r.data.redirect_url, decision);
  };
  return {
    h,
    flow,
    connect,
    web,
    send,
    token,
    start,
    submit,
    providerLogin,
    viaProvider,
    close: async () => {
      await connect.close();
      await web.close();
      await h.close();
    },
  };
}
export type ConnectHarness = Awaited<ReturnType<typeof connectHarness>>;
export type { Harness };
