import { periodLabel } from "./parts";

const WIDTH = 600;
const HEIGHT = 120;

/**
 * A small bar chart of counts per period, drawn as inline SVG. Screen readers get the numbers as
 * text (`summary`) instead of the picture.
 */
export function TrendChart({ points, bucket, summary }: { points: { start: string; count: number }[]; bucket: "hour" | "day"; summary: string }) {
  const peak = Math.max(0, ...points.map((point) => point.count));
  const slot = WIDTH / Math.max(1, points.length);
  const bar = Math.max(1, slot * 0.7);
  const first = points[0];
  const last = points.at(-1);
  return (
    <div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-32 w-full" preserveAspectRatio="none" role="img" aria-label={summary}>
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="stroke-ink-200" strokeWidth="1" />
        {points.map((point, index) => {
          const height = point.count === 0 ? 0 : Math.max(2, (point.count / peak) * (HEIGHT - 8));
          return (
            <rect key={point.start} x={index * slot + (slot - bar) / 2} y={HEIGHT - height} width={bar} height={height} rx="2" className="fill-indigo-600" />
          );
        })}
      </svg>
      {first && last && (
        <div className="mt-1 flex justify-between text-xs text-ink-700" aria-hidden="true">
          <span>{periodLabel(first.start, bucket)}</span>
          {peak > 0 && <span>peak {peak}</span>}
          <span>{periodLabel(last.start, bucket)}</span>
        </div>
      )}
    </div>
  );
}
