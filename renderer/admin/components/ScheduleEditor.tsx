import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Grid, Paper, Stack } from '@mui/material';
import type { Schedule, Rate } from '../../../core/engine/schemas/schedule';
import { groupName, precedenceText } from '../../../core/engine/schedule/precedence';
import type { SchedulePlace } from '../../../core/engine/schedule/issues';
import { dstNotes } from '../../../core/engine/schedule/dst';
import { useFeedback } from './confirm';
import { RatePanel } from './RatePanel';
import type { TrackActions } from './schedule/Track';
import { DatesField, MonthChips } from './schedule/MonthFilter';
import { ValidationPanel } from './schedule/ValidationPanel';
import { GroupBar } from './schedule/GroupBar';
import { DayRow, TimeAxis } from './schedule/DayRow';
import { energyLook } from './schedule/looks';
import { MessageLine, type Message } from './schedule/MessageLine';
import { RowNotes } from './schedule/RowNotes';
import { EdgeWarnings } from './schedule/EdgeWarnings';
import { edgeWarnings, splitBand, type EdgeWarning } from './schedule/edges';
import { neighbourOf, splitAtMidnight } from './schedule/place';
import { useScheduleHistory, type EditOptions } from './schedule/history';
import { applyTiers, duplicateGroup, duplicateRow, groupLabel, stepsText } from './schedule/edits';
import { boundProblems } from './schedule/tiers';
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

interface Props {
  schedule: Schedule;
  market: boolean;
  /** The location's zone: DST notes are for its offset changes. */
  zone: string;
  /** The location's currency, for prices "EUR/kWh"; without it "per kWh". */
  currency?: string | undefined;
  onChange(s: Schedule): void;
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

  // "Pick its months" has done its work once the group has months.
  const picked = message?.months !== undefined && (schedule[message.months]?.months?.length ?? 0) > 0;
  useEffect(() => {
    if (picked) setMessage(null);
  }, [picked]);

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
  // Only a band of the group in view: the rate panel never shows another group's band.
  const band = sel && sel.entry === e ? schedule[sel.entry]?.days_and_hours[sel.item]?.hours[sel.band] : undefined;
  const selected = band ? sel : null;
  /** Another group in view: what was selected or said about the last one goes with it. */
  const showGroup = (i: number) => {
    setTab(i);
    setSel(null);
    setMessage(null);
  };

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
    if (at.entry !== e) showGroup(at.entry);
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

