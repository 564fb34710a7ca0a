import { useState } from 'react';
import { Button, Grid, Paper, Stack, TextField, Typography } from '@mui/material';
import { useApp } from '../../context';
import { EmptyState, ErrorAlert, Loading, PageHeader } from '../../components/common';
import { PickList } from '../../components/panels';
import { CustomerView } from './CustomerView';
import { DevicesPanel } from './DevicesPanel';
import { ReferenceForm } from './ReferenceForm';
import { MAX_LISTED, matches, nameOf, useCustomers } from './queries';

const places = (n: number) => (n === 0 ? 'no locations' : n === 1 ? '1 location' : `${n} locations`);

/**
 * The integrator's customers (search by reference, create, edit, delete with the locations they
 * own) and, below, the account's devices.
 */
export function CustomersPage() {
  const { api, route, navigate } = useApp();
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const customers = useCustomers();
  const all = customers.data?.data ?? [];
  const shown = all.filter((c) => matches(c, search));
  const selected = route.params.get('id') ?? shown[0]?.id;
  return (
    <>
      <PageHeader
        title="Customers"
        subtitle="Your customers, the locations they own, and the account's metered devices"
        actions={
          <Button variant="contained" onClick={() => setCreating(true)} sx={{ whiteSpace: 'nowrap' }}>
            New customer
          </Button>
        }
      />
      <Loading show={customers.isLoading} />
      <ErrorAlert error={customers.error} />
      <Stack spacing={2}>
        {customers.data && all.length === 0 ? (
          <EmptyState
            title="No customers yet"
            hint="Create a customer, or run a connect session with a customer reference: it creates one."
            action={<Button onClick={() => setCreating(true)}>New customer</Button>}
          />
        ) : null}
        {all.length ? (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <Stack spacing={1}>
                <TextField
                  size="small"
                  type="search"
                  label="Search by reference"
                  value={search}
                  onChange={(e) => setSearch(e.target.value)}
                />
                <PickList
                  label="Customers"
                  items={shown}
                  selected={selected}
                  onPick={(c) => navigate(`customers?id=${c.id}`)}
                  primary={(c) => nameOf(c)}
                  secondary={(c) => places(c.locations.length)}
                  after={
                    <Paper elevation={0} sx={{ px: 2, pb: shown.length && !customers.data?.more ? 0 : 1.5 }}>
                      {shown.length === 0 ? (
                        <Typography variant="body2" color="text.secondary" sx={{ pt: 1.5 }}>
                          No customer’s reference contains “{search.trim()}”.
                        </Typography>
                      ) : null}
                      {customers.data?.more ? (
                        <Typography variant="body2" color="text.secondary">
                          The newest {MAX_LISTED} customers are listed and searched.
                        </Typography>
                      ) : null}
                    </Paper>
                  }
                />
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 8 }}>{selected ? <CustomerView key={selected} id={selected} /> : null}</Grid>
          </Grid>
        ) : null}
        <DevicesPanel />
      </Stack>
      {creating ? (
        <ReferenceForm
          what="customer"
          hint="Your own reference for the customer, e.g. its id in your system. Optional."
          save={(reference_id) => api.call('customers.create', { body: reference_id ? { reference_id } : {} })}
          onSaved={(c) => navigate(`customers?id=${c.id}`)}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </>
  );
}
