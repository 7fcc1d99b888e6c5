import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/constructs/house-function';
import {
  BUNDLE_ALIASES,
  BUNDLE_BANNER,
  BUNDLE_FILES,
} from '../../infra/constructs/lambda-bundling';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, previewSvg } from '../../shared/sharing/preview';
import { decodePng } from '../support/png';
import { svgToPng } from '../../functions/sharing/png';

const run = promisify(execFile);

/** The longest company name of the demo universe, with its symbol. */
const LONGEST = 'Public Service Enterprise Group Incorporated (PEG)';
const BACKGROUND = [15, 23, 42];

const drawing = (title: string) =>
  previewSvg({
    title,
    priceThen: 2.5,
    priceNow: 12_345.67,
    intrinsic: 360.91,
    path: [
      { years: 0, price: 2.5 },
      { years: 5, price: 360.91 },
    ],
    yearsSince: 1.2,
  });

const isBackground = ([r, g, b]: number[]) =>
  Math.abs(r! - BACKGROUND[0]!) + Math.abs(g! - BACKGROUND[1]!) + Math.abs(b! - BACKGROUND[2]!) <
  12;

function lightPixels(
  png: ReturnType<typeof decodePng>,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
) {
  let n = 0;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (png.pixel(x, y)[0] > 150) n++;
  return n;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('the link-preview PNG', () => {
  it('is 1200 x 630, on the dark background, with its title drawn in the font it ships', async () => {
    const png = decodePng(await svgToPng(drawing('Apple Inc. (AAPL)')));
    expect([png.width, png.height]).toEqual([PREVIEW_WIDTH, PREVIEW_HEIGHT]);
    expect(isBackground(png.pixel(5, 5))).toBe(true);
    expect(isBackground(png.pixel(1195, 625))).toBe(true);
    // Text is drawn (no font, no text: resvg would leave the title band empty).
    expect(lightPixels(png, 80, 600, 20, 80)).toBeGreaterThan(500);
  });

  it("fits the demo set's longest company name and large figures inside the margins", async () => {
    const png = decodePng(await svgToPng(drawing(LONGEST)));
    // The title and figures band: nothing is drawn right of the 80 px margin.
    for (let y = 0; y < 190; y++)
      for (let x = PREVIEW_WIDTH - 78; x < PREVIEW_WIDTH; x++)
        expect(isBackground(png.pixel(x, y)), `pixel ${x},${y}`).toBe(true);
    // The title and the figures under it are both drawn.
    expect(lightPixels(png, 80, 1120, 20, 75)).toBeGreaterThan(300);
    expect(lightPixels(png, 80, 1120, 80, 135)).toBeGreaterThan(300);
  });

  it('bundles for Lambda with esbuild and renders from the files copied beside the bundle', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'png-bundle-'));
    dirs.push(dir);
    const entry = `
      import { svgToPng } from './functions/sharing/png';
      import { previewSvg } from './shared/sharing/preview';
      const png = await svgToPng(previewSvg({ title: 'Bundled (B)', priceThen: 10, priceNow: 12, intrinsic: 15, path: [], yearsSince: 1 }));
      process.stdout.write(Buffer.from(png).toString('base64'));
    `;
    const result = await build({
      stdin: { contents: entry, resolveDir: REPO_ROOT, sourcefile: 'entry.ts', loader: 'ts' },
      absWorkingDir: REPO_ROOT,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      mainFields: ['module', 'main'],
      minify: true,
      banner: { js: BUNDLE_BANNER },
      alias: BUNDLE_ALIASES,
      write: false,
      outfile: join(dir, 'index.mjs'),
      logLevel: 'error',
    });
    const bundle = result.outputFiles[0]!;
    writeFileSync(join(dir, 'index.mjs'), bundle.contents);
    // The renderer is a file beside the bundle, not inlined in its JavaScript.
    expect(bundle.contents.byteLength).toBeLessThan(300_000);
    const files = BUNDLE_FILES['api/publicPitchPreviewPng'] ?? [];
    expect(files.length).toBe(3);
    const require = createRequire(import.meta.url);
    for (const file of files) copyFileSync(require.resolve(file), join(dir, basename(file)));
    // Outside the repository: nothing can be resolved from node_modules.
    const { stdout } = await run(process.execPath, [join(dir, 'index.mjs')], {
      cwd: dir,
      env: { PATH: process.env.PATH, HOME: dir },
      timeout: 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    const png = decodePng(Buffer.from(stdout, 'base64'));
    expect([png.width, png.height]).toEqual([PREVIEW_WIDTH, PREVIEW_HEIGHT]);
    expect(lightPixels(png, 80, 600, 20, 80)).toBeGreaterThan(200);
  }, 120_000);
});
