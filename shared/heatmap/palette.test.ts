import { describe, expect, it } from 'vitest';
import {
  changeColour,
  changeTextColour,
  HEATMAP_COLOURS,
  HEATMAP_PERIODS,
  legendSteps,
  NO_CHANGE_COLOUR,
  NO_CHANGE_TEXT,
} from './scale';

/*
 * The map's palette differs in lightness as well as hue (decision 167): computed here from the
 * hex codes by the WCAG 2 formula (sRGB to linear light, then 0.2126 R + 0.7152 G + 0.0722 B),
 * the steps grow lighter from the largest fall to the largest rise, for normal sight and under
 * simulated protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009,
 * severity 1), so a reader who cannot tell red from green still reads a move from its lightness.
 */

function linear(hex: string): [number, number, number] {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return [channel(0), channel(1), channel(2)];
}

const luminanceOf = ([r, g, b]: readonly number[]) => 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
const luminance = (hex: string) => luminanceOf(linear(hex));
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

const SIMULATIONS: Record<string, readonly (readonly number[])[]> = {
  normal: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

function seenAs(hex: string, matrix: readonly (readonly number[])[]): number {
  const rgb = linear(hex);
  const out = matrix.map((row) =>
    Math.min(1, Math.max(0, row[0]! * rgb[0] + row[1]! * rgb[1] + row[2]! * rgb[2])),
  );
  return luminanceOf(out);
}

describe('the heatmap’s palette', () => {
  it('the red and green extremes differ clearly in luminance (contrast over 3:1)', () => {
    const fall = luminance(HEATMAP_COLOURS[0]);
    const rise = luminance(HEATMAP_COLOURS[HEATMAP_COLOURS.length - 1]!);
    expect(rise).toBeGreaterThan(fall);
    expect(contrast(fall, rise)).toBeGreaterThan(3);
  });

  it.each(Object.keys(SIMULATIONS))(
    'seen with %s, every step is lighter than the one before by a visible step (contrast 1.25:1 or more)',
    (name) => {
      const seen = HEATMAP_COLOURS.map((c) => seenAs(c, SIMULATIONS[name]!));
      for (let i = 1; i < seen.length; i++) {
        expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
        expect(contrast(seen[i]!, seen[i - 1]!)).toBeGreaterThanOrEqual(1.25);
      }
    },
  );

  it('each step’s text reads on it (contrast at least 4.5:1), and so does the unknown tile’s', () => {
    for (const step of legendSteps('1D'))
      expect(contrast(luminance(step.colour), luminance(step.text))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(luminance(NO_CHANGE_COLOUR), luminance(NO_CHANGE_TEXT))).toBeGreaterThan(4.5);
  });

  it('the legend shows the tiles’ colours and text colours, step for step, for every period', () => {
    for (const period of HEATMAP_PERIODS) {
      const steps = legendSteps(period);
      expect(steps.map((s) => s.colour)).toEqual([...HEATMAP_COLOURS]);
      for (const step of steps) {
        const inside = Number.isFinite(step.from) ? step.from : step.to - 1;
        expect(changeColour(inside, period)).toBe(step.colour);
        expect(changeTextColour(inside, period)).toBe(step.text);
      }
    }
  });
});
