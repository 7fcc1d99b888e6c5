import { describe, expect, it } from 'vitest';
import { fitText, previewSvg, textWidth } from './preview';

describe('the link-preview image', () => {
  it('draws the price, intrinsic value and path, and escapes the title', () => {
    const svg = previewSvg({
      title: 'A<script>alert(1)</script> & Co',
      priceThen: 138.15,
      priceNow: 150,
      intrinsic: 205.7,
      path: [
        { years: 0, price: 138.15 },
        { years: 5, price: 205.7 },
      ],
      yearsSince: 0.4,
    });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('A&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(svg).toContain('Intrinsic value $205.70 · pitched at $138.15 · now $150.00');
    expect(svg).toContain('<polyline');
  });

  it('without a price now it still draws', () => {
    const svg = previewSvg({
      title: 'X',
      priceThen: 10,
      priceNow: null,
      intrinsic: 12,
      path: [],
      yearsSince: 0,
    });
    expect(svg).not.toContain('NaN');
    expect(svg).not.toContain('<polyline');
  });
});

describe("the preview's text fitting", () => {
  const box = { maxSize: 48, minSize: 34, maxLines: 2, weight: 'bold' as const };

  it("keeps the demo set's longest company name within the box, on one line or two", () => {
    const fitted = fitText('Public Service Enterprise Group Incorporated (PEG)', 1040, box);
    expect(fitted.lines.join(' ')).toBe('Public Service Enterprise Group Incorporated (PEG)');
    for (const line of fitted.lines)
      expect(textWidth(line, fitted.fontSize, 'bold')).toBeLessThanOrEqual(1040);
  });

  it('wraps what one line cannot hold, and cuts with an ellipsis what two cannot', () => {
    const long = 'Wide '.repeat(30).trim();
    const fitted = fitText(long, 600, box);
    expect(fitted.lines).toHaveLength(2);
    expect(fitted.fontSize).toBe(34);
    expect(fitted.lines[1]!.endsWith('…')).toBe(true);
    for (const line of fitted.lines) expect(textWidth(line, 34, 'bold')).toBeLessThanOrEqual(600);
  });

  it('a short title keeps the largest size', () => {
    expect(fitText('Apple Inc. (AAPL)', 1040, box)).toEqual({
      lines: ['Apple Inc. (AAPL)'],
      fontSize: 48,
    });
  });
});
