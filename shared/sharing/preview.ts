/**
 * The link-preview image of a shared pitch: a small SVG chart of the price since the pitch
 * against the intrinsic value and the pitch's expected path (1200 x 630, the size Open Graph
 * and Twitter cards show). Pure: the server renders it from the public answer's figures, and
 * rasterises it to PNG for link previews (functions/sharing/png.ts; decision 145).
 */

export interface PreviewInput {
  /** The company: its name and symbol ("Apple Inc. (AAPL)"). */
  title: string;
  priceThen: number;
  priceNow: number | null;
  intrinsic: number;
  /** The expected path: years after the pitch and the price expected then. */
  path: readonly { years: number; price: number }[];
  yearsSince: number;
}

/**
 * The files the server's PNG renderer reads at run time, as package paths (functions/sharing/png.ts):
 * resvg's WebAssembly and Inter regular and bold. A Lambda bundle carries them beside its entry
 * point under their base names (infra/constructs/lambda-bundling.ts).
 */
export const PNG_RENDERER_FILES = [
  '@resvg/resvg-wasm/index_bg.wasm',
  '@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf',
  '@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf',
] as const;

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

const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const r1 = (n: number) => Math.round(n * 10) / 10;

/** The typeface the image is drawn in (shipped with the renderer; a browser falls back to its sans-serif). */
export const PREVIEW_FONT_FAMILY = 'Inter';

/**
 * Advance widths of Inter's printable ASCII characters (32-126), in thousandths of an em, read
 * from the font files the server renders with: bold for the title, regular for the figures.
 * Other characters count as the widest of these, so an estimate is never short.
 */
// prettier-ignore
const INTER_BOLD = [237, 338, 552, 649, 655, 1016, 672, 339, 377, 377, 559, 679, 334, 468, 334, 388, 674, 431, 630, 646, 676, 622, 649, 582, 651, 649, 334, 343, 679, 679, 679, 560, 1016, 747, 662, 740, 722, 607, 587, 750, 747, 281, 584, 719, 565, 932, 762, 771, 648, 777, 657, 655, 667, 732, 747, 1038, 738, 731, 664, 377, 388, 377, 487, 476, 365, 581, 630, 588, 630, 596, 398, 632, 623, 271, 271, 580, 271, 913, 623, 613, 630, 630, 407, 560, 366, 623, 600, 850, 580, 602, 573, 469, 372, 469, 679];
// prettier-ignore
const INTER_REGULAR = [281, 288, 466, 633, 642, 982, 644, 300, 365, 365, 501, 662, 288, 460, 288, 360, 631, 407, 610, 618, 646, 593, 620, 566, 619, 620, 288, 302, 662, 662, 662, 511, 966, 690, 654, 730, 722, 601, 590, 746, 743, 269, 571, 672, 565, 903, 753, 765, 639, 765, 644, 642, 646, 744, 690, 985, 682, 679, 629, 365, 360, 365, 471, 456, 323, 562, 612, 571, 612, 583, 370, 613, 591, 242, 242, 549, 242, 876, 591, 600, 612, 612, 376, 528, 327, 591, 562, 818, 546, 562, 552, 426, 333, 426, 662];
const MIDDLE_DOT = 334;
const ELLIPSIS = '…';

/** The width of a text at a font size, in pixels (an upper estimate for characters outside ASCII). */
export function textWidth(text: string, fontSize: number, weight: 'bold' | 'regular'): number {
  const table = weight === 'bold' ? INTER_BOLD : INTER_REGULAR;
  let thousandths = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    thousandths +=
      code >= 32 && code <= 126
        ? (table[code - 32] ?? 1040)
        : code === 0xb7
          ? MIDDLE_DOT
          : code === 0x2026
            ? 1002
            : 1040;
  }
  return (thousandths * fontSize) / 1000;
}

export interface FittedText {
  lines: string[];
  fontSize: number;
}

/** Words onto at most `maxLines` lines of `width` pixels; null when a word alone is too wide or lines are left over. */
function wrap(
  words: readonly string[],
  width: number,
  fontSize: number,
  weight: 'bold' | 'regular',
  maxLines: number,
): string[] | null {
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next, fontSize, weight) <= width) line = next;
    else {
      if (!line || textWidth(word, fontSize, weight) > width) return null;
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines.length <= maxLines ? lines : null;
}

/**
 * Fits a text into a box `width` pixels wide: on one line at the largest size from `maxSize`
 * down to `minSize` (steps of 2 px), else wrapped onto up to `maxLines` lines at the largest
 * size that fits, else at `minSize` cut with an ellipsis. No line is ever wider than `width`.
 */
