import { useState } from 'react';
import { Alert, Box, Button, Grid, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApp } from '../context';
import { ErrorAlert, Mono, PageHeader } from '../components/common';
import { TariffDirection, TariffType } from '../../../core/engine/schemas/common';
import { ConnectSessionComplete } from '../../../core/engine/webhooks/schemas';

/** Starts a connect session and shows the hosted connect web app in a webview (desktop) or an iframe (browser). */
export function ConnectPage() {
  const { api, boot, liveMode, route } = useApp();
  const locations = useQuery({
    queryKey: ['locations', liveMode],
    queryFn: () => api.call('locations.list', { query: { limit: 100 } }),
  });
  const [location, setLocation] = useState(route.params.get('location') ?? '');
  const [slot, setSlot] = useState(
    `${route.params.get('type') ?? 'COMMODITY'}:${route.params.get('direction') ?? 'IMPORT'}`,
  );
  const [country, setCountry] = useState('DE');
  const [session, setSession] = useState<{ token: string; url: string } | null>(null);
  const start = useMutation({
    mutationFn: async () => {
      const [type, direction] = slot.split(':');
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
    onSuccess: setSession,
  });
  const events = useQuery({
    enabled: !!session,
    refetchInterval: 1000,
    queryKey: ['connect-events', liveMode, session?.token],
    queryFn: () => api.call('events.list', { query: { type: 'connect.session.complete', limit: 20 } }),
  });
  // The payload as its event schema says: events.list types `data` as a plain record.
  const done = events.data?.data
    .flatMap((e) => {
      const data = ConnectSessionComplete.safeParse(e.data);
      return data.success ? [{ id: e.id, data: data.data }] : [];
    })
    .find((e) => e.data.id === session?.token);
  const desktop = !!window.tariffDesk;
  return (
    <>
      <PageHeader title="Connect" subtitle="Run the customer's connect flow against this service" />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <TextField
                select
                size="small"
                label="Location"
                value={location}
                onChange={(e) => setLocation(e.target.value)}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">A new location</MenuItem>
                {(locations.data?.data ?? []).map((l) => (
                  <MenuItem key={l.id} value={l.id}>
                    {l.postal_address.city ?? l.id}, {l.postal_address.country_code}
                  </MenuItem>
                ))}
              </TextField>
              {!location ? (
                <TextField
                  select
                  size="small"
                  label="Country of the new location"
                  value={country}
                  onChange={(e) => setCountry(e.target.value)}
                >
                  {['DE', 'GB', 'US', 'AU', 'NO'].map((c) => (
                    <MenuItem key={c} value={c}>
                      {c}
                    </MenuItem>
                  ))}
                </TextField>
              ) : null}
              <TextField select size="small" label="Slot" value={slot} onChange={(e) => setSlot(e.target.value)}>
                <MenuItem value="COMMODITY:IMPORT">Supply (COMMODITY+IMPORT)</MenuItem>
                <MenuItem value="COMMODITY:EXPORT">Feed-in (COMMODITY+EXPORT)</MenuItem>
                <MenuItem value="COMMODITY:LOCAL">Local generation (COMMODITY+LOCAL)</MenuItem>
                <MenuItem value="NON_COMMODITY:IMPORT">Grid fees (NON_COMMODITY+IMPORT)</MenuItem>
              </TextField>
              <Button variant="contained" onClick={() => start.mutate()} disabled={start.isPending}>
                Start connect session
              </Button>
              <ErrorAlert error={start.error} />
              {session ? (
                <Typography variant="body2">
                  Token <Mono>{session.token}</Mono>
                </Typography>
              ) : null}
              {done ? (
                <Alert severity="success" role="status">
                  connect.session.complete {done.id}: location <Mono>{done.data.location_id}</Mono>, price available{' '}
                  {String(done.data.price_available)}
                </Alert>
              ) : session ? (
                <Alert severity="info">Waiting for the session to complete…</Alert>
              ) : null}
            </Stack>
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          {session ? (
            <Box
              sx={{
                width: 420,
                maxWidth: '100%',
                height: 720,
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
                Choose a location and a slot, then start a session: the connect web app opens here as it would in a
                mobile app's sheet.
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
