import { useLayoutEffect, useRef, useState } from 'react';
import { Box } from '@mui/material';
import { occupied } from '../schedule-model';
import { bandQuarters, QUARTERS, spanText, type Span } from './place';
import { outsideLabel, type Outside } from './labels';

/** How a track draws its bands' values: an energy rate, a demand period. */
export interface BandLook {
  /** Labels for band `i`, longest first; the track draws the longest that fits whole. */
  labels(i: number): string[];
  /** The band's value in words, for its name and tooltip. */
  text(i: number): string;
  colour(i: number): string;
}

/** The keyboard focus ring of every focusable part of a track: visible on keyboard focus only. */
export const FOCUS_RING = { '&:focus-visible': { outline: '3px solid #1565c0', outlineOffset: 2, zIndex: 2 } };
const ERROR_RING = '0 0 0 3px #d32f2f';
/** A band label's width per character at the track's 12 px font, and the band's edge handles beside it. */
const LABEL_CHAR_PX = 7.5;
const LABEL_ROOM_PX = 16;

export interface TrackActions {
  /** Puts band `i` on quarters `[a, b)`; the editor pushes neighbours or says why it cannot. */
  place(i: number, a: number, b: number): void;
  /** Draws a new band on `[a, b)`. */
  add(a: number, b: number): void;
  remove(i: number): void;
}

/**
 * One day row's 96-quarter track. Draw a band by dragging on the track (inside a band, it splits
 * that band), resize it by its edges, or use the keyboard: on a band, ←/→ move its end and
 * Shift+←/→ its start by 15 min, Delete removes it; on the track, Enter adds a band in the first
 * free stretch. A band too narrow for its label has it beside it, or above it.
 */
