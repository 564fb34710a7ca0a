import { Button, IconButton, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { FixedCharge, MinimumCharge } from '../../../../core/engine/schemas/charges';
import { NumberField } from './fields';
import { fixedName, fixedWords, minimumWords } from './words';

const money = (currency: string | undefined) => currency || undefined;

/** The fixed charges of a tariff (per day or per month), each said as a bill says it. */
export function FixedCharges({
  fixed,
  onChange,
  currency,
}: {
  fixed: FixedCharge[];
  onChange(f: FixedCharge[]): void;
  currency: string | undefined;
}) {
  const set = (k: number, f: FixedCharge) => onChange(fixed.map((x, j) => (j === k ? f : x)));
  return (
    <Stack spacing={1} role="group" aria-label="Fixed charges">
      <Typography variant="subtitle2" component="h4">
        Fixed charges
      </Typography>
      {fixed.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None: no standing or customer charge.
        </Typography>
      ) : null}
      {fixed.map((f, k) => (
        <Stack key={k} spacing={0.5} role="group" aria-label={`Fixed charge ${k + 1}`}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              size="small"
              label="Name"
              value={f.name ?? ''}
              placeholder={fixedName({ per: f.per })}
              onChange={(ev) => {
                const next: FixedCharge = { amount: f.amount, per: f.per };
                if (ev.target.value) next.name = ev.target.value;
                set(k, next);
              }}
              sx={{ width: 180 }}
              slotProps={{ htmlInput: { 'data-native-undo': true } }}
            />
            <NumberField
              label="Amount"
              unit={money(currency)}
              value={f.amount}
              onValue={(v) => set(k, { ...f, amount: v ?? 0 })}
            />
            <TextField
              select
              size="small"
              label="Charged"
              value={f.per}
              onChange={(ev) => set(k, { ...f, per: ev.target.value as FixedCharge['per'] })}
              sx={{ width: 140 }}
            >
              <MenuItem value="DAY">per day</MenuItem>
              <MenuItem value="MONTH">per month</MenuItem>
            </TextField>
            <IconButton
              size="small"
              aria-label={`Remove ${fixedName(f)}`}
              onClick={() => onChange(fixed.filter((_, j) => j !== k))}
            >
              ×
            </IconButton>
          </Stack>
          <Typography variant="body2" data-testid="fixed-words">
            {fixedWords(f, currency)}
          </Typography>
        </Stack>
      ))}
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => onChange([...fixed, { amount: 0, per: 'DAY' }])}>
          Add a daily charge
        </Button>
        <Button size="small" onClick={() => onChange([...fixed, { amount: 0, per: 'MONTH' }])}>
          Add a monthly charge
        </Button>
      </Stack>
    </Stack>
  );
}

/** The minimum bill: none, or an amount per month or per year. */
export function MinimumField({
  minimum,
  onChange,
  currency,
}: {
  minimum: MinimumCharge | undefined;
  onChange(m: MinimumCharge | undefined): void;
  currency: string | undefined;
}) {
  return (
    <Stack spacing={1} role="group" aria-label="Minimum bill">
      <Typography variant="subtitle2" component="h4">
        Minimum bill
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Minimum"
          value={minimum?.per ?? 'NONE'}
          onChange={(ev) => {
            const per = ev.target.value;
            onChange(per === 'NONE' ? undefined : { amount: minimum?.amount ?? 0, per: per as MinimumCharge['per'] });
          }}
          sx={{ width: 160 }}
        >
          <MenuItem value="NONE">none</MenuItem>
          <MenuItem value="MONTH">per month</MenuItem>
          <MenuItem value="YEAR">per year</MenuItem>
        </TextField>
        {minimum ? (
          <NumberField
            label="Amount"
            unit={money(currency)}
            value={minimum.amount}
            onValue={(v) => onChange({ ...minimum, amount: v ?? 0 })}
          />
        ) : null}
      </Stack>
      <Typography variant="body2" color={minimum ? 'text.primary' : 'text.secondary'} data-testid="minimum-words">
        {minimum
          ? `${minimumWords(minimum, currency)}: a ${minimum.per === 'MONTH' ? 'month' : 'year'} whose bill is below it pays the difference.`
          : 'No minimum bill.'}
      </Typography>
    </Stack>
  );
}
