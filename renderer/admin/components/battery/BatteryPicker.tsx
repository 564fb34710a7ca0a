import { FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { SelectField } from '../forms';
import {
  BATTERY_STRATEGY_WORDS,
  CAR_STRATEGY_WORDS,
  socOf,
  socProblems,
  timeOfField,
  type BatteryChoice,
  type CarChoice,
} from './model';

const entries = <K extends string>(r: Record<K, [string, string]>) =>
  (Object.keys(r) as K[]).map((k) => [k, r[k][0]] as const);

/** A number field of the panel: what is typed, never below 0 (the API says what it refuses). */
function NumberField({
  label,
  value,
  onValue,
  step,
}: {
  label: string;
  value: number;
  onValue(v: number): void;
  step: number;
}) {
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={value}
      onChange={(e) => onValue(Math.max(0, Number(e.target.value) || 0))}
      slotProps={{ htmlInput: { min: 0, step } }}
      sx={{ flex: '1 1 120px', minWidth: 0 }}
    />
  );
}

/**
 * A percentage of the battery's capacity as typed: empty is the model's default (said below it),
 * and what is out of range stays as typed, its problem said, so nothing is silently changed.
 */
function PercentField({
  label,
  value,
  onValue,
  problem,
  help,
}: {
  label: string;
  value: number | null;
  onValue(v: number | null): void;
  problem: string | undefined;
  help: string;
}) {
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={value ?? ''}
      onChange={(e) => onValue(e.target.value === '' ? null : Number(e.target.value))}
      error={!!problem}
      helperText={problem ?? help}
      slotProps={{ htmlInput: { min: 0, max: 100, step: 5 }, formHelperText: { sx: { mx: 0.5 } } }}
      sx={{ flex: '1 1 96px', minWidth: 0 }}
    />
  );
}

/** What the words under the battery say of its states of charge. */
function socWords(b: BatteryChoice): string {
  const { reserve, initial, final } = socOf(b);
  const floor = reserve > 0 ? `, never below ${reserve} %` : '';
  const end = b.strategy === 'OPTIMAL' ? `, ending with at least ${final} %` : '';
  return `90 % round trip; starts at ${initial} %${floor}${end}.`;
}

/**
 * The household's home battery (on or off, its size and power, how it is run, whether it may
 * export) and electric car (its charger, kWh a day, when it plugs in and must be ready, how it
 * charges). The bill dispatches both on each column's own tariffs.
 */
export function BatteryPicker({
  battery,
  onBattery,
  car,
  onCar,
  batteryLeftOut,
}: {
  battery: BatteryChoice;
  onBattery(b: BatteryChoice): void;
  /** Without a car the panel offers the battery alone. */
  car?: CarChoice;
  onCar?(c: CarChoice): void;
  /** Why the battery is left out of what is priced (the choice is kept for when it counts again). */
  batteryLeftOut?: string | undefined;
}) {
  const setB = (part: Partial<BatteryChoice>) => onBattery({ ...battery, ...part });
  const problems = socProblems(battery);
  const setC = (part: Partial<CarChoice>) => car && onCar?.({ ...car, ...part });
  return (
    <Stack spacing={1.5}>
      <Stack spacing={1.5} role="group" aria-label="Battery">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="subtitle2" component="h3">
            Home battery
          </Typography>
          <FormControlLabel
            control={<Switch size="small" checked={battery.on} onChange={(e) => setB({ on: e.target.checked })} />}
            label="Battery"
          />
        </Stack>
        {battery.on ? (
          <>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
              <NumberField
                label="Capacity kWh"
                value={battery.capacity_kwh}
                onValue={(capacity_kwh) => setB({ capacity_kwh })}
                step={0.5}
              />
              <NumberField
                label="Power kW"
                value={battery.power_kw}
                onValue={(power_kw) => setB({ power_kw })}
                step={0.5}
              />
            </Stack>
            <SelectField
              label="Battery strategy"
              value={battery.strategy}
              onChange={(v) => setB({ strategy: v as BatteryChoice['strategy'] })}
              options={entries(BATTERY_STRATEGY_WORDS)}
            />
            {battery.strategy === 'OPTIMAL' ? (
              <FormControlLabel
                control={
                  <Switch size="small" checked={battery.export} onChange={(e) => setB({ export: e.target.checked })} />
                }
                label="May send energy to the grid"
              />
            ) : null}
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
              <PercentField
                label="Reserve %"
                value={battery.reserve_percent}
                onValue={(v) => setB({ reserve_percent: v ?? 0 })}
                problem={problems.reserve_percent}
                help="Never below"
              />
              <PercentField
                label="Start %"
                value={battery.initial_soc_percent}
                onValue={(initial_soc_percent) => setB({ initial_soc_percent })}
                problem={problems.initial_soc_percent}
                help="Empty: reserve"
              />
              {battery.strategy === 'OPTIMAL' ? (
                <PercentField
                  label="End %"
                  value={battery.final_soc_percent}
                  onValue={(final_soc_percent) => setB({ final_soc_percent })}
                  problem={problems.final_soc_percent}
                  help="Empty: start"
                />
              ) : null}
            </Stack>
            <Typography variant="body2" color="text.secondary" data-testid="battery-words">
              {BATTERY_STRATEGY_WORDS[battery.strategy][1]} {socWords(battery)}
            </Typography>
            {Object.keys(problems).length ? (
              <Typography variant="body2" color="error" role="status" aria-label="Battery not asked">
                Nothing is asked until the states of charge are fixed: the figures stay as last asked.
              </Typography>
            ) : null}
            {batteryLeftOut ? (
              <Typography variant="body2" color="warning.main" role="status" aria-label="Battery left out">
                {batteryLeftOut}
              </Typography>
            ) : null}
          </>
        ) : null}
      </Stack>
      {car && onCar ? (
        <Stack spacing={1.5} role="group" aria-label="Electric car">
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="subtitle2" component="h3">
              Electric car
            </Typography>
            <FormControlLabel
              control={<Switch size="small" checked={car.on} onChange={(e) => setC({ on: e.target.checked })} />}
              label="Car"
            />
          </Stack>
          {car.on ? (
            <>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
                <NumberField
                  label="Charger kW"
                  value={car.power_kw}
                  onValue={(power_kw) => setC({ power_kw })}
                  step={0.1}
                />
                <NumberField
                  label="kWh per day"
                  value={car.kwh_per_day}
                  onValue={(kwh_per_day) => setC({ kwh_per_day })}
                  step={1}
                />
              </Stack>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
                {(
                  [
                    ['plug_in', 'Plugs in at'],
                    ['ready_by', 'Ready by'],
                  ] as const
                ).map(([k, label]) => (
                  <TextField
                    key={k}
                    size="small"
                    type="time"
                    label={label}
                    value={car[k].slice(0, 5)}
                    onChange={(e) => e.target.value && setC({ [k]: timeOfField(e.target.value) })}
                    slotProps={{ inputLabel: { shrink: true } }}
                    sx={{ flex: '1 1 120px', minWidth: 0 }}
                  />
                ))}
              </Stack>
              <SelectField
                label="Car charging"
                value={car.strategy}
                onChange={(v) => setC({ strategy: v as CarChoice['strategy'] })}
                options={entries(CAR_STRATEGY_WORDS)}
              />
              <Typography variant="body2" color="text.secondary" data-testid="car-words">
                {CAR_STRATEGY_WORDS[car.strategy][1]} Its energy is the home’s usage, on every tariff.
              </Typography>
            </>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
