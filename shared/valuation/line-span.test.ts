import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineSpanOf, spanBounds, withLineSpan, yearsBefore, type LineSpan } from './line-span';

/*
 * The value line's span (decision 199): read from the address and written back to it, the
 * others kept; bounded by the closes and by twenty years; a bad address says why and falls
 * back to ten years.
 */

const params = (query: string) => new URLSearchParams(query);

describe('the value line’s span', () => {
  it('is read from the address: a preset, two dates, or ten years when absent', () => {
    expect(lineSpanOf(params('symbol=KO'))).toEqual({
      span: { kind: 'preset', preset: '10y' },
      problem: null,
    });
    expect(lineSpanOf(params('lineRange=20y')).span).toEqual({ kind: 'preset', preset: '20y' });
    expect(lineSpanOf(params('lineRange=max')).span).toEqual({ kind: 'preset', preset: 'max' });
    expect(lineSpanOf(params('lineFrom=2012-01-03&lineTo=2019-12-31&lineRange=5y')).span).toEqual({
      kind: 'dates',
      from: '2012-01-03',
      to: '2019-12-31',
    });
    expect(lineSpanOf(params('lineFrom=2012-01-03')).span).toEqual({
      kind: 'dates',
      from: '2012-01-03',
      to: null,
    });
  });

  it('says what is wrong with a bad address and falls back to ten years', () => {
    const ten = { kind: 'preset', preset: '10y' };
    expect(lineSpanOf(params('lineRange=7y'))).toEqual({
      span: ten,
      problem: 'Choose 5Y, 10Y, 20Y or Max',
    });
    expect(lineSpanOf(params('lineFrom=2012-13-40'))).toEqual({
      span: ten,
      problem: 'Use a date in YYYY-MM-DD form',
    });
    expect(lineSpanOf(params('lineFrom=2019-01-02&lineTo=2012-01-03'))).toEqual({
      span: ten,
      problem: 'The start date must be before the end date.',
    });
  });

  it('is written to the address and read back the same, the other parameters kept', () => {
    const day = fc
      .date({ min: new Date('1990-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    const span: fc.Arbitrary<LineSpan> = fc.oneof(
      fc
        .constantFrom('5y', '10y', '20y', 'max')
        .map((preset) => ({ kind: 'preset', preset }) as LineSpan),
      fc
        .tuple(day, day)
        .filter(([a, b]) => a < b)
        .map(([from, to]) => ({ kind: 'dates', from, to }) as LineSpan),
    );
    fc.assert(
      fc.property(span, (s) => {
        const out = withLineSpan(params('symbol=KO&lineScale=log&lineRange=5y'), s);
        expect(out.get('symbol')).toBe('KO');
        expect(out.get('lineScale')).toBe('log');
        expect(lineSpanOf(out)).toEqual({ span: s, problem: null });
      }),
    );
    // Ten years is the default: absent from the address.
    expect(
      withLineSpan(params('lineRange=20y'), { kind: 'preset', preset: '10y' }).toString(),
    ).toBe('');
  });

  it('is bounded by the closes and by twenty years before its end', () => {
    const first = '2009-01-02';
    const last = '2026-11-27';
    const preset = (p: '5y' | '10y' | '20y' | 'max'): LineSpan => ({ kind: 'preset', preset: p });
    expect(spanBounds(preset('5y'), first, last)).toEqual({ from: '2021-11-27', to: last });
    expect(spanBounds(preset('10y'), first, last)).toEqual({ from: '2016-11-27', to: last });
    // The closes start in 2009: 20 years and Max both start there.
    expect(spanBounds(preset('20y'), first, last)).toEqual({ from: first, to: last });
    expect(spanBounds(preset('max'), first, last)).toEqual({ from: first, to: last });
    // A provider with thirty years: Max stops at twenty.
    expect(spanBounds(preset('max'), '1996-01-02', last)).toEqual({ from: '2006-11-27', to: last });
    // Dates: never after the last close, never more than twenty years long.
    expect(
      spanBounds({ kind: 'dates', from: '2012-01-03', to: '2030-01-01' }, first, last),
    ).toEqual({ from: '2012-01-03', to: last });
    expect(
      spanBounds({ kind: 'dates', from: '1990-01-03', to: '2019-12-31' }, '1980-01-02', last),
    ).toEqual({ from: '1999-12-31', to: '2019-12-31' });
    expect(spanBounds({ kind: 'dates', from: null, to: '2019-12-31' }, first, last)).toEqual({
      from: '2009-12-31',
      to: '2019-12-31',
    });
    expect(yearsBefore('2024-02-29', 5)).toBe('2019-02-28');
    expect(yearsBefore('2024-02-29', 20)).toBe('2004-02-29');
  });
});
