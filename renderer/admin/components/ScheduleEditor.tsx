import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Box, Button, Grid, IconButton, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import type { Schedule, Rate } from '../../../core/engine/schemas/schedule';
import { DAY_NAMES } from '../../../core/engine/schedule/names';
import { groupName, precedenceText } from '../../../core/engine/schedule/precedence';
import type { SchedulePlace } from '../../../core/engine/schedule/issues';
import { dstNotes } from '../../../core/engine/schedule/dst';
import { useFeedback } from './confirm';
import { RatePanel } from './RatePanel';
import { Track, type TrackActions } from './schedule/Track';
import { DatesField, MonthChips } from './schedule/MonthFilter';
import { ValidationPanel } from './schedule/ValidationPanel';
import { useScheduleHistory, type EditOptions } from './schedule/history';
import {
  bandText,
  clone,
  count,
  parseQuarter,
  placeBand,
  rateLabel,
  scheduleProblems,
  spanText,
  type Sel,
} from './schedule-model';

const DAY_GROUPS = ['All', 'Weekdays', 'Weekend', ...DAY_NAMES];

interface Props {
  schedule: Schedule;
  market: boolean;
  /** The location's zone: DST notes are for its offset changes. */
  zone: string;
  /** The location's currency, for prices "EUR/kWh"; without it "per kWh". */
  currency?: string | undefined;
  onChange(s: Schedule): void;
}

interface Message {
  text: string;
  severity: 'info' | 'warning';
}

/** Whether a key press belongs to a text field's own undo rather than the schedule's. */
function nativeUndo(t: EventTarget | null, root: HTMLElement | null): boolean {
  if (!(t instanceof HTMLElement)) return false;
  if (t.closest('[role="dialog"]')) return true;
  const field = t.closest('input, textarea, select, [contenteditable="true"]');
  return !!field && (!root?.contains(field) || field.hasAttribute('data-native-undo'));
}

/**
 * The schedule editor: month groups as tabs, day rows, the day as a 96-quarter track; the
 * selected band's rate and times; validation in words with each problem's place outlined; which
 * row overrides which (the engine's own precedence); and undo/redo of every edit until the
 * schedule is saved or reloaded (Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y, or the toolbar).
 */
