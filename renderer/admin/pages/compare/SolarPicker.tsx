import { useState } from 'react';
import { Alert, Chip, Stack, TextField, Typography } from '@mui/material';
import { DateTime } from 'luxon';
import { SelectField } from '../../components/forms';
import { CsvFileButton } from '../../components/CsvFileButton';
import { PriceField } from '../../components/price/PriceField';
import { readSeriesFile } from '../../usage-csv';
import type { Metering } from '../../../../core/engine/schemas/bill';
import {
  CREDIT_WORDS,
  DEFAULT_PV_KWH_PER_YEAR,
  FROM_WORDS,
  MODE_WORDS,
  MONTH_NAMES,
  NO_SOLAR,
  type SolarChoice,
} from './solar';

const entries = <K extends string>(r: Record<K, [string, string]>) =>
  (Object.keys(r) as K[]).map((k) => [k, r[k][0]] as const);

/**
 * The household's solar (none, the PV profile scaled to a year, or a CSV of what the panels
 * made) and, with solar, how the bill meters and credits its exports.
 */
export function SolarPicker({
  solar,
  onSolar,
  metering,
  onMetering,
  zone,
  currency,
  netMeteringBlocked,
}: {
  solar: SolarChoice;
  onSolar(s: SolarChoice): void;
  metering: Metering;
  onMetering(m: Metering): void;
  zone: string;
  /** The location's currency: the true-up rate is typed in it (or its minor unit). */
  currency: string | undefined;
  /** Why net metering cannot be billed here (a market-linked supply tariff), where it cannot. */
  netMeteringBlocked?: string | undefined;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const set = (part: Partial<Metering>) => onMetering({ ...metering, ...part });
  const read = async (f: File) => {
    setProblem(null);
    try {
      onSolar(await readSeriesFile(f, zone, 'generation'));
    } catch (e) {
      setProblem(`${f.name}: ${(e as Error).message}`);
    }
  };
  const day = (ms: number) => DateTime.fromMillis(ms, { zone }).toISODate();
  return (
    <Stack spacing={1.5} role="group" aria-label="Solar">
      <Typography variant="subtitle2" component="h3">
        Solar panels
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <SelectField
          label="Solar"
          value={solar.kind === 'csv' ? 'csv' : solar.kind}
          onChange={(v) =>
            onSolar(v === 'profile' ? { kind: 'profile', kwh_per_year: DEFAULT_PV_KWH_PER_YEAR } : NO_SOLAR)
          }
          options={[
            ['none', 'None'],
            ['profile', 'A typical rooftop (PV profile)'],
            ...(solar.kind === 'csv' ? ([['csv', 'From a CSV file']] as const) : []),
          ]}
          sx={{ flex: '1 1 200px', minWidth: 0 }}
        />
        {solar.kind === 'profile' ? (
          <TextField
            size="small"
            type="number"
            label="kWh made per year"
            value={solar.kwh_per_year}
            onChange={(e) => onSolar({ kind: 'profile', kwh_per_year: Math.max(0, Number(e.target.value) || 0) })}
            slotProps={{ htmlInput: { min: 0, step: 100 } }}
            sx={{ flex: '0 1 180px' }}
          />
        ) : null}
      </Stack>
      {solar.kind === 'csv' ? (
        <Chip
          label={`${solar.name} · ${solar.intervals.length} rows · ${solar.total_kwh.toFixed(1)} kWh · ${day(solar.from)} – ${day(solar.to - 1)}`}
          onDelete={() => onSolar(NO_SOLAR)}
          data-testid="solar-file"
          sx={{ maxWidth: '100%', alignSelf: 'flex-start' }}
        />
      ) : null}
      <Stack direction="row">
        <CsvFileButton size="small" inputLabel="Generation CSV file" onFile={(f) => void read(f)}>
          {solar.kind === 'csv' ? 'Another generation CSV' : 'Generation from a CSV file'}
        </CsvFileButton>
      </Stack>
      {problem ? (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      {solar.kind !== 'none' ? (
        <Stack spacing={1.5} role="group" aria-label="Metering">
          <SelectField
            label="Metering"
            value={metering.mode}
            onChange={(v) => set({ mode: v as Metering['mode'] })}
            options={entries(MODE_WORDS).filter(([mode]) => !netMeteringBlocked || mode !== 'NET_METERING')}
          />
          {netMeteringBlocked ? (
            <Typography variant="body2" color="text.secondary" data-testid="net-metering-blocked">
              {netMeteringBlocked}
            </Typography>
          ) : null}
          {metering.mode === 'NET_METERING' ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
              <PriceField
                label="True-up rate"
                currency={currency}
                value={metering.true_up_rate ?? 0}
                onValue={(v) => set({ true_up_rate: Math.max(0, v || 0) })}
                min={0}
                testId="true-up-rate"
                sx={{ flex: '1 1 160px', minWidth: 0 }}
              />
              <TrueUpMonth month={metering.true_up_month} onChange={(true_up_month) => set({ true_up_month })} />
            </Stack>
          ) : (
            <SelectField
              label="Export credit"
              value={metering.credits}
              onChange={(v) => set({ credits: v as Metering['credits'] })}
              options={entries(CREDIT_WORDS)}
            />
          )}
          {metering.mode !== 'NET_METERING' && metering.credits === 'CARRIED' ? (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
              <SelectField
                label="Credit pays bills from"
                value={metering.credits_from}
                onChange={(v) => set({ credits_from: v as Metering['credits_from'] })}
                options={Object.entries(FROM_WORDS)}
                sx={{ flex: '1 1 160px', minWidth: 0 }}
              />
              <TrueUpMonth month={metering.true_up_month} onChange={(true_up_month) => set({ true_up_month })} />
            </Stack>
          ) : null}
          <Typography variant="body2" color="text.secondary" data-testid="compare-metering-words">
            {metering.mode === 'NET_METERING'
              ? `${MODE_WORDS.NET_METERING[1]} The true-up is at the end of ${MONTH_NAMES[metering.true_up_month - 1]}, at ${metering.true_up_rate ?? 0} a kWh.`
              : `${MODE_WORDS[metering.mode][1]} ${CREDIT_WORDS[metering.credits][1]}${
                  metering.credits === 'CARRIED'
                    ? ` Credit pays bills ${metering.credits_from === 'SAME_MONTH' ? 'in the month it is earned' : 'from the month after it is earned'}; the true-up is at the end of ${MONTH_NAMES[metering.true_up_month - 1]}.`
                    : ''
                }`}
          </Typography>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The month the true-up falls in: net metering's surplus payout and carried credits' settlement alike. */
function TrueUpMonth({ month, onChange }: { month: number; onChange: (month: number) => void }) {
  return (
    <SelectField
      label="True-up month"
      value={String(month)}
      onChange={(v) => onChange(Number(v))}
      options={MONTH_NAMES.map((m, i) => [String(i + 1), m])}
      sx={{ flex: '1 1 140px', minWidth: 0 }}
    />
  );
}
