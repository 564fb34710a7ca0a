import { useMemo, useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  FormControlLabel,
  Grid,
  List,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import type { z } from 'zod';
import { useApp } from '../context';
import { CopyButton, EmptyState, ErrorAlert, Mono, PageHeader, EnumSelect } from '../components/common';
import { useFeedback } from '../components/confirm';
import { FilterSelect, TextBlock, headerLines, useSettled } from '../components/records';
import { Event } from '../../../core/engine/schemas/misc';
import {
  type CatcherRule,
  type Delivery,
  Faults,
  RetrySchedule,
  TriggerRequest,
  type WebhookEndpoint,
  type WebhookEndpointUpdate,
} from '../../../core/engine/webhooks/schemas';
import { isSignatureHeader } from '../../../core/engine/webhooks/signature';
import { ValueField } from '../../shared/value-field';

const TYPES = TriggerRequest.shape.type.options;
/** The signature schemes, as the page names them. */
const SCHEMES = { 'standard-webhooks': 'Standard Webhooks', ps256: 'PS256' } as const;
/** The endpoint faults of the schema, labelled. */
const FAULTS = {
  wrong_signature: 'Wrong signature',
  stale_timestamp: 'Stale timestamp',
  duplicate: 'Duplicate delivery',
  out_of_order: 'Out of order',
} satisfies Record<keyof Faults, string>;

/** The catcher answers a tester switches between in one click; anything else set through the API shows as Custom. */
const PRESETS = {
  ok: { label: '2xx', rule: { kind: 'ok' } },
  '500': { label: '500', rule: { kind: 'status', status: 500 } },
  '410': { label: '410 Gone', rule: { kind: 'status', status: 410 } },
  slow: { label: 'Slow 3 s', rule: { kind: 'slow', delay_ms: 3000 } },
  timeout: { label: 'Timeout', rule: { kind: 'timeout' } },
} satisfies Record<string, { label: string; rule: CatcherRule }>;
type Preset = keyof typeof PRESETS | 'custom';
/** In the order the control shows them (numeric keys would otherwise come first). */
const PRESET_ORDER: (keyof typeof PRESETS)[] = ['ok', '500', '410', 'slow', 'timeout'];

type Endpoint = z.output<typeof WebhookEndpoint>;
type DeliveryOut = z.output<typeof Delivery>;

export function WebhooksPage() {
  const { api, liveMode, route, navigate } = useApp();
  const qc = useQueryClient();
  const endpoints = useQuery({
    queryKey: ['webhooks', liveMode],
    queryFn: () => api.call('webhooks.list', { query: { limit: 100 } }),
    refetchInterval: 2000,
  });
  // Endpoints being deleted leave the screen before the request goes, so nothing polls them once they are gone.
  const [gone, setGone] = useState<ReadonlySet<string>>(new Set());
  const shown = (endpoints.data?.data ?? []).filter((e) => !gone.has(e.id));
  const asked = route.params.get('id');
  const selected = asked && !gone.has(asked) ? asked : shown[0]?.id;
  const [url, setUrl] = useState('');
  const { notify } = useFeedback();
  const remove = useMutation({
    mutationFn: (e: Endpoint) => api.call('webhooks.delete', { params: { id: e.id } }),
    onMutate: async (e) => {
      setGone((g) => new Set(g).add(e.id));
      navigate('webhooks');
      await qc.cancelQueries({ predicate: (q) => q.queryKey.includes(e.id) });
      // One frame for the endpoint's view to unmount and stop its polls before the delete goes out.
      await new Promise((r) => setTimeout(r, 50));
    },
    onSuccess: (e) => {
      for (const key of ['webhook', 'deliveries', 'caught']) qc.removeQueries({ queryKey: [key, liveMode, e.id] });
      void qc.invalidateQueries({ queryKey: ['webhooks'] });
      notify({ message: `Deleted endpoint “${e.description || e.url}”` });
    },
    onError: (err, e) => {
      setGone((g) => new Set([...g].filter((x) => x !== e.id)));
      navigate(`webhooks?id=${e.id}`);
      notify({ message: `Endpoint not deleted: ${err.message}`, severity: 'error' });
    },
  });
  const create = useMutation({
    mutationFn: (catcher: boolean) =>
      api.call('webhooks.create', {
        body: catcher ? { catcher: true, description: 'Catcher' } : { url, description: 'Receiver' },
      }),
    onSuccess: (e) => {
      void qc.invalidateQueries({ queryKey: ['webhooks'] });
      navigate(`webhooks?id=${e.id}`);
    },
  });
  return (
    <>
      <PageHeader
        title="Webhooks"
        subtitle="Endpoints, how the catcher answers, deliveries with every attempt, retry, resend and the events, updating live"
      />
      <ErrorAlert error={endpoints.error ?? create.error} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={1}>
              <ValueField
                size="small"
                label="Receiver URL"
                placeholder="http://127.0.0.1:3000/webhooks"
                value={url}
                onValue={setUrl}
              />
              <Stack direction="row" spacing={1}>
                <Button variant="contained" size="small" onClick={() => create.mutate(false)} disabled={!url}>
                  Add endpoint
                </Button>
                <Button size="small" onClick={() => create.mutate(true)}>
                  Add catcher
                </Button>
              </Stack>
            </Stack>
          </Paper>
          {endpoints.data && shown.length === 0 ? (
            <Box sx={{ mt: 2 }}>
              <EmptyState title="No endpoints" hint="Add your receiver's URL, or a catcher to see deliveries here." />
            </Box>
          ) : null}
          <Paper variant="outlined" sx={{ mt: 2 }}>
            <List dense component="nav" aria-label="Endpoints">
              {shown.map((e) => (
                <ListItemButton key={e.id} selected={e.id === selected} onClick={() => navigate(`webhooks?id=${e.id}`)}>
                  <ListItemText
                    primary={e.description || e.url}
                    secondary={
                      <>
                        {e.catcher ? `catcher · answers ${presetLabel(e.catcher_rule)} · ` : ''}
                        {e.disabled ? `disabled (${e.disabled_reason})` : 'enabled'}
                      </>
                    }
                  />
                </ListItemButton>
              ))}
            </List>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, lg: 8 }}>
          {selected ? <EndpointView key={selected} id={selected} onDelete={(e) => remove.mutate(e)} /> : null}
        </Grid>
      </Grid>
    </>
  );
}