export function Track({
  hours,
  look,
  label,
  selected,
  onSelect,
  actions,
  badBands,
  badRow,
}: {
  hours: Span[];
  look: BandLook;
  label: string;
  selected: number | null;
  onSelect(b: number | null): void;
  actions: TrackActions;
  /** Bands with a validation problem: outlined in red. */
  badBands: Set<number>;
  badRow: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The track's width in px: a band's label is drawn only where it fits whole (a cut "…241" misleads).
  const [px, setPx] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setPx(el.clientWidth);
    const watch = new ResizeObserver(() => setPx(el.clientWidth));
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
  const [drag, setDrag] = useState<{
    kind: 'new' | 'from' | 'to';
    band: number;
    q0: number;
    q: number;
    /** A draw started on a band: held by the track only once it moves, so a click still selects. */
    held?: boolean;
  } | null>(null);
  const quarterAt = (clientX: number) => {
    const r = ref.current!.getBoundingClientRect();
    return Math.max(0, Math.min(QUARTERS, Math.round(((clientX - r.left) / r.width) * QUARTERS)));
  };
  /** The span an edge drag asks for, from the band's span and the pointer's quarter. */
  const dragged = (kind: 'from' | 'to', [a, b]: [number, number], q: number): [number, number] =>
    kind === 'from' ? [Math.min(q, b - 1), b] : [a, Math.max(q <= a ? q + QUARTERS : q, a + 1)];
  const firstGap = () => {
    const used = occupied(hours);
    const a = used.findIndex((u) => !u);
    if (a < 0) return;
    let b = a;
    while (b < QUARTERS && !used[b]) b++;
    actions.add(a, b);
  };
  const startEdge = (kind: 'from' | 'to', band: number) => (x: number, id: number) => {
    ref.current!.setPointerCapture?.(id);
    setDrag({ kind, band, q0: quarterAt(x), q: quarterAt(x) });
  };

  const pieces: { band: number; a: number; b: number; edgeFrom: boolean; edgeTo: boolean }[] = [];
  hours.forEach((h, i) => {
    let [a, b] = bandQuarters(h);
    if (drag && drag.band === i && drag.kind !== 'new') [a, b] = dragged(drag.kind, [a, b], drag.q);
    if (b <= QUARTERS) pieces.push({ band: i, a, b, edgeFrom: true, edgeTo: true });
    else {
      pieces.push({ band: i, a, b: QUARTERS, edgeFrom: true, edgeTo: false });
      pieces.push({ band: i, a: 0, b: b - QUARTERS, edgeFrom: false, edgeTo: true });
    }
  });

  // A band split at midnight is labelled once, on its longer piece: inside with the longest of its
  // labels that fits whole; a band too narrow for any but a cut one ("0.4115 →") has it outside.
  const used = occupied(hours);
  const labels = new Map<number, string>();
  const outside: Outside[] = [];
  pieces.forEach((p, k) => {
    if (!pieces.every((o) => o.band !== p.band || o === p || o.b - o.a < p.b - p.a)) return;
    const all = look.labels(p.band);
    const whole = all.length > 1 ? all.slice(0, -1) : all;
    const room = ((p.b - p.a) / QUARTERS) * px - LABEL_ROOM_PX;
    const text = whole.find((t) => room >= t.length * LABEL_CHAR_PX);
    if (text) labels.set(k, text);
    else if (px) outside.push(outsideLabel(p, whole, used, px, LABEL_CHAR_PX));
  });
  return (
    <Box
      ref={ref}
      role="group"
      tabIndex={0}
      aria-label={label}
      aria-invalid={badRow || undefined}
      data-track={label}
      onKeyDown={(ev) => {
        if (ev.target === ev.currentTarget && (ev.key === 'Enter' || ev.key === 'n')) {
          ev.preventDefault();
          firstGap();
        }
      }}
      onPointerDown={(ev) => {
        // On an edge: a resize, its own.
        if ((ev.target as HTMLElement).closest('[data-edge]')) return;
        const q = quarterAt(ev.clientX);
        // On a band: a click selects it; a drag draws a new band inside it, splitting it.
        if ((ev.target as HTMLElement).closest('[data-band]')) return setDrag({ kind: 'new', band: -1, q0: q, q });
        ref.current!.setPointerCapture?.(ev.pointerId);
        setDrag({ kind: 'new', band: -1, q0: q, q, held: true });
      }}
      onPointerMove={(ev) => {
        if (!drag) return;
        const q = quarterAt(ev.clientX);
        if (q === drag.q) return;
        // Held from the first move on: the click then goes to the track, not to the band under it.
        if (!drag.held) ref.current!.setPointerCapture?.(ev.pointerId);
        setDrag({ ...drag, q, held: true });
      }}
      onPointerUp={() => {
        if (!drag) return;
        setDrag(null);
        if (drag.kind === 'new') {
          const [a, b] = [Math.min(drag.q0, drag.q), Math.max(drag.q0, drag.q)];
          if (b > a) actions.add(a, b);
        } else {
          const [a, b] = dragged(drag.kind, bandQuarters(hours[drag.band]!), drag.q);
          actions.place(drag.band, a, b);
        }
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
        boxShadow: badRow ? ERROR_RING : 'none',
        ...FOCUS_RING,
      }}
    >
      {pieces.map((p, k) => {
        const h = hours[p.band]!;
        const on = selected === p.band;
        const bad = badBands.has(p.band);
        return (
          <Box
            key={k}
            data-band={p.band}
            role="button"
            tabIndex={p.edgeFrom ? 0 : -1}
            aria-pressed={on}
            aria-invalid={bad || undefined}
            // "to 24:00" as the rate panel says it, not "to 00:00" for a band that ends with the day.
            aria-label={`Band ${spanText(h).replace('–', ' to ')}, ${look.text(p.band)}`}
            title={`${spanText(h)} · ${look.text(p.band)}`}
            onClick={() => onSelect(p.band)}
            onFocus={() => onSelect(p.band)}
            onKeyDown={(ev) => {
              const [a, b] = bandQuarters(h);
              const step = ev.key === 'ArrowRight' ? 1 : ev.key === 'ArrowLeft' ? -1 : 0;
              if (step) {
                ev.preventDefault();
                if (ev.shiftKey) actions.place(p.band, a + step, b);
                else actions.place(p.band, a, b + step);
              } else if (ev.key === 'Delete' || ev.key === 'Backspace') {
                ev.preventDefault();
                // Keep the keyboard on this row once the band is gone.
                ref.current?.focus();
                actions.remove(p.band);
              } else if (ev.key === 'Enter') onSelect(p.band);
            }}
            sx={{
              position: 'absolute',
              top: 3,
              bottom: 3,
              left: `${(p.a / QUARTERS) * 100}%`,
              width: `${((p.b - p.a) / QUARTERS) * 100}%`,
              bgcolor: look.colour(p.band),
              borderRadius: 0.75,
              color: '#fff',
              fontSize: 12,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              // Selection is a dark inner ring, errors a red outer ring; the focus ring is an outline, so all three show.
              boxShadow:
                [on ? 'inset 0 0 0 3px #1c2430' : '', bad ? ERROR_RING : ''].filter(Boolean).join(', ') || 'none',
              cursor: 'pointer',
              userSelect: 'none',
              ...FOCUS_RING,
            }}
          >
            {labels.has(k) ? (
              <Box component="span" data-label sx={{ pointerEvents: 'none' }}>
                {labels.get(k)}
              </Box>
            ) : null}
            {p.edgeFrom ? <Edge side="from" onDown={startEdge('from', p.band)} /> : null}
            {p.edgeTo ? <Edge side="to" onDown={startEdge('to', p.band)} /> : null}
          </Box>
        );
      })}
      {outside.map((o) => (
        <Box
          key={`out-${o.band}`}
          component="span"
          aria-hidden
          data-label-outside={o.band}
          data-place={o.place}
          sx={{
            position: 'absolute',
            pointerEvents: 'none',
            whiteSpace: 'nowrap',
            fontSize: 12,
            lineHeight: '16px',
            color: '#1c2430',
            ...(o.place === 'above'
              ? {
                  bottom: '100%',
                  left: `${o.at}%`,
                  transform: 'translateX(-50%)',
                  bgcolor: '#fff',
                  border: '1px solid #b0b8c1',
                  borderRadius: 0.5,
                  px: 0.5,
                  zIndex: 3,
                }
              : {
                  top: 12,
                  ...(o.place === 'right' ? { left: `calc(${o.at}% + 4px)` } : { right: `calc(${100 - o.at}% + 4px)` }),
                }),
          }}
        >
          {o.text}
        </Box>
      ))}
      {drag?.kind === 'new' && drag.held ? (
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
