import { Box, MenuItem, Stack, TextField, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { ValueField } from '../../../shared/value-field';
import { LocationSelect } from '../../components/forms';
import { CodeHint } from '../../components/words';
import { DIRECTION_WORDS } from '../../../../core/engine/labels';
import { TariffDirection } from '../../../../core/engine/schemas/common';
import { MODES, type Mode, type Params } from './model';

/** Where, when and what: the location, the window, the mode and its figures. */
export function ScheduleForm({
  locationId,
  onLocation,
  params,
  onChange,
  currency,
  zone,
}: {
  locationId: string;
  onLocation(id: string): void;
  params: Params;
  onChange(p: Params): void;
  currency: string;
  zone: string;
}) {
  const set = (patch: Partial<Params>) => onChange({ ...params, ...patch });
  return (
    <Stack spacing={2}>
      <LocationSelect value={locationId} onChange={onLocation} fullWidth />
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
        <ValueField
          size="small"
          type="datetime-local"
          label="From (local)"
          value={params.from}
          onValue={(from) => set({ from })}
          shrink
          sx={{ flex: '1 1 180px' }}
        />
        <ValueField
          size="small"
          type="datetime-local"
          label="To (local)"
          value={params.to}
          onValue={(to) => set({ to })}
          shrink
          sx={{ flex: '1 1 180px' }}
        />
      </Stack>
      <Typography variant="caption" color="text.secondary" sx={{ mt: '4px !important' }}>
        Times in {zone}
      </Typography>
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
      {params.mode === 'amount' ? (
        <Stack direction="row" sx={{ gap: 2 }}>
          <ValueField
            size="small"
            type="number"
            label="Energy (kWh)"
            value={params.energyKwh}
            onValue={(energyKwh) => set({ energyKwh })}
            slotProps={{ htmlInput: { min: 0, step: 'any' } }}
            sx={{ flex: 1 }}
          />
          <ValueField
            size="small"
            type="number"
            label="Power (kW)"
            value={params.powerKw}
            onValue={(powerKw) => set({ powerKw })}
            slotProps={{ htmlInput: { min: 0, step: 'any' } }}
            sx={{ flex: 1 }}
          />
        </Stack>
      ) : (
        <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label="Look for"
            value={params.segment}
            onChange={(e) => set({ segment: e.target.value === 'HIGH' ? 'HIGH' : 'LOW' })}
            sx={{ flex: '1 1 140px' }}
          >
            <MenuItem value="LOW">
              Cheapest
              <CodeHint code="LOW" />
            </MenuItem>
            <MenuItem value="HIGH">
              Dearest
              <CodeHint code="HIGH" />
            </MenuItem>
          </TextField>
          {params.mode === 'duration' ? (
            <ValueField
              size="small"
              type="number"
              label="Minutes"
              value={params.minutes}
              onValue={(minutes) => set({ minutes })}
              slotProps={{ htmlInput: { min: 1, step: 15 } }}
              sx={{ flex: '1 1 100px' }}
            />
          ) : (
            <>
              <ValueField
                size="small"
                type="number"
                label={`Price limit (${currency}/kWh)`}
                value={params.limit}
                onValue={(limit) => set({ limit })}
                slotProps={{ htmlInput: { step: 'any' } }}
                sx={{ flex: '1 1 140px' }}
              />
              <ValueField
                size="small"
                type="number"
                label="Share of the range (0–1)"
                value={params.relative}
                onValue={(relative) => set({ relative })}
                slotProps={{ htmlInput: { min: 0, max: 1, step: 0.05 } }}
                sx={{ flex: '1 1 140px' }}
              />
            </>
          )}
        </Stack>
      )}
      <TextField
        select
        size="small"
        label="Direction"
        value={params.direction}
        onChange={(e) => set({ direction: TariffDirection.parse(e.target.value) })}
      >
        {TariffDirection.options.map((d) => (
          <MenuItem key={d} value={d} title={DIRECTION_WORDS[d].hint}>
            {DIRECTION_WORDS[d].label}
            <CodeHint code={d} />
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
