import { describe, expect, it } from 'vitest';
import { MODELS } from '../valuation';
import { indefiniteArticle, withArticle } from './article';

describe('the article before a word the product fills in', () => {
  it('reads each model name letter by letter: an EV/EBITDA, a P/E, a P/B, a P/S, a DCF', () => {
    const names = Object.values(MODELS).map((m) => withArticle(m.name));
    expect(names.sort()).toEqual(['a DCF', 'a P/B', 'a P/E', 'a P/S', 'an EV/EBITDA']);
  });

  it('reads other initialisms by their first letter’s name', () => {
    expect(withArticle('S&P 500 fund')).toBe('an S&P 500 fund');
    expect(withArticle('NYSE stock')).toBe('an NYSE stock');
    expect(withArticle('IRR')).toBe('an IRR');
    expect(withArticle('US stock')).toBe('a US stock');
    expect(withArticle('TTM figure')).toBe('a TTM figure');
  });

  it('reads numbers as numbers: an 8, 11, 18 and 80-something; a for the rest', () => {
    for (const n of [
      '8%',
      '8.5%',
      '80%',
      '89',
      '800',
      '11%',
      '11.5%',
      '18%',
      '18.25',
      '11,000',
      '18,500,000',
    ])
      expect(indefiniteArticle(n), n).toBe('an');
    for (const n of ['1%', '10%', '12%', '20%', '33.3%', '100%', '110%', '180%', '1,100', '7'])
      expect(indefiniteArticle(n), n).toBe('a');
  });

  it('reads words by their first letter', () => {
    expect(withArticle('ordinary share')).toBe('an ordinary share');
    expect(withArticle('bull case')).toBe('a bull case');
    expect(withArticle('Expected value')).toBe('an Expected value');
  });
});
