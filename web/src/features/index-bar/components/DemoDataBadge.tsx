import { useMarketSource } from '../../../lib/market-source';

const EXPLANATION =
  'The figures on this page are generated sample data, not real market quotes. ' +
  'Live data appears once a market-data provider is configured.';

/** Shown whenever the last market answer came from the demo data set. */
export function DemoDataBadge() {
  const source = useMarketSource();
  if (source !== 'demo') return null;
  return (
    <span className="demo-data-badge" title={EXPLANATION}>
      <span className="demo-data-badge__label">Demo data</span>
      <span className="index-bar__sr">: {EXPLANATION}</span>
    </span>
  );
}
