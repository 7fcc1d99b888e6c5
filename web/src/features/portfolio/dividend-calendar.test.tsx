import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '../../../../shared/schemas/portfolio-income';
import { calendarEvents, DividendCalendar } from './components/DividendCalendar';

const entry = (over: Partial<CalendarEntry>): CalendarEntry => ({
  symbol: 'KO',
  name: 'The Coca-Cola Company',
  holding: true,
  watching: false,
  status: 'declared',
  declaration_date: '2026-02-17',
  ex_date: '2026-03-10',
  record_date: '2026-03-10',
  pay_date: '2026-03-26',
  per_share: 0.52,
  quantity: 100,
  amount_cents: 5_200,
  ...over,
});

describe('the dividend calendar', () => {
  it('puts each dividend on its ex-date and its pay date from today on, ex-dates first on a day', () => {
    const events = calendarEvents(
      [
        entry({ symbol: 'PG', ex_date: '2026-03-26', pay_date: '2026-04-15' }),
        entry({}),
        // Gone ex yesterday, paid later: only its pay date is to come.
        entry({ symbol: 'JNJ', ex_date: '2026-03-09', pay_date: '2026-03-26' }),
      ],
      '2026-03-10',
    );
    expect(events.map((e) => `${e.date} ${e.kind} ${e.entry.symbol}`)).toEqual([
      '2026-03-10 ex KO',
      '2026-03-26 ex PG',
      '2026-03-26 pay JNJ',
      '2026-03-26 pay KO',
      '2026-04-15 pay PG',
    ]);
  });

  it('groups the dates by month, says declared or estimated, the watchlist and what the shares get, and folds months after the third', () => {
    render(
      <DividendCalendar
        today="2026-03-10"
        entries={[
          entry({}),
          entry({
            symbol: 'JNJ',
            name: 'Johnson & Johnson',
            holding: false,
            watching: true,
            quantity: null,
            amount_cents: null,
            per_share: 0.76,
          }),
          ...['2026-06-09', '2026-09-09', '2026-12-10'].map((ex) =>
            entry({
              status: 'estimated',
              declaration_date: null,
              record_date: null,
              ex_date: ex,
              pay_date: `${ex.slice(0, 8)}25`,
              per_share: 0.5,
              amount_cents: 5_000,
            }),
          ),
        ]}
      />,
    );
    const march = screen.getByRole('region', { name: 'March 2026' });
    const lines = within(march)
      .getAllByTestId('calendar-event')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      '10 MarJNJ goes ex-dividend $0.76 a shareJohnson & Johnson · pays 26 MarDeclaredWatchlist',
      '10 MarKO goes ex-dividend $0.52 a shareThe Coca-Cola Company · pays 26 Mar · $52.00 on 100 sharesDeclared',
      '26 MarJNJ pays $0.76 a shareJohnson & Johnson · ex-dividend 10 MarDeclaredWatchlist',
      '26 MarKO pays $52.00 on 100 sharesThe Coca-Cola Company · ex-dividend 10 MarDeclared',
    ]);
    expect(
      within(screen.getByRole('region', { name: 'June 2026' })).getAllByText('Estimated'),
    ).toHaveLength(2);
    // March, June, September shown; December folded.
    const later = screen.getByText('One more month').closest('details')!;
    expect(later.open).toBe(false);
    expect(within(later).getByRole('region', { name: 'December 2026', hidden: true })).toBeTruthy();
  });

  it('says so when nothing is declared or expected', () => {
    render(<DividendCalendar today="2026-03-10" entries={[]} />);
    expect(screen.getByText(/No dividends are declared or expected/)).toBeTruthy();
  });
});
