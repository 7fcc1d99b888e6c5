import type { HeatmapCompany } from '../../../../../shared/heatmap/data';
import { tooSmallToDraw, type MapLayout, type MapTile } from '../../../../../shared/heatmap/layout';
import {
  NO_CHANGE_COLOUR,
  NO_CHANGE_OUTLINE,
  NO_CHANGE_TEXT,
} from '../../../../../shared/heatmap/scale';
import type { Shading } from './shading';

export { changeText } from './shading';

const SECTOR_BAND = '#1d2733';
const INDUSTRY_LABEL = 'rgba(17, 22, 29, 0.78)';
export const BACKGROUND = '#11161d';

type Tile = MapTile<HeatmapCompany>;

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Draws the map on a canvas already sized `width` x `height` CSS pixels at `ratio` device
 * pixels each: every tile in its figure's colour (its change, or its price against its value:
 * `shading`; an outlined empty tile when it has none), the lines between industries and sectors over the tiles' edges, the sectors' name
 * bands, the industries' names over their largest tiles, and each tile's symbol (and change)
 * where it has room, in the text colour of its step.
 */
export function drawMap(
  context: CanvasRenderingContext2D,
  layout: MapLayout<HeatmapCompany>,
  shading: Shading,
  width: number,
  height: number,
  ratio: number,
): void {
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.fillStyle = BACKGROUND;
  context.fillRect(0, 0, width, height);
  context.textBaseline = 'middle';
  // Tiles by colour, then labels by font and colour: a canvas parses every fillStyle and font it
  // is given, so each is set once per group rather than once per tile.
  const byColour = new Map<string, Tile[]>();
  const unknown: Tile[] = [];
  for (const t of layout.tiles) {
    const step = shading.step(t.company);
    if (step) push(byColour, step.colour, t);
    else unknown.push(t);
  }
  for (const [colour, tiles] of byColour) {
    context.fillStyle = colour;
    // A hairline between neighbours: the tile is drawn half a pixel in on each side.
    for (const t of tiles)
      context.fillRect(t.x + 0.5, t.y + 0.5, Math.max(0, t.w - 1), Math.max(0, t.h - 1));
  }
  if (unknown.length) {
    context.fillStyle = NO_CHANGE_COLOUR;
    for (const t of unknown)
      context.fillRect(t.x + 0.5, t.y + 0.5, Math.max(0, t.w - 1), Math.max(0, t.h - 1));
    context.strokeStyle = NO_CHANGE_OUTLINE;
    context.lineWidth = 1;
    for (const t of unknown)
      if (!tooSmallToDraw(t)) context.strokeRect(t.x + 1, t.y + 1, t.w - 2, t.h - 2);
  }
  // The lines between groups, over the edges of their tiles (they take no room from a tile).
  context.strokeStyle = BACKGROUND;
  for (const kind of ['industry', 'sector'] as const) {
    context.lineWidth = kind === 'sector' ? 2 : 1;
    for (const g of layout.groups) if (g.kind === kind) context.strokeRect(g.x, g.y, g.w, g.h);
  }
  context.textAlign = 'left';
  for (const g of layout.groups) {
    if (g.labelHeight === 0) continue;
    const sector = g.kind === 'sector';
    context.fillStyle = sector ? SECTOR_BAND : INDUSTRY_LABEL;
    context.fillRect(g.x + 0.5, g.y + 0.5, g.labelWidth - 1, g.labelHeight);
    context.fillStyle = sector ? '#ffffff' : '#dde3ea';
    context.font = sector ? '600 12px system-ui, sans-serif' : '10px system-ui, sans-serif';
    const label = sector ? g.name.toUpperCase() : g.name;
    context.save();
    context.beginPath();
    context.rect(g.x, g.y, g.labelWidth, g.labelHeight);
    context.clip();
    context.fillText(label, g.x + 4, g.y + g.labelHeight / 2 + 0.5);
    context.restore();
  }
  // Symbols (and changes) by font size and text colour, centred in the room below a name.
  const byText = new Map<string, { size: number; colour: string; tiles: Tile[] }>();
  for (const t of layout.tiles) {
    const room = t.h - t.covered;
    if (t.w < 26 || room < 14) continue;
    const size = Math.max(9, Math.min(24, Math.floor(Math.min(t.w / 4, room / 2.6))));
    const colour = shading.step(t.company)?.text ?? NO_CHANGE_TEXT;
    const key = `${size} ${colour}`;
    const group = byText.get(key);
    if (group) group.tiles.push(t);
    else byText.set(key, { size, colour, tiles: [t] });
  }
  context.textAlign = 'center';
  for (const { size, colour, tiles } of byText.values()) {
    const small = Math.max(9, Math.round(size * 0.75));
    const twoLines = (t: Tile) => t.h - t.covered >= size * 2.6 && t.w >= 44;
    const middle = (t: Tile) => t.y + t.covered + (t.h - t.covered) / 2;
    context.fillStyle = colour;
    context.font = `600 ${size}px system-ui, sans-serif`;
    for (const t of tiles)
      context.fillText(
        t.company.symbol,
        t.x + t.w / 2,
        twoLines(t) ? middle(t) - size * 0.55 : middle(t),
        t.w - 4,
      );
    context.font = `${small}px system-ui, sans-serif`;
    for (const t of tiles) {
      if (!twoLines(t)) continue;
      const text = shading.text(t.company);
      context.fillText(text, t.x + t.w / 2, middle(t) + size * 0.6, t.w - 4);
    }
  }
}
