import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAddressParams } from '../../../lib/use-address-params';
import { formatCompact } from '../../../../../shared/format/money';
import type { HeatmapCompany } from '../../../../../shared/heatmap/data';
import { undrawn, type MapLayout } from '../../../../../shared/heatmap/layout';
import {
  changeWords,
  HEATMAP_COLOURING_LABELS,
  HEATMAP_COLOURINGS,
  HEATMAP_PERIODS,
  NO_CHANGE_COLOUR,
  NO_CHANGE_OUTLINE,
  NO_CHANGE_TEXT,
  type HeatmapColouring,
  type HeatmapPeriod,
} from '../../../../../shared/heatmap/scale';
import { newYorkStamp } from '../../../../../shared/market/freshness';
import { Choice } from '../../../components/Choice';
import { Loading } from '../../../components/Loading';
import { Page } from '../../../components/Page';
import { useSession } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { myPitchesQuery } from '../../pitches/api/pitches-api';
import { useHeatmap, type HeatmapData } from '../api/get-heatmap';
import { changeText } from './draw';
import { HeatmapCanvas } from './HeatmapCanvas';
import { pitchValues, shadingOf, type Shading } from './shading';
import '../heatmap.css';

export const PERIOD_PARAM = 'period';
export const SECTOR_PARAM = 'sector';
/** What the colour shows (decision 195): change (the default), value, pitch. */
export const COLOUR_PARAM = 'colour';

const companyPath = (symbol: string) => `${paths.market}?symbol=${encodeURIComponent(symbol)}`;

/** Sectors by total market cap, largest first. */
export function sectorsByCap(companies: readonly HeatmapCompany[]): string[] {
  const caps = new Map<string, number>();
  for (const c of companies) caps.set(c.sector, (caps.get(c.sector) ?? 0) + c.marketCap);
  return [...caps].sort((a, b) => b[1] - a[1]).map(([name]) => name);
}

/** Market Heatmap: the whole universe by sector and industry, sized by cap, coloured by change. */
export function HeatmapPage() {
  const [params, setParams] = useAddressParams();
  const navigate = useNavigate();
  const map = useHeatmap();
  const asked = params.get(PERIOD_PARAM);
  const period: HeatmapPeriod = (HEATMAP_PERIODS as readonly string[]).includes(asked ?? '')
    ? (asked as HeatmapPeriod)
    : '1D';
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const askedColouring = params.get(COLOUR_PARAM);
  const wanted: HeatmapColouring = (HEATMAP_COLOURINGS as readonly string[]).includes(
    askedColouring ?? '',
  )
    ? (askedColouring as HeatmapColouring)
    : 'change';
  // A guest has no pitches: the pitch colouring asked for is the value colouring, said so below.
  const colouring: HeatmapColouring = wanted === 'pitch' && !signedIn ? 'value' : wanted;
  // The signed-in user's own pitches only: their own list, read with their own session.
  const pitches = useQuery({ ...myPitchesQuery(), enabled: colouring === 'pitch' });
  const ownValues = useMemo(() => pitchValues(pitches.data?.data ?? []), [pitches.data]);
  const companies = useMemo(() => map.data?.companies ?? [], [map.data]);
  const sectors = useMemo(() => sectorsByCap(companies), [companies]);
  const askedSector = params.get(SECTOR_PARAM);
  const sector = askedSector && sectors.includes(askedSector) ? askedSector : null;
  const shown = useMemo(
    () => (sector ? companies.filter((c) => c.sector === sector) : companies),
    [companies, sector],
  );

  const [hidden, setHidden] = useState<HeatmapCompany[]>([]);
  const onLayout = useCallback(
    (layout: MapLayout<HeatmapCompany>) => setHidden(undrawn(layout)),
    [],
  );

  const set = (name: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: name === PERIOD_PARAM || name === COLOUR_PARAM },
    );

  const words = map.data
    ? changeWords(period, map.data.freshness?.session ?? null, map.data.today)
    : '';
  const shading = useMemo(
    () => shadingOf(colouring, period, words, ownValues),
    [colouring, period, words, ownValues],
  );
  const change = useCallback((c: HeatmapCompany) => c.changes[period], [period]);
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
  else {
    const count = shown.length.toLocaleString('en-US');
    body = (
      <>
        <Freshness data={map.data} />
        <HeatmapCanvas
          companies={shown}
          shading={shading}
          change={change}
          words={words}
          label={`Market heatmap${sector ? ` of ${sector}` : ''}: ${shown.length} companies sized by market cap, coloured by ${shading.words}`}
          onOpen={(symbol) => navigate(companyPath(symbol))}
          onZoom={sector ? undefined : (name) => set(SECTOR_PARAM, name)}
          onLayout={onLayout}
        />
        <p className="heatmap__note" data-testid="heatmap-count">
          {count} companies, sized by market cap, coloured by {shading.words}
          {hidden.length > 0
            ? `: ${(shown.length - hidden.length).toLocaleString('en-US')} drawn, ${hidden.length.toLocaleString('en-US')} too small to draw at this size (listed below)`
            : ''}
          . Tap or click a company to open it
          {sector ? '' : '; tap a sector’s name to zoom into it'}.
        </p>
        {hidden.length > 0 && (
          <TooSmall companies={hidden} shading={shading} period={period} sector={sector} />
        )}
        <CompanyList companies={shown} shading={shading} period={period} />
      </>
    );
  }

  return (
    <Page title="Market Heatmap" className="heatmap">
      <div className="heatmap__controls">
        <Choice
          label="Colour by"
          options={HEATMAP_COLOURINGS.filter((c) => c !== 'pitch' || signedIn).map((c) => ({
            value: c,
            label: HEATMAP_COLOURING_LABELS[c],
          }))}
          value={colouring}
          onChange={(c) => set(COLOUR_PARAM, c === 'change' ? null : c)}
        />
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
      {wanted === 'pitch' && !signedIn && session.status !== 'loading' && (
        <p className="notice notice--info" data-testid="heatmap-pitch-guest">
          Sign in to colour the map by your own saved pitches; until then it is coloured by each
          company’s value at its 10-yr median P/E.
        </p>
      )}
      {colouring === 'pitch' && pitches.isError && (
        <p className="notice notice--error" role="alert">
          Your pitches could not be loaded: every company shows as having no pitch.
        </p>
      )}
      <Legend shading={shading} />
      {body}
    </Page>
  );
}

