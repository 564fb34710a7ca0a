/** This machine's addresses: the only hosts and browser origins the local service trusts by default. */
export const LOOPBACK_HOST = /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;
export const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/;

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** A socket address on this machine: 127.0.0.0/8, ::1, or 127.x written as an IPv4-mapped IPv6 address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return IPV4_LOOPBACK.test(v4) || address === '::1';
}

/** Whether binding `host` keeps the listeners on this machine (a name or a loopback address). */
export function isLoopbackBind(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}
