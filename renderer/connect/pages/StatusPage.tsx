import { Alert, Button, Stack } from '@mui/material';
import type { PageProps } from '../page-props';

function Outcome({
  severity,
  text,
  leave,
  props,
}: {
  severity: 'info' | 'error';
  text: string;
  /** What DISCONNECT does on this page, in words. */
  leave: string;
  props: PageProps<'tariff_connection_pending'> | PageProps<'tariff_connection_failed'>;
}) {
  return (
    <Stack spacing={2}>
      <Alert severity={severity}>{text}</Alert>
      <Button variant="contained" onClick={() => props.submit(undefined, 'EDIT')} disabled={props.busy}>
        Choose another way
      </Button>
      <Button color="error" onClick={() => props.submit(undefined, 'DISCONNECT')} disabled={props.busy}>
        {leave}
      </Button>
    </Stack>
  );
}

export const PendingPage = (p: PageProps<'tariff_connection_pending'>) => (
  <Outcome
    severity="info"
    text={`${p.page.data.provider?.display_name ?? 'Your provider'} has not answered yet. We will keep trying; you can close this window.`}
    leave="Cancel this connection"
    props={p}
  />
);
export const FailedPage = (p: PageProps<'tariff_connection_failed'>) => (
  <Outcome
    severity="error"
    text={`${p.page.data.provider?.display_name ?? 'Your provider'} did not share your tariff. Choose another way to add it: another provider, or type in your prices.`}
    leave="Remove the failed connection"
    props={p}
  />
);
