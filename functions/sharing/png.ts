import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg, initWasm } from '@resvg/resvg-wasm';
import {
  PNG_RENDERER_FILES,
  PREVIEW_FONT_FAMILY,
  PREVIEW_WIDTH,
} from '../../shared/sharing/preview';

/**
 * SVG to PNG for the link previews (decision 145): resvg's WebAssembly build, which needs no
 * native binary and no system fonts, so it runs the same in Lambda (arm64) and on a laptop.
 * The text is drawn in Inter, whose font files ship with the renderer.
 *
 * The renderer (about 2.5 MB of WebAssembly) and the fonts are files, not part of the bundle's
 * JavaScript: the Lambda bundle carries them beside its entry point (PNG_RENDERER_FILES, copied
 * by the function's bundling), and they are read and compiled on the first render, so a cold
 * start of the route does not pay for them until an image is asked for.
 */

/** A file beside the running module (a bundle), else from the installed package (source). */
async function readRendererFile(spec: string): Promise<Uint8Array> {
  const beside = fileURLToPath(new URL(`./${basename(spec)}`, import.meta.url));
  try {
    return await readFile(beside);
  } catch {
    return readFile(createRequire(import.meta.url).resolve(spec));
  }
}

let ready: Promise<Uint8Array[]> | undefined;

/** Compiles the renderer once per instance and reads the fonts; a failure is retried next time. */
function renderer(): Promise<Uint8Array[]> {
  ready ??= (async () => {
    const [wasm, ...fonts] = await Promise.all(PNG_RENDERER_FILES.map(readRendererFile));
    await initWasm(wasm!);
    return fonts;
  })().catch((error: unknown) => {
    ready = undefined;
    throw error;
  });
  return ready;
}

/** The PNG of an SVG drawn at its own size (the previews: 1200 x 630). */
export async function svgToPng(svg: string): Promise<Uint8Array> {
  const fontBuffers = await renderer();
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: PREVIEW_WIDTH },
    font: {
      fontBuffers,
      defaultFontFamily: PREVIEW_FONT_FAMILY,
      sansSerifFamily: PREVIEW_FONT_FAMILY,
    },
  });
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