export function ScheduleEditor({ schedule, market, zone, currency, onChange }: Props) {
  const unit = currency ? `${currency}/kWh` : 'per kWh';
  const { confirm, notify } = useFeedback();
  const history = useScheduleHistory(schedule, onChange);
  const [tab, setTab] = useState(0);
  const [sel, setSel] = useState<Sel | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const e = Math.max(0, Math.min(tab, schedule.length - 1));
  const entry = schedule[e];

  const problems = useMemo(() => scheduleProblems(schedule, market), [schedule, market]);
  const precedence = useMemo(() => precedenceText(schedule), [schedule]);
  const notes = useMemo(() => dstNotes(zone, schedule, Date.now()), [zone, schedule]);
  const bad = useMemo(() => {
    const bands = new Map<string, Set<number>>();
    const rows = new Set<string>();
    const groups = new Set<number>();
    const tiers = new Map<string, Set<number>>();
    for (const { at } of problems) {
      groups.add(at.entry);
      if (at.item === undefined) continue;
      const k = `${at.entry}:${at.item}`;
      if (at.band === undefined) rows.add(k);
      else bands.set(k, (bands.get(k) ?? new Set()).add(at.band));
      if (at.band !== undefined && at.tier !== undefined) {
        const t = `${k}:${at.band}`;
        tiers.set(t, (tiers.get(t) ?? new Set()).add(at.tier));
      }
    }
    return { bands, rows, groups, tiers };
  }, [problems]);

  // The latest history for the window listener and the snackbar's undo, which outlive this render.
  const live = useRef(history);
  live.current = history;
  const doUndo = (redo: boolean) => {
    const label = redo ? live.current.redo() : live.current.undo();
    if (label) setMessage({ text: `${redo ? 'Redone' : 'Undone'}: ${label}.`, severity: 'info' });
  };
  useEffect(() => {
    const onKey = (ev: KeyboardEvent) => {
      if (!(ev.ctrlKey || ev.metaKey) || ev.altKey) return;
      const k = ev.key.toLowerCase();
      if (k !== 'z' && k !== 'y') return;
      if (nativeUndo(ev.target, root.current)) return;
      ev.preventDefault();
      doUndo(k === 'y' || ev.shiftKey);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const edit = (f: (s: Schedule) => void, opts: EditOptions) => {
    const next = clone(schedule);
    f(next);
    history.edit(next, opts);
  };
  const band = sel ? schedule[sel.entry]?.days_and_hours[sel.item]?.hours[sel.band] : undefined;
  const selected = band ? sel : null;

  /** Asks, removes, and offers the undo in the snackbar as long as nothing was edited since. */
  const destroy = async (what: string, body: string, f: (s: Schedule) => void) => {
    const ok = await confirm({ title: `Delete ${what}?`, body, action: 'Delete' });
    if (!ok) return false;
    const next = clone(schedule);
    f(next);
    history.edit(next, { label: `delete ${what}` });
    setSel(null);
    setMessage(null);
    notify({
      message: `Deleted ${what}`,
      undo: () => {
        if (live.current.current() !== next) throw new Error('other edits followed; use Undo in the editor');
        live.current.undo();
      },
    });
    return true;
  };

  const go = (at: SchedulePlace) => {
    setTab(at.entry);
    setSel(at.item !== undefined && at.band !== undefined ? { entry: at.entry, item: at.item, band: at.band } : null);
    const where =
      at.item === undefined
        ? '[role="tablist"] [aria-selected="true"]'
        : `[data-row="${at.entry}:${at.item}"] ${at.band !== undefined ? `[data-band="${at.band}"]` : '[data-track]'}`;
    // The tab switch renders first; then the place gets the keyboard.
    requestAnimationFrame(() => {
      const el = root.current?.querySelector<HTMLElement>(where);
      el?.scrollIntoView({ block: 'center' });
      el?.focus();
    });
  };

  if (!entry)
    return (
      <Button
        onClick={() =>
          history.edit([{ months: ['All'], days_and_hours: [{ days: ['All'], hours: [] }] }], {
            label: 'start a schedule',
          })
        }
      >
        Start a schedule
      </Button>
    );

  const rowNotes = entry.days_and_hours.flatMap((it, i) =>
    (precedence.get(`${e}:${i}`) ?? []).map((line) => ({ i, days: it.days.join('/'), line })),
  );

  const toggleMonth = (m: string) =>
    edit(
      (s) => {
        const cur = s[e]!.months ?? ['All'];
        const key = m.slice(0, 3).toLowerCase();
        const named = cur.filter((x) => x.toLowerCase() !== 'all');
        const next =
          m === 'All'
            ? ['All']
            : named.some((x) => x.toLowerCase().startsWith(key))
              ? named.filter((x) => !x.toLowerCase().startsWith(key))
              : [...named, m];
        s[e]!.months = next.length ? next : ['All'];
      },
      { label: `months of ${groupName(schedule, e)}` },
    );

  const trackActions = (i: number): TrackActions => {
    const hours = entry.days_and_hours[i]!.hours;
    const apply = (next: typeof hours, label: string, pushed: string[], extra?: string) => {
      edit((s) => void (s[e]!.days_and_hours[i]!.hours = next), { label });
      const text = [...pushed, extra].filter(Boolean).join(' ');
      setMessage(text ? { text, severity: 'info' } : null);
    };
    const refuse = (text: string) => setMessage({ text, severity: 'warning' });
    return {
      place(b, from, to) {
        const r = placeBand(hours, b, from, to, market);
        if ('refused' in r) return refuse(r.refused);
        apply(r.hours, `move band ${spanText(hours[b]!)} to ${spanText(r.hours[b]!)}`, r.pushed);
      },
      add(from, to) {
        const r = placeBand(hours, -1, from, to, market);
        if ('refused' in r) return refuse(r.refused);
        const added = r.hours.at(-1)!;
        apply(
          r.hours,
          `add band ${spanText(added)}`,
          r.pushed,
          `New band ${spanText(added)} has the default rate ${rateLabel(added.rate, market)}${market ? '' : ` ${unit}`}; set its rate in the rate panel.`,
        );
        setSel({ entry: e, item: i, band: r.hours.length - 1 });
      },
      remove(b) {
        apply(
          hours.filter((_, j) => j !== b),
          `delete band ${spanText(hours[b]!)}`,
          [],
          `Deleted band ${bandText(hours[b]!, market)}; Ctrl+Z puts it back.`,
        );
        setSel(null);
      },
    };
  };

  const onSpan = (fromText: string, toText: string) => {
    if (!selected || !band) return null;
    const a = parseQuarter(fromText, false);
    const b = parseQuarter(toText, true);
    if (typeof a === 'string') return `Start: ${a}`;
    if (typeof b === 'string') return `End: ${b}`;
    // An end at or before the start wraps past midnight (pricing rule 2).
    const to = b <= a ? b + 96 : b;
    const hours = schedule[selected.entry]!.days_and_hours[selected.item]!.hours;
    const r = placeBand(hours, selected.band, a, to, market);
    if ('refused' in r) return r.refused;
    edit((s) => void (s[selected.entry]!.days_and_hours[selected.item]!.hours = r.hours), {
      label: `move band ${spanText(band)} to ${spanText(r.hours[selected.band]!)}`,
    });
    setMessage(r.pushed.length ? { text: r.pushed.join(' '), severity: 'info' } : null);
    return null;
  };

  const setRate = (r: Rate[], what: string) => {
    if (!selected || !band) return;
    edit((s) => void (s[selected.entry]!.days_and_hours[selected.item]!.hours[selected.band]!.rate = r), {
      label: `${what} of band ${spanText(band)}`,
      coalesce: `${selected.entry}:${selected.item}:${selected.band}:${what}`,
    });
  };

  return (
    <Stack spacing={2} ref={root}>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Schedule editor">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
          <Tabs
            value={e}
            onChange={(_ev, v: number) => {
              setTab(v);
              setSel(null);
            }}
            variant="scrollable"
            aria-label="Month groups"
            sx={{ flex: 1, minWidth: 200 }}
          >
            {schedule.map((en, i) => (
              <Tab
                key={i}
                sx={bad.groups.has(i) ? { color: 'error.main' } : undefined}
                label={`${bad.groups.has(i) ? '⚠ ' : ''}${(en.months ?? ['All']).join(', ')}${en.dates?.length ? ` · dates ${en.dates.join(', ')}` : ''}`}
              />
            ))}
          </Tabs>
          <Button
            size="small"
            disabled={!history.undoLabel}
            onClick={() => doUndo(false)}
            title={history.undoLabel && `Undo ${history.undoLabel} (Ctrl+Z)`}
          >
            ↶ Undo
          </Button>
          <Button
            size="small"
            disabled={!history.redoLabel}
            onClick={() => doUndo(true)}
            title={history.redoLabel && `Redo ${history.redoLabel} (Ctrl+Shift+Z)`}
          >
            ↷ Redo
          </Button>
          <Button
            size="small"
            onClick={() => {
              edit((s) => void s.push({ months: ['January'], days_and_hours: [{ days: ['All'], hours: [] }] }), {
                label: 'add month group',
              });
              setTab(schedule.length);
            }}
          >
            Add month group
          </Button>
          {schedule.length > 1 ? (
            <Button
              size="small"
              color="error"
              onClick={() =>
                void destroy(
                  groupName(schedule, e),
                  `${groupName(schedule, e)} and its ${count(entry.days_and_hours.length, 'day row')} leave the draft. Undo puts it back until you save.`,
                  (s) => void s.splice(e, 1),
                ).then((ok) => ok && setTab(0))
              }
            >
              Delete month group
            </Button>
          ) : null}
        </Stack>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', my: 1 }}>
          <MonthChips months={entry.months ?? ['All']} onToggle={toggleMonth} />
          <DatesField
            key={e}
            dates={entry.dates}
            onDates={(d) =>
              edit(
                (s) => {
                  if (d.length) s[e]!.dates = d;
                  else delete s[e]!.dates;
                },
                { label: `dates of ${groupName(schedule, e)}` },
              )
            }
          />
        </Stack>
        {/* A fixed-height line, so a message never moves the tracks under the pointer; a long one is cut, its whole text in the tooltip. */}
        <Box sx={{ height: 40, overflow: 'hidden', mb: 0.5, display: 'flex', alignItems: 'center' }}>
          {message ? (
            <Alert
              severity={message.severity}
              role="status"
              aria-label="Editor message"
              onClose={() => setMessage(null)}
              title={message.text}
              sx={{
                py: 0,
                flex: 1,
                minWidth: 0,
                '& .MuiAlert-message': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
              }}
            >
              {message.text}
            </Alert>
          ) : (
            <Typography variant="caption" color="text.secondary">
              Drag on a track to draw a band, drag its edges to resize; on a band ←/→ move its end, Shift+←/→ its start,
              Delete removes it; Ctrl+Z undoes.
            </Typography>
          )}
        </Box>
        <TimeAxis />
        {entry.days_and_hours.map((it, i) => {
          const key = `${e}:${i}`;
          const name = `‘${it.days.join('/')}’`;
          return (
            <Box key={i} data-row={key} sx={{ mb: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  select
                  size="small"
                  value={it.days.join(',')}
                  onChange={(ev) =>
                    edit((s) => void (s[e]!.days_and_hours[i]!.days = ev.target.value.split(',')), {
                      label: `days of row ${name}`,
                    })
                  }
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
                  selected={selected && selected.entry === e && selected.item === i ? selected.band : null}
                  onSelect={(b) => setSel(b === null ? null : { entry: e, item: i, band: b })}
                  actions={trackActions(i)}
                  badBands={bad.bands.get(key) ?? new Set()}
                  badRow={bad.rows.has(key)}
                />
                <IconButton
                  size="small"
                  aria-label={`Delete row ${name}`}
                  onClick={() =>
                    void destroy(
                      `row ${name}`,
                      `Row ${name} of ${groupName(schedule, e)} and its ${count(it.hours.length, 'band')} leave the draft. Undo puts it back until you save.`,
                      (s) => void s[e]!.days_and_hours.splice(i, 1),
                    )
                  }
                  disabled={entry.days_and_hours.length < 2}
                >
                  ×
                </IconButton>
              </Stack>
            </Box>
          );
        })}
        <Button
          size="small"
          onClick={() =>
            edit((s) => void s[e]!.days_and_hours.push({ days: ['Weekend'], hours: [] }), { label: 'add day row' })
          }
        >
          Add day row
        </Button>
        {/* Below the tracks, so a note that appears after drawing never moves a row under the pointer. */}
        {rowNotes.length ? (
          <Box aria-label="Which row applies" role="region" sx={{ mt: 1 }}>
            {rowNotes.map(({ i, days, line }) => (
              <Typography
                key={`${i}:${line}`}
                variant="caption"
                color="text.secondary"
                component="p"
                data-precedence={`${e}:${i}`}
                sx={{ mt: 0.25 }}
              >
                <b>
                  Row {i + 1} ‘{days}’:
                </b>{' '}
                {line}
              </Typography>
            ))}
          </Box>
        ) : null}
      </Paper>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <RatePanel
            rate={band?.rate}
            market={market}
            unit={unit}
            title={band ? `Rate of ${spanText(band)}` : 'Rate'}
            span={band ? { from: band.valid_from.slice(0, 5), to: spanText(band).slice(6) } : undefined}
            onSpan={onSpan}
            onChange={setRate}
            badTiers={selected ? bad.tiers.get(`${selected.entry}:${selected.item}:${selected.band}`) : undefined}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <ValidationPanel schedule={schedule} problems={problems} notes={notes} zone={zone} onGo={go} />
        </Grid>
      </Grid>
    </Stack>
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
