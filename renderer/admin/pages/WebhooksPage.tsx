import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
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
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApp } from '../context';
import { CopyButton, EmptyState, ErrorAlert, Mono, PageHeader, EnumSelect } from '../components/common';
import { Event } from '../../../core/engine/schemas/misc';
import {
  type Delivery,
  Faults,
  RetrySchedule,
  TriggerRequest,
  type WebhookEndpointUpdate,
} from '../../../core/engine/webhooks/schemas';
import { isSignatureHeader } from '../../../core/engine/webhooks/signature';

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

export function WebhooksPage() {
  const { api, liveMode, route, navigate } = useApp();
  const qc = useQueryClient();
  const endpoints = useQuery({
    queryKey: ['webhooks', liveMode],
    queryFn: () => api.call('webhooks.list', { query: { limit: 100 } }),
    refetchInterval: 2000,
  });
  const selected = route.params.get('id') ?? endpoints.data?.data[0]?.id;
  const [url, setUrl] = useState('');
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
        subtitle="Endpoints, deliveries with every attempt, resend, trigger and the catcher, updating live"
      />
      <ErrorAlert error={endpoints.error ?? create.error} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={1}>
              <TextField
                size="small"
                label="Receiver URL"
                placeholder="http://127.0.0.1:3000/webhooks"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
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
          {endpoints.data?.data.length === 0 ? (
            <Box sx={{ mt: 2 }}>
              <EmptyState title="No endpoints" hint="Add your receiver's URL, or a catcher to see deliveries here." />
            </Box>
          ) : null}
          <Paper variant="outlined" sx={{ mt: 2 }}>
            <List dense aria-label="Endpoints">
              {(endpoints.data?.data ?? []).map((e) => (
                <ListItemButton key={e.id} selected={e.id === selected} onClick={() => navigate(`webhooks?id=${e.id}`)}>
                  <ListItemText
                    primary={e.description || e.url}
                    secondary={
                      <>
                        {e.catcher ? 'catcher · ' : ''}
                        {e.disabled ? `disabled (${e.disabled_reason})` : 'enabled'}
                      </>
                    }
                  />
                </ListItemButton>
              ))}
            </List>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>{selected ? <EndpointView key={selected} id={selected} /> : null}</Grid>
      </Grid>
    </>
  );
}

function EndpointView({ id }: { id: string }) {
  const { api, liveMode } = useApp();
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
  const remove = useMutation({ mutationFn: () => api.call('webhooks.delete', { params: { id } }), onSuccess: refresh });
  const e = ep.data;
  if (!e) return <ErrorAlert error={ep.error} />;
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
          <Button size="small" color="error" onClick={() => remove.mutate()}>
            Delete
          </Button>
        </Stack>
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
        <ErrorAlert error={patch.error ?? trigger.error ?? resend.error ?? rotate.error ?? rotateKey.error} />
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
            <Accordion key={m.id} disableGutters>
              <AccordionSummary>
                <Chip
                  size="small"
                  color={m.signature_valid ? 'success' : 'error'}
                  label={m.signature_valid ? 'signature verifies' : 'bad signature'}
                  sx={{ mr: 1 }}
                />
                <Chip
                  size="small"
                  variant="outlined"
                  label={m.scheme ? SCHEMES[m.scheme] : 'no signature'}
                  sx={{ mr: 1 }}
                />
                <Typography variant="body2">
                  {m.received_at} · {eventTypeOf(m.body)}
                </Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Alert severity={m.signature_valid ? 'success' : 'error'}>{m.explanation}</Alert>
                <Box component="pre" sx={{ fontSize: 12, overflow: 'auto', bgcolor: '#f6f8fa', p: 1 }}>
                  {Object.entries(m.headers)
                    .filter(([k]) => isSignatureHeader(k))
                    .map(([k, v]) => `${k}: ${v}`)
                    .join('\n')}
                  {'\n\n'}
                  {m.body}
                </Box>
              </AccordionDetails>
            </Accordion>
          ))}
        </Paper>
      ) : null}
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Deliveries">
        <Typography variant="subtitle1" component="h3">
          Deliveries
        </Typography>
        {(deliveries.data?.data ?? []).length === 0 ? (
          <Typography color="text.secondary">No deliveries yet.</Typography>
        ) : null}
        {(deliveries.data?.data ?? []).map((d) => (
          <Accordion key={d.id} disableGutters data-delivery={d.id}>
            <AccordionSummary>
              <Chip
                size="small"
                label={d.status}
                color={d.status === 'delivered' ? 'success' : d.status === 'failed' ? 'error' : 'warning'}
                sx={{ mr: 1 }}
              />
              <Typography variant="body2" sx={{ flex: 1 }}>
                {d.event_type} · {d.event_id} · {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
                {lastAttempt(d)}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <Button size="small" onClick={() => resend.mutate(d.event_id)}>
                Resend
              </Button>
              {d.attempt_log.map((a) => (
                <Box key={a.attempt + a.time} sx={{ mt: 1 }}>
                  <Typography variant="body2">
                    <strong>Attempt {a.attempt}</strong> {a.time} → {a.status ?? a.error} ({a.latency_ms} ms){' '}
                    <Chip size="small" variant="outlined" label={SCHEMES[a.scheme]} />
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {a.explanation}
                  </Typography>
                  <Box
                    component="pre"
                    sx={{ fontSize: 12, overflow: 'auto', bgcolor: '#f6f8fa', p: 1, maxHeight: 200 }}
                  >{`POST ${a.request.url}\n${Object.entries(a.request.headers)
                    .map(([k, v]) => `${k}: ${v}`)
                    .join('\n')}\n\n${a.request.body}\n\n— response —\n${a.response_body}`}</Box>
                </Box>
              ))}
            </AccordionDetails>
          </Accordion>
        ))}
      </Paper>
    </Stack>
  );
}

/** The summary line of a delivery's last attempt, if any. */
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

function lastAttempt(d: z.output<typeof Delivery>): string {
  const last = d.attempt_log.at(-1);
  return last ? ` · last ${last.status ?? last.error} in ${last.latency_ms} ms` : '';
}
