/**
 * Shapes the webhook rooms share: the outbox row, and the outbound HTTP the worker, the receiver
 * check and the connection pool all speak. Kept apart so none of them imports another for a type.
 */

/** One row of the persisted outbox (`webhook_deliveries`). */
export interface DeliveryRow {
  id: string;
  account_id: string;
  live_mode: number;
  endpoint_id: string;
  event_id: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: number | null;
  time_created: string;
  time_updated: string;
}

/** Outbound HTTP, fetch-shaped: redirects are never followed, each call carries its own timeout. */
export type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal; redirect: 'manual' },
) => Promise<{ status: number; headers: { get(n: string): string | null }; text(): Promise<string> }>;
