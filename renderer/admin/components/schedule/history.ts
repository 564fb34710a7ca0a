import { useCallback, useRef, useState } from 'react';
import type { Schedule } from '../../../../core/engine/schemas/schedule';

/** How one edit enters the history. */
export interface EditOptions {
  /** Words for the undo button's tooltip, e.g. "delete band 15:00–21:00". */
  label: string;
  /** Edits with the same key within a moment merge into one step (typing a price digit by digit). */
  coalesce?: string;
}

interface Step {
  schedule: Schedule;
  label: string;
}

const MERGE_MS = 1500;

/**
 * The editor's undo/redo stack over a schedule the parent owns. Every edit goes through `edit`;
 * a schedule arriving from outside (load, save, revert) is a new start and clears the history.
 */
export function useScheduleHistory(schedule: Schedule, onChange: (s: Schedule) => void) {
  const [past, setPast] = useState<Step[]>([]);
  const [future, setFuture] = useState<Step[]>([]);
  const emitted = useRef<Schedule | null>(schedule);
  const lastEdit = useRef<{ key: string; at: number } | null>(null);

  // Not ours: the parent loaded, saved or reverted. Cleared during render, so no stale step is ever shown.
  if (schedule !== emitted.current) {
    emitted.current = schedule;
    lastEdit.current = null;
    if (past.length) setPast([]);
    if (future.length) setFuture([]);
  }

  const emit = useCallback(
    (s: Schedule) => {
      emitted.current = s;
      onChange(s);
    },
    [onChange],
  );

  const edit = useCallback(
    (next: Schedule, opts: EditOptions) => {
      const now = Date.now();
      const merge =
        opts.coalesce !== undefined &&
        lastEdit.current?.key === opts.coalesce &&
        now - lastEdit.current.at < MERGE_MS &&
        past.length > 0;
      lastEdit.current = opts.coalesce !== undefined ? { key: opts.coalesce, at: now } : null;
      // Read before `emit` moves it: state updaters run later.
      const before = emitted.current!;
      if (!merge) setPast((p) => [...p, { schedule: before, label: opts.label }]);
      setFuture([]);
      emit(next);
    },
    [emit, past.length],
  );

  /** Moves one step from one stack to the other: the undo of one is the redo of the other. */
  const travel = (from: Step[], setFrom: typeof setPast, setTo: typeof setPast) => {
    const step = from.at(-1);
    if (!step) return undefined;
    lastEdit.current = null;
    const now = emitted.current!;
    setFrom(from.slice(0, -1));
    setTo((t) => [...t, { schedule: now, label: step.label }]);
    emit(step.schedule);
    return step.label;
  };
  const undo = () => travel(past, setPast, setFuture);
  const redo = () => travel(future, setFuture, setPast);

  return {
    edit,
    undo,
    redo,
    /** The schedule as the last edit left it, to tell whether later edits followed. */
    current: () => emitted.current,
    undoLabel: past.at(-1)?.label,
    redoLabel: future.at(-1)?.label,
  };
}
