import { useState } from 'react';
import { Box, Button, MenuItem, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import type { DemandPeriod, DemandScheduleEntry } from '../../../../core/engine/schemas/charges';
import { DayRow, TimeAxis } from '../schedule/DayRow';
import { MonthChips } from '../schedule/MonthFilter';
import { groupLabel } from '../schedule/edits';
import { neighbourOf, placeSpan, spanText } from '../schedule/place';
import type { BandLook, TrackActions } from '../schedule/Track';
import { toggledMonths } from './FlatDemand';

type Band = DemandScheduleEntry['days_and_hours'][number]['hours'][number];

/** One colour per demand period, in the order of the periods; each keeps white text at 4.5:1. */
const PALETTE = ['#7a2b2b', '#1f4f7a', '#2f6a3a', '#6a3a7a', '#7a5200', '#2f5f66'];
export const periodColour = (periods: DemandPeriod[], name: string) => {
  const k = periods.findIndex((p) => p.name === name);
  return k < 0 ? '#555' : PALETTE[k % PALETTE.length]!;
};

const copy = (s: DemandScheduleEntry[]) => JSON.parse(JSON.stringify(s)) as DemandScheduleEntry[];

/**
 * The hours of the demand periods, drawn like the energy bands: month groups as tabs, day rows,
 * and the day as a track whose bands each name a period. A new band takes its neighbour's period
 * (the first period on an empty row); the selected band's period is picked below the tracks.
 */
export function DemandSchedule({
  periods,
  schedule,
  onChange,
}: {
  periods: DemandPeriod[];
  schedule: DemandScheduleEntry[];
  onChange(s: DemandScheduleEntry[]): void;
}) {
  const [tab, setTab] = useState(0);
  const [sel, setSel] = useState<{ item: number; band: number } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const e = Math.max(0, Math.min(tab, schedule.length - 1));
  const entry = schedule[e];
  if (!periods.length)
    return (
      <Box role="region" aria-label="Demand schedule">
        <Typography variant="body2" color="text.secondary">
          Add a demand period, then draw its hours here.
        </Typography>
      </Box>
    );
  if (!entry)
    return (
      <Box role="region" aria-label="Demand schedule">
        <Button
          size="small"
          onClick={() => onChange([{ months: ['All'], days_and_hours: [{ days: ['All'], hours: [] }] }])}
        >
          Draw the demand hours
        </Button>
      </Box>
    );
  const edit = (f: (s: DemandScheduleEntry[]) => void) => {
    const next = copy(schedule);
    f(next);
    onChange(next);
  };
  const band = sel ? entry.days_and_hours[sel.item]?.hours[sel.band] : undefined;
  const name = (b: Band) => `‘${b.period}’ ${spanText(b)}`;
  const actions = (i: number): TrackActions => {
    const hours = entry.days_and_hours[i]!.hours;
    const put = (next: Band[], words: string[]) => {
      edit((s) => void (s[e]!.days_and_hours[i]!.hours = next));
      setMessage(words.filter(Boolean).join(' ') || null);
    };
    return {
      place(b, from, to) {
        const r = placeSpan(hours, b, from, to, name, (span) => ({ ...span, period: hours[b]!.period }));
        if ('refused' in r) return setMessage(r.refused);
        put(r.hours, r.pushed);
      },
      add(from, to) {
        const n = neighbourOf(hours, from, to);
        const period = n === undefined ? periods[0]!.name : hours[n]!.period;
        const r = placeSpan(hours, -1, from, to, name, (span) => ({ ...span, period }));
        if ('refused' in r) return setMessage(r.refused);
        const added = r.hours.at(-1)!;
        put(r.hours, [...r.pushed, `New band ${spanText(added)} is in ${period}; pick its period below.`]);
        setSel({ item: i, band: r.hours.length - 1 });
      },
      remove(b) {
        put(
          hours.filter((_, j) => j !== b),
          [`Deleted band ${name(hours[b]!)}.`],
        );
        setSel(null);
      },
    };
  };
  const look = (hours: Band[]): BandLook => ({
    labels: (i) => [hours[i]!.period],
    text: (i) => `demand period ${hours[i]!.period}`,
    colour: (i) => periodColour(periods, hours[i]!.period),
  });
  const show = (i: number) => {
    setTab(i);
    setSel(null);
    setMessage(null);
  };

  return (
    <Box role="region" aria-label="Demand schedule">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tabs
          value={e}
          onChange={(_ev, v: number) => show(v)}
          aria-label="Demand month groups"
          sx={{ flex: '1 1 240px', minWidth: 0, '& .MuiTabs-flexContainer': { flexWrap: 'wrap' } }}
        >
          {schedule.map((g, i) => (
            <Tab key={i} label={groupLabel(g)} sx={{ textTransform: 'none', minWidth: 0, px: 1.5 }} />
          ))}
        </Tabs>
        <Button
          size="small"
          onClick={() => {
            edit((s) => void s.push({ months: [], days_and_hours: [{ days: ['All'], hours: [] }] }));
            show(schedule.length);
            setMessage('New month group: pick its months, then draw its demand periods.');
          }}
        >
          Add month group
        </Button>
        {schedule.length > 1 ? (
          <Button
            size="small"
            color="error"
            onClick={() => {
              edit((s) => void s.splice(e, 1));
              show(0);
            }}
          >
            Delete month group
          </Button>
        ) : null}
      </Stack>
      <Box sx={{ my: 1 }}>
        <MonthChips
          months={entry.months ?? ['All']}
          onToggle={(m) => edit((s) => void (s[e]!.months = toggledMonths(s[e]!.months, m)))}
        />
      </Box>
      <Box sx={{ minHeight: 24, mb: 0.5 }}>
        {message ? (
          <Typography variant="body2" role="status" aria-label="Demand schedule message">
            {message}
          </Typography>
        ) : (
          <Typography variant="caption" color="text.secondary">
            Drag on a track to draw a period’s hours (inside a band, to split it); drag its edges to resize.
          </Typography>
        )}
      </Box>
      <TimeAxis />
      {entry.days_and_hours.map((row, i) => (
        <DayRow
          key={i}
          row={row}
          index={i}
          rowKey={`demand:${e}:${i}`}
          prefix="Demand "
          look={look(row.hours)}
          selected={sel && sel.item === i ? sel.band : null}
          onSelect={(b) => setSel(b === null ? null : { item: i, band: b })}
          actions={actions(i)}
          badBands={new Set()}
          badRow={row.hours.length === 0}
          onDays={(days) => edit((s) => void (s[e]!.days_and_hours[i]!.days = days))}
          onDelete={
            entry.days_and_hours.length > 1
              ? () => {
                  edit((s) => void s[e]!.days_and_hours.splice(i, 1));
                  setSel(null);
                }
              : undefined
          }
        />
      ))}
      <Button
        size="small"
        onClick={() => edit((s) => void s[e]!.days_and_hours.push({ days: ['Weekend'], hours: [] }))}
      >
        Add day row
      </Button>
      {band && sel ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          role="group"
          aria-label="Selected demand band"
          sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 1 }}
        >
          <Typography variant="body2">Band {spanText(band)}:</Typography>
          <TextField
            select
            size="small"
            label="Period"
            value={band.period}
            onChange={(ev) => {
              edit((s) => void (s[e]!.days_and_hours[sel.item]!.hours[sel.band]!.period = ev.target.value));
              // "pick its period below" is done.
              setMessage(null);
            }}
            sx={{ minWidth: 160 }}
          >
            {periods.map((p) => (
              <MenuItem key={p.name} value={p.name}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      ) : null}
    </Box>
  );
}
