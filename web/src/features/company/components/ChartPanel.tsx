import { lazy, Suspense } from 'react';
import type { CatalogueItem, ChartKind } from '../../../../../shared/company/catalogue';
import {
  pricePeriod,
  rowsForPeriod,
  type PricePeriodId,
  type StatementPeriodId,
} from '../../../../../shared/company/periods';
import { buildSeries, type SeriesRow } from '../../../../../shared/company/series';
import type { AxisDateFormat } from '../../../../../shared/format/dates';
import { Loading } from '../../../components/Loading';
import { WhenVisible } from '../../../components/WhenVisible';
import { isRowSource, useCompanyRows } from '../api/get-company-rows';
import { usePriceHistory } from '../api/get-price-history';
import type { MarketRow } from '../../../lib/market-proxy';

const MetricChart = lazy(() => import('./MetricChart'));

type ChartItem = CatalogueItem & { kind: ChartKind; field: string };

interface ChartPanelProps {
  item: ChartItem;
  symbol: string;
  period: string;
}

/** A catalogue chart with its data: price history for the price chart, period rows otherwise. */
export function ChartPanel(props: ChartPanelProps) {
  return props.item.frequency === 'price' ? (
    <PriceChart {...props} period={props.period as PricePeriodId} />
  ) : (
    <RowsChart {...props} period={props.period as StatementPeriodId} />
  );
}

function PriceChart({ item, symbol, period }: ChartPanelProps & { period: PricePeriodId }) {
  const query = usePriceHistory(symbol, period);
  const rows = query.data;
  return (
    <ChartFrame
      item={item}
      title={`${item.title} (${period})`}
      loading={query.isPending}
      failed={query.isError}
      rows={rows}
      dateFormat={pricePeriod(period).dateFormat}
    />
  );
}

function RowsChart({ item, symbol, period }: ChartPanelProps & { period: StatementPeriodId }) {
  const frequency = item.frequency === 'annual' ? 'annual' : 'quarter';
  const source = isRowSource(item.source) ? item.source : 'ratios';
  const query = useCompanyRows(source, symbol, frequency);
  const rows = query.data ? rowsForPeriod(period, frequency, query.data) : undefined;
  return (
    <ChartFrame
      item={item}
      title={`${item.title} (${period})`}
      loading={query.isPending}
      failed={query.isError}
      rows={rows}
    />
  );
}

function ChartFrame({
  item,
  title,
  loading,
  failed,
  rows,
  dateFormat,
}: {
  item: ChartItem;
  title: string;
  loading: boolean;
  failed: boolean;
  rows: MarketRow[] | undefined;
  dateFormat?: AxisDateFormat;
}) {
  let body;
  // The chart's room is kept while it loads, so what sits below it does not move when it comes.
  if (loading)
    body = (
      <div className="metric-chart">
        <Loading label="Loading chart…" />
      </div>
    );
  else if (failed || !rows)
    body = (
      <p className="notice notice--error">The figures could not be loaded. Please try again.</p>
    );
  else {
    const series = buildSeries(item, rows as SeriesRow[], dateFormat ? { dateFormat } : {});
    body = series.points.some((p) => p.value !== null) ? (
      <WhenVisible className="metric-chart" placeholder={<Loading label="Loading chart…" />}>
        <Suspense fallback={<Loading label="Loading chart…" />}>
          <MetricChart series={series} kind={item.kind} label={`${title} chart`} />
        </Suspense>
      </WhenVisible>
    ) : (
      <p className="company-empty">No figures to chart for this period.</p>
    );
  }
  return (
    <section className="company-panel" aria-label={title}>
      <h3 className="company-panel__title">{title}</h3>
      {body}
    </section>
  );
}
