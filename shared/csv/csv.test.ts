import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvFileName, parseCsv, toCsv, type CsvColumn } from './csv';

interface Row {
  symbol: string;
  name: string | null;
  price: number | null;
  change: number;
}

const COLUMNS: CsvColumn<Row>[] = [
  { header: 'Symbol', value: (r) => r.symbol },
  { header: 'Company Name', value: (r) => r.name },
  { header: 'Price', value: (r) => r.price },
  { header: 'Change (%)', value: (r) => r.change },
];

describe('toCsv', () => {
  it('writes a BOM, a header row of names and one row per record with CRLF line ends', () => {
    const csv = toCsv(COLUMNS, [
      { symbol: 'AAPL', name: 'Apple Inc.', price: 189.5, change: -1.25 },
      { symbol: 'BRK-B', name: null, price: null, change: 0 },
    ]);
    expect(csv).toBe(
      `${CSV_BOM}Symbol,Company Name,Price,Change (%)\r\nAAPL,Apple Inc.,189.5,-1.25\r\nBRK-B,,,0\r\n`,
    );
  });

  it('writes numbers unformatted: no separators, signs or rounding, and nothing for NaN or Infinity', () => {
    expect(csvCell(1234567.891)).toBe('1234567.891');
    expect(csvCell(-0.000125)).toBe('-0.000125');
    expect(csvCell(1e21)).toBe('1e+21');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('quotes text with commas, quotes, line breaks or outer spaces', () => {
    expect(csvCell('Alphabet Inc., Class A')).toBe('"Alphabet Inc., Class A"');
    expect(csvCell('The "Oracle" of Omaha')).toBe('"The ""Oracle"" of Omaha"');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('keeps spreadsheet formulas in text from running, but leaves negative numbers alone', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-2)).toBe('-2');
  });
});

describe('parseCsv', () => {
  it('reads back what toCsv wrote, cell for cell', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            symbol: fc.string(),
            name: fc.option(fc.string({ unit: 'grapheme' }), { nil: null }),
            price: fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null }),
            change: fc.integer(),
          }),
          { maxLength: 20 },
        ),
        (rows) => {
          const parsed = parseCsv(toCsv(COLUMNS, rows));
          expect(parsed[0]).toEqual(['Symbol', 'Company Name', 'Price', 'Change (%)']);
          expect(parsed).toHaveLength(rows.length + 1);
          rows.forEach((row, i) => {
            const cells = parsed[i + 1] as string[];
            expect(cells[0]).toBe(unquote(row.symbol));
            expect(cells[1]).toBe(row.name === null ? '' : unquote(row.name));
            expect(cells[2]).toBe(row.price === null ? '' : String(row.price));
            expect(Number(cells[3])).toBe(row.change);
          });
        },
      ),
    );
  });
});

/** What a text cell reads back as: the text, with the formula guard if it needed one. */
function unquote(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

describe('csvFileName', () => {
  it('names the export and the day, with only safe characters', () => {
    expect(csvFileName('My Tracked Pitches', new Date('2026-11-21T10:00:00Z'))).toBe(
      'mr-market-my-tracked-pitches-2026-11-21.csv',
    );
    expect(csvFileName('AAPL / Income Statement', new Date('2026-01-02T00:00:00Z'))).toBe(
      'mr-market-aapl-income-statement-2026-01-02.csv',
    );
  });
});
