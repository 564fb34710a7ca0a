import type { Bootstrap } from './bootstrap';

/** An error object from the service, shown to the user with its message. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The renderer talks to the service over HTTP like any client: log in with the mode's key, then bearer calls. */
export class ApiClient {
  private token: Promise<string> | undefined;

  constructor(
    readonly boot: Bootstrap,
    readonly liveMode: boolean,
  ) {}

  private login(): Promise<string> {
    const key = this.liveMode ? this.boot.live_key : this.boot.test_key;
    return fetch(`${this.boot.api_url}/login`, {
      headers: { authorization: 'Basic ' + btoa(`${this.boot.account_id}:${key}`) },
    })
      .then((r) => r.json())
      .then((b: { bearer_token?: string; message?: string }) => {
        if (!b.bearer_token) throw new ServiceError(401, 'login_failed', b.message ?? 'Login failed');
        return b.bearer_token;
      });
  }

  async request<T = any>(method: string, path: string, body?: unknown, retry = true): Promise<T> {
    this.token ??= this.login();
    let token: string;
    try {
      token = await this.token;
    } catch (e) {
      this.token = undefined;
      throw e;
    }
    const r = await fetch(this.boot.api_url + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const out = await r.json().catch(() => ({ object: 'error', code: 'bad_response', message: `HTTP ${r.status}` }));
    if (r.status === 401 && retry) {
      this.token = undefined;
      return this.request(method, path, body, false);
    }
    if (!r.ok || out?.object === 'error')
      throw new ServiceError(r.status, out.code ?? 'error', out.message ?? `HTTP ${r.status}`);
    return out as T;
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {});
  patch = <T = any>(path: string, body: unknown) => this.request<T>('PATCH', path, body);
  del = <T = any>(path: string) => this.request<T>('DELETE', path);
}