/**
 * When the map's figures were taken and whose session its one-day moves are; a warning when
 * the snapshot is older than its refresh interval allows (decision 166).
 */
function Freshness({ data }: { data: HeatmapData }) {
  const f = data.freshness;
  if (!f) return null;
  const session =
    f.session === data.today ? `today’s session (${f.session})` : `the session of ${f.session}`;
  if (data.stale)
    return (
      <p
        className="notice notice--warning heatmap__stale"
        role="status"
        data-testid="heatmap-as-of"
        data-stale="true"
      >
        <strong>Out of date.</strong> These figures are from a snapshot taken{' '}
        {newYorkStamp(f.snapshotAt)}, older than its {f.refreshMinutes}-minute refresh allows: the
        one-day moves are those of {session} as they stood then.
      </p>
    );
  return (
    <p className="heatmap__as-of" data-testid="heatmap-as-of" data-stale="false">
      Figures as of {newYorkStamp(data.asOf)}, refreshed every {f.refreshMinutes} minutes while the
      market trades; one-day moves of {session}.
    </p>
  );
}

/** The companies whose tiles are too small to draw at this size, by name, with their change. */
function TooSmall({
  companies,
  shading,
  period,
  sector,
}: {
  companies: readonly HeatmapCompany[];
  shading: Shading;
  period: HeatmapPeriod;
  sector: string | null;
}) {
  return (
    <details className="heatmap__list heatmap__hidden" data-testid="heatmap-too-small">
      <summary>
        {companies.length.toLocaleString('en-US')} companies too small to draw at this size
      </summary>
      <p className="heatmap__note">
        Their tiles would be under 3 pixels across
        {sector ? '' : ': zoom into a sector to draw more of them'}.
      </p>
      <ul>
        {companies.map((c) => (
          <CompanyItem key={c.symbol} company={c} shading={shading} period={period} />
        ))}
      </ul>
    </details>
  );
}

/** What the colour means: each step with its words, and what a tile without a figure means. */
function Legend({ shading }: { shading: Shading }) {
  return (
    <ul
      className="heatmap__legend"
      aria-label={`Colour scale: ${shading.scale}`}
      data-colouring={shading.colouring}
    >
      {shading.legend.map((step) => (
        <li key={step.colour} style={{ background: step.colour, color: step.text }}>
          {step.label}
        </li>
      ))}
      {shading.none.map((label) => (
        <li
          key={label}
          className="heatmap__legend-none"
          style={{
            background: NO_CHANGE_COLOUR,
            color: NO_CHANGE_TEXT,
            boxShadow: `inset 0 0 0 1px ${NO_CHANGE_OUTLINE}`,
          }}
        >
          {label}
        </li>
      ))}
    </ul>
  );
}

/** A company as a link, with its figure (its change, or its price against its value) and cap. */
function CompanyItem({
  company: c,
  shading,
  period,
}: {
  company: HeatmapCompany;
  shading: Shading;
  period: HeatmapPeriod;
}) {
  return (
    <li data-symbol={c.symbol}>
      <Link to={companyPath(c.symbol)}>
        {c.symbol} · {c.name}
      </Link>{' '}
      <span data-figure={shading.colouring}>{shading.text(c)}</span>
      {shading.colouring !== 'change' && ` · ${changeText(c.changes[period])} (${period})`} ·{' '}
      {formatCompact(c.marketCap)}
    </li>
  );
}

/** The companies of the view as links, by industry (for keyboards and screen readers). */
function CompanyList({
  companies,
  shading,
  period,
}: {
  companies: readonly HeatmapCompany[];
  shading: Shading;
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
              <CompanyItem key={c.symbol} company={c} shading={shading} period={period} />
            ))}
          </ul>
        </section>
      ))}
    </details>
  );
}
