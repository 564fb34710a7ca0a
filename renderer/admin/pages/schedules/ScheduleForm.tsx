import { Box, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { ValueField } from '../../../shared/value-field';
import { LocationSelect, SelectField } from '../../components/forms';
import { nameOf, useDevices } from '../customers/queries';
import { ApiName } from '../../components/words';
import { DirectionSelect } from '../../components/DirectionSelect';
import { MODES, type Mode, type Params, type TextKey } from './model';
import { isBattery } from './battery';

/** Where, when and what: the location, the window, the mode and its figures. */
export function ScheduleForm({
  locationId,
  onLocation,
  params,
  onChange,
  currency,
  zone,
  invalid,
  battery,
}: {
  locationId: string;
  onLocation(id: string): void;
  params: Params;
  onChange(p: Params): void;
  currency: string;
  zone: string;
  /** The field a problem is about, marked with its message under it. */
  invalid?: { field: TextKey | undefined; message: string } | null;
  /** Battery mode: the battery planned (the chosen one, else the demo home's). */
  battery?: string;
}) {
  const devices = useDevices();
  const set = (patch: Partial<Params>) => onChange({ ...params, ...patch });
  const batteries = (devices.data?.data ?? []).filter(isBattery);
  /** A field of the form bound to its key: a number unless said, sharing a row by `basis`. */
  const field = (key: TextKey, label: string, basis: string, input: object = { step: 'any' }, type = 'number') => (
    <ValueField
      size="small"
      type={type}
      label={label}
      value={params[key]}
      onValue={(v) => set({ [key]: v })}
      slotProps={{ htmlInput: input }}
      shrink={type !== 'number'}
      sx={{ flex: `1 1 ${basis}` }}
      {...(invalid?.field === key ? { error: true, helperText: invalid.message } : {})}
    />
  );
  return (
    <Stack spacing={2}>
      <LocationSelect value={locationId} onChange={onLocation} fullWidth />
      {params.mode === 'battery' ? null : (
        <>
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            {field('from', 'From (local)', '180px', {}, 'datetime-local')}
            {field('to', 'To (local)', '180px', {}, 'datetime-local')}
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ mt: '4px !important' }}>
            Times in {zone}
          </Typography>
        </>
      )}
      <ToggleButtonGroup
        exclusive
        fullWidth
        orientation="vertical"
        size="small"
        color="primary"
        value={params.mode}
        onChange={(_e, mode: Mode | null) => mode && set({ mode })}
        aria-label="Schedule by"
      >
        {MODES.map((m) => (
          <ToggleButton
            key={m.id}
            value={m.id}
            sx={{ textTransform: 'none', justifyContent: 'flex-start', textAlign: 'left', py: 0.75 }}
          >
            <Box>
              <Box component="span" sx={{ display: 'block', fontWeight: 500 }}>
                {m.label}
              </Box>
              <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                {m.hint}
              </Typography>
            </Box>
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {params.mode === 'battery' ? (
        <>
          <SelectField
            label="Battery"
            value={battery ?? ''}
            onChange={(device) => set({ device })}
            // An empty choice only where there is none to pick: with one, a battery is always planned.
            empty={batteries.length ? undefined : 'None with a capacity and a power rating'}
            options={batteries.map((d) => [d.id, nameOf(d)] as const)}
          />
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            {field('hours', 'Hours from now', '100px', { min: 1, step: 1 })}
            {field('usageKwh', 'Usage (kWh a year)', '120px', { min: 0, step: 100 })}
            {field('solarKwh', 'Solar (kWh a year)', '120px', { min: 0, step: 100 })}
          </Stack>
          <Typography variant="caption" color="text.secondary" sx={{ mt: '4px !important' }}>
            From the service’s now, on the location’s import and export tariffs, from the battery’s last reported state.
            Usage and solar are laid on standard household and solar shapes in {zone}.
          </Typography>
        </>
      ) : params.mode === 'amount' ? (
        <>
          <Stack direction="row" sx={{ gap: 2 }}>
            {field('energyKwh', 'Energy (kWh)', '0px', { min: 0, step: 'any' })}
            {field('powerKw', 'Power (kW)', '0px', { min: 0, step: 'any' })}
          </Stack>
        </>
      ) : (
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label="Look for"
            value={params.segment}
            onChange={(e) => set({ segment: e.target.value === 'HIGH' ? 'HIGH' : 'LOW' })}
            slotProps={{ select: { renderValue: (v) => (v === 'HIGH' ? 'Dearest' : 'Cheapest') } }}
            sx={{ flex: '1 1 140px' }}
          >
            <MenuItem value="LOW">
              Cheapest
              <ApiName code="LOW" />
            </MenuItem>
            <MenuItem value="HIGH">
              Dearest
              <ApiName code="HIGH" />
            </MenuItem>
          </TextField>
          {params.mode === 'duration' ? (
            field('minutes', 'Minutes', '100px', { min: 1, step: 15 })
          ) : (
            <>
              {field('limit', `Price limit (${currency}/kWh)`, '140px')}
              {field('relative', 'Share of the range (0–1)', '140px', { min: 0, max: 1, step: 0.05 })}
            </>
          )}
        </Stack>
      )}
      {params.mode === 'amount' || params.mode === 'battery' ? null : (
        <Typography variant="caption" color="text.secondary" sx={{ mt: '4px !important' }}>
          Stored as a session, each chosen period is the device at this power.
        </Typography>
      )}
      {params.mode === 'battery' ? null : (
        <>
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
            {params.mode === 'amount' ? null : field('powerKw', 'Device power (kW)', '140px', { min: 0, step: 'any' })}
            {/* The device the plan is for: its stored session is then the device's. */}
            <SelectField
              label="Device"
              value={params.device}
              onChange={(device) => set({ device })}
              empty="None (the location’s meter)"
              options={(devices.data?.data ?? []).map((d) => [d.id, nameOf(d)] as const)}
              sx={{ flex: '1 1 200px' }}
            />
          </Stack>
          <DirectionSelect value={params.direction} onChange={(direction) => set({ direction })} />
        </>
      )}
    </Stack>
  );
}
