import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  FormControlLabel,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApp } from '../../context';
import { ServiceError } from '../../api';
import { EnumSelect, ErrorAlert, Mono } from '../../components/common';
import { useFeedback } from '../../components/confirm';
import { Secret } from '../../components/secret';
import {
  type CatcherRule,
  Faults,
  RetrySchedule,
  TriggerRequest,
  type WebhookEndpointUpdate,
} from '../../../../core/engine/webhooks/schemas';
import { CatcherInbox } from './CatcherInbox';
import { CatcherRuleControl } from './CatcherRule';
import { DeliveryList } from './Deliveries';
import { EventsPanel } from './EventsPanel';
import { ReceiverCheck } from './ReceiverCheck';
import { SigningKey } from './SigningKey';
import { FAULTS, TYPES, useEventName, type Endpoint } from './labels';
import { RETRY_WORDS } from '../../../../core/engine/labels';
import { instantText } from '../../instant';

/** One endpoint: its settings, faults and trigger, the receiver check, the catcher inbox, deliveries and events. */
/** The service's answer for an id it no longer holds. */
const isGone = (e: unknown) => e instanceof ServiceError && e.status === 404;

export function EndpointView({
  id,
  onDelete,
  openEvent,
}: {
  id: string;
  onDelete(e: Endpoint): void;
  /** An event just sent to this endpoint: its message in the catcher inbox opens. */
  openEvent?: string | null;
}) {
  const { api, liveMode } = useApp();
  const { confirm } = useFeedback();
  const qc = useQueryClient();
  const ep = useQuery({
    queryKey: ['webhook', liveMode, id],
    queryFn: () => api.call('webhooks.retrieve', { params: { id } }),
    // Polled until it is gone: an endpoint deleted elsewhere (`listen` removes its own as it stops).
    refetchInterval: (q) => (isGone(q.state.error) ? false : 2000),
    retry: (n, e) => !isGone(e) && n < 3,
  });
  const [type, setType] = useState(TYPES[0]!);
  const named = useEventName();
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
  const trigger = useMutation({ mutationFn: () => api.call('events.trigger', { body: { type } }), onSuccess: refresh });
  const resend = useMutation({
    mutationFn: (eventId: string) => api.call('events.resend', { params: { id: eventId }, body: { endpoint_id: id } }),
    onSuccess: refresh,
  });
  const e = ep.data;
  if (isGone(ep.error))
    return (
      <Alert severity="info" data-testid="endpoint-gone">
        This endpoint no longer exists: it was deleted elsewhere (the command line’s <code>listen</code> removes its own
        endpoint as it stops).
      </Alert>
    );
  if (!e) return <ErrorAlert error={ep.error} />;
  const name = e.name;
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
            {e.name}
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
          Secret <Secret value={e.secret} label="signing secret" />{' '}
          <Button size="small" onClick={() => rotate.mutate()}>
            Rotate
          </Button>
        </Typography>
        {e.previous_secret ? (
          <Typography variant="body2" color="text.secondary">
            Previous secret signs too until{' '}
            {e.previous_secret_expires_at ? instantText(e.previous_secret_expires_at) : 'the rotation ends'}
          </Typography>
        ) : null}
        <SigningKey />
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
            words={RETRY_WORDS}
            value={e.retry_schedule}
            onChange={(retry_schedule) => patch.mutate({ retry_schedule })}
            // Wide enough for "Within a minute" and "Over a day" whole, never "Within a m…".
            sx={{ ml: 'auto', minWidth: 190 }}
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
                {named(t)}
              </MenuItem>
            ))}
          </TextField>
          <Button variant="contained" onClick={() => trigger.mutate()}>
            Trigger event
          </Button>
        </Stack>
        <ErrorAlert error={patch.error ?? setRule.error ?? trigger.error ?? resend.error ?? rotate.error} />
      </Paper>
      <ReceiverCheck id={id} catcher={!!e.catcher} />
      {e.catcher ? <CatcherInbox id={id} openEvent={openEvent} /> : null}
      <DeliveryList id={id} held={e.disabled} onResend={(eventId) => resend.mutate(eventId)} />
      <EventsPanel onResend={(eventId) => resend.mutate(eventId)} />
    </Stack>
  );
}
