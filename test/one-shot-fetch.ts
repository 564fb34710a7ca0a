import { Agent, fetch as undiciFetch } from 'undici';

/**
 * fetch on a connection of its own, never kept alive. A test that runs the command line with
 * spawnSync holds its event loop for longer than a server keeps an idle connection, and a pooled
 * one would then go out after the server closed it (ECONNRESET, "other side closed").
 */
const oneShot = new Agent({ pipelining: 0 });

/** Typed as the global fetch, which the tests' callers were written against. */
export const oneShotFetch = ((url: string | URL, init: object = {}) =>
  undiciFetch(url, { ...init, dispatcher: oneShot })) as unknown as typeof fetch;
