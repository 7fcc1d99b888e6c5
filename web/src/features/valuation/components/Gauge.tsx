import { GAUGE } from '../../../../../shared/valuation';

const CX = 100;
const CY = 100;
const R = 80;

function point(fraction: number, radius: number): [number, number] {
  const angle = Math.PI * (1 - fraction);
  return [CX + radius * Math.cos(angle), CY - radius * Math.sin(angle)];
}

/** The 0-100% gauge in 10 segments: the margin of safety when price is at or below intrinsic value, else 0. */
export function Gauge({ value }: { value: number }) {
  const shown = Math.min(Math.max(Number.isFinite(value) ? value : 0, 0), GAUGE.max);
  const step = GAUGE.max / GAUGE.segments;
  const segments = Array.from({ length: GAUGE.segments }, (_, i) => {
    const [x1, y1] = point(i / GAUGE.segments, R);
    const [x2, y2] = point((i + 1) / GAUGE.segments, R);
    const lit = shown >= (i + 1) * step || (shown > i * step && shown > 0);
    return (
      <path
        key={i}
        className={`gauge__segment${lit ? ' gauge__segment--lit' : ''}`}
        d={`M ${x1} ${y1} A ${R} ${R} 0 0 1 ${x2} ${y2}`}
        data-lit={lit ? 'true' : 'false'}
      />
    );
  });
  const [nx, ny] = point(shown / GAUGE.max, R - 18);
  return (
    <div
      className="gauge"
      role="meter"
      aria-label="Margin of safety gauge"
      aria-valuemin={0}
      aria-valuemax={GAUGE.max}
      aria-valuenow={Number(shown.toFixed(2))}
      aria-valuetext={`${shown.toFixed(2)}%`}
    >
      <svg viewBox="0 0 200 115" aria-hidden="true">
        {segments}
        <line x1={CX} y1={CY} x2={nx} y2={ny} className="gauge__needle" />
        <circle cx={CX} cy={CY} r="5" className="gauge__hub" />
        <text x="14" y="113" className="gauge__tick">
          0%
        </text>
        <text x="160" y="113" className="gauge__tick">
          100%
        </text>
      </svg>
      <p className="gauge__value">{shown.toFixed(2)}%</p>
    </div>
  );
}
