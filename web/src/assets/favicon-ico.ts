/**
 * `web/public/favicon.ico`, drawn from `web/public/favicon.svg` (the one logo): the icon
 * browsers, crawlers and link checkers ask for at `/favicon.ico` whatever a page links, as the
 * shared pitch page's first request did. An ICO holding the logo as PNG images of 16, 32 and
 * 48 px (every current browser reads PNG inside ICO).
 *
 * Not part of the app's bundle: run `npx tsx web/src/assets/favicon-ico.ts` after changing
 * the SVG; a test (favicon.test.ts) fails while the two differ.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg, initWasm } from '@resvg/resvg-wasm';

// Joined by hand: Vite would take `new URL('…', import.meta.url)` for an asset of the app.
const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'public');
export const FAVICON_SVG = join(PUBLIC, 'favicon.svg');
export const FAVICON_ICO = join(PUBLIC, 'favicon.ico');
export const ICON_SIZES = [16, 32, 48] as const;

let ready: Promise<void> | undefined;

/** The logo drawn as a PNG `size` pixels wide. */
export async function logoPng(svg: string, size: number): Promise<Uint8Array> {
  ready ??= readFile(
    createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm'),
  ).then((wasm) => initWasm(wasm));
  await ready;
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: size } });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/**
 * An ICO file of square PNG images: the 6-byte header (reserved 0, type 1 = icon, count),
 * a 16-byte entry per image (width and height, 0 meaning 256; no palette; 1 plane; 32 bits a
 * pixel; the PNG's length and where it starts), then the PNGs.
 */
export function icoOf(images: readonly { size: number; png: Uint8Array }[]): Uint8Array {
  const header = 6 + 16 * images.length;
  const total = images.reduce((sum, i) => sum + i.png.length, header);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint16(2, 1, true);
  view.setUint16(4, images.length, true);
  let offset = header;
  images.forEach(({ size, png }, n) => {
    const entry = 6 + 16 * n;
    view.setUint8(entry, size >= 256 ? 0 : size);
    view.setUint8(entry + 1, size >= 256 ? 0 : size);
    view.setUint16(entry + 4, 1, true);
    view.setUint16(entry + 6, 32, true);
    view.setUint32(entry + 8, png.length, true);
    view.setUint32(entry + 12, offset, true);
    out.set(png, offset);
    offset += png.length;
  });
  return out;
}

/** The ICO of the SVG logo at every size of ICON_SIZES. */
export async function faviconIco(svg: string): Promise<Uint8Array> {
  const images = [];
  for (const size of ICON_SIZES) images.push({ size, png: await logoPng(svg, size) });
  return icoOf(images);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await writeFile(FAVICON_ICO, await faviconIco(await readFile(FAVICON_SVG, 'utf8')));
  console.log(`wrote ${FAVICON_ICO}`);
}
