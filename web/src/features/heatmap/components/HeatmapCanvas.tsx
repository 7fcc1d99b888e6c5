import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { HeatmapCompany } from '../../../../../shared/heatmap/data';
import { formatCompact } from '../../../../../shared/format/money';
import {
  marketMap,
  sectorLabelAt,
  tileAt,
  type MapLayout,
} from '../../../../../shared/heatmap/layout';
import type { HeatmapPeriod } from '../../../../../shared/heatmap/scale';
import { endMeasure, startMeasure } from '../../../lib/perf-marks';
import { changeText, drawMap } from './draw';

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
  period,
  words,
  label,
  onOpen,
  onZoom,
  onLayout,
}: {
  companies: readonly HeatmapCompany[];
  period: HeatmapPeriod;
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
    // A new layout started the measure; a new period alone starts it here.
    startMeasure(HEATMAP_MEASURE, { keep: true });
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    element.width = Math.round(width * ratio);
    element.height = Math.round(height * ratio);
    drawMap(context, layout, period, width, height, ratio);
    endMeasure(HEATMAP_MEASURE);
  }, [layout, period, width, height]);

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
            {hover.company.symbol} · {changeText(hover.company.changes[period])}
          </strong>
          <span>{hover.company.name}</span>
          <span>
            {hover.company.industry} · {formatCompact(hover.company.marketCap)}
          </span>
          <span className="heatmap__tip-note">Change {words}</span>
        </div>
      )}
    </div>
  );
}
