import { useEffect } from 'react';
import { Alert, Container } from '@mui/material';
import { tokenFrom } from '../protocol';
import { recalledEnding, type Ending } from '../ending';
import { ENDED_MESSAGE, type EndedMessage } from '../../shared/connect-ending';

const WORDS: Record<Ending | 'ended', { severity: 'success' | 'info' | 'warning'; text: string }> = {
  connected: { severity: 'success', text: 'All done: your tariff is connected. You can close this window.' },
  pending: {
    severity: 'info',
    text: 'Your provider has not shared your tariff yet; it is connected once they do. You can close this window.',
  },
  disconnected: { severity: 'info', text: 'Your tariff is disconnected. You can close this window.' },
  closed: {
    severity: 'warning',
    text: 'Closed without connecting: no tariff was saved. Start again to connect your tariff.',
  },
  ended: { severity: 'info', text: 'This session has ended. You can close this window.' },
};

/**
 * The callback page of the app's own sessions: what the session came to, as the sheet saw it
 * leave, never a green "All done" for a session closed before a tariff was saved. In a frame
 * (the admin app's sheet) it tells the host, which then stops waiting.
 */
export function CompletePage() {
  const token = tokenFrom(window.location.search);
  const ending = token ? recalledEnding(token) : null;
  const words = WORDS[ending ?? 'ended'];
  useEffect(() => {
    if (window.parent !== window)
      window.parent.postMessage({ type: ENDED_MESSAGE, ending } satisfies EndedMessage, '*');
  }, [ending]);
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Alert severity={words.severity} role="status" data-ending={ending ?? 'ended'}>
        {words.text}
      </Alert>
    </Container>
  );
}
