// @ts-check
// The few lines of HTTP every client of the service needs: log in with Basic credentials, then
// send JSON with the bearer and the API version the client was written for.

/**
 * @typedef {{ apiUrl: string, accountId: string, apiKey: string }} Config
 * @typedef {{ status: number, body: any, version: string | null }} Answer
 */

/**
 * @param {Config} config
 * @param {string} version the `Flatpeak-Version` this client speaks
 */
export function http(config, version) {
  /** @type {Promise<string> | undefined} */
  let bearer;
  const login = async () => {
    const basic = Buffer.from(`${config.accountId}:${config.apiKey}`).toString('base64');
    const r = await fetch(`${config.apiUrl}/login`, { headers: { authorization: `Basic ${basic}` } });
    if (r.status !== 200) throw new Error(`login: HTTP ${r.status}`);
    return (await r.json()).bearer_token;
  };
  /**
   * @param {string} method
   * @param {string} path
   * @param {unknown} [body]
   * @returns {Promise<Answer>}
   */
  return async function send(method, path, body) {
    bearer ??= login();
    const headers = { authorization: `Bearer ${await bearer}`, 'flatpeak-version': version };
    const r = await fetch(`${config.apiUrl}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.text();
    return { status: r.status, body: text ? JSON.parse(text) : undefined, version: r.headers.get('flatpeak-version') };
  };
}

/**
 * @param {Answer} a
 * @param {number} status
 * @param {string} what
 */
export function expectStatus(a, status, what) {
  if (a.status !== status) throw new Error(`${what}: HTTP ${a.status} ${JSON.stringify(a.body)}`);
  return a.body;
}
