import { useState } from 'react';
import { Alert, Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useApp } from '../context';
import { ErrorAlert, PageHeader } from '../components/common';
import { LocationSelect, SelectField } from '../components/forms';
import { CodeHint, SessionCompleted, useSessionEvents } from '../components/words';
import { countryOptions, SLOTS } from '../../../core/engine/labels';
import { TariffDirection, TariffType } from '../../../core/engine/schemas/common';

/** The kinds a connect session can fill: supply, feed-in, local generation and import grid fees. */
const CONNECTABLE = SLOTS.filter((s) => s.type === 'COMMODITY' || s.direction === 'IMPORT');
const COUNTRIES = countryOptions().map((c) => [c.code, `${c.name} (${c.code})`] as const);

/** Starts a connect session and shows the hosted connect web app in a webview (desktop) or an iframe (browser). */
export function ConnectPage() {
  const { api, boot, route } = useApp();
  const [location, setLocation] = useState(route.params.get('location') ?? '');
  const [slot, setSlot] = useState(
    `${route.params.get('type') ?? 'COMMODITY'}+${route.params.get('direction') ?? 'IMPORT'}`,
  );
  const [country, setCountry] = useState('DE');
  const [session, setSession] = useState<{ token: string; url: string } | null>(null);
  // The sheet stays open after the session ends (its last page says so) until closed here, as a phone's would be.
  const [sheetClosed, setSheetClosed] = useState(false);
  const start = useMutation({
    mutationFn: async () => {
      const [type, direction] = slot.split('+');
      const t = await api.call('connect_token.create', {
        body: {
          connect_url: `${boot.connect_web_url}/`,
          callback_url: `${boot.connect_web_url}/complete`,
          tariff_type: TariffType.parse(type),
          tariff_direction: TariffDirection.parse(direction),
          ...(location ? { location_id: location } : { postal_address: { country_code: country } }),
        },
      });
      return { token: t.connect_token, url: `${boot.connect_web_url}/?svc_cot=${t.connect_token}` };
    },
    onSuccess: (s) => {
      setSession(s);
      setSheetClosed(false);
    },
  });
  const events = useSessionEvents({ token: session?.token ?? '-', poll: session ? 1000 : 0 });
  const done = session ? events.done[0] : undefined;
  const desktop = !!window.tariffDesk;
  return (
    <>
      <PageHeader title="Connect" subtitle="Run the customer's connect flow against this service" />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5, lg: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <LocationSelect value={location} onChange={setLocation} empty="A new location" />
              {!location ? (
                <SelectField
                  label="Country of the new location"
                  value={country}
                  onChange={setCountry}
                  options={COUNTRIES}
                />
              ) : null}
              <SelectField
                label="Tariff kind"
                value={slot}
                onChange={setSlot}
                options={CONNECTABLE.map((s) => [
                  s.code,
                  <span key={s.code}>
                    {s.label}
                    <CodeHint code={s.code} />
                  </span>,
                ])}
              />
              <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
                Start connect session
              </Button>
              <ErrorAlert error={start.error} />
              {session ? (
                <Typography variant="body2" color="text.secondary">
                  Connect token
                  <CodeHint code={session.token} />
                </Typography>
              ) : null}
              {done ? (
                <Alert severity="success" role="status">
                  <SessionCompleted id={done.id} data={done.data} />
                </Alert>
              ) : session ? (
                <Alert severity="info">Waiting for the session to complete…</Alert>
              ) : null}
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 7, lg: 8 }}>
          {session && done && !sheetClosed ? (
            <Stack direction="row" sx={{ justifyContent: 'center', mb: 1 }}>
              <Button onClick={() => setSheetClosed(true)}>Close the sheet</Button>
            </Stack>
          ) : null}
          {session && !sheetClosed ? (
            <Box
              sx={{
                width: 420,
                maxWidth: '100%',
                // The frame fits the window (below the header), like a phone's sheet; never shorter than a page.
                height: 'calc(100vh - 190px)',
                minHeight: 460,
                maxHeight: 760,
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                overflow: 'hidden',
                mx: 'auto',
                bgcolor: '#fff',
              }}
            >
              {desktop ? (
                // In the desktop window the main process allows this webview only for the connect web app's origin.
                <webview src={session.url} style={{ width: '100%', height: '100%' }} />
              ) : (
                <iframe
                  title="Connect session"
                  src={session.url}
                  style={{ width: '100%', height: '100%', border: 0 }}
                />
              )}
            </Box>
          ) : (
            <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', borderStyle: 'dashed' }}>
              <Typography>
                {sheetClosed
                  ? 'The session is complete and its sheet closed. Start another session to open a new one.'
                  : "Choose a location and a slot, then start a session: the connect web app opens here as it would in a mobile app's sheet."}
              </Typography>
            </Paper>
          )}
        </Grid>
      </Grid>
    </>
  );
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      webview: React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & { src?: string };
    }
  }
}