function EndpointView({ id, onDelete }: { id: string; onDelete(e: Endpoint): void }) {
  const { api, liveMode } = useApp();
  const { confirm } = useFeedback();
  const qc = useQueryClient();
  const ep = useQuery({
    queryKey: ['webhook', liveMode, id],
    queryFn: () => api.call('webhooks.retrieve', { params: { id } }),
    refetchInterval: 2000,
  });
  const deliveries = useQuery({
    queryKey: ['deliveries', liveMode, id],
    queryFn: () => api.call('webhook_deliveries.list', { query: { endpoint_id: id, limit: 50 } }),
    refetchInterval: 1000,
  });
  const caught = useQuery({
    enabled: !!ep.data?.catcher,
    queryKey: ['caught', liveMode, id],
    queryFn: () => api.call('catcher.list', { query: { endpoint_id: id } }),
    refetchInterval: 1000,
  });
  const [type, setType] = useState(TYPES[0]!);
  const refresh = () => void qc.invalidateQueries();
  const patch = useMutation({
    mutationFn: (body: z.input<typeof WebhookEndpointUpdate>) => api.call('webhooks.update', { params: { id }, body }),
    onSuccess: refresh,
  });
  const setRule = useMutation({
    mutationFn: (rule: CatcherRule) => api.call('webhooks.set_catcher_rule', { params: { id }, body: rule }),
    onSuccess: (e) => {
      qc.setQueryData(['webhook', liveMode, id], e);
      void qc.invalidateQueries({ queryKey: ['webhooks', liveMode] });
    },
  });
  const rotate = useMutation({
    mutationFn: () => api.call('webhooks.rotate_secret', { params: { id } }),
    onSuccess: refresh,
  });
  const keys = useQuery({
    queryKey: ['webhook-signing-keys'],
    queryFn: () => api.call('webhook_signing_keys.list'),
    refetchInterval: 10_000,
  });
  const rotateKey = useMutation({ mutationFn: () => api.call('webhook_signing_keys.rotate'), onSuccess: refresh });
  const trigger = useMutation({ mutationFn: () => api.call('events.trigger', { body: { type } }), onSuccess: refresh });
  const resend = useMutation({
    mutationFn: (eventId: string) => api.call('events.resend', { params: { id: eventId }, body: { endpoint_id: id } }),
    onSuccess: refresh,
  });
  const retry = useMutation({
    mutationFn: (deliveryId: string) => api.call('webhook_deliveries.retry', { params: { id: deliveryId } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['deliveries', liveMode, id] }),
  });
  const e = ep.data;
  if (!e) return <ErrorAlert error={ep.error} />;
  const name = e.description || e.url;
  const askDelete = async () => {
    const ok = await confirm({
      title: `Delete endpoint “${name}”?`,
      body: (
        <>
          Deliveries to <Mono>{e.url}</Mono> stop; those still pending are marked failed. Its secret is gone with it:
          this cannot be undone.
        </>
      ),
      action: 'Delete',
    });
    if (ok) onDelete(e);
  };
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {e.description || 'Endpoint'}
          </Typography>
          <FormControlLabel
            control={<Switch checked={!e.disabled} onChange={(ev) => patch.mutate({ disabled: !ev.target.checked })} />}
            label={e.disabled ? 'Disabled' : 'Enabled'}
          />
          <Button size="small" color="error" onClick={() => void askDelete()}>
            Delete
          </Button>
        </Stack>
        {e.disabled ? (
          <Alert severity="warning" sx={{ my: 1 }}>
            Disabled: {e.disabled_reason}. Deliveries are held until it is enabled again.
          </Alert>
        ) : null}
        <Typography variant="body2">
          <Mono>{e.url}</Mono>
        </Typography>
        <Typography variant="body2">
          Secret <Mono>{e.secret}</Mono> <CopyButton value={e.secret} label="secret" />{' '}
          <Button size="small" onClick={() => rotate.mutate()}>
            Rotate
          </Button>
        </Typography>
        {e.previous_secret ? (
          <Typography variant="body2" color="text.secondary">
            Previous secret signs too until {e.previous_secret_expires_at}
          </Typography>
        ) : null}
        {keys.data ? (
          <Typography variant="body2" aria-label="PS256 signing key">
            PS256 key (published profile) <Mono>{keys.data.current_kid}</Mono>{' '}
            <CopyButton value={keys.data.current_kid} label="key id" />{' '}
            <Button size="small" onClick={() => rotateKey.mutate()}>
              Rotate key
            </Button>
            {keys.data.keys
              .filter((k) => k.status === 'previous')
              .map((k) => (
                <Typography
                  key={k.kid}
                  variant="body2"
                  color="text.secondary"
                  component="span"
                  sx={{ display: 'block' }}
                >
                  Previous key <Mono>{k.kid}</Mono> stays in /jwks.json until {k.expires_at}
                </Typography>
              ))}
          </Typography>
        ) : null}
        {e.catcher_rule ? (
          <CatcherRuleControl rule={e.catcher_rule} busy={setRule.isPending} onChange={(r) => setRule.mutate(r)} />
        ) : null}
        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2">Faults:</Typography>
          {Faults.keyof().options.map((k) => (
            <Chip
              key={k}
              size="small"
              label={FAULTS[k]}
              color={e.faults[k] ? 'warning' : 'default'}
              variant={e.faults[k] ? 'filled' : 'outlined'}
              onClick={() => patch.mutate({ faults: { [k]: !e.faults[k] } })}
              aria-pressed={e.faults[k]}
            />
          ))}
          <EnumSelect
            size="small"
            label="Retries"
            schema={RetrySchedule}
            value={e.retry_schedule}
            onChange={(retry_schedule) => patch.mutate({ retry_schedule })}
            sx={{ ml: 'auto', width: 150 }}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <TextField
            select
            size="small"
            label="Event type"
            value={type}
            onChange={(ev) => setType(TriggerRequest.shape.type.parse(ev.target.value))}
            sx={{ minWidth: 260 }}
          >
            {TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {t}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" onClick={() => trigger.mutate()}>
            Trigger event
          </Button>
        </Stack>
        <ErrorAlert
          error={
            patch.error ??
            setRule.error ??
            trigger.error ??
            resend.error ??
            retry.error ??
            rotate.error ??
            rotateKey.error
          }
        />
      </Paper>
      {e.catcher ? (
        <Paper variant="outlined" sx={{ p: 2 }} aria-label="Catcher inbox">
          <Typography variant="subtitle1" component="h3">
            Catcher inbox
          </Typography>
          {(caught.data?.data ?? []).length === 0 ? (
            <Typography color="text.secondary">Nothing caught yet: trigger an event.</Typography>
          ) : null}
          {(caught.data?.data ?? []).slice(0, 10).map((m) => (
            <Accordion key={m.id} disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
              <AccordionSummary>
                <Stack
                  direction="row"
                  spacing={1}
                  useFlexGap
                  sx={{ flexWrap: 'wrap', alignItems: 'center', minWidth: 0 }}
                >
                  <Chip
                    size="small"
                    color={m.signature_valid ? 'success' : 'error'}
                    label={m.signature_valid ? 'signature verifies' : 'bad signature'}
                  />
                  <Chip size="small" variant="outlined" label={m.scheme ? SCHEMES[m.scheme] : 'no signature'} />
                  {m.rule && m.rule.kind !== 'ok' ? (
                    <Chip size="small" variant="outlined" color="warning" label={ruleLabel(m.rule)} />
                  ) : null}
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {DateTime.fromISO(m.received_at).toLocaleString(DateTime.DATETIME_MED_WITH_SECONDS)} ·{' '}
                    {eventTypeOf(m.body)}
                  </Typography>
                </Stack>
              </AccordionSummary>
              <AccordionDetails>
                <Alert severity={m.signature_valid ? 'success' : 'error'}>{m.explanation}</Alert>
                <TextBlock
                  label="Signature headers"
                  text={headerLines(
                    Object.fromEntries(Object.entries(m.headers).filter(([k]) => isSignatureHeader(k))),
                  )}
                />
                <TextBlock label="Body" text={m.body} />
              </AccordionDetails>
            </Accordion>
          ))}
        </Paper>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Deliveries">
        <Typography variant="subtitle1" component="h3">
          Deliveries
        </Typography>
        <ErrorAlert error={deliveries.error} />
        {(deliveries.data?.data ?? []).length === 0 ? (
          <Typography color="text.secondary">No deliveries yet.</Typography>
        ) : null}
        {(deliveries.data?.data ?? []).map((d) => (
          <DeliveryRow
            key={d.id}
            d={d}
            onRetry={() => retry.mutate(d.id)}
            onResend={() => resend.mutate(d.event_id)}
            retrying={retry.isPending && retry.variables === d.id}
            held={e.disabled}
          />
        ))}
      </Paper>
      <EventsPanel onResend={(eventId) => resend.mutate(eventId)} />
    </Stack>
  );
}

/** Which one-click answer a rule is, if it is one. */
function presetOf(rule: CatcherRule | null): Preset {
  return PRESET_ORDER.find((k) => JSON.stringify(PRESETS[k].rule) === JSON.stringify(rule)) ?? 'custom';
}

function presetLabel(rule: CatcherRule | null): string {
  const p = presetOf(rule);
  return p === 'custom' ? 'custom' : PRESETS[p].label;
}

function ruleLabel(rule: CatcherRule): string {
  if (rule.kind === 'ok') return 'answered 200';
  if (rule.kind === 'status') return `answered ${rule.status} (rule)`;
  if (rule.kind === 'slow') return `answered after ${rule.delay_ms} ms (rule)`;
  return 'held past the timeout (rule)';
}

/** What a rule does to deliveries, in words. */
function ruleInWords(rule: CatcherRule): string {
  if (rule.kind === 'ok') return 'Answers 200 at once: deliveries succeed.';
  if (rule.kind === 'slow')
    return `Waits ${rule.delay_ms} ms, then answers 200: the attempt's latency shows it; beyond the delivery timeout it fails.`;
  if (rule.kind === 'timeout')
    return 'Holds every request past the delivery timeout: attempts fail as timed out and are retried.';
  if (rule.status === 410) return 'Answers 410 Gone: the next delivery fails for good and disables the endpoint.';
  if (rule.status < 300) return `Answers ${rule.status}: deliveries succeed.`;
  return `Answers ${rule.status}${rule.body ? ' with your body' : ''}: deliveries fail and are retried on the endpoint's schedule.`;
}

/** How the built-in catcher answers this endpoint: one click per common answer, or a status and body of your own. */
function CatcherRuleControl({
  rule,
  busy,
  onChange,
}: {
  rule: CatcherRule;
  busy: boolean;
  onChange(r: CatcherRule): void;
}) {
  const current = presetOf(rule);
  const [custom, setCustom] = useState(current === 'custom');
  const [status, setStatus] = useState(rule.kind === 'status' ? String(rule.status) : '503');
  const [body, setBody] = useState(rule.kind === 'status' ? (rule.body ?? '') : '');
  const code = Number(status);
  const valid = Number.isInteger(code) && code >= 200 && code <= 599;
  return (
    <Box sx={{ mt: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" id="catcher-answers">
          Catcher answers:
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          aria-labelledby="catcher-answers"
          value={custom ? 'custom' : current}
          disabled={busy}
          onChange={(_ev, v: Preset | null) => {
            if (!v) return;
            setCustom(v === 'custom');
            if (v !== 'custom') onChange(PRESETS[v].rule);
          }}
        >
          {PRESET_ORDER.map((k) => (
            <ToggleButton key={k} value={k} sx={{ py: 0.25, textTransform: 'none' }}>
              {PRESETS[k].label}
            </ToggleButton>
          ))}
          <ToggleButton value="custom" sx={{ py: 0.25, textTransform: 'none' }}>
            Custom…
          </ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Collapse in={custom}>
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label="Status"
            value={status}
            onChange={(ev) => setStatus(ev.target.value)}
            error={!valid}
            helperText={valid ? ' ' : '200–599'}
            sx={{ width: 90 }}
          />
          <TextField
            size="small"
            label="Answer body (optional)"
            value={body}
            onChange={(ev) => setBody(ev.target.value)}
            slotProps={{ htmlInput: { maxLength: 4096, style: { fontFamily: 'ui-monospace, monospace' } } }}
            sx={{ flex: 1 }}
          />
          <Button
            size="small"
            variant="outlined"
            disabled={!valid || busy}
            onClick={() => onChange({ kind: 'status', status: code, ...(body ? { body } : {}) })}
            sx={{ mt: 0.5 }}
          >
            Apply
          </Button>
        </Stack>
      </Collapse>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {ruleInWords(rule)}
      </Typography>
    </Box>
  );
}

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
  const wall = when.toLocaleString(DateTime.TIME_WITH_SECONDS);
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
}: {
  d: DeliveryOut;
  onRetry(): void;
  onResend(): void;
  retrying: boolean;
  held: boolean;
}) {
  const [open, setOpen] = useState(false);
  const now = useServiceNow();
  const last = d.attempt_log.at(-1);
  return (
    <Box data-delivery={d.id} sx={{ borderBottom: 1, borderColor: 'divider', py: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip size="small" label={d.status} color={STATUS_COLOR[d.status]} sx={{ minWidth: 72 }} />
        <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {d.event_type} · <Mono>{d.event_id}</Mono> · {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
          {last ? ` · last ${last.status ?? last.error} in ${last.latency_ms} ms` : ''}
        </Typography>
        {d.status !== 'delivered' ? (
          <Button size="small" variant="outlined" onClick={onRetry} disabled={retrying || held}>
            Retry now
          </Button>
        ) : null}
        <Button size="small" onClick={onResend}>
          Resend
        </Button>
        <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Hide' : 'Details'}
        </Button>
      </Stack>
      {d.status === 'pending' && d.next_attempt_at ? (
        <Typography variant="body2" color="text.secondary" aria-label="Next attempt" sx={{ pl: 1, mt: 0.5 }}>
          {held ? 'Held: the endpoint is disabled' : nextAttemptInWords(d.next_attempt_at, now)}
        </Typography>
      ) : null}
      <Collapse in={open} unmountOnExit>
        {d.attempt_log.map((a) => (
          <Box key={a.attempt + a.time} sx={{ mt: 1, pl: 1 }}>
            <Typography variant="body2">
              <strong>Attempt {a.attempt}</strong> {a.time} → {a.status ?? a.error} ({a.latency_ms} ms){' '}
              <Chip size="small" variant="outlined" label={SCHEMES[a.scheme]} />
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {a.explanation}
            </Typography>
            <TextBlock label="Request headers" text={`POST ${a.request.url}\n${headerLines(a.request.headers)}`} />
            <TextBlock label="Payload" text={a.request.body} />
            <TextBlock label="Response body" text={a.response_body} />
          </Box>
        ))}
      </Collapse>
    </Box>
  );
}

/** The account's events, newest first: filtered by type on the server, searched by id or text over the newest 100. */
function EventsPanel({ onResend }: { onResend(eventId: string): void }) {
  const { api, liveMode } = useApp();
  const [type, setType] = useState('');
  const [search, setSearch] = useState('');
  const needle = useSettled(search.trim().toLowerCase());
  const events = useQuery({
    queryKey: ['events', liveMode, type],
    queryFn: () => api.call('events.list', { query: { limit: 100, ...(type ? { type } : {}) } }),
    refetchInterval: 2000,
  });
  const shown = useMemo(
    () =>
      (events.data?.data ?? []).filter(
        (ev) => !needle || `${ev.id} ${ev.type} ${JSON.stringify(ev.data)}`.toLowerCase().includes(needle),
      ),
    [events.data, needle],
  );
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Events">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
          Events
        </Typography>
        <FilterSelect label="Type" value={type} options={TYPES} onChange={setType} width={220} />
        <TextField
          size="small"
          label="Search id or text"
          value={search}
          onChange={(ev) => setSearch(ev.target.value)}
          sx={{ width: 220 }}
        />
      </Stack>
      <ErrorAlert error={events.error} />
      {events.data && shown.length === 0 ? (
        <Typography color="text.secondary">
          {needle ? `No event among the newest ${events.data.data.length} matches “${search}”.` : 'No events yet.'}
        </Typography>
      ) : null}
      {shown.slice(0, 30).map((ev) => (
        <Box key={ev.id} data-event={ev.id} sx={{ borderBottom: 1, borderColor: 'divider', py: 0.5 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {ev.type} · <Mono>{ev.id}</Mono> ·{' '}
              {DateTime.fromISO(ev.time_created).toLocaleString(DateTime.DATETIME_MED_WITH_SECONDS)}
            </Typography>
            <Button size="small" onClick={() => onResend(ev.id)}>
              Send to this endpoint
            </Button>
            <Button size="small" onClick={() => setOpen(open === ev.id ? null : ev.id)} aria-expanded={open === ev.id}>
              {open === ev.id ? 'Hide' : 'Payload'}
            </Button>
          </Stack>
          <Collapse in={open === ev.id} unmountOnExit>
            <TextBlock label="Event" text={JSON.stringify(ev)} />
          </Collapse>
        </Box>
      ))}
      {shown.length > 30 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {shown.length - 30} more: narrow the type or search.
        </Typography>
      ) : null}
    </Paper>
  );
}

/** The event type of a caught body; the catcher stores whatever was posted, JSON or not. */
function eventTypeOf(body: string): string {
  const parsed = Event.pick({ type: true }).safeParse(safeJson(body));
  return parsed.success ? parsed.data.type : 'not an event';
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
