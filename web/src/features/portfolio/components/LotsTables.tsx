import { useState } from 'react';
import type {
  LotsViewData,
  OpenLotData,
  RealisedLotData,
} from '../../../../../shared/schemas/portfolio-performance';
import { ExportCsvButton } from '../../../components/ExportCsvButton';
import { useToast } from '../../../lib/toast';
import { performanceRows } from '../api/performance-rows';
import { OPEN_LOTS_CSV_COLUMNS, REALISED_LOTS_CSV_COLUMNS, TAX_YEAR_CSV_COLUMNS } from '../export';
import { formatCents, formatQuantity, formatUsd } from '../returns';
import { TableScroll } from './TableScroll';
import { num, TableHead } from './TableHead';

/** Rows shown before "Show all". */
export const LOT_ROWS = 20;

const termText = (term: 'short' | 'long') => (term === 'long' ? 'Long-term' : 'Short-term');

function gainClass(cents: number | null) {
  return `num ${cents !== null && cents < 0 ? 'is-loss' : 'is-gain'}`;
}

function ShowAll({
  shown,
  total,
  busy,
  onShow,
}: {
  shown: number;
  total: number;
  busy: boolean;
  onShow: () => void;
}) {
  if (shown >= total) return null;
  return (
    <button
      type="button"
      className="button button--ghost performance-more"
      disabled={busy}
      onClick={onShow}
    >
      {busy ? 'Loading…' : `Show all ${total.toLocaleString('en-US')}`}
    </button>
  );
}

/**
 * The FIFO tax lots: open lots at the latest prices, each sale matched to the lots it closed,
 * and the realised gains per tax year, each with its CSV and its totals over every lot. The
 * answer carries the first open lots and the latest sales' lots; "Show all" and the CSV files
 * read the rest a page at a time (decision 176).
 */
