/** The comparison as files: its figures as CSV, its chart as PNG. */
import { columnColour } from './CostChart';
import { monthOf, PART_WORDS, PARTS, type Column, type Fair } from './model';

/** Quotes a CSV cell when it needs it. */
const cell = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/**
 * The comparison as CSV: one row per month with each column's bill as the API gave it (major
 * units of `currency`) and whether the month counts in the totals, then the totals over the
 * compared months (the API's own when every month counts), the kWh bought and sold (and above
 * the first tier, where any), and the
 * bill's parts: energy, standing and fixed, demand, minimum top-up, export credit (a positive
 * amount that comes off), and any credit still carried.
 */
export function compareCsv(fair: Fair, columns: Column[], zone: string, currency: string): string {
  const head = ['month', ...columns.map((c) => `${c.name} (${currency})`), 'compared'];
  const months = columns[0]?.periods.map((p) => p.start_time) ?? [];
  const rows = months.map((m, i) => [
    monthOf(m, zone),
    ...columns.map((c) => c.periods[i]?.value ?? 0),
    fair.compared[i] ? 'yes' : 'no',
  ]);
  const total = ['total', ...fair.columns.map((c) => c.value), ''];
  const kwh = ['kwh', ...fair.columns.map((c) => c.kwh), ''];
  const sold = ['kwh sold', ...fair.columns.map((c) => c.export_kwh), ''];
  // As in the table: only where a column reaches a tier.
  const above = fair.columns.some((c) => c.above_first_tier_kwh > 0)
    ? [['kwh above the first tier', ...fair.columns.map((c) => c.above_first_tier_kwh), '']]
    : [];
  const parts = PARTS.map((k) => [PART_WORDS[k].toLowerCase(), ...fair.columns.map((c) => c.parts[k]), '']);
  const carried = fair.columns.some((c) => c.carried > 0)
    ? [['credit carried on', ...fair.columns.map((c) => c.carried), '']]
    : [];
  return (
    [head, ...rows, total, kwh, sold, ...above, ...parts, ...carried].map((r) => r.map(cell).join(',')).join('\n') +
    '\n'
  );
}

/** Hands a file to the browser as a download. */
export function download(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/** Splits legend entries into lines no wider than `width`, each entry a swatch and its name. */
function legendLines(g: CanvasRenderingContext2D, columns: Column[], width: number) {
  const lines: { i: number; name: string; x: number }[][] = [[]];
  let x = PAD;
  columns.forEach((c, i) => {
    const w = SWATCH + 4 + g.measureText(c.name).width;
    if (x > PAD && x + w > width - PAD) {
      lines.push([]);
      x = PAD;
    }
    lines.at(-1)!.push({ i, name: c.name, x });
    x += w + 16;
  });
  return lines;
}

const PAD = 8;
const SWATCH = 12;
const LINE = 20;
const FONT = '12px system-ui, sans-serif';

/**
 * The chart as a PNG: its SVG drawn on a canvas at twice the size, on white, with a title line.
 * The legend is HTML beside the SVG (whose bottom keeps room for it), so the SVG is cut below its
 * axis and the legend is drawn again from the columns, wrapped onto as many lines as it needs.
 */
export async function chartPng(box: HTMLElement, title: string, columns: Column[]): Promise<Blob> {
  const svg = box.querySelector('.recharts-wrapper > svg.recharts-surface');
  if (!svg) throw new Error('The chart is not drawn yet.');
  const frame = svg.getBoundingClientRect();
  const { width, height } = frame;
  // Down to the month labels: below them is only the room recharts keeps for the HTML legend.
  const marks = [...svg.querySelectorAll('.recharts-xAxis text, .recharts-xAxis line')];
  const bottom = Math.max(...marks.map((m) => m.getBoundingClientRect().bottom));
  // Some room under them: drawn as an image, the SVG's text falls back to a font a little larger than the page's.
  const plot = marks.length ? Math.min(height, Math.ceil(bottom - frame.top) + 14) : height;
  const clone = svg.cloneNode(true) as SVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`;
  await img.decode();
  const scale = 2;
  const top = 36;
  const canvas = document.createElement('canvas');
  const g0 = canvas.getContext('2d')!;
  g0.font = FONT;
  const lines = legendLines(g0, columns, width);
  const total = top + plot + 8 + lines.length * LINE + PAD;
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil(total * scale);
  const g = canvas.getContext('2d')!;
  g.scale(scale, scale);
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, total);
  g.fillStyle = '#1c2430';
  g.font = '600 14px system-ui, sans-serif';
  g.fillText(title, PAD, 22, width - 2 * PAD);
  g.drawImage(img, 0, 0, width, plot, 0, top, width, plot);
  g.font = FONT;
  lines.forEach((line, n) => {
    const y = top + plot + 8 + n * LINE;
    line.forEach(({ i, name, x }) => {
      g.fillStyle = columnColour(i);
      g.fillRect(x, y, SWATCH, SWATCH);
      g.fillStyle = '#1c2430';
      // A name longer than the whole line is narrowed to fit rather than cut.
      g.fillText(name, x + SWATCH + 4, y + 10, width - x - SWATCH - 4 - PAD);
    });
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The chart could not be drawn.'))), 'image/png'),
  );
}
