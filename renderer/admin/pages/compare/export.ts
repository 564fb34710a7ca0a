/** The comparison as files: its figures as CSV, its chart as PNG. */
import { columnColour } from './CostChart';
import { monthOf, type Column } from './model';

/** Quotes a CSV cell when it needs it. */
const cell = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/**
 * The comparison as CSV: one row per month with each column's cost, then the span's total and
 * kWh; amounts as the API gave them (major units of `currency`).
 */
export function compareCsv(columns: Column[], zone: string, currency: string): string {
  const head = ['month', ...columns.map((c) => `${c.name} (${currency})`)];
  const months = columns[0]?.periods.map((p) => p.start_time) ?? [];
  const rows = months.map((m, i) => [monthOf(m, zone), ...columns.map((c) => c.periods[i]?.value ?? 0)]);
  const total = ['total', ...columns.map((c) => c.value)];
  const kwh = ['kwh', ...columns.map((c) => c.kwh)];
  return [head, ...rows, total, kwh].map((r) => r.map(cell).join(',')).join('\n') + '\n';
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

/**
 * The chart as a PNG: its SVG drawn on a canvas at twice the size, on white, with a title line.
 * The legend is HTML in the chart, so it is drawn again here from the columns.
 */
export async function chartPng(box: HTMLElement, title: string, columns: Column[]): Promise<Blob> {
  const svg = box.querySelector('.recharts-wrapper > svg.recharts-surface');
  if (!svg) throw new Error('The chart is not drawn yet.');
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const img = new Image();
  img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(clone))}`;
  await img.decode();
  const scale = 2;
  const top = 36;
  const legend = 28;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width * scale);
  canvas.height = Math.ceil((height + top + legend) * scale);
  const g = canvas.getContext('2d')!;
  g.scale(scale, scale);
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height + top + legend);
  g.fillStyle = '#1c2430';
  g.font = '600 14px system-ui, sans-serif';
  g.fillText(title, 8, 22);
  g.drawImage(img, 0, top, width, height);
  g.font = '12px system-ui, sans-serif';
  let x = 8;
  columns.forEach((c, i) => {
    g.fillStyle = columnColour(i);
    g.fillRect(x, top + height + 8, 12, 12);
    g.fillStyle = '#1c2430';
    g.fillText(c.name, x + 16, top + height + 18);
    x += 16 + g.measureText(c.name).width + 16;
  });
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The chart could not be drawn.'))), 'image/png'),
  );
}
