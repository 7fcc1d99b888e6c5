import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { HeatmapCompany } from '../../../../../shared/heatmap/data';
import { formatCompact, formatNumber } from '../../../../../shared/format/money';
import { VALUE_GAP_LABELS } from '../../../../../shared/heatmap/value';
import {
  marketMap,
  sectorLabelAt,
  tileAt,
  type MapLayout,
} from '../../../../../shared/heatmap/layout';
import { endMeasure, startMeasure } from '../../../lib/perf-marks';
import { changeText, drawMap } from './draw';
import type { Shading } from './shading';

/** The User Timing measure of a map's layout and draw (bench/charts.ts). */
export const HEATMAP_MEASURE = 'heatmap';

/** The map's height for a width: taller than wide on a phone, wider than tall on a desk. */
export function mapHeight(width: number): number {
  if (width < 600) return Math.round(Math.max(480, width * 1.45));
  return Math.round(Math.min(760, Math.max(440, width * 0.56)));
}

interface Hover {
  x: number;
  y: number;
  company: HeatmapCompany;
}

/**
 * The market map on a canvas: a tile per company sized by market cap and coloured by its
 * change; a tap or click opens the company, a tap on a sector's name zooms into it.
 */
export function HeatmapCanvas({
  companies,
  shading,
  change,
  words,
  label,
  onOpen,
  onZoom,
  onLayout,
}: {
  companies: readonly HeatmapCompany[];
  /** What the tiles' colours show (decision 195). */
  shading: Shading;
  /** A company's change over the chosen period (the tooltip gives it whatever the colouring). */
  change: (company: HeatmapCompany) => number | null;
  /** The period's change in words ("today", "on 2026-03-06", "over 1 week"). */
  words: string;
  label: string;
  onOpen: (symbol: string) => void;
  onZoom?: ((sector: string) => void) | undefined;
  /** Told each new layout (the page lists the companies too small to draw in it). */
  onLayout?: ((layout: MapLayout<HeatmapCompany>) => void) | undefined;
}) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [width, setWidth] = useState(0);
  const [hover, setHover] = useState<Hover | null>(null);
  const height = mapHeight(width);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    setWidth(Math.floor(element.clientWidth));
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const next = Math.floor(entries[0]?.contentRect.width ?? 0);
      setWidth((current) => (current === next ? current : next));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const layout: MapLayout<HeatmapCompany> | null = useMemo(() => {
    if (width === 0) return null;
    startMeasure(HEATMAP_MEASURE);
    return marketMap(companies, width, height);
  }, [companies, width, height]);

  useEffect(() => {
    if (layout) onLayout?.(layout);
  }, [layout, onLayout]);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || !layout) return;
    // A new layout started the measure; a new colouring alone starts it here.
    startMeasure(HEATMAP_MEASURE, { keep: true });
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    drawMap(context, layout, shading, width, height, ratio);
    endMeasure(HEATMAP_MEASURE);
  }, [layout, shading, width, height]);

  const at = (event: { clientX: number; clientY: number }) => {
    const rect = canvas.current!.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  return (
    <div className="heatmap__box" ref={box}>
      <canvas
        ref={canvas}
        className="heatmap__canvas"
        role="img"
        aria-label={label}
        style={{ width: '100%', height }}
        onPointerMove={(event) => {
          if (!layout || event.pointerType !== 'mouse') return;
          const { x, y } = at(event);
          const tile = tileAt(layout.tiles, x, y);
          setHover(tile ? { x, y, company: tile.company } : null);
        }}
        onPointerLeave={() => setHover(null)}
        onClick={(event) => {
          if (!layout) return;
          const { x, y } = at(event);
          const sector = sectorLabelAt(layout.groups, x, y);
          if (sector && onZoom) return onZoom(sector.name);
          const tile = tileAt(layout.tiles, x, y);
          if (tile) onOpen(tile.company.symbol);
        }}
      />
      {hover && (
        <div
          className="heatmap__tip"
          aria-hidden="true"
          style={{
            left: Math.min(hover.x + 12, Math.max(0, width - 230)),
            top: Math.min(hover.y + 12, Math.max(0, height - 110)),
          }}
        >
          <strong>
            {hover.company.symbol} · {shading.text(hover.company)}
          </strong>
          <span>{hover.company.name}</span>
          <span>
            {hover.company.industry} · {formatCompact(hover.company.marketCap)}
          </span>
          {shading.colouring === 'value' && <ValueLine company={hover.company} />}
          <span className="heatmap__tip-note">
            {shading.colouring === 'change'
              ? `Change ${words}`
              : `${changeText(change(hover.company))} ${words}`}
          </span>
        </div>
      )}
    </div>
  );
}

/** The value behind the value colouring, in words: what the price is measured against. */
export function valueWords(company: HeatmapCompany): string {
  if (company.value !== null && company.multiple !== null)
    return `Value ${formatNumber(company.value, 2)} at its 10-yr median P/E of ${formatNumber(company.multiple, 2)}x`;
  if (company.gap) return VALUE_GAP_LABELS[company.gap];
  return 'No value computed yet';
}

function ValueLine({ company }: { company: HeatmapCompany }) {
  return <span>{valueWords(company)}</span>;
}
