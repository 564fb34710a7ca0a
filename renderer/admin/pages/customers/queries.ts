import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../context';
import type { ApiClient } from '../../api';

/** The most customers the page lists (and searches): ten pages of the API's largest. */
export const MAX_LISTED = 1000;

/** Every page of a list the API serves newest first, up to `MAX_LISTED` items. */
async function allPages<T extends { id: string }>(
  page: (after: string | undefined) => Promise<{ data: T[]; has_more: boolean }>,
): Promise<{ data: T[]; more: boolean }> {
  const data: T[] = [];
  for (let after: string | undefined; ;) {
    const p = await page(after);
    data.push(...p.data);
    if (!p.has_more || !p.data.length) return { data, more: false };
    if (data.length >= MAX_LISTED) return { data, more: true };
    after = p.data.at(-1)!.id;
  }
}

const customerPage = (api: ApiClient) => (after: string | undefined) =>
  api.call('customers.list', { query: { limit: 100, ...(after ? { starting_after: after } : {}) } });
const devicePage = (api: ApiClient) => (after: string | undefined) =>
  api.call('devices.list', { query: { limit: 100, ...(after ? { starting_after: after } : {}) } });

/** The customers of the current mode, newest first. */
export function useCustomers() {
  const { api, liveMode } = useApp();
  return useQuery({ queryKey: ['customers', liveMode], queryFn: () => allPages(customerPage(api)) });
}

/** The account's devices in the current mode, newest first. */
export function useDevices() {
  const { api, liveMode } = useApp();
  return useQuery({ queryKey: ['devices', liveMode], queryFn: () => allPages(devicePage(api)) });
}

/** A customer or device in a few words: its reference, else its id. */
export const nameOf = (o: { id: string; reference_id: string | null }) => o.reference_id ?? o.id;

/** Whether a customer or device matches what was typed in the search: its reference or id contains it. */
export const matches = (o: { id: string; reference_id: string | null }, text: string) => {
  const t = text.trim().toLowerCase();
  return !t || (o.reference_id ?? '').toLowerCase().includes(t) || o.id.toLowerCase().includes(t);
};
