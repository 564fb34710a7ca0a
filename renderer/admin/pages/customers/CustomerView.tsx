import { useState } from 'react';
import { Button, Link, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApp } from '../../context';
import { CopyButton, ErrorAlert } from '../../components/common';
import { useFeedback } from '../../components/confirm';
import { locationLabel, useLocations } from '../../components/forms';
import { CodeHint } from '../../components/words';
import { forget, refreshWithout } from '../../restore';
import type { Customer } from '../../../../core/engine/schemas/customer';
import { ReferenceForm } from './ReferenceForm';
import { nameOf } from './queries';
import { Moment } from './Moment';

/** "Invalidenstraße 44, Berlin", "A and B", "A, B and C". */
const listed = (names: string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** One customer: its reference, the locations it owns (links to them), edit and delete. */
export function CustomerView({ id }: { id: string }) {
  const { api, liveMode, navigate } = useApp();
  const qc = useQueryClient();
  const { confirm, notify } = useFeedback();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const customer = useQuery({
    queryKey: ['customer', liveMode, id],
    queryFn: () => api.call('customers.retrieve', { params: { id } }),
  });
  const locations = useLocations();
  const all = locations.data?.data ?? [];
  const c = customer.data;
  const owned = (c?.locations ?? []).map((l) => all.find((x) => x.id === l) ?? { id: l });
  const placeName = (l: (typeof owned)[number]) => ('postal_address' in l ? locationLabel(l, all).primary : l.id);

  /** Delete, after a confirmation naming every location that goes with the customer. */
  const remove = async () => {
    if (!c) return;
    const places = owned.map(placeName);
    const ok = await confirm({
      title: `Delete customer “${nameOf(c)}”?`,
      body: (
        <>
          {places.length ? (
            <>
              {places.length === 1 ? 'Its location goes' : `Its ${places.length} locations go`} with it, with their
              tariffs and meter records: <strong data-testid="locations-going">{listed(places)}</strong>.{' '}
            </>
          ) : (
            'It owns no locations: nothing else goes. '
          )}
          This cannot be undone.
        </>
      ),
      action: 'Delete',
    });
    if (!ok) return;
    setError(null);
    let gone: Customer | { message: string };
    try {
      gone = await api.call('customers.delete', { params: { id } });
    } catch (e) {
      setError(e);
      return;
    }
    // The answer names the locations that went (the published wire profile answers 202 without it).
    const went = 'locations' in gone ? gone.locations.length : places.length;
    forget(qc, id);
    for (const l of owned) forget(qc, l.id);
    navigate('customers');
    void refreshWithout(qc, id);
    notify({
      message: `Deleted “${nameOf(c)}”${went ? ` and ${went === 1 ? 'its location' : `its ${went} locations`}` : ''}.`,
    });
  };

  return (
    <Stack spacing={2} aria-label="Customer">
      <ErrorAlert error={customer.error ?? error} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>
            {c ? (c.reference_id ?? 'Customer without a reference') : ' '}
          </Typography>
          <Button size="small" onClick={() => setEditing(true)} disabled={!c}>
            Edit
          </Button>
          <Button size="small" color="error" onClick={() => void remove()} disabled={!c}>
            Delete
          </Button>
        </Stack>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <CodeHint code={id} />
          <CopyButton value={id} label="customer id" />
          {c ? (
            <Typography variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              created <Moment iso={c.time_created} />
            </Typography>
          ) : null}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="customer-locations">
        <Typography variant="subtitle1" component="h3" id="customer-locations">
          Locations{c ? ` (${owned.length})` : ''}
        </Typography>
        {c && owned.length === 0 ? (
          <Typography color="text.secondary" variant="body2">
            None yet. A location joins a customer when it is created or edited with the customer chosen (Locations
            page), or through a connect session that names the customer.
          </Typography>
        ) : null}
        <List dense aria-label="Locations of the customer">
          {owned.map((l) => {
            const label = 'postal_address' in l ? locationLabel(l, all) : { primary: l.id, secondary: '' };
            return (
              <ListItem
                key={l.id}
                disableGutters
                divider
                secondaryAction={
                  <Button size="small" onClick={() => navigate(`usage?location=${l.id}`)}>
                    Usage and cost
                  </Button>
                }
                sx={{ pr: 16 }}
              >
                <ListItemText
                  primary={
                    <Link
                      component="button"
                      onClick={() => navigate(`locations?id=${l.id}`)}
                      sx={{ textAlign: 'left' }}
                    >
                      {label.primary}
                    </Link>
                  }
                  secondary={label.secondary}
                />
              </ListItem>
            );
          })}
        </List>
      </Paper>
      {editing && c ? (
        <ReferenceForm
          what="customer"
          current={c}
          hint="Your own reference for the customer, e.g. its id in your system."
          save={(reference_id) => api.call('customers.update', { params: { id }, body: { reference_id } })}
          onClose={() => setEditing(false)}
        />
      ) : null}
    </Stack>
  );
}
