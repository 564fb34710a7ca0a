import { useState } from 'react';
import { Alert, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DateTime } from 'luxon';
import { useApp } from '../../context';
import { DateField, FormDialog, SelectField, useLocation, useLocationTariffs } from '../../components/forms';
import { ApiName } from '../../components/words';
import { defaultSchedule } from '../../components/schedule-model';
import { useServiceToday } from '../../service-time';
import { tariffName } from '../../restore';
import { SLOTS, slotWords } from '../../../../core/engine/labels';
import { takenBy, windowOf } from '../../taken';

const SUPPLY = slotWords('COMMODITY', 'IMPORT').code;

/** The new-tariff dialog, once "today" at the location is known from the service clock. */
export function CreateTariff({ locationId, onClose }: { locationId: string; onClose(): void }) {
  const location = useLocation(locationId);
  const today = useServiceToday(location.data?.timezone);
  return today ? <CreateTariffForm locationId={locationId} today={today} onClose={onClose} /> : null;
}

function CreateTariffForm({ locationId, today, onClose }: { locationId: string; today: string; onClose(): void }) {
  const { api, navigate } = useApp();
  const qc = useQueryClient();
  const siblings = useLocationTariffs(locationId);
  const [f, setF] = useState({
    display_name: 'New tariff',
    // A new tariff starts as what a location buys (supply); the other kinds are chosen on purpose.
    slot: SUPPLY as string,
    market_rates: false,
    contract_start_date: today,
    contract_end_date: DateTime.fromISO(today).plus({ years: 1 }).toISODate()!,
  });
  const window = [f.contract_start_date, f.contract_end_date] as const;
  const existing = siblings.data?.data ?? [];
  const slot = f.slot;
  const chosen = SLOTS.find((s) => s.code === slot)!;
  const blocker = takenBy(existing, slot, window);
  const datesBad = !(f.contract_end_date > f.contract_start_date);
  const create = useMutation({
    mutationFn: () =>
      api.call('tariffs.create', {
        body: {
          location_id: locationId,
          display_name: f.display_name,
          type: chosen.type,
          direction: chosen.direction,
          market_rates: f.market_rates,
          contract_start_date: f.contract_start_date,
          contract_end_date: f.contract_end_date,
          schedule: f.market_rates
            ? [
                {
                  months: ['All'],
                  days_and_hours: [
                    {
                      days: ['All'],
                      hours: [{ valid_from: '00:00:00', valid_to: '00:00:00', rate: [{ surcharge_fixed: 0.1 }] }],
                    },
                  ],
                },
              ]
            : defaultSchedule(),
        },
      }),
    onSuccess: (t) => {
      void qc.invalidateQueries();
      onClose();
      navigate(`tariffs?location=${locationId}&id=${t.id}`);
    },
  });
  return (
    <FormDialog
      open
      title="New tariff"
      action="Create"
      busy={create.isPending || !siblings.data}
      disabled={!!blocker || datesBad}
      error={create.error}
      onClose={onClose}
      onSubmit={() => create.mutate()}
    >
      <TextField label="Name" value={f.display_name} onChange={(e) => setF({ ...f, display_name: e.target.value })} />
      <SelectField
        size="medium"
        label="Kind"
        value={slot}
        onChange={(v) => setF({ ...f, slot: v })}
        renderValue={(v) => SLOTS.find((s) => s.code === v)?.label ?? v}
        options={SLOTS.map((s) => {
          const t = takenBy(existing, s.code, window);
          return [
            s.code,
            <span key={s.code}>
              {s.label}
              <ApiName code={s.code} />
              {t ? ` — taken by “${tariffName(t)}”` : ''}
            </span>,
          ] as const;
        })}
      />
      {blocker ? (
        <Alert severity="warning" role="alert">
          {chosen.label} is taken for these dates by “{tariffName(blocker)}” ({windowOf(blocker)[0]} →{' '}
          {blocker.contract_end_date?.slice(0, 10) ?? 'open-ended'}): a location has one {chosen.label.toLowerCase()}{' '}
          tariff at a time. Pick another kind, or start after it ends.
        </Alert>
      ) : null}
      <FormControlLabel
        control={<Switch checked={f.market_rates} onChange={(e) => setF({ ...f, market_rates: e.target.checked })} />}
        label="Market price (the market's price plus a surcharge)"
      />
      <Stack direction="row" spacing={2}>
        <DateField
          label="Contract start"
          value={f.contract_start_date}
          onChange={(v) => setF({ ...f, contract_start_date: v })}
        />
        <DateField
          label="Contract end"
          value={f.contract_end_date}
          onChange={(v) => setF({ ...f, contract_end_date: v })}
          error={datesBad}
          {...(datesBad ? { helperText: 'Must be after the start.' } : {})}
        />
      </Stack>
    </FormDialog>
  );
}
