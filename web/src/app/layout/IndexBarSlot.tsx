/**
 * Where the live index bar (S&P 500, NYSE, DJIA, NASDAQ) goes, between the header and the
 * page. Empty until the market feature provides it.
 */
export function IndexBarSlot() {
  return <div id="index-bar" className="index-bar" />;
}
