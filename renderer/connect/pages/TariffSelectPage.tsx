import { Button, ListItemButton, ListItemText, Stack } from '@mui/material';
import type { PageProps } from '../page-props';
import { ChoiceList, PageError } from './form';

export function TariffSelectPage({ page, submit, busy, errorFor }: PageProps<'tariff_select'>) {
  const tariffs = page.data.tariffs;
  return (
    <Stack spacing={2}>
      <PageError message={errorFor('tariff')} />
      <ChoiceList label="Tariffs">
        {tariffs.map((t) => (
          <ListItemButton key={t.id} onClick={() => submit({ tariff: { id: t.id } })} disabled={busy}>
            <ListItemText primary={t.name} secondary={t.description || undefined} />
          </ListItemButton>
        ))}
        {tariffs.length === 0 ? <ListItemText sx={{ px: 2 }} primary="No tariffs listed here." /> : null}
      </ChoiceList>
      <Button onClick={() => submit(undefined, 'TARIFF_MISSING')} disabled={busy}>
        My tariff is not listed
      </Button>
      {(page.actions as readonly string[]).includes('ADDRESS_CHANGE') ? (
        <Button onClick={() => submit(undefined, 'ADDRESS_CHANGE')} disabled={busy} color="inherit">
          Change address
        </Button>
      ) : null}
    </Stack>
  );
}
