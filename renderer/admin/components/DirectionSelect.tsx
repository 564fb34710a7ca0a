import { MenuItem, TextField, type SxProps, type Theme } from '@mui/material';
import { ApiName } from './words';
import { DIRECTION_WORDS } from '../../../core/engine/labels';
import { TariffDirection } from '../../../core/engine/schemas/common';

/** A tariff direction, picked by its words with the code as a quiet hint in the list. */
export function DirectionSelect({
  value,
  onChange,
  sx,
}: {
  value: TariffDirection;
  onChange(direction: TariffDirection): void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField
      select
      size="small"
      label="Direction"
      value={value}
      onChange={(e) => onChange(TariffDirection.parse(e.target.value))}
      // Closed, the words alone; the code stands beside them in the list.
      slotProps={{ select: { renderValue: (v) => DIRECTION_WORDS[v as TariffDirection]?.label ?? String(v) } }}
      {...(sx ? { sx } : {})}
    >
      {TariffDirection.options.map((d) => (
        <MenuItem key={d} value={d} title={DIRECTION_WORDS[d].hint}>
          {DIRECTION_WORDS[d].label}
          <ApiName code={d} />
        </MenuItem>
      ))}
    </TextField>
  );
}
