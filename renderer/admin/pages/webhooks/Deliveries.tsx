import { useState } from 'react';
import { Box, Button, Chip, Collapse, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useApp } from '../../context';
import { ErrorAlert, Mono } from '../../components/common';
import { type DeliveryOut, useEventName } from './labels';
import { AttemptRow } from './Attempt';
import { instantText } from '../../instant';

/** Now by the service clock, which schedules retries: shifted or frozen when the clock was moved. */
function useServiceNow(): number {
  const { api } = useApp();
  const clock = useQuery({ queryKey: ['clock'], queryFn: () => api.call('clock.retrieve'), refetchInterval: 5000 });
  const c = clock.data;
  if (!c || c.mode === 'real') return Date.now();
  return c.mode === 'offset' ? Date.now() + c.offset_seconds * 1000 : Date.parse(c.now);
}

/** When the next attempt goes out: in words, and as wall time. */
function nextAttemptInWords(at: string, now: number): string {
  const when = DateTime.fromISO(at);
  const wall = instantText(at, false);
  const ms = when.toMillis() - now;
  if (ms <= 1000) return `Next attempt due now (${wall})`;
  return `Next attempt ${when.toRelative({ base: DateTime.fromMillis(now) }) ?? ''} at ${wall}`;
}

const STATUS_COLOR = { delivered: 'success', failed: 'error', pending: 'warning' } as const;

function DeliveryRow({
  d,
  onRetry,
  onResend,
  retrying,
  held,
  named,
}: {
  d: DeliveryOut;
  onRetry(): void;
  onResend(): void;
  retrying: boolean;
  held: boolean;
  named(type: string): string;
}) {
  const [open, setOpen] = useState(false);
  const now = useServiceNow();
  const last = d.attempt_log.at(-1);
  return (
    <Box data-delivery={d.id} sx={{ borderBottom: 1, borderColor: 'divider', py: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {/* A check's message is judged by the check's verdict, not by delivered or failed: a refused forgery passes. */}
        {d.check ? (
          <Chip
            size="small"
            variant="outlined"
            color={d.check.passed ? 'success' : 'error'}
            label={`check · ${d.check.name} · ${d.check.passed ? 'passed' : 'failed'}`}
          />
        ) : (
          <Chip size="small" label={d.status} color={STATUS_COLOR[d.status]} sx={{ minWidth: 72 }} />
        )}
        <Typography variant="body2" sx={{ flex: '1 1 260px', minWidth: 0, overflowWrap: 'anywhere' }}>
          {named(d.event_type)} · <Mono>{d.event_id}</Mono> · {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
          {last ? ` · last ${last.status ?? last.error} in ${last.latency_ms} ms` : ''}
        </Typography>
        {/* A receiver check's message is not an event's delivery: never retried, nothing to resend. */}
        {d.status !== 'delivered' && !d.check ? (
          <Button size="small" variant="outlined" onClick={onRetry} disabled={retrying || held}>
            Retry now
          </Button>
        ) : null}
        {d.check ? null : (
          <Button size="small" onClick={onResend}>
            Resend
          </Button>
        )}
        <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open} sx={{ ml: 'auto' }}>
          {open ? 'Hide' : 'Details'}
        </Button>
      </Stack>
      {d.status === 'pending' && d.next_attempt_at ? (
        <Typography variant="body2" color="text.secondary" aria-label="Next attempt" sx={{ pl: 1, mt: 0.5 }}>
          {held ? 'Held: the endpoint is disabled' : nextAttemptInWords(d.next_attempt_at, now)}
        </Typography>
      ) : null}
      {last?.clock_note ? (
        // A refusal while the clock is moved: the row says why, before the tester opens their signature code.
        <Typography
          variant="body2"
          color="warning.dark"
          aria-label="Likely cause"
          data-testid="delivery-clock-note"
          sx={{ pl: 1, mt: 0.5 }}
        >
          {last.clock_note}
        </Typography>
      ) : null}
      <Collapse in={open} unmountOnExit>
        {/* Newest first: the attempt a tester is looking for is the last one made. */}
        {[...d.attempt_log].reverse().map((a) => (
          <AttemptRow key={a.attempt + a.time} a={a} />
        ))}
      </Collapse>
    </Box>
  );
}

/** An endpoint's deliveries, newest first, with every attempt; retry a pending or failed one now. */
export function DeliveryList({ id, held, onResend }: { id: string; held: boolean; onResend(eventId: string): void }) {
  const { api, liveMode } = useApp();
  const qc = useQueryClient();
  const deliveries = useQuery({
    queryKey: ['deliveries', liveMode, id],
    queryFn: () => api.call('webhook_deliveries.list', { query: { endpoint_id: id, limit: 50 } }),
    refetchInterval: 1000,
  });
  const retry = useMutation({
    mutationFn: (deliveryId: string) => api.call('webhook_deliveries.retry', { params: { id: deliveryId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['deliveries', liveMode, id] }),
  });
  const list = deliveries.data?.data ?? [];
  const named = useEventName();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Deliveries">
      <Typography variant="subtitle1" component="h3">
        Deliveries
      </Typography>
      <ErrorAlert error={deliveries.error ?? retry.error} />
      {list.length === 0 ? <Typography color="text.secondary">No deliveries yet.</Typography> : null}
      {list.map((d) => (
        <DeliveryRow
          key={d.id}
          d={d}
          onRetry={() => retry.mutate(d.id)}
          onResend={() => onResend(d.event_id)}
          retrying={retry.isPending && retry.variables === d.id}
          held={held}
          named={named}
        />
      ))}
    </Paper>
  );
}
