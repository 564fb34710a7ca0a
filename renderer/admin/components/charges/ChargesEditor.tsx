import type { ReactNode } from 'react';
import { Alert, Button, Divider, Paper, Stack, TextField, Typography } from '@mui/material';
import type { Charges } from '../../../../core/engine/schemas/charges';
import { minimumsOf } from '../../../../core/engine/schemas/charges';
import { FixedCharges, MinimumField } from './FixedCharges';
import { FlatDemandList } from './FlatDemand';
import { DemandPeriods } from './DemandPeriods';
import { DemandSchedule } from './DemandSchedule';
import { chargeProblems, ratchetWords } from './words';

/**
 * The parts of a bill beside the energy schedule: fixed charges (per day or per month), a minimum
 * bill (per month or per year), flat demand on the month's highest kW, and time-of-use demand
 * whose hours are drawn like the energy bands. Prices (`/prices`) never read them; bills do.
 * `fixedPart` stands in for the fixed charges list where a page edits them its own way (`false`: elsewhere on the page).
 */
export function ChargesEditor({
  charges,
  onChange,
  currency,
  fixedPart,
}: {
  charges: Charges | undefined;
  onChange(c: Charges): void;
  currency: string | undefined;
  fixedPart?: ReactNode;
}) {
  const c = charges ?? {};
  const demand = c.demand ?? {};
  const problems = chargeProblems(charges);
  const put = (next: Partial<Charges>) => onChange({ ...c, ...next });
  const putDemand = (next: Partial<NonNullable<Charges['demand']>>) => put({ demand: { ...demand, ...next } });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Charges">
      <Typography variant="subtitle1" component="h3">
        Charges
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Beside the energy prices, what a bill adds:{' '}
        {fixedPart === false ? 'the standing charges above' : 'standing charges'}, a minimum and demand (per kW). Prices
        and the price signal are energy only; bills count these.
      </Typography>
      <Stack spacing={2} divider={<Divider flexItem />}>
        {fixedPart ?? <FixedCharges fixed={c.fixed ?? []} onChange={(fixed) => put({ fixed })} currency={currency} />}
        <MinimumField
          minimum={minimumsOf(c)[0]}
          onChange={(minimum) => {
            // The editor holds the first minimum; a second (a monthly beside an annual one) is kept.
            const rest = minimumsOf(c).slice(1);
            const list = minimum ? [minimum, ...rest] : rest;
            const next = { ...c };
            if (list.length === 0) delete next.minimum;
            else next.minimum = list.length === 1 ? list[0]! : list;
            onChange(next);
          }}
          currency={currency}
        />
        <FlatDemandList flat={demand.flat ?? []} onChange={(flat) => putDemand({ flat })} currency={currency} />
        {demand.ratchet ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="ratchet">
            <TextField
              size="small"
              type="number"
              label="Ratchet %"
              value={demand.ratchet.percent}
              onChange={(e) =>
                putDemand({ ratchet: { ...demand.ratchet!, percent: Math.max(0, Number(e.target.value) || 0) } })
              }
              slotProps={{ htmlInput: { min: 0, max: 1000, step: 5 } }}
              sx={{ width: 120 }}
            />
            <Typography variant="body2" data-testid="ratchet-words" sx={{ flex: '1 1 240px' }}>
              {ratchetWords(demand.ratchet)}
            </Typography>
            <Button size="small" onClick={() => putDemand({ ratchet: undefined })}>
              Remove ratchet
            </Button>
          </Stack>
        ) : null}
        <Stack spacing={1}>
          <DemandPeriods
            periods={demand.periods ?? []}
            schedule={demand.schedule ?? []}
            onChange={(periods, schedule) => putDemand({ periods, schedule })}
            currency={currency}
          />
          <DemandSchedule
            periods={demand.periods ?? []}
            schedule={demand.schedule ?? []}
            onChange={(schedule) => putDemand({ schedule })}
          />
        </Stack>
      </Stack>
      {problems.length ? (
        <Stack spacing={0.5} sx={{ mt: 1 }} role="region" aria-label="Charge problems">
          {problems.map((p) => (
            <Alert key={p} severity="error">
              {p}
            </Alert>
          ))}
        </Stack>
      ) : null}
    </Paper>
  );
}
