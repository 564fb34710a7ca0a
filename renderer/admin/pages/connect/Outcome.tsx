import { Alert, AlertTitle, Typography } from '@mui/material';
import type { z } from 'zod';
import type { ConnectToken } from '../../../../core/engine/schemas/misc';
import { type ConnectSessionComplete } from '../../../../core/engine/webhooks/schemas';
import { SessionCompleted } from '../../components/words';

/** Where a session stands, as the admin pane says it. */
export type Standing =
  | { kind: 'waiting' }
  /** Completed (a tariff stored), the customer still on the sheet's summary. */
  | { kind: 'completed' }
  /** Left for the callback: the token's outcome, read once it had. */
  | { kind: 'ended'; token: z.output<typeof ConnectToken> | undefined };

/**
 * A session's outcome in words: waiting for the customer, completed (with its event, a link to
 * the location and its prices), disconnected, or closed without connecting (never green: nothing
 * was stored). What a client backend reads: the token's `complete_action` and the event.
 */
export function Outcome({
  standing,
  done,
}: {
  standing: Standing;
  done: { id: string; data: z.infer<typeof ConnectSessionComplete> } | undefined;
}) {
  if (standing.kind === 'ended' && !standing.token)
    return (
      <Alert severity="info" role="status">
        The session has ended; reading its outcome…
      </Alert>
    );
  const action = standing.kind === 'ended' ? standing.token!.complete_action : done ? 'SAVE' : '';
  if (action === 'SAVE' || done)
    return (
      <Alert severity="success" role="status" data-outcome="connected">
        {done ? <SessionCompleted id={done.id} data={done.data} /> : 'Connected; waiting for its event…'}
        {standing.kind === 'completed' ? (
          <Typography variant="body2" sx={{ mt: 1 }}>
            The customer sees the tariff’s summary; Done closes the sheet.
          </Typography>
        ) : null}
      </Alert>
    );
  if (action === 'DISCONNECT')
    return (
      <Alert severity="info" role="status" data-outcome="disconnected">
        <AlertTitle>Disconnected</AlertTitle>
        The customer removed the tariff of this kind from the location.
      </Alert>
    );
  if (standing.kind === 'ended')
    return (
      <Alert severity="warning" role="status" data-outcome="closed">
        <AlertTitle>Closed without connecting</AlertTitle>
        The customer left before a tariff was saved: nothing was stored, and the token is spent. Start another session
        to try again.
      </Alert>
    );
  return <Alert severity="info">Waiting for the customer to finish in the sheet…</Alert>;
}
