/** Object id prefixes (docs/api.md, Objects). */
export const Prefix = {
  location: 'loc',
  tariff: 'trf',
  provider: 'prv',
  price: 'prs',
  connectToken: 'cot',
  event: 'evt',
  account: 'acc',
  webhookEndpoint: 'whe',
  delivery: 'dlv',
  libraryTariff: 'ltf',
  gridFee: 'grf',
  marketRegion: 'mkt',
  scenario: 'scn',
  scheduleDuration: 'std',
  scheduleLimit: 'spl',
  scheduleAmount: 'sae',
  webhookCheck: 'whc',
  customer: 'cus',
  device: 'dev',
  meterRecord: 'mre',
  meterBatch: 'bat',
  energyCost: 'ecs',
  marketSource: 'mrs',
  priceAudit: 'tra',
  deviceState: 'dsr',
} as const;
export type PrefixName = keyof typeof Prefix;

/** Generates prefixed ids; injectable so tests and demos can make ids deterministic. */
export type IdGenerator = (prefix: string) => string;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The part of Web Crypto the engine uses: Node and every browser provide it on globalThis. */
interface WebCrypto {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

/** Random bytes drawn in batches: a price answer needs an id per request, a system call each is waste. */
const pool = new Uint8Array(4096);
let used = pool.length;

export const randomIds: IdGenerator = (prefix) => {
  if (used + 20 > pool.length) {
    (globalThis as unknown as { crypto: WebCrypto }).crypto.getRandomValues(pool);
    used = 0;
  }
  let out = '';
  for (let i = used; i < used + 20; i++) out += ALPHABET[pool[i]! % 62];
  used += 20;
  return `${prefix}_${out}`;
};

/** Ids are a known prefix, an underscore and 1–64 url-safe characters. */
export const ID_BODY = /^[A-Za-z0-9]{1,64}$/;
export function hasPrefix(id: string, prefix: string): boolean {
  if (!id.startsWith(prefix + '_')) return false;
  return ID_BODY.test(id.slice(prefix.length + 1));
}