export function fitText(
  text: string,
  width: number,
  options: { maxSize: number; minSize: number; maxLines: number; weight: 'bold' | 'regular' },
): FittedText {
  const { maxSize, minSize, maxLines, weight } = options;
  const words = text.split(/\s+/).filter(Boolean);
  for (let lines = 1; lines <= maxLines; lines++) {
    for (let size = maxSize; size >= minSize; size -= 2) {
      const fitted = wrap(words, width, size, weight, lines);
      if (fitted) return { lines: fitted, fontSize: size };
    }
  }
  // Too long even at the smallest size: fill the lines and end the last with an ellipsis.
  const lines: string[] = [];
  let rest = [...text];
  for (let i = 0; i < maxLines && rest.length; i++) {
    const last = i === maxLines - 1;
    let take = rest.length;
    const fits = (n: number) =>
      textWidth(
        rest.slice(0, n).join('').trimEnd() + (last && n < rest.length ? ELLIPSIS : ''),
        minSize,
        weight,
      ) <= width;
    while (take > 1 && !fits(take)) take--;
    // Break at a space when one is on the line.
    if (!last && take < rest.length) {
      const space = rest.slice(0, take).lastIndexOf(' ');
      if (space > 0) take = space + 1;
    }
    const line = rest.slice(0, take).join('').trim();
    lines.push(last && take < rest.length ? `${line}${ELLIPSIS}` : line);
    rest = rest.slice(take);
    while (rest[0] === ' ') rest = rest.slice(1);
  }
  return { lines, fontSize: minSize };
}

/** The figures line under the title. */
export function previewFigures(
  input: Pick<PreviewInput, 'intrinsic' | 'priceThen' | 'priceNow'>,
): string {
  return `Intrinsic value ${money(input.intrinsic)} · pitched at ${money(input.priceThen)}${input.priceNow === null ? '' : ` · now ${money(input.priceNow)}`}`;
}

/** Text lines in the preview's type. */
function textLines(
  fitted: FittedText,
  x: number,
  firstBaseline: number,
  fill: string,
  weight: 'bold' | 'regular',
): string {
  const lineHeight = Math.round(fitted.fontSize * 1.2);
  return fitted.lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${firstBaseline + i * lineHeight}" fill="${fill}" font-family="${PREVIEW_FONT_FAMILY}, sans-serif" font-size="${fitted.fontSize}"${weight === 'bold' ? ' font-weight="700"' : ''}>${xmlText(line)}</text>`,
    )
    .join('');
}

export function previewSvg(input: PreviewInput): string {
  const left = 80;
  const right = PREVIEW_WIDTH - 80;
  const width = right - left;
  const title = fitText(input.title, width, {
    maxSize: 48,
    minSize: 34,
    maxLines: 2,
    weight: 'bold',
  });
  const figures = fitText(previewFigures(input), width, {
    maxSize: 28,
    minSize: 20,
    maxLines: 1,
    weight: 'regular',
  });
  const titleBaseline = 24 + title.fontSize;
  const titleBottom = titleBaseline + (title.lines.length - 1) * Math.round(title.fontSize * 1.2);
  const figuresBaseline = titleBottom + 16 + figures.fontSize;
  const top = figuresBaseline + 40;
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
  const legend = fitText(
    'Price (blue) · intrinsic value (green) · expected path (grey) · Mr. Market',
    width,
    { maxSize: 24, minSize: 18, maxLines: 1, weight: 'regular' },
  );
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}" role="img" aria-label="${xmlText(`${input.title}: price against intrinsic value`)}">`,
    `<rect width="100%" height="100%" fill="#0f172a"/>`,
    textLines(title, left, titleBaseline, '#f8fafc', 'bold'),
    textLines(figures, left, figuresBaseline, '#cbd5e1', 'regular'),
    `<line x1="${left}" y1="${y(input.intrinsic)}" x2="${right}" y2="${y(input.intrinsic)}" stroke="#22c55e" stroke-width="4" stroke-dasharray="14 10"/>`,
    pathPoints === ''
      ? ''
      : `<polyline points="${pathPoints}" fill="none" stroke="#94a3b8" stroke-width="3"/>`,
    `<line x1="${x(0)}" y1="${y(input.priceThen)}" x2="${nowX}" y2="${y(input.priceNow ?? input.priceThen)}" stroke="#38bdf8" stroke-width="6"/>`,
    `<circle cx="${x(0)}" cy="${y(input.priceThen)}" r="9" fill="#38bdf8"/>`,
    input.priceNow === null
      ? ''
      : `<circle cx="${nowX}" cy="${y(input.priceNow)}" r="11" fill="#f8fafc"/>`,
    textLines(legend, left, PREVIEW_HEIGHT - 35, '#94a3b8', 'regular'),
    `</svg>`,
  ];
  return parts.filter((p) => p !== '').join('');
}
