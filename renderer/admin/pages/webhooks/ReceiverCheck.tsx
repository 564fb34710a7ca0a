import { Alert, Box, Button, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApp } from '../../context';
import { ErrorAlert, Mono } from '../../components/common';
import type { WebhookCheck } from '../../../../core/engine/webhooks/schemas';
import { NOT_SENT, signedNotAcceptedNote } from '../../../../core/engine/webhooks/check';
import { SCHEMES } from './labels';
import { instantText } from '../../instant';

type Check = z.output<typeof WebhookCheck>;

/** What came back, as the scorecard shows it: the status, or why there was none. */
const seen = (c: Check['checks'][number]) =>
  c.name === 'timely'
    ? `slowest ${c.ms} ms`
    : c.error === NOT_SENT
      ? NOT_SENT
      : `${c.status ?? c.error ?? 'no answer'} in ${c.ms} ms`;

/** The endpoint's receiver, checked on request: the Check receiver button and the scorecard of the last run. */
export function ReceiverCheck({ id, catcher }: { id: string; catcher: boolean }) {
  const { api, liveMode } = useApp();
  const qc = useQueryClient();
  const run = useMutation({
    mutationFn: () => api.call('webhooks.check', { params: { id } }),
    // The check's messages are in the delivery log at once.
    onSettled: () => void qc.invalidateQueries({ queryKey: ['deliveries', liveMode, id] }),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Receiver check">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
          Receiver check
        </Typography>
        <Button
          variant="outlined"
          size="small"
          onClick={() => run.mutate()}
          disabled={run.isPending}
          startIcon={run.isPending ? <CircularProgress size={14} /> : undefined}
        >
          {run.isPending ? 'Checking…' : 'Check receiver'}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Sends the URL a signed event, forgeries (a wrong signature, none, a stale or future timestamp, a changed body),
        the signed event again and an event of an unknown type, and says which answers were the safe ones. None is an
        event of the account, and none counts toward disabling the endpoint.
      </Typography>
      {catcher ? (
        <Typography variant="body2" color="text.secondary" data-testid="catcher-check-note" sx={{ mt: 0.5 }}>
          This is the built-in catcher: it records every message and refuses none, so it fails the forgery checks by
          design. Add an endpoint with your own receiver's URL to check that receiver.
        </Typography>
      ) : null}
      <ErrorAlert error={run.error} />
      {run.data ? <Scorecard check={run.data} /> : null}
    </Paper>
  );
}

function Scorecard({ check }: { check: Check }) {
  const failed = check.checks.filter((c) => !c.passed).length;
  const when = instantText(check.time_created, false);
  const note = signedNotAcceptedNote(check.checks);
  return (
    <Box sx={{ mt: 1 }}>
      <Alert severity={check.passed ? 'success' : 'error'} aria-label="Verdict">
        {check.passed
          ? `All ${check.checks.length} checks passed`
          : `${failed} of ${check.checks.length} checks failed`}{' '}
        · {SCHEMES[check.scheme]} · {when}
      </Alert>
      {note ? (
        // A receiver that refuses everything refuses every forgery too: those passes prove nothing yet.
        <Alert severity="warning" data-testid="unsigned-warning" sx={{ mt: 1 }}>
          {note}
        </Alert>
      ) : null}
      <Box component="ul" aria-label="Scorecard" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {check.checks.map((c) => (
          <Box component="li" key={c.name} data-check={c.name} sx={{ borderBottom: 1, borderColor: 'divider', py: 1 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip
                size="small"
                label={c.passed ? 'pass' : 'fail'}
                color={c.passed ? 'success' : 'error'}
                sx={{ minWidth: 48 }}
              />
              <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                <Mono>{c.name}</Mono>
              </Typography>
              <Typography variant="body2" component="span" color="text.secondary">
                expected {c.expected} · seen {seen(c)}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ mt: 0.5, pl: 0.5 }}>
              {c.detail}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