  const group = groupName(schedule, e);
  const edges = edgeWarnings(schedule, e, (b) => bandText(b, market));
  const splitAt = (w: EdgeWarning) => {
    const b = entry.days_and_hours[w.item]!.hours[w.band]!;
    const [evening, morning] = splitAtMidnight(b);
    history.edit(splitBand(schedule, e, w.item, w.band), { label: `split band ${spanText(b)} at midnight` });
    setSel(null);
    setMessage({
      text: `Split ${bandText(b, market)} at midnight: ${spanText(evening)} and ${spanText(morning)}, each priced by its own day.`,
      severity: 'info',
    });
  };
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
        // The last month unticked leaves none, said on the tab, never a silent "All".
        s[e]!.months = next;
      },
      { label: `months of ${group}` },
    );

  const trackActions = (i: number): TrackActions => {
    const hours = entry.days_and_hours[i]!.hours;
    const apply = (next: typeof hours, label: string, pushed: string[], extra?: string, about?: Sel) => {
      edit((s) => void (s[e]!.days_and_hours[i]!.hours = next), { label });
      const text = [...pushed, extra].filter(Boolean).join(' ');
      setMessage(text ? { text, severity: 'info', ...(about ? { band: about } : {}) } : null);
    };
    const refuse = (text: string) => setMessage({ text, severity: 'warning' });
    return {
      place(b, from, to) {
        const r = placeBand(hours, b, from, to, market);
        if ('refused' in r) return refuse(r.refused);
        apply(r.hours, `move band ${spanText(hours[b]!)} to ${spanText(r.hours[b]!)}`, r.pushed);
      },
      add(from, to) {
        // The neighbour's price, so a band drawn into a day starts where the day is; an empty row's, the default.
        const n = neighbourOf(hours, from, to);
        const r = placeBand(
          hours,
          -1,
          from,
          to,
          market,
          n === undefined ? undefined : hours[n]!.rate.map((t) => ({ ...t })),
        );
        if ('refused' in r) return refuse(r.refused);
        const added = r.hours.at(-1)!;
        const at = { entry: e, item: i, band: r.hours.length - 1 };
        const price = `${rateLabel(added.rate, market)}${market ? '' : ` ${unit}`}`;
        apply(
          r.hours,
          `add band ${spanText(added)}`,
          r.pushed,
          n === undefined
            ? `New band ${spanText(added)} has the default rate ${price}; set its rate in the rate panel.`
            : `New band ${spanText(added)} has its neighbour’s rate ${price}; set its own in the rate panel.`,
          at,
        );
        setSel(at);
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

  const setRate = (r: Rate[], what: string, typed?: boolean) => {
    if (!selected || !band) return;
    edit((s) => void (s[selected.entry]!.days_and_hours[selected.item]!.hours[selected.band]!.rate = r), {
      label: `${what} of band ${spanText(band)}`,
      ...(typed ? { coalesce: `${selected.entry}:${selected.item}:${selected.band}:${what}` } : {}),
    });
    // "has the default rate" is no longer true once the band's rate is set.
    const about = message?.band;
    if (about && about.entry === selected.entry && about.item === selected.item && about.band === selected.band)
      setMessage(null);
  };

  const addGroup = () => {
    // No months yet: the analyst picks them, and the tab says so until then.
    edit((s) => void s.push({ months: [], days_and_hours: [{ days: ['All'], hours: [] }] }), {
      label: 'add month group',
    });
    showGroup(schedule.length);
    setMessage({
      text: 'New month group: pick its months, then draw its bands.',
      severity: 'info',
      months: schedule.length,
    });
  };

  const copyGroup = () => {
    const { next, months } = duplicateGroup(schedule, e);
    history.edit(next, { label: `duplicate ${group}` });
    showGroup(e + 1);
    const name = groupLabel(next[e + 1]!);
    setMessage({
      text: months.length
        ? `Copied ${groupLabel(entry)} as ${name}, the months no other group has; change its prices.`
        : `Copied ${groupLabel(entry)}; pick the copy's months, then change its prices.`,
      severity: 'info',
      ...(months.length ? {} : { months: e + 1 }),
    });
  };

  const copyRow = (i: number) => {
    const { next, days } = duplicateRow(schedule, e, i);
    const from = entry.days_and_hours[i]!;
    history.edit(next, { label: `duplicate row ‘${from.days.join('/')}’` });
    setSel(null);
    setMessage({
      text: `Copied row ‘${from.days.join('/')}’ as ‘${days.join('/')}’ with its ${count(from.hours.length, 'band')}; change its days or prices.`,
      severity: 'info',
    });
  };

  /** "Apply these tiers to every band of this group", while the selected band has tiers to give. */
  const tierAction = (() => {
    if (!selected || !band || band.rate.length < 2) return undefined;
    const steps = stepsText(band.rate, market);
    const blocked = boundProblems(band.rate).length
      ? 'Fix the tier bounds first.'
      : !market && band.rate.some((t) => t.fixed === undefined)
        ? 'Type every tier’s price first.'
        : undefined;
    return {
      label: `Apply these tiers to every band of ${groupLabel(entry)}`,
      hint: `Each band keeps its own first price, then ${steps}.`,
      blocked,
      onApply() {
        const { next, changed } = applyTiers(schedule, e, band.rate, market);
        history.edit(next, { label: `tiers of ${spanText(band)} to every band of ${group}` });
        setMessage({
          text: changed
            ? `Tiers given to ${count(changed, 'band')} of ${groupLabel(entry)}: each its own price, then ${steps}.`
            : `Every band of ${groupLabel(entry)} already has these tiers.`,
          severity: 'info',
        });
      },
    };
  })();

  return (
    <Stack spacing={2} ref={root}>
      <Paper variant="outlined" sx={{ p: 2 }} aria-label="Schedule editor">
        <GroupBar
          schedule={schedule}
          value={e}
          bad={bad.groups}
          onSelect={showGroup}
          undoLabel={history.undoLabel}
          redoLabel={history.redoLabel}
          onUndo={() => doUndo(false)}
          onRedo={() => doUndo(true)}
          onAdd={addGroup}
          onDuplicate={copyGroup}
          onDelete={
            schedule.length > 1
              ? () =>
                  void destroy(
                    group,
                    `${group} and its ${count(entry.days_and_hours.length, 'day row')} leave the draft. Undo puts it back until you save.`,
                    (s) => void s.splice(e, 1),
                  ).then((ok) => ok && showGroup(0))
              : undefined
          }
        />
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
                { label: `dates of ${group}` },
              )
            }
          />
        </Stack>
        <MessageLine message={message} onClose={() => setMessage(null)} />
        <TimeAxis />
        {entry.days_and_hours.map((it, i) => {
          const key = `${e}:${i}`;
          const name = `‘${it.days.join('/')}’`;
          return (
            <DayRow
              key={i}
              row={it}
              index={i}
              rowKey={key}
              look={energyLook(it.hours, market)}
              selected={selected && selected.item === i ? selected.band : null}
              onSelect={(b) => setSel(b === null ? null : { entry: e, item: i, band: b })}
              actions={trackActions(i)}
              badBands={bad.bands.get(key) ?? new Set()}
              badRow={bad.rows.has(key)}
              onDays={(days) =>
                edit((s) => void (s[e]!.days_and_hours[i]!.days = days), { label: `days of row ${name}` })
              }
              onDuplicate={() => copyRow(i)}
              onDelete={
                entry.days_and_hours.length > 1
                  ? () =>
                      void destroy(
                        `row ${name}`,
                        `Row ${name} of ${group} and its ${count(it.hours.length, 'band')} leave the draft. Undo puts it back until you save.`,
                        (s) => void s[e]!.days_and_hours.splice(i, 1),
                      )
                  : undefined
              }
            />
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
        <EdgeWarnings warnings={edges} onSplit={splitAt} />
        <RowNotes entry={e} notes={rowNotes} />
      </Paper>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <RatePanel
            rate={band?.rate}
            market={market}
            currency={currency}
            title={band ? `Rate of ${spanText(band)}` : 'Rate'}
            span={band ? { from: band.valid_from.slice(0, 5), to: spanText(band).slice(6) } : undefined}
            onSpan={onSpan}
            onChange={setRate}
            badTiers={selected ? bad.tiers.get(`${selected.entry}:${selected.item}:${selected.band}`) : undefined}
            apply={tierAction}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <ValidationPanel schedule={schedule} problems={problems} notes={notes} zone={zone} onGo={go} />
        </Grid>
      </Grid>
    </Stack>
  );
}
