import type { Row, ScenarioReport } from './scenario.js';

const COLUMNS = ['', 'req/s', 'p50 ms', 'p99 ms', 'peak RSS MB', 'vs baseline'] as const;

const num = (v: number | null, digits: number) => (v === null ? '–' : v.toFixed(digits));

function cells(r: Row): string[] {
  return [
    r.label,
    r.reqPerSec === null ? '–' : Math.round(r.reqPerSec).toLocaleString('en-US'),
    num(r.p50Ms, 1),
    num(r.p99Ms, 1),
    num(r.peakRssMb, 1),
    r.ratio === null ? '–' : `${(r.ratio * 100).toFixed(1)}%`,
  ];
}

/** A plain-text table of one scenario, with its targets marked PASS or MISS. */
export function formatScenario(name: string, title: string, report: ScenarioReport): string {
  const columns: readonly string[] = report.table?.columns ?? COLUMNS;
  const body = report.table?.rows ?? report.rows.map(cells);
  const notes = report.table ? [] : report.rows.map((r) => r.note);
  const widths = columns.map((h, i) => Math.max(h.length, ...body.map((c) => (c[i] ?? '').length)));
  const line = (c: readonly string[]) =>
    c.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join('  ');
  const out = [`\n## ${name}: ${title}`, '', line(columns), widths.map((w) => '-'.repeat(w)).join('  ')];
  body.forEach((c, i) => out.push(line(c) + (notes[i] ? `  (${notes[i]})` : '')));
  if (report.targets.length) {
    out.push('', 'Targets:');
    for (const t of report.targets) out.push(`  [${t.pass ? 'PASS' : 'MISS'}] ${t.name} ${t.target}: ${t.actual}`);
  }
  for (const n of report.notes ?? []) out.push(`  note: ${n}`);
  return out.join('\n');
}

export function formatFailure(name: string, title: string, error: string): string {
  return `\n## ${name}: ${title}\n\n  [FAILED] ${error}`;
}
