import { describe, expect, it } from 'vitest';
import { CsvFileError, guessMapping, parseCsv, previewImport } from './csv-import';

function problem(text: string, bytes?: number) {
  try {
    parseCsv(text, bytes);
  } catch (error) {
    return error instanceof CsvFileError ? error.problem : 'other';
  }
  return 'none';
}

const FILE = [
  'Date,Type,Symbol,Quantity,Price,Amount,Fee',
  '2024-01-02,deposit,,,,"10,000.00",',
  '2024-01-03,buy,AAPL,10,185.50,,0',
  '2024-02-01,sell,AAPL,20,190,,',
  '2024-02-15,dividend,AAPL,,,2.40,',
  '2024-03-01,buy,ZZZZ,1,10,,',
  '2024-03-02,buy,MSFT,100,400,,',
  '2099-01-01,deposit,,,,100,',
  '2024-04-01,withdrawal,,,,500,',
].join('\r\n');

describe('CSV import', () => {
  it('refuses bad files with the reason', () => {
    expect(problem('')).toBe('empty');
    expect(problem('\uFEFF\n\n')).toBe('empty');
    expect(problem('a,b,c\n1,2,3', 10_000_000)).toBe('too-large');
    expect(problem('PK\u0003\u0004binary')).toBe('binary');
    expect(problem('date;type;symbol\n2024-01-01;buy;AAPL')).toBe('delimiter');
    expect(problem('date,type,amount\n2024-01-01,deposit,=HYPERLINK("x")')).toBe('formula');
    expect(problem('date,type,amount\n2024-01-01,deposit,@SUM(A1)')).toBe('formula');
    expect(problem('date,type,amount\n2024-01-01,deposit,+1')).toBe('formula');
    expect(problem('date,type,amount\n2024-01-01,deposit,-1')).toBe('formula');
  });

  it('reads a BOM, quotes and CRLF, and guesses the mapping from the header', () => {
    const { header, rows } = parseCsv(`\uFEFF${FILE}`);
    expect(header[0]).toBe('Date');
    expect(rows[0]).toEqual(['2024-01-02', 'deposit', '', '', '', '10,000.00', '']);
    expect(guessMapping(header)).toEqual({
      date: 0,
      type: 1,
      symbol: 2,
      quantity: 3,
      price: 4,
      amount: 5,
      fee: 6,
    });
  });

  it('previews what will be created and every row that will not be, with the reason', () => {
    const { header, rows } = parseCsv(FILE);
    const preview = previewImport({
      rows,
      mapping: guessMapping(header),
      today: '2024-12-31',
      knownSymbols: new Set(['AAPL', 'MSFT']),
      cashCents: 0,
      holdings: {},
    });
    expect(preview.accepted.map((r) => [r.line, r.type, r.amountCents])).toEqual([
      [2, 'deposit', 1_000_000],
      [3, 'buy', 185_500],
      [5, 'dividend', 240],
      [9, 'withdrawal', 50_000],
    ]);
    expect(preview.rejected).toEqual([
      { line: 4, reason: 'A sale of 20 AAPL beyond the 10 held' },
      { line: 6, reason: 'Unknown symbol ZZZZ' },
      { line: 7, reason: 'Cash would go below zero' },
      { line: 8, reason: 'The date is in the future' },
    ]);
  });

  const previewOf = (lines: string[], cashCents = 0) => {
    const { header, rows } = parseCsv(
      ['Date,Type,Symbol,Quantity,Price,Amount,Fee', ...lines].join('\n'),
    );
    return previewImport({
      rows,
      mapping: guessMapping(header),
      today: '2024-12-31',
      knownSymbols: new Set(['AAPL']),
      cashCents,
      holdings: {},
    });
  };

  it('takes a fee with a buy or a sale: paid on top of a buy, out of the proceeds of a sale', () => {
    const preview = previewOf([
      '2024-01-02,deposit,,,,1000,',
      '2024-01-03,buy,AAPL,5,199,,5.00',
      '2024-01-04,buy,AAPL,1,1,,',
      '2024-01-05,sell,AAPL,1,100,,1.50',
      '2024-01-06,deposit,,,,10,2',
    ]);
    expect(preview.accepted.map((r) => [r.line, r.amountCents, r.feeCents])).toEqual([
      [2, 100_000, 0],
      [3, 99_500, 500],
      [5, 10_000, 150],
    ]);
    expect(preview.rejected).toEqual([
      // 1,000.00 - 995.00 - 5.00 leaves nothing for a $1 share.
      { line: 4, reason: 'Cash would go below zero' },
      { line: 6, reason: 'A fee goes with a buy or a sell only' },
    ]);
  });

  it('takes a day as a replay does: deposits and withdrawals first, then trades in the file’s order, dividends last', () => {
    const preview = previewOf([
      '2024-01-02,deposit,,,,1000,',
      '2024-01-03,buy,AAPL,10,50,,',
      '2024-01-03,sell,AAPL,10,60,,',
      '2024-01-03,withdrawal,,,,1050,',
      '2024-01-04,sell,AAPL,1,60,,',
      '2024-01-04,buy,AAPL,1,60,,',
    ]);
    expect(preview.accepted.map((r) => r.line)).toEqual([2, 3, 4, 7]);
    expect(preview.rejected).toEqual([
      { line: 5, reason: 'Cash would go below zero (a withdrawal counts at the start of its day)' },
      { line: 6, reason: 'A sale of 1 AAPL beyond the 0 held' },
    ]);
  });
});
