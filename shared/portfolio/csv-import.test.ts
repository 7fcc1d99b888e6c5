import { describe, expect, it } from 'vitest';
import {
  checkSequence,
  CsvFileError,
  decodeCsvBytes,
  guessMapping,
  type ImportRow,
  parseCsv,
  readImportRows,
  type SequenceRow,
  splitDuplicates,
} from './csv-import';

/** Reads a file's rows and checks them merged with a portfolio's own activity. */
function previewImport(input: {
  rows: string[][];
  mapping: ReturnType<typeof guessMapping>;
  today: string;
  knownSymbols: Set<string>;
  existing?: SequenceRow[];
  splits?: { symbol: string; date: string; numerator: number; denominator: number }[];
  floor?: string;
}) {
  const read = readImportRows({ ...input, floor: input.floor ?? '1990-01-02' });
  const checked = checkSequence({
    existing: input.existing ?? [],
    incoming: read.rows,
    splits: input.splits ?? [],
  });
  return {
    accepted: checked.accepted,
    rejected: [...read.rejected, ...checked.rejected].sort((a, b) => a.line - b.line),
    blocker: checked.blocker,
  };
}

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
    expect(problem('date|type\n2024-01-01|buy')).toBe('delimiter');
    expect(problem('date,type,amount\n2024-01-01,deposit,=HYPERLINK("x")')).toBe('formula');
    expect(problem('date,type,amount\n2024-01-01,deposit,@SUM(A1)')).toBe('formula');
    expect(problem('date,type,amount\n2024-01-01,deposit,-1+2')).toBe('formula');
    expect(problem('date,type,amount\n2024-01-01,deposit,+A1')).toBe('formula');
    // A signed number is a number (brokers list a purchase's amount as negative).
    expect(problem('date,type,amount\n2024-01-01,deposit,+1')).toBe('none');
    expect(problem('date,type,amount\n2024-01-01,buy,"-$1,234.50"')).toBe('none');
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

  const previewOf = (
    lines: string[],
    more: Partial<Pick<Parameters<typeof previewImport>[0], 'existing' | 'splits' | 'floor'>> = {},
  ) => {
    const { header, rows } = parseCsv(
      ['Date,Type,Symbol,Quantity,Price,Amount,Fee', ...lines].join('\n'),
    );
    return previewImport({
      rows,
      mapping: guessMapping(header),
      today: '2024-12-31',
      knownSymbols: new Set(['AAPL']),
      ...more,
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

  const own = (row: Partial<SequenceRow> & Pick<SequenceRow, 'date' | 'type'>): SequenceRow => ({
    symbol: null,
    quantity: null,
    price: null,
    amountCents: 0,
    feeCents: 0,
    ...row,
  });

  it('checks a file against the portfolio it merges into: its cash, its shares, and its later trades', () => {
    const existing = [
      own({ date: '2024-01-02', type: 'deposit', amountCents: 100_000 }),
      own({
        date: '2024-01-10',
        type: 'buy',
        symbol: 'AAPL',
        quantity: 5,
        price: 100,
        amountCents: 50_000,
      }),
    ];
    // A sale of shares the portfolio bought, then a buy with the proceeds and its cash.
    const merged = previewOf(
      [
        '2024-02-01,sell,AAPL,5,120,,',
        '2024-02-02,buy,AAPL,10,100,,',
        '2024-02-03,buy,AAPL,1,200,,',
      ],
      { existing },
    );
    expect(merged.accepted.map((r) => r.line)).toEqual([2, 3]);
    expect(merged.rejected).toEqual([{ line: 4, reason: 'Cash would go below zero' }]);
    expect(merged.blocker).toBeNull();
    // A withdrawal before the portfolio's own purchase leaves that purchase without cash.
    const blocked = previewOf(['2024-01-05,withdrawal,,,,600,'], { existing });
    expect(blocked.accepted.map((r) => r.line)).toEqual([2]);
    expect(blocked.blocker).toBe(
      "This file would leave the portfolio's purchase of 5 AAPL on 2024-01-10 without the cash it needs",
    );
  });

  it('holds shares through a split as the ledger does: multiplied, rounded down to a millionth', () => {
    const splits = [{ symbol: 'AAPL', date: '2024-03-01', numerator: 1, denominator: 3 }];
    const preview = previewOf(
      [
        '2024-01-02,deposit,,,,1000,',
        '2024-01-03,buy,AAPL,1,100,,',
        // 1 share becomes 0.333333 on 2024-03-01: selling a third of a share is one millionth too many.
        '2024-03-04,sell,AAPL,0.333334,300,,',
        '2024-03-05,sell,AAPL,0.333333,300,,',
      ],
      { splits },
    );
    expect(preview.accepted.map((r) => r.line)).toEqual([2, 3, 5]);
    expect(preview.rejected).toEqual([
      { line: 4, reason: 'A sale of 0.333334 AAPL beyond the 0.333333 held' },
    ]);
  });

  it('refuses days before the first market data and amounts beyond the caps every portfolio has', () => {
    const preview = previewOf(
      [
        '1989-12-29,deposit,,,,1000,',
        '2024-01-02,deposit,,,,100000000000000,',
        '2024-01-02,deposit,,,,200000000,',
        '2024-01-03,buy,AAPL,100000,200000,,',
        '2024-01-03,buy,AAPL,1,0.0000001,,',
        '2024-01-04,deposit,,,,10.005,',
      ],
      { floor: '1990-01-02' },
    );
    expect(preview.accepted.map((r) => r.line)).toEqual([4]);
    expect(preview.rejected).toEqual([
      { line: 2, reason: 'The date is before 1990-01-02, the first day with market data' },
      { line: 3, reason: 'The amount must be at most $200,000,000 with at most 2 decimal places' },
      { line: 5, reason: 'A trade can be worth at most $10,000,000,000' },
      {
        line: 6,
        reason: 'The price must be positive, at most $10,000,000, with at most 6 decimal places',
      },
      { line: 7, reason: 'The amount must be at most $200,000,000 with at most 2 decimal places' },
    ]);
  });

  it('reports rows the portfolio already has as duplicates, one file row for each of its rows', () => {
    const row = (line: number, type: ImportRow['type'], amountCents: number): ImportRow => ({
      line,
      date: '2024-01-02',
      type,
      symbol: null,
      quantity: null,
      price: null,
      amountCents,
      feeCents: 0,
    });
    const existing = [own({ date: '2024-01-02', type: 'deposit', amountCents: 100 })];
    const { fresh, duplicates } = splitDuplicates(
      [
        row(2, 'deposit', 100),
        row(3, 'deposit', 100),
        row(4, 'deposit', 200),
        row(5, 'withdrawal', 100),
      ],
      existing,
    );
    expect(duplicates.map((r) => r.line)).toEqual([2]);
    expect(fresh.map((r) => r.line)).toEqual([3, 4, 5]);
  });
});

describe('reading any CSV file', () => {
  const utf16 = (text: string, littleEndian: boolean) => {
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set(littleEndian ? [0xff, 0xfe] : [0xfe, 0xff]);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < text.length; i++)
      view.setUint16(2 + i * 2, text.charCodeAt(i), littleEndian);
    return bytes;
  };
  const text = 'Date\tType\tSymbol\tQuantity\tPrice\n2024-01-03\tbuy\tKO\t10\t60.25\n';

  it('reads UTF-8 with or without a BOM and UTF-16 either way round, as the same rows', () => {
    const utf8 = new TextEncoder().encode(text);
    const files = [
      utf8,
      new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]),
      utf16(text, true),
      utf16(text, false),
    ];
    for (const bytes of files) {
      const decoded = decodeCsvBytes(bytes);
      expect(decoded).toBe(text);
      const { header, rows, delimiter } = parseCsv(decoded);
      expect(delimiter).toBe('\t');
      expect(header).toEqual(['Date', 'Type', 'Symbol', 'Quantity', 'Price']);
      expect(rows).toEqual([['2024-01-03', 'buy', 'KO', '10', '60.25']]);
    }
    // Read as UTF-8, a UTF-16 file is full of zero bytes: that is what the BOM avoids.
    expect(problem(new TextDecoder('utf-8').decode(utf16(text, true)))).toBe('binary');
  });

  it('finds the delimiter: comma, semicolon or tab, with quoted delimiters inside cells', () => {
    for (const d of [',', ';', '\t']) {
      const csv =
        ['Date', 'Type', 'Amount'].join(d) + '\n' + ['2024-01-02', 'deposit', '"1,000.50"'].join(d);
      const parsed = parseCsv(csv);
      expect(parsed.delimiter).toBe(d);
      expect(parsed.rows).toEqual([['2024-01-02', 'deposit', '1,000.50']]);
    }
  });

  it('keeps the line each row starts on, past blank lines and cells over several lines', () => {
    const parsed = parseCsv(
      'Date,Type,Amount,Note\r\n\r\n2024-01-02,deposit,100,"two\nlines"\r\n2024-01-03,deposit,50,x\r\n',
    );
    expect(parsed.rows).toEqual([
      ['2024-01-02', 'deposit', '100', 'two\nlines'],
      ['2024-01-03', 'deposit', '50', 'x'],
    ]);
    expect(parsed.lines).toEqual([3, 5]);
    const read = readImportRows({
      rows: parsed.rows,
      lines: parsed.lines,
      mapping: guessMapping(parsed.header),
      today: '2024-12-31',
      floor: '1990-01-02',
      knownSymbols: new Set(),
    });
    expect(read.rows.map((r) => r.line)).toEqual([3, 5]);
  });

  it('refuses a quote left open with the lines it would take into one cell', () => {
    const lines = [
      'Date,Type,Amount',
      '2024-01-02,deposit,100',
      '2024-01-03,deposit,"50',
      '2024-01-04,deposit,60',
      '2024-01-05,deposit,70',
    ];
    expect(() => parseCsv(lines.join('\n') + '\n')).toThrow(
      'A quote on line 3 is not closed where it should be: lines 3 to 5 would be read as one cell. Close the quote or remove it',
    );
    // Closed by a quote on a later line: whole rows would be inside the cell.
    const closed = [...lines.slice(0, 3), '2024-01-04,deposit,60",x', lines[4]!];
    expect(() => parseCsv(closed.join('\n'))).toThrow(/lines 3 to 4 would be read as one cell/);
  });
});
