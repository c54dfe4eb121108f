import { t } from '@/i18n/i18n';

export interface TrendPoint {
  /** Share of the maximum score, 0–100. */
  percent: number;
  label: string;
  /** The paper: only attempts at the same paper are joined by a line. */
  series: string;
}

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 12, right: 16, bottom: 24, left: 40 };

/**
 * Scores as a share of each paper's maximum, oldest first, as a small chart in inline SVG: one point
 * per attempt, a line only between attempts at the same paper (different papers are not one series).
 * Described in words for screen readers; the list beside it has every figure.
 */
export function ScoreTrend({ points }: { points: readonly TrendPoint[] }) {
  if (points.length === 0) return null;
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? innerW / 2 : (i / (points.length - 1)) * innerW);
  const y = (percent: number) => PAD.top + innerH - (Math.max(0, Math.min(100, percent)) / 100) * innerH;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const description = t('exam.history.trendLabel', { count: points.length, first: Math.round(first.percent), last: Math.round(last.percent) });

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={description} className="h-auto w-full text-indigo-600 dark:text-indigo-400">
      {[0, 50, 100].map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200 dark:stroke-slate-800" strokeDasharray={tick === 0 ? undefined : '4 4'} />
          <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" className="fill-slate-500 text-[12px]">
            {tick}%
          </text>
        </g>
      ))}
      {[...new Set(points.map((p) => p.series))].map((series) => {
        const own = points.flatMap((p, i) => (p.series === series ? [`${x(i)},${y(p.percent)}`] : []));
        return own.length > 1 ? <polyline key={series} points={own.join(' ')} fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" /> : null;
      })}
      {points.map((p, i) => (
        <circle key={i} cx={x(i)} cy={y(p.percent)} r="5" className="fill-white stroke-current dark:fill-slate-900" strokeWidth="3">
          <title>{`${p.label}: ${Math.round(p.percent)}%`}</title>
        </circle>
      ))}
    </svg>
  );
}
