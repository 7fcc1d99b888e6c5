import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatDisplayDate } from '../../../../../shared/format/dates';
import { formatCompact } from '../../../../../shared/format/money';
import type { HeatmapCompany } from '../../../../../shared/heatmap/data';
import {
  HEATMAP_PERIOD_LABELS,
  HEATMAP_PERIODS,
  legendSteps,
  type HeatmapPeriod,
} from '../../../../../shared/heatmap/scale';
import { Choice } from '../../../components/Choice';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { paths } from '../../../lib/paths';
import { useHeatmap } from '../api/get-heatmap';
import { changeText } from './draw';
import { HeatmapCanvas } from './HeatmapCanvas';
import '../heatmap.css';

export const PERIOD_PARAM = 'period';
export const SECTOR_PARAM = 'sector';

const companyPath = (symbol: string) => `${paths.market}?symbol=${encodeURIComponent(symbol)}`;

/** Sectors by total market cap, largest first. */
export function sectorsByCap(companies: readonly HeatmapCompany[]): string[] {
  const caps = new Map<string, number>();
  for (const c of companies) caps.set(c.sector, (caps.get(c.sector) ?? 0) + c.marketCap);
  return [...caps].sort((a, b) => b[1] - a[1]).map(([name]) => name);
}

/** Market Heatmap: the whole universe by sector and industry, sized by cap, coloured by change. */
export function HeatmapPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const map = useHeatmap();
  const asked = params.get(PERIOD_PARAM);
  const period: HeatmapPeriod = (HEATMAP_PERIODS as readonly string[]).includes(asked ?? '')
    ? (asked as HeatmapPeriod)
    : '1D';
  const companies = useMemo(() => map.data?.companies ?? [], [map.data]);
  const sectors = useMemo(() => sectorsByCap(companies), [companies]);
  const askedSector = params.get(SECTOR_PARAM);
  const sector = askedSector && sectors.includes(askedSector) ? askedSector : null;
  const shown = useMemo(
    () => (sector ? companies.filter((c) => c.sector === sector) : companies),
    [companies, sector],
  );

  const set = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: name === PERIOD_PARAM },
    );

  let body;
  if (map.isPending) body = <Loading label="Loading the market map…" />;
  else if (map.isError)
    body = (
      <div className="notice notice--error" role="alert">
        <p>The market map could not be loaded. Please try again.</p>
        <button type="button" className="button button--ghost" onClick={() => void map.refetch()}>
          Try again
        </button>
      </div>
    );
  else if (map.data.preparing)
    body = (
      <p className="notice notice--info">
        The market map is being prepared: it fills once the screener’s first snapshot is stored,
        within a few minutes. Please come back shortly.
      </p>
    );
  else
    body = (
      <>
        <HeatmapCanvas
          companies={shown}
          period={period}
          label={`Market heatmap${sector ? ` of ${sector}` : ''}: ${shown.length} companies sized by market cap, coloured by their change ${HEATMAP_PERIOD_LABELS[period].toLowerCase()}`}
          onOpen={(symbol) => navigate(companyPath(symbol))}
          onZoom={sector ? undefined : (name) => set(SECTOR_PARAM, name)}
        />
        <p className="heatmap__note">
          {shown.length.toLocaleString('en-US')} companies, sized by market cap, coloured by their
          change ({HEATMAP_PERIOD_LABELS[period].toLowerCase()}). Tap or click a company to open it
          {sector ? '' : '; tap a sector’s name to zoom into it'}. Prices as of{' '}
          {formatDisplayDate(map.data.asOf, { withTime: true })}.
        </p>
        <CompanyList companies={shown} period={period} />
      </>
    );

  return (
    <Page title="Market Heatmap" className="heatmap">
      <div className="heatmap__controls">
        <Choice
          label="Change over"
          options={HEATMAP_PERIODS.map((p) => ({ value: p, label: p }))}
          value={period}
          onChange={(p) => set(PERIOD_PARAM, p)}
        />
        <label className="heatmap__sector">
          <span>Sector</span>
          <select
            value={sector ?? ''}
            onChange={(e) => set(SECTOR_PARAM, e.target.value === '' ? null : e.target.value)}
          >
            <option value="">All sectors</option>
            {sectors.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        {sector && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => set(SECTOR_PARAM, null)}
          >
            Back to all sectors
          </button>
        )}
      </div>
      <Legend period={period} />
      {body}
    </Page>
  );
}

function Legend({ period }: { period: HeatmapPeriod }) {
  return (
    <ul
      className="heatmap__legend"
      aria-label={`Colour scale: change ${HEATMAP_PERIOD_LABELS[period].toLowerCase()}`}
    >
      {legendSteps(period).map((step) => (
        <li key={step.colour} style={{ background: step.colour }}>
          {step.label}
        </li>
      ))}
    </ul>
  );
}

/** The companies of the view as links, by industry (for keyboards and screen readers). */
function CompanyList({
  companies,
  period,
}: {
  companies: readonly HeatmapCompany[];
  period: HeatmapPeriod;
}) {
  const [open, setOpen] = useState(false);
  const groups = useMemo(() => {
    if (!open) return [];
    const byIndustry = new Map<string, HeatmapCompany[]>();
    for (const c of companies) {
      const key = `${c.sector} · ${c.industry}`;
      const list = byIndustry.get(key);
      if (list) list.push(c);
      else byIndustry.set(key, [c]);
    }
    return [...byIndustry].sort((a, b) => a[0].localeCompare(b[0]));
  }, [companies, open]);
  return (
    <details className="heatmap__list" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>The companies as a list</summary>
      {groups.map(([name, list]) => (
        <section key={name} aria-label={name}>
          <h2 className="heatmap__list-title">{name}</h2>
          <ul>
            {list.map((c) => (
              <li key={c.symbol}>
                <Link to={companyPath(c.symbol)}>
                  {c.symbol} · {c.name}
                </Link>{' '}
                {changeText(c.changes[period])} · {formatCompact(c.marketCap)}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </details>
  );
}
