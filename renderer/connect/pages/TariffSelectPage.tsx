import { Alert, Button, List, ListItemButton, ListItemText, Stack } from '@mui/material';
import type { PageProps } from '../App';

export function TariffSelectPage({ page, submit, busy, errorFor }: PageProps<'tariff_select'>) {
  const tariffs = page.data.tariffs;
  return (
    <Stack spacing={2}>
      {errorFor('tariff') ? (
        <Alert severity="error" role="alert">
          {errorFor('tariff')}
        </Alert>
      ) : null}
      <List aria-label="Tariffs" sx={{ bgcolor: 'background.paper', borderRadius: 2 }}>
        {tariffs.map((t) => (
          <ListItemButton key={t.id} onClick={() => submit({ tariff: { id: t.id } })} disabled={busy}>
            <ListItemText primary={t.name} secondary={t.description || undefined} />
          </ListItemButton>
        ))}
        {tariffs.length === 0 ? <ListItemText sx={{ px: 2 }} primary="No tariffs listed here." /> : null}
      </List>
      <Button onClick={() => submit(undefined, 'TARIFF_MISSING')} disabled={busy}>
        My tariff is not listed
      </Button>
    </Stack>
  );
}
