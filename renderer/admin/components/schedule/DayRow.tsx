import { Box, IconButton, Stack, SvgIcon, TextField, Typography } from '@mui/material';
import { DAY_NAMES } from '../../../../core/engine/schedule/names';
import { Track, type BandLook, type TrackActions } from './Track';
import type { Span } from './place';

type Row = { days: string[]; hours: Span[] };

const DAY_GROUPS = ['All', 'Weekdays', 'Weekend', ...DAY_NAMES];
/** The width of a row's days select, and of its buttons after the track: the time axis leaves both free. */
export const ROW_START = 130;
export const ROW_END = 72;

/** One day row of a month group: its days, its track (energy bands or demand periods), and Duplicate and Delete. */
export function DayRow({
  row,
  index,
  rowKey,
  look,
  selected,
  onSelect,
  actions,
  badBands,
  badRow,
  onDays,
  onDuplicate,
  onDelete,
  prefix = '',
}: {
  row: Row;
  index: number;
  /** `entry:item`, the row's place for validation and precedence notes. */
  rowKey: string;
  look: BandLook;
  selected: number | null;
  onSelect(b: number | null): void;
  actions: TrackActions;
  badBands: Set<number>;
  badRow: boolean;
  onDays(days: string[]): void;
  /** Absent where rows are not copied (the demand schedule). */
  onDuplicate?: (() => void) | undefined;
  /** Absent while the group has one row: a group keeps at least one. */
  onDelete?: (() => void) | undefined;
  /** Before the row's names ("Demand "), where another editor's rows share the page. */
  prefix?: string;
}) {
  const name = `‘${row.days.join('/')}’`;
  return (
    <Box data-row={rowKey} sx={{ mb: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          value={row.days.join(',')}
          onChange={(ev) => onDays(ev.target.value.split(','))}
          sx={{ width: ROW_START, flexShrink: 0 }}
          slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `${prefix}Days of row ${index + 1}` } }}
        >
          {[...new Set([row.days.join(','), ...DAY_GROUPS])].map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </TextField>
        <Track
          hours={row.hours}
          look={look}
          label={`${prefix}${row.days.join('/')} track`}
          selected={selected}
          onSelect={onSelect}
          actions={actions}
          badBands={badBands}
          badRow={badRow}
        />
        <Stack direction="row" sx={{ width: ROW_END, flexShrink: 0 }}>
          <IconButton
            size="small"
            disabled={!onDuplicate}
            aria-label={`Duplicate ${prefix.toLowerCase()}row ${name}`}
            title="Duplicate this row: a copy of its bands for other days"
            onClick={onDuplicate}
          >
            {/* Two sheets, one over the other: drawn, as no system font is sure to have a copy sign. */}
            <SvgIcon aria-hidden sx={{ fontSize: 16 }}>
              <path d="M16 1H4c-1.1 0-2 .9-2 2v14h2V3h12V1zm3 4H8c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h11c1.1 0 2-.9 2-2V7c0-1.1-.9-2-2-2zm0 16H8V7h11v14z" />
            </SvgIcon>
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Delete ${prefix.toLowerCase()}row ${name}`}
            onClick={onDelete}
            disabled={!onDelete}
          >
            ×
          </IconButton>
        </Stack>
      </Stack>
    </Box>
  );
}

/** Hours 00–24 above the tracks. */
export function TimeAxis() {
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 0.5 }}>
      <Box sx={{ width: ROW_START, flexShrink: 0 }} />
      <Box sx={{ flex: 1, position: 'relative', height: 16 }}>
        {[0, 3, 6, 9, 12, 15, 18, 21, 24].map((h) => (
          <Typography
            key={h}
            variant="caption"
            sx={{
              position: 'absolute',
              left: `${(h / 24) * 100}%`,
              transform: 'translateX(-50%)',
              color: 'text.secondary',
            }}
          >
            {String(h).padStart(2, '0')}
          </Typography>
        ))}
      </Box>
      <Box sx={{ width: ROW_END, flexShrink: 0 }} />
    </Stack>
  );
}
