import { describe, expect, it } from 'vitest';
import { type ActivityRow, activityFiles } from './activity';
import { CSV_MAX_ROWS } from './csv-import';

const row = (date: string): ActivityRow => ({
  date,
  type: 'deposit',
  symbol: null,
  quantity: null,
  price: null,
  amount_cents: 100,
  fee_cents: 0,
});

describe('activity files', () => {
  it('keeps an activity the import takes in one file', () => {
    const rows = Array.from({ length: CSV_MAX_ROWS }, (_, i) =>
      row(`2024-01-${String((i % 28) + 1).padStart(2, '0')}`),
    );
    expect(activityFiles(rows)).toEqual([rows]);
  });

  it('cuts a longer one between days into files the import takes, every row once', () => {
    // Ten days of three rows: files of at most 7 rows end on a day's last row.
    const rows = Array.from({ length: 30 }, (_, i) =>
      row(`2024-01-${String(Math.floor(i / 3) + 10)}`),
    );
    const files = activityFiles(rows, 7);
    expect(files.map((f) => f.length)).toEqual([6, 6, 6, 6, 6]);
    expect(files.flat()).toEqual(rows);
    for (const [i, file] of files.entries())
      if (i > 0) expect(file[0]!.date > files[i - 1]!.at(-1)!.date).toBe(true);
  });

  it('cuts a day longer than a file where it must', () => {
    const rows = Array.from({ length: 5 }, () => row('2024-01-02'));
    expect(activityFiles(rows, 2).map((f) => f.length)).toEqual([2, 2, 1]);
  });
});
