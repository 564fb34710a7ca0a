import { useState } from 'react';
import { Avatar, Button, ListItemAvatar, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import type { PageProps } from '../page-props';
import { ChoiceList, PageError } from './form';
import { ValueField } from '../../shared/value-field';

export function ProviderSelectPage({ page, submit, busy, errorFor }: PageProps<'provider_select'>) {
  const [q, setQ] = useState('');
  const providers = page.data.providers.filter((p) => p.display_name.toLowerCase().includes(q.trim().toLowerCase()));
  const a = page.data.postal_address;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {[a.address_line1, a.post_code, a.city, a.country_code].filter(Boolean).join(', ')}
      </Typography>
      <ValueField id="provider-search" label="Search providers" value={q} onValue={setQ} fullWidth />
      <PageError message={errorFor('provider')} />
      <ChoiceList label="Providers">
        {providers.map((p) => (
          <ListItemButton key={p.id} onClick={() => submit({ provider: { id: p.id } })} disabled={busy}>
            <ListItemAvatar>
              <Avatar src={p.logo_url} alt="" variant="rounded" />
            </ListItemAvatar>
            <ListItemText primary={p.display_name} />
          </ListItemButton>
        ))}
        {providers.length === 0 ? <ListItemText sx={{ px: 2 }} primary="No provider matches." /> : null}
      </ChoiceList>
      <Button onClick={() => submit(undefined, 'PROVIDER_MISSING')} disabled={busy}>
        My provider is not listed
      </Button>
      <Button onClick={() => submit(undefined, 'ADDRESS_CHANGE')} disabled={busy} color="inherit">
        Change address
      </Button>
    </Stack>
  );
}
