import { Alert, Button, Stack } from '@mui/material';
import type { ZeroPageProps } from './protocol';

const who = (p: { display_name: string } | null | undefined) => p?.display_name ?? 'Your provider';

export const InProgressPage = ({ page, submit, busy }: ZeroPageProps<'summary_tariff_inprogress'>) => (
  <Stack spacing={2}>
    <Alert severity="info">
      {who(page.data.provider)} has not shared your tariff yet. Save, and it is connected as soon as it arrives.
    </Alert>
    <Button variant="contained" size="large" onClick={() => submit(undefined, 'SAVE')} disabled={busy}>
      Save
    </Button>
    {page.actions.includes('DISCONNECT') ? (
      <Button color="error" onClick={() => submit(undefined, 'DISCONNECT')} disabled={busy}>
        Cancel this connection
      </Button>
    ) : null}
    {page.actions.includes('DISMISS_DIRECT') ? (
      <Button color="inherit" onClick={() => submit(undefined, 'DISMISS_DIRECT')} disabled={busy}>
        Enter my tariff myself instead
      </Button>
    ) : null}
  </Stack>
);

export const FailedPage = ({ page, submit, busy }: ZeroPageProps<'summary_tariff_failed'>) => (
  <Stack spacing={2}>
    <Alert severity="error">
      {who(page.data.provider)} did not share your tariff. Reconnect to choose another way to add it.
    </Alert>
    <Button variant="contained" size="large" onClick={() => submit(undefined, 'RECONNECT')} disabled={busy}>
      Reconnect
    </Button>
    <Button color="error" onClick={() => submit(undefined, 'DISCONNECT')} disabled={busy}>
      Disconnect
    </Button>
  </Stack>
);
