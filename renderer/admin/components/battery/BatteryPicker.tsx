import { FormControlLabel, Stack, Switch, TextField, Typography } from '@mui/material';
import { SelectField } from '../forms';
import { BATTERY_STRATEGY_WORDS, CAR_STRATEGY_WORDS, timeOfField, type BatteryChoice, type CarChoice } from './model';

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
            <Typography variant="body2" color="text.secondary" data-testid="battery-words">
              {BATTERY_STRATEGY_WORDS[battery.strategy][1]} 90 % round trip, from and to empty.
            </Typography>
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
