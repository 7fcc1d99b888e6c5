import { IndexBar } from '../../features/index-bar/components/IndexBar';

/**
 * The live index bar (S&P 500, NYSE, DJIA, NASDAQ) with the "Demo data" badge, above the
 * header on every page.
 */
export function IndexBarSlot() {
  return (
    <div id="index-bar" className="index-bar">
      <IndexBar />
    </div>
  );
}
