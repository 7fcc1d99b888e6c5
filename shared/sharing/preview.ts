/**
 * The link-preview image of a shared pitch: a small SVG chart of the price since the pitch
 * against the intrinsic value and the pitch's expected path (1200 x 630, the size Open Graph
 * and Twitter cards show). Pure: the server renders it from the public answer's figures.
 */

export interface PreviewInput {
  title: string;
  priceThen: number;
  priceNow: number | null;
  intrinsic: number;
  /** The expected path: years after the pitch and the price expected then. */
  path: readonly { years: number; price: number }[];
  yearsSince: number;
}

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

/** Text as XML character data: no markup can come through. */
export function xmlText(s: string): string {
  return s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const money = (n: number) => `$${n.toFixed(2)}`;
const r1 = (n: number) => Math.round(n * 10) / 10;

export function previewSvg(input: PreviewInput): string {
  const left = 80;
  const right = PREVIEW_WIDTH - 80;
  const top = 150;
  const bottom = PREVIEW_HEIGHT - 90;
  const prices = [
    input.priceThen,
    input.intrinsic,
    ...(input.priceNow === null ? [] : [input.priceNow]),
    ...input.path.map((p) => p.price),
  ].filter((n) => Number.isFinite(n));
  const lo = Math.min(...prices) * 0.9;
  const hi = Math.max(...prices) * 1.1;
  const span = hi - lo || 1;
  const lastYear = Math.max(input.yearsSince, ...input.path.map((p) => p.years), 0.01);
  const x = (years: number) => r1(left + ((right - left) * years) / lastYear);
  const y = (price: number) => r1(bottom - ((bottom - top) * (price - lo)) / span);
  const pathPoints = input.path.map((p) => `${x(p.years)},${y(p.price)}`).join(' ');
  const nowX = x(Math.min(input.yearsSince, lastYear));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}" role="img" aria-label="${xmlText(`${input.title}: price against intrinsic value`)}">`,
    `<rect width="100%" height="100%" fill="#0f172a"/>`,
    `<text x="${left}" y="70" fill="#f8fafc" font-family="sans-serif" font-size="40" font-weight="700">${xmlText(input.title)}</text>`,
    `<text x="${left}" y="115" fill="#cbd5e1" font-family="sans-serif" font-size="28">Intrinsic value ${money(input.intrinsic)} · pitched at ${money(input.priceThen)}${input.priceNow === null ? '' : ` · now ${money(input.priceNow)}`}</text>`,
    `<line x1="${left}" y1="${y(input.intrinsic)}" x2="${right}" y2="${y(input.intrinsic)}" stroke="#22c55e" stroke-width="4" stroke-dasharray="14 10"/>`,
    pathPoints === ''
      ? ''
      : `<polyline points="${pathPoints}" fill="none" stroke="#94a3b8" stroke-width="3"/>`,
    `<line x1="${x(0)}" y1="${y(input.priceThen)}" x2="${nowX}" y2="${y(input.priceNow ?? input.priceThen)}" stroke="#38bdf8" stroke-width="6"/>`,
    `<circle cx="${x(0)}" cy="${y(input.priceThen)}" r="9" fill="#38bdf8"/>`,
    input.priceNow === null
      ? ''
      : `<circle cx="${nowX}" cy="${y(input.priceNow)}" r="11" fill="#f8fafc"/>`,
    `<text x="${left}" y="${PREVIEW_HEIGHT - 35}" fill="#94a3b8" font-family="sans-serif" font-size="24">Price (blue) · intrinsic value (green) · expected path (grey) · Mr. Market</text>`,
    `</svg>`,
  ];
  return parts.filter((p) => p !== '').join('');
}
