import { useRef, useState } from 'react';
import { Box, Button, Chip, IconButton, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import type { Schedule, Rate } from '../../../core/engine/schemas/schedule';
import { MONTH_NAMES, DAY_NAMES } from '../../../core/engine/schedule/names';
import { bandQuarters, fromQ, occupied, Q, QUARTERS, rateColour, rateLabel, type Sel } from './schedule-model';

const DAY_GROUPS = ['All', 'Weekdays', 'Weekend', ...DAY_NAMES];

interface Props {
  schedule: Schedule;
  market: boolean;
  onChange(s: Schedule): void;
  sel: Sel | null;
  onSelect(s: Sel | null): void;
}

/**
 * The visual schedule editor: month groups as tabs, day groups as rows, the day as a 96-quarter
 * track. Draw a band by dragging on free track, resize it by its edges, or use the keyboard:
 * on a band, ←/→ move its end and Shift+←/→ its start by 15 min, Delete removes it; on a track,
 * Enter adds a band in the first free stretch.
 */
export function ScheduleEditor({ schedule, market, onChange, sel, onSelect }: Props) {
  const [tab, setTab] = useState(0);
  const entry = schedule[Math.min(tab, schedule.length - 1)];
  const e = Math.min(tab, schedule.length - 1);
  const update = (f: (s: Schedule) => void) => {
    const next = JSON.parse(JSON.stringify(schedule)) as Schedule;
    f(next);
    onChange(next);
  };
  if (!entry)
    return (
      <Button onClick={() => onChange([{ months: ['All'], days_and_hours: [{ days: ['All'], hours: [] }] }])}>
        Start a schedule
      </Button>
    );

  const brush: Rate[] = sel
    ? (schedule[sel.entry]?.days_and_hours[sel.item]?.hours[sel.band]?.rate ?? [{ fixed: 0.25 }])
    : market
      ? [{ surcharge_fixed: 0 }]
      : [{ fixed: 0.25 }];

  const toggleMonth = (m: string) =>
    update((s) => {
      const cur = s[e]!.months ?? ['All'];
      const named = cur.filter((x) => x.toLowerCase() !== 'all');
      const next =
        m === 'All'
          ? ['All']
          : named.some((x) => x.toLowerCase().startsWith(m.slice(0, 3).toLowerCase()))
            ? named.filter((x) => !x.toLowerCase().startsWith(m.slice(0, 3).toLowerCase()))
            : [...named, m];
      s[e]!.months = next.length ? next : ['All'];
    });

  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-label="Schedule editor">
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Tabs
          value={e}
          onChange={(_ev, v) => setTab(v)}
          variant="scrollable"
          aria-label="Month groups"
          sx={{ flex: 1 }}
        >
          {schedule.map((en, i) => (
            <Tab
              key={i}
              label={`${(en.months ?? ['All']).join(', ')}${en.dates?.length ? ` · dates ${en.dates.join(',')}` : ''}`}
            />
          ))}
        </Tabs>
        <Button
          size="small"
          onClick={() => {
            update((s) => void s.push({ months: ['January'], days_and_hours: [{ days: ['All'], hours: [] }] }));
            setTab(schedule.length);
          }}
        >
          Add month group
        </Button>
        {schedule.length > 1 ? (
          <Button
            size="small"
            color="error"
            onClick={() => {
              update((s) => void s.splice(e, 1));
              setTab(0);
              onSelect(null);
            }}
          >
            Remove group
          </Button>
        ) : null}
      </Stack>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }} role="group" aria-label="Months">
        {['All', ...MONTH_NAMES].map((m) => {
          const on = (entry.months ?? ['All']).some((x) => x.toLowerCase().slice(0, 3) === m.toLowerCase().slice(0, 3));
          return (
            <Chip
              key={m}
              size="small"
              label={m.slice(0, 3)}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => toggleMonth(m)}
              aria-pressed={on}
            />
          );
        })}
        <TextField
          size="small"
          label="Dates"
          placeholder="e.g. 25, 26"
          value={(entry.dates ?? []).join(', ')}
          sx={{ ml: 2, width: 160 }}
          onChange={(ev) =>
            update((s) => {
              const d = ev.target.value
                .split(/[ ,]+/)
                .filter(Boolean)
                .map(Number)
                .filter((n) => Number.isInteger(n));
              if (d.length) s[e]!.dates = d;
              else delete s[e]!.dates;
            })
          }
        />
      </Stack>
      <TimeAxis />
      {entry.days_and_hours.map((it, i) => (
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <TextField
            select
            size="small"
            value={it.days.join(',')}
            onChange={(ev) => update((s) => void (s[e]!.days_and_hours[i]!.days = ev.target.value.split(',')))}
            sx={{ width: 130 }}
            slotProps={{ select: { native: true }, htmlInput: { 'aria-label': `Days of row ${i + 1}` } }}
          >
            {[...new Set([it.days.join(','), ...DAY_GROUPS])].map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </TextField>
          <Track
            hours={it.hours}
            market={market}
            label={`${it.days.join('/')} track`}
            selected={sel && sel.entry === e && sel.item === i ? sel.band : null}
            onSelect={(b) => onSelect(b === null ? null : { entry: e, item: i, band: b })}
            onChange={(hours) => update((s) => void (s[e]!.days_and_hours[i]!.hours = hours))}
            brush={brush}
          />
          <IconButton
            size="small"
            aria-label={`Remove row ${i + 1}`}
            onClick={() => {
              update((s) => void s[e]!.days_and_hours.splice(i, 1));
              onSelect(null);
            }}
            disabled={entry.days_and_hours.length < 2}
          >
            ×
          </IconButton>
        </Stack>
      ))}
      <Button
        size="small"
        onClick={() => update((s) => void s[e]!.days_and_hours.push({ days: ['Weekend'], hours: [] }))}
      >
        Add day row
      </Button>
    </Paper>
  );
}

