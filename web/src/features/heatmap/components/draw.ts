import type { HeatmapCompany } from '../../../../../shared/heatmap/data';
import type { MapLayout } from '../../../../../shared/heatmap/layout';
import { changeColour, type HeatmapPeriod } from '../../../../../shared/heatmap/scale';

const SECTOR_BAND = '#1d2733';
const INDUSTRY_BAND = '#2b3442';
const BACKGROUND = '#11161d';

/** "+1.23%" with the sign, as the tiles show it. */
export function changeText(change: number | null): string {
  if (change === null) return 'N/A';
  return `${change > 0 ? '+' : ''}${change.toFixed(2)}%`;
}

/**
 * Draws the map on a canvas already sized `width` x `height` CSS pixels at `ratio` device
 * pixels each: the groups' name bands, then every tile in its change's colour, its symbol (and
 * change) where the tile has room.
 */
export function drawMap(
  context: CanvasRenderingContext2D,
  layout: MapLayout<HeatmapCompany>,
  period: HeatmapPeriod,
  width: number,
  height: number,
  ratio: number,
): void {
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.fillStyle = BACKGROUND;
  context.fillRect(0, 0, width, height);
  context.textBaseline = 'middle';
  context.textAlign = 'left';
  for (const g of layout.groups) {
    if (g.labelHeight === 0) continue;
    context.fillStyle = g.kind === 'sector' ? SECTOR_BAND : INDUSTRY_BAND;
    context.fillRect(g.x, g.y, g.w, g.labelHeight);
    context.fillStyle = g.kind === 'sector' ? '#ffffff' : '#c9d2dd';
    context.font =
      g.kind === 'sector' ? '600 12px system-ui, sans-serif' : '10px system-ui, sans-serif';
    const label = g.kind === 'sector' ? g.name.toUpperCase() : g.name;
    context.save();
    context.beginPath();
    context.rect(g.x, g.y, g.w, g.labelHeight);
    context.clip();
    context.fillText(label, g.x + 4, g.y + g.labelHeight / 2 + 0.5);
    context.restore();
  }
  // Tiles by colour, then labels by font: a canvas parses every fillStyle and font it is given,
  // so each is set once per group rather than once per tile.
  const byColour = new Map<string, MapLayout<HeatmapCompany>['tiles']>();
  for (const t of layout.tiles) {
    const colour = changeColour(t.company.changes[period], period);
    const list = byColour.get(colour);
    if (list) list.push(t);
    else byColour.set(colour, [t]);
  }
  for (const [colour, tiles] of byColour) {
    context.fillStyle = colour;
    // A hairline between neighbours: the tile is drawn half a pixel in on each side.
    for (const t of tiles)
      context.fillRect(t.x + 0.5, t.y + 0.5, Math.max(0, t.w - 1), Math.max(0, t.h - 1));
  }
  const bySize = new Map<number, MapLayout<HeatmapCompany>['tiles']>();
  for (const t of layout.tiles) {
    if (t.w < 26 || t.h < 14) continue;
    const size = Math.max(9, Math.min(24, Math.floor(Math.min(t.w / 4, t.h / 2.6))));
    const list = bySize.get(size);
    if (list) list.push(t);
    else bySize.set(size, [t]);
  }
  context.textAlign = 'center';
  context.fillStyle = '#ffffff';
  for (const [size, tiles] of bySize) {
    const small = Math.max(9, Math.round(size * 0.75));
    const twoLines = (t: (typeof tiles)[number]) => t.h >= size * 2.6 && t.w >= 44;
    context.font = `600 ${size}px system-ui, sans-serif`;
    for (const t of tiles) {
      const cy = t.y + t.h / 2;
      context.fillText(
        t.company.symbol,
        t.x + t.w / 2,
        twoLines(t) ? cy - size * 0.55 : cy,
        t.w - 4,
      );
    }
    context.font = `${small}px system-ui, sans-serif`;
    for (const t of tiles) {
      if (!twoLines(t)) continue;
      const text = changeText(t.company.changes[period]);
      context.fillText(text, t.x + t.w / 2, t.y + t.h / 2 + size * 0.6, t.w - 4);
    }
  }
}
