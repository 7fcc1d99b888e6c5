import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { FAVICON_ICO, FAVICON_SVG, faviconIco, ICON_SIZES } from './favicon-ico';

/** The images an ICO file lists: each entry's size and the PNG width its bytes declare. */
function icoImages(ico: Uint8Array) {
  const view = new DataView(ico.buffer, ico.byteOffset, ico.byteLength);
  expect([view.getUint16(0, true), view.getUint16(2, true)]).toEqual([0, 1]);
  return Array.from({ length: view.getUint16(4, true) }, (_, n) => {
    const entry = 6 + 16 * n;
    const length = view.getUint32(entry + 8, true);
    const offset = view.getUint32(entry + 12, true);
    const png = ico.subarray(offset, offset + length);
    const pngView = new DataView(png.buffer, png.byteOffset, png.byteLength);
    return {
      size: view.getUint8(entry),
      signature: Array.from(png.subarray(1, 4), (c) => String.fromCharCode(c)).join(''),
      // IHDR: width and height at bytes 16 and 20 of the PNG.
      width: pngView.getUint32(16),
      height: pngView.getUint32(20),
      end: offset + length,
    };
  });
}

describe('the favicon', () => {
  it('is the logo: /favicon.ico is what the SVG draws at 16, 32 and 48 px', async () => {
    const svg = await readFile(FAVICON_SVG, 'utf8');
    const committed = new Uint8Array(await readFile(FAVICON_ICO));
    const drawn = await faviconIco(svg);
    // Run `npx tsx web/src/assets/favicon-ico.ts` after changing favicon.svg.
    expect(Buffer.from(committed).equals(Buffer.from(drawn))).toBe(true);
    const images = icoImages(committed);
    expect(images.map((i) => [i.size, i.signature, i.width, i.height])).toEqual(
      ICON_SIZES.map((size) => [size, 'PNG', size, size]),
    );
    expect(images.at(-1)!.end).toBe(committed.length);
  });
});
