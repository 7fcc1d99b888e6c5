import { describe, expect, it } from 'vitest';
import { guessDateFormat, guessMapping, readDate, readImportRows, readType } from './csv-import';
import { importPresetSchema, typeWordsSchema } from './import-mapping';

describe('reading a broker file under a mapping', () => {
  it('reads dates as written in each format, and nothing that is not a day', () => {
    expect(readDate('2024-03-05', 'YYYY-MM-DD')).toBe('2024-03-05');
    expect(readDate('2024-03-05T10:00:00Z', 'YYYY-MM-DD')).toBe('2024-03-05');
    expect(readDate('03/05/2024', 'MM/DD/YYYY')).toBe('2024-03-05');
    expect(readDate('3/5/2024 09:30', 'MM/DD/YYYY')).toBe('2024-03-05');
    expect(readDate('03/05/2024', 'DD/MM/YYYY')).toBe('2024-05-03');
    expect(readDate('05.03.2024', 'DD.MM.YYYY')).toBe('2024-03-05');
    expect(readDate('05.03.2024', 'DD/MM/YYYY')).toBeNull();
    expect(readDate('13/05/2024', 'MM/DD/YYYY')).toBeNull();
    expect(readDate('02/30/2024', 'MM/DD/YYYY')).toBeNull();
    expect(readDate('2024-03-05', 'MM/DD/YYYY')).toBeNull();
    expect(readDate('2024-13-45', 'YYYY-MM-DD')).toBeNull();
  });

  it('guesses the format every date of the column reads under', () => {
    expect(guessDateFormat(['2024-01-02', '2024-12-31'])).toBe('YYYY-MM-DD');
    expect(guessDateFormat(['01/02/2024', '12/31/2024'])).toBe('MM/DD/YYYY');
    expect(guessDateFormat(['01/02/2024', '31/12/2024'])).toBe('DD/MM/YYYY');
    expect(guessDateFormat(['31.12.2024', ''])).toBe('DD.MM.YYYY');
    expect(guessDateFormat(['yesterday'])).toBe('YYYY-MM-DD');
  });

  it('reads type words: the five types in any case, brokers’ usual words, and the file’s own', () => {
    expect(readType('BUY')).toBe('buy');
    expect(readType('Bought')).toBe('buy');
    expect(readType('Reinvest Dividend')).toBe('buy');
    expect(readType('reinvest_dividend')).toBe('buy');
    expect(readType('Sold')).toBe('sell');
    expect(readType('Qualified Dividend')).toBe('dividend');
    expect(readType('Journal')).toBeNull();
    expect(readType('journal', new Map([['journal', 'deposit']]))).toBe('deposit');
  });

  it('reads a broker’s rows under a date format and type words, refusing what it cannot read', () => {
    const read = readImportRows({
      rows: [
        ['01/03/2024', 'Bought', 'KO', '10', '60.25', '-602.50'],
        ['01/04/2024', 'Journal', '', '', '', '1000'],
        ['01/05/2024', 'Transfer', '', '', '', '5'],
        ['2024-01-06', 'Sold', 'KO', '1', '61', '61'],
      ],
      mapping: { date: 0, type: 1, symbol: 2, quantity: 3, price: 4, amount: 5 },
      dateFormat: 'MM/DD/YYYY',
      typeWords: { 'JOURNAL ': 'deposit' },
      today: '2024-12-31',
      floor: '1990-01-02',
      knownSymbols: new Set(['KO']),
    });
    expect(read.rows.map((r) => [r.line, r.date, r.type, r.amountCents])).toEqual([
      [2, '2024-01-03', 'buy', 60_250],
      [3, '2024-01-04', 'deposit', 100_000],
    ]);
    expect(read.rejected).toEqual([
      { line: 4, reason: 'The type is not buy, sell, dividend, deposit or withdrawal' },
      { line: 5, reason: 'The date is not a MM/DD/YYYY date' },
    ]);
  });

  it('validates a preset: a name, type words of the five types, at most 50', () => {
    const preset = {
      name: 'My broker',
      columns: ['Date', 'Action'],
      mapping: { date: 0, type: 1 },
      date_format: 'MM/DD/YYYY',
      type_words: { Bought: 'buy' },
    };
    expect(importPresetSchema.safeParse(preset).success).toBe(true);
    expect(importPresetSchema.safeParse({ ...preset, name: '  ' }).success).toBe(false);
    expect(typeWordsSchema.safeParse({ Bought: 'purchase' }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`w${i}`, 'buy']));
    expect(typeWordsSchema.safeParse(many).success).toBe(false);
  });

  it('maps a broker’s header: run date, and names with a unit after them', () => {
    expect(
      guessMapping(['Run Date', 'Action', 'Symbol', 'Quantity', 'Price ($)', 'Amount ($)']),
    ).toEqual({
      date: 0,
      type: 1,
      symbol: 2,
      quantity: 3,
      price: 4,
      amount: 5,
    });
  });
});