function TimeAxis() {
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 0.5 }}>
      <Box sx={{ width: 130 }} />
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
      <Box sx={{ width: 34 }} />
    </Stack>
  );
}

type Hours = Schedule[number]['days_and_hours'][number]['hours'];

function Track({
  hours,
  market,
  label,
  selected,
  onSelect,
  onChange,
  brush,
}: {
  hours: Hours;
  market: boolean;
  label: string;
  selected: number | null;
  onSelect(b: number | null): void;
  onChange(h: Hours): void;
  brush: Rate[];
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ kind: 'new' | 'from' | 'to'; band: number; q0: number; q: number } | null>(null);
  const quarterAt = (clientX: number) => {
    const r = ref.current!.getBoundingClientRect();
    return Math.max(0, Math.min(QUARTERS, Math.round(((clientX - r.left) / r.width) * QUARTERS)));
  };
  const setBand = (i: number, fromQuarter: number, toQuarter: number) => {
    if (toQuarter - fromQuarter < 1 || toQuarter - fromQuarter > QUARTERS) return;
    const used = occupied(hours, i);
    for (let q = fromQuarter; q < toQuarter; q++) if (used[((q % QUARTERS) + QUARTERS) % QUARTERS]) return; // no overlaps
    const next = hours.map((h, j) =>
      j === i
        ? {
            ...h,
            valid_from: fromQ(fromQuarter),
            valid_to: toQuarter - fromQuarter === QUARTERS ? fromQ(fromQuarter) : fromQ(toQuarter),
          }
        : h,
    );
    onChange(next);
  };
  const addBand = (a: number, b: number) => {
    if (b - a < 1) return;
    const used = occupied(hours);
    for (let q = a; q < b; q++) if (used[q]) return;
    onChange([
      ...hours,
      {
        valid_from: fromQ(a),
        valid_to: b === QUARTERS ? '00:00:00' : fromQ(b),
        rate: JSON.parse(JSON.stringify(brush)),
      },
    ]);
    onSelect(hours.length);
  };
  const firstGap = () => {
    const used = occupied(hours);
    const a = used.findIndex((u) => !u);
    if (a < 0) return;
    let b = a;
    while (b < QUARTERS && !used[b]) b++;
    addBand(a, b);
  };

  const pieces: { band: number; a: number; b: number; edgeFrom: boolean; edgeTo: boolean }[] = [];
  hours.forEach((h, i) => {
    let [a, b] = bandQuarters(h);
    if (drag && drag.band === i && drag.kind !== 'new') {
      if (drag.kind === 'from') a = Math.min(drag.q, b - 1);
      else b = Math.max(drag.q <= a ? drag.q + QUARTERS : drag.q, a + 1);
    }
    if (b <= QUARTERS) pieces.push({ band: i, a, b, edgeFrom: true, edgeTo: true });
    else {
      pieces.push({ band: i, a, b: QUARTERS, edgeFrom: true, edgeTo: false });
      pieces.push({ band: i, a: 0, b: b - QUARTERS, edgeFrom: false, edgeTo: true });
    }
  });

  return (
    <Box
      ref={ref}
      role="group"
      tabIndex={0}
      aria-label={label}
      data-track={label}
      onKeyDown={(ev) => {
        if (ev.target === ev.currentTarget && (ev.key === 'Enter' || ev.key === 'n')) {
          ev.preventDefault();
          firstGap();
        }
      }}
      onPointerDown={(ev) => {
        if ((ev.target as HTMLElement).dataset.band !== undefined || (ev.target as HTMLElement).dataset.edge) return;
        const q = quarterAt(ev.clientX);
        ref.current!.setPointerCapture?.(ev.pointerId);
        setDrag({ kind: 'new', band: -1, q0: q, q });
      }}
      onPointerMove={(ev) => drag && setDrag({ ...drag, q: quarterAt(ev.clientX) })}
      onPointerUp={() => {
        if (!drag) return;
        if (drag.kind === 'new') addBand(Math.min(drag.q0, drag.q), Math.max(drag.q0, drag.q));
        else {
          const [a, b] = bandQuarters(hours[drag.band]!);
          if (drag.kind === 'from') setBand(drag.band, Math.min(drag.q, b - 1), b);
          else setBand(drag.band, a, Math.max(drag.q <= a ? drag.q + QUARTERS : drag.q, a + 1));
        }
        setDrag(null);
      }}
      sx={{
        flex: 1,
        position: 'relative',
        height: 40,
        bgcolor: '#eef1f4',
        borderRadius: 1,
        cursor: 'crosshair',
        touchAction: 'none',
        backgroundImage:
          'repeating-linear-gradient(90deg, transparent 0, transparent calc(100%/24 - 1px), #d5dbe1 calc(100%/24 - 1px), #d5dbe1 calc(100%/24))',
        outlineOffset: 2,
      }}
    >
      {pieces.map((p, k) => {
        const h = hours[p.band]!;
        const v = market ? 0.2 : (h.rate[0]?.fixed ?? 0);
        const on = selected === p.band;
        return (
          <Box
            key={k}
            data-band={p.band}
            role="button"
            tabIndex={p.edgeFrom ? 0 : -1}
            aria-pressed={on}
            aria-label={`Band ${h.valid_from.slice(0, 5)} to ${h.valid_to.slice(0, 5)}, ${rateLabel(h.rate, market)}`}
            onClick={() => onSelect(p.band)}
            onKeyDown={(ev) => {
              const [a, b] = bandQuarters(h);
              const step = ev.key === 'ArrowRight' ? 1 : ev.key === 'ArrowLeft' ? -1 : 0;
              if (step) {
                ev.preventDefault();
                if (ev.shiftKey) setBand(p.band, a + step, b);
                else setBand(p.band, a, b + step);
              } else if (ev.key === 'Delete' || ev.key === 'Backspace') {
                onChange(hours.filter((_, j) => j !== p.band));
                onSelect(null);
              } else if (ev.key === 'Enter') onSelect(p.band);
            }}
            sx={{
              position: 'absolute',
              top: 3,
              bottom: 3,
              left: `${(p.a / QUARTERS) * 100}%`,
              width: `${((p.b - p.a) / QUARTERS) * 100}%`,
              bgcolor: market ? '#5b7fa6' : rateColour(v),
              borderRadius: 0.75,
              color: '#fff',
              fontSize: 12,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              outline: on ? '3px solid #1c2430' : 'none',
              cursor: 'pointer',
              userSelect: 'none',
            }}
          >
            {p.b - p.a >= 6 ? rateLabel(h.rate, market) : ''}
            {p.edgeFrom ? (
              <Edge
                side="from"
                onDown={(x, id) => {
                  ref.current!.setPointerCapture?.(id);
                  setDrag({ kind: 'from', band: p.band, q0: quarterAt(x), q: quarterAt(x) });
                }}
              />
            ) : null}
            {p.edgeTo ? (
              <Edge
                side="to"
                onDown={(x, id) => {
                  ref.current!.setPointerCapture?.(id);
                  setDrag({ kind: 'to', band: p.band, q0: quarterAt(x), q: quarterAt(x) });
                }}
              />
            ) : null}
          </Box>
        );
      })}
      {drag?.kind === 'new' ? (
        <Box
          sx={{
            position: 'absolute',
            top: 3,
            bottom: 3,
            left: `${(Math.min(drag.q0, drag.q) / QUARTERS) * 100}%`,
            width: `${(Math.abs(drag.q - drag.q0) / QUARTERS) * 100}%`,
            bgcolor: 'rgba(47,93,138,0.35)',
            borderRadius: 0.75,
            pointerEvents: 'none',
          }}
        />
      ) : null}
    </Box>
  );
}

function Edge({ side, onDown }: { side: 'from' | 'to'; onDown(clientX: number, pointerId: number): void }) {
  return (
    <Box
      data-edge={side}
      aria-hidden
      onPointerDown={(ev) => {
        ev.stopPropagation();
        onDown(ev.clientX, ev.pointerId);
      }}
      sx={{
        position: 'absolute',
        top: 0,
        bottom: 0,
        [side === 'from' ? 'left' : 'right']: 0,
        width: 7,
        cursor: 'ew-resize',
        bgcolor: 'rgba(0,0,0,0.15)',
      }}
    />
  );
}

export { Q };