export function LotsTables({
  lots,
  portfolioId,
  portfolioName,
}: {
  lots: LotsViewData;
  portfolioId: string;
  portfolioName: string;
}) {
  const toast = useToast();
  const [allOpen, setAllOpen] = useState<OpenLotData[] | null>(null);
  const [allRealised, setAllRealised] = useState<RealisedLotData[] | null>(null);
  const [busy, setBusy] = useState<'open' | 'realised' | null>(null);
  /** Every open lot: those of the answer, then the rest. */
  const everyOpen = async () =>
    lots.open.length >= lots.open_count
      ? lots.open
      : [...lots.open, ...(await performanceRows(portfolioId, 'open_lots', lots.open.length))];
  /** Every sale's lots, oldest sale first: the earlier ones, then those of the answer. */
  const everyRealised = async () =>
    lots.realised.length >= lots.realised_count
      ? lots.realised
      : [
          ...(await performanceRows(
            portfolioId,
            'realised_lots',
            0,
            lots.realised_count - lots.realised.length,
          )),
          ...lots.realised,
        ];
  const showAll = async (which: 'open' | 'realised') => {
    setBusy(which);
    try {
      if (which === 'open') setAllOpen(await everyOpen());
      else setAllRealised(await everyRealised());
    } catch {
      toast.error('The lots could not be loaded. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  const sales = [...(allRealised ?? lots.realised)].reverse();
  const open = allOpen ?? lots.open.slice(0, LOT_ROWS);
  const shownSales = allRealised ? sales : sales.slice(0, LOT_ROWS);
  return (
    <section className="performance-lots" aria-labelledby="performance-lots-title">
      <h3 id="performance-lots-title">Tax lots (first in, first out)</h3>
      <p className="portfolio-hint">
        Each purchase is a lot; a sale closes the oldest lots first. A lot held more than a year
        (sold after the anniversary of its purchase) is long-term. Fees are in the cost of a
        purchase and taken from a sale’s proceeds.
      </p>

      <div className="portfolio-holdings__head">
        <h4>Realised gains by tax year</h4>
        {lots.tax_years.length > 0 && (
          <ExportCsvButton
            what={`${portfolioName} Realised Gains by Tax Year`}
            columns={TAX_YEAR_CSV_COLUMNS}
            rows={lots.tax_years}
          />
        )}
      </div>
      {lots.tax_years.length === 0 ? (
        <p className="portfolio-empty">No sales yet.</p>
      ) : (
        <TableScroll label="Realised gains by tax year">
          <table
            className="portfolio-table portfolio-table--compact"
            aria-label="Realised gains by tax year"
          >
            <TableHead columns={['Tax year', num('Short-term'), num('Long-term'), num('Total')]} />
            <tbody>
              {[...lots.tax_years].reverse().map((y) => (
                <tr key={y.year}>
                  <th scope="row">{y.year}</th>
                  <td className={gainClass(y.short_cents)}>{formatCents(y.short_cents)}</td>
                  <td className={gainClass(y.long_cents)}>{formatCents(y.long_cents)}</td>
                  <td className={gainClass(y.total_cents)}>{formatCents(y.total_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}

      <div className="portfolio-holdings__head">
        <h4>Open lots</h4>
        {lots.open_count > 0 && (
          <ExportCsvButton
            what={`${portfolioName} Open Lots`}
            columns={OPEN_LOTS_CSV_COLUMNS}
            rows={everyOpen}
          />
        )}
      </div>
      {lots.open_count > 0 && (
        <p className="portfolio-hint">
          {lots.open_count.toLocaleString('en-US')} open {lots.open_count === 1 ? 'lot' : 'lots'}:
          cost {formatCents(lots.open_cost_cents)}, value {formatCents(lots.open_value_cents)},
          unrealised {formatCents(lots.open_unrealised_cents)}.
        </p>
      )}
      {lots.open_count === 0 ? (
        <p className="portfolio-empty">No open lots.</p>
      ) : (
        <>
          <TableScroll label="Open lots">
            <table className="portfolio-table portfolio-table--compact" aria-label="Open lots">
              <TableHead
                columns={[
                  'Symbol',
                  'Acquired',
                  num('Quantity'),
                  num('Cost'),
                  num('Value'),
                  num('Unrealised'),
                  'Held',
                ]}
              />
              <tbody>
                {open.map((l, i) => (
                  <tr key={`${l.symbol}-${l.acquired}-${i}`}>
                    <th scope="row">{l.symbol}</th>
                    <td>{l.acquired}</td>
                    <td className="num">{formatQuantity(l.quantity)}</td>
                    <td className="num">{formatCents(l.cost_cents)}</td>
                    <td
                      className="num"
                      title={l.price === null ? undefined : `At ${formatUsd(l.price)} a share`}
                    >
                      {formatCents(l.value_cents)}
                    </td>
                    <td className={gainClass(l.unrealised_cents)}>
                      {formatCents(l.unrealised_cents)}
                    </td>
                    <td>
                      {l.term === 'long' ? 'Long-term' : `Short-term until ${l.long_term_from}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <ShowAll
            shown={open.length}
            total={lots.open_count}
            busy={busy === 'open'}
            onShow={() => void showAll('open')}
          />
        </>
      )}

      <div className="portfolio-holdings__head">
        <h4>Realised, by sale</h4>
        {lots.realised_count > 0 && (
          <ExportCsvButton
            what={`${portfolioName} Realised Lots`}
            columns={REALISED_LOTS_CSV_COLUMNS}
            rows={everyRealised}
          />
        )}
      </div>
      {lots.realised_count > 0 && (
        <p className="portfolio-hint">
          {lots.realised_count.toLocaleString('en-US')} {lots.realised_count === 1 ? 'lot' : 'lots'}{' '}
          sold: proceeds {formatCents(lots.realised_proceeds_cents)}, cost{' '}
          {formatCents(lots.realised_cost_cents)}, gain {formatCents(lots.realised_gain_cents)}.
        </p>
      )}
      {sales.length === 0 ? (
        <p className="portfolio-empty">No sales yet.</p>
      ) : (
        <>
          <TableScroll label="Realised sales">
            <table
              className="portfolio-table portfolio-table--compact"
              aria-label="Realised, by sale"
            >
              <TableHead
                columns={[
                  'Sold',
                  'Symbol',
                  'Acquired',
                  num('Quantity'),
                  num('Proceeds'),
                  num('Cost'),
                  num('Gain'),
                  'Term',
                ]}
              />
              <tbody>
                {shownSales.map((r, i) => (
                  <tr key={`${r.sold}-${r.symbol}-${r.acquired}-${i}`}>
                    <td>{r.sold}</td>
                    <th scope="row">{r.symbol}</th>
                    <td>{r.acquired}</td>
                    <td className="num">{formatQuantity(r.quantity)}</td>
                    <td className="num">{formatCents(r.proceeds_cents)}</td>
                    <td className="num">{formatCents(r.cost_cents)}</td>
                    <td className={gainClass(r.gain_cents)}>{formatCents(r.gain_cents)}</td>
                    <td>{termText(r.term)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <ShowAll
            shown={shownSales.length}
            total={lots.realised_count}
            busy={busy === 'realised'}
            onShow={() => void showAll('realised')}
          />
        </>
      )}
    </section>
  );
}
