import type { CalendarEntry } from '../../../../../shared/schemas/portfolio-income';
import { formatCents, formatQuantity, formatUsd } from '../returns';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Months of dates shown at first; the later ones open on a click. */
const MONTHS_SHOWN = 3;

/** One day of the calendar: a dividend's ex-date or its pay date. */
interface CalendarEvent {
  date: string;
  kind: 'ex' | 'pay';
  entry: CalendarEntry;
}

/** The entries' ex-dates and pay dates from `today` on, in date order (ex-dates first on a day). */
export function calendarEvents(entries: readonly CalendarEntry[], today: string): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const entry of entries) {
    if (entry.ex_date >= today) events.push({ date: entry.ex_date, kind: 'ex', entry });
    if (entry.pay_date >= today) events.push({ date: entry.pay_date, kind: 'pay', entry });
  }
  return events.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.kind === b.kind ? 0 : a.kind === 'ex' ? -1 : 1) ||
      a.entry.symbol.localeCompare(b.entry.symbol),
  );
}

const monthTitle = (date: string) => `${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
const dayLabel = (date: string) =>
  `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]!.slice(0, 3)}`;

function EventLine({ event }: { event: CalendarEvent }) {
  const e = event.entry;
  const perShare = `${formatUsd(e.per_share)} a share`;
  const amount =
    e.amount_cents !== null && e.quantity !== null
      ? `${formatCents(e.amount_cents)} on ${formatQuantity(e.quantity)} shares`
      : null;
  return (
    <li className="dividend-calendar__event" data-testid="calendar-event">
      <time className="dividend-calendar__day" dateTime={event.date}>
        {dayLabel(event.date)}
      </time>
      <span className="dividend-calendar__what">
        <strong>{e.symbol}</strong> {event.kind === 'ex' ? 'goes ex-dividend' : 'pays'}
        {event.kind === 'pay' && amount ? ` ${amount}` : ` ${perShare}`}
        <span className="dividend-calendar__detail">
          {e.name}
          {event.kind === 'ex'
            ? ` · pays ${dayLabel(e.pay_date)}`
            : ` · ex-dividend ${dayLabel(e.ex_date)}`}
          {event.kind === 'ex' && amount ? ` · ${amount}` : ''}
        </span>
      </span>
      <span className="dividend-calendar__tags">
        <span className={`income-tag income-tag--${e.status}`}>
          {e.status === 'declared' ? 'Declared' : 'Estimated'}
        </span>
        {e.watching && !e.holding && <span className="income-tag">Watchlist</span>}
      </span>
    </li>
  );
}

/**
 * Upcoming ex-dates and pay dates, month by month: declared by the companies as of today, then
 * estimated from the last 12 months' dividends a year on (labelled which).
 */
export function DividendCalendar({
  entries,
  today,
}: {
  entries: readonly CalendarEntry[];
  today: string;
}) {
  const events = calendarEvents(entries, today);
  if (events.length === 0)
    return (
      <p className="portfolio-hint">
        No dividends are declared or expected for your holdings and watchlist.
      </p>
    );
  const months = new Map<string, CalendarEvent[]>();
  for (const e of events) {
    const key = e.date.slice(0, 7);
    months.set(key, [...(months.get(key) ?? []), e]);
  }
  const groups = [...months].map(([month, list]) => (
    <section key={month} aria-label={monthTitle(`${month}-01`)}>
      <h4>{monthTitle(`${month}-01`)}</h4>
      <ul>
        {list.map((event) => (
          <EventLine
            key={`${event.entry.symbol}-${event.entry.ex_date}-${event.entry.status}-${event.kind}`}
            event={event}
          />
        ))}
      </ul>
    </section>
  ));
  const later = groups.slice(MONTHS_SHOWN);
  return (
    <div className="dividend-calendar">
      {groups.slice(0, MONTHS_SHOWN)}
      {later.length > 0 && (
        <details className="dividend-calendar__later">
          <summary>{later.length === 1 ? 'One more month' : `${later.length} more months`}</summary>
          {later}
        </details>
      )}
    </div>
  );
}
