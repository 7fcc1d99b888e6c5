import { describe, expect, it } from 'vitest';
import { previewSvg } from './preview';

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
