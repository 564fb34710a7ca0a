// @ts-check
// A small backend of an app that reads its customers' energy prices: Tariff Desk tells it by
// webhook when a customer connected a tariff (or removed it), and it keeps each customer's
// tariff. Node's standard library only.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

/** How far a webhook's timestamp may be from now (Standard Webhooks' default tolerance). */
const TOLERANCE_SECONDS = 5 * 60;

/**
 * Checks a Standard Webhooks signature: HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`
 * with the endpoint's secret (base64 after `whsec_`); the header lists one or more `v1,<sig>`.
 * @param {string} secret
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @param {string} body
 * @param {number} nowSeconds
 */
export function verifySignature(secret, headers, body, nowSeconds) {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  const signatures = String(headers['webhook-signature'] ?? '').split(' ');
  if (!id || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.some((s) => {
    const [version, value] = s.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * The Tariff Desk REST API as this backend uses it: log in with the account's key, then read.
 * @param {{ apiUrl: string, accountId: string, apiKey: string }} o
 */
export function tariffDeskApi({ apiUrl, accountId, apiKey }) {
  /** @type {string | undefined} */
  let bearer;
  /** @param {string} path */
  async function get(path) {
    if (!bearer) {
      const login = await fetch(`${apiUrl}/login`, {
        headers: { authorization: 'Basic ' + Buffer.from(`${accountId}:${apiKey}`).toString('base64') },
      });
      if (!login.ok) throw new Error(`login failed: HTTP ${login.status}`);
      bearer = (await login.json()).bearer_token;
    }
    const r = await fetch(apiUrl + path, { headers: { authorization: `Bearer ${bearer}` } });
    if (r.status === 401) {
      bearer = undefined;
      return get(path);
    }
    if (!r.ok) throw new Error(`GET ${path}: HTTP ${r.status}`);
    return r.json();
  }
  return { get };
}

/**
 * @typedef {{ customer_id: string, location_id: string, tariff_id: string, name: string | null,
 *   provider_id: string | null, status: string, saved_at: string }} StoredTariff
 */

/**
 * The backend: `POST /webhooks/tariff-desk` takes the events, `GET /customers/{id}/tariff` answers
 * what is stored. Customers are known by the `customer_id` the app put on the connect token.
 * @param {{ apiUrl: string, accountId: string, apiKey: string, webhookSecret: string }} config
 */
export function createBackend(config) {
  const api = tariffDeskApi({ apiUrl: config.apiUrl, accountId: config.accountId, apiKey: config.apiKey });
  /** @type {Map<string, StoredTariff>} */
  const tariffs = new Map();
  /** Event ids already handled: deliveries may repeat. */
  const seen = new Set();

  /** @param {{ id: string, type: string, data: any }} event */
  async function handle(event) {
    if (seen.has(event.id)) return;
    seen.add(event.id);
    if (event.type === 'connect.session.complete' && event.data.customer_id && event.data.tariff_id) {
      const tariff = await api.get(`/tariffs/${event.data.tariff_id}`);
      tariffs.set(event.data.customer_id, {
        customer_id: event.data.customer_id,
        location_id: event.data.location_id,
        tariff_id: tariff.id,
        name: tariff.display_name ?? null,
        provider_id: tariff.provider_id ?? null,
        status: tariff.status,
        saved_at: new Date().toISOString(),
      });
    }
    if (event.type === 'tariff.deleted') {
      for (const [customer, t] of tariffs) if (t.tariff_id === event.data.id) tariffs.delete(customer);
    }
  }

  const server = createServer((req, res) => {
    const send = (/** @type {number} */ status, /** @type {unknown} */ body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const customer = /^\/customers\/([^/]+)\/tariff$/.exec(req.url ?? '');
    if (req.method === 'GET' && customer) {
      const t = tariffs.get(decodeURIComponent(customer[1] ?? ''));
      return t ? send(200, t) : send(404, { error: 'no tariff stored for this customer' });
    }
    if (req.method !== 'POST' || req.url !== '/webhooks/tariff-desk') return send(404, { error: 'not found' });
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (!verifySignature(config.webhookSecret, req.headers, body, Math.floor(Date.now() / 1000)))
        return send(400, { error: 'bad signature' });
      handle(JSON.parse(body)).then(
        () => send(200, { received: true }),
        // A failure answers 500, so Tariff Desk delivers the event again later.
        (e) => send(500, { error: String(e) }),
      );
    });
  });

  return {
    server,
    tariffs,
    /** Listens on `port` (0: any free one) and answers the backend's address. */
    async listen(port = 0) {
      await new Promise((done) => server.listen(port, '127.0.0.1', () => done(undefined)));
      const addr = /** @type {import('node:net').AddressInfo} */ (server.address());
      return `http://127.0.0.1:${addr.port}`;
    },
    close: () => new Promise((done) => server.close(() => done(undefined))),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const env = process.env;
  const backend = createBackend({
    apiUrl: env.TARIFF_DESK_API_URL ?? 'http://127.0.0.1:7071',
    accountId: env.TARIFF_DESK_ACCOUNT_ID ?? '',
    apiKey: env.TARIFF_DESK_API_KEY ?? '',
    webhookSecret: env.TARIFF_DESK_WEBHOOK_SECRET ?? '',
  });
  const url = await backend.listen(Number(env.PORT ?? 3000));
  process.stdout.write(`listening on ${url}; webhooks at ${url}/webhooks/tariff-desk\n`);
}
