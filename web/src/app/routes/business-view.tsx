import { useEffect, useState } from 'react';
import type { ValuationTypeId } from '../../../../shared/domain/valuation-types';
import type { ValuationRecord } from '../../../../shared/schemas/valuation-api';
import { useAccountUser } from '../../lib/account-user';
import { useCompanyOverview } from '../../features/company/api/get-company-overview';
import { CompanyView } from '../../features/company/components/CompanyView';
import { useSession } from '../../lib/auth';
import { ValuationPanel } from '../../features/valuation/components/ValuationPanel';
import { ValueBusinessDialog } from '../../features/valuation/components/ValueBusinessDialog';
import { ValueLineSection } from '../../features/value-line';
import '../../features/valuation/valuation.css';

/**
 * The market page's business view, composed here from two features: the company, and once a methodology is chosen (or a saved
 * valuation is loaded) the valuation panel beside it.
 */
export function BusinessView({
  symbol,
  record = null,
  valueOnOpen = false,
  onValueOpened,
  onFindAnother,
}: {
  symbol: string;
  record?: ValuationRecord | null;
  /** Open the methodology chooser (or, for a guest, the login prompt) once the session is known. */
  valueOnOpen?: boolean;
  /** Called once that happened, so the request can leave the URL. */
  onValueOpened?: () => void;
  onFindAnother: () => void;
}) {
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const account = useAccountUser(signedIn ? session.user.userId : undefined);
  const overview = useCompanyOverview(symbol);
  const [typeId, setTypeId] = useState<ValuationTypeId | null>(record?.valuation_type_id ?? null);
  const [choosing, setChoosing] = useState(false);
  const [valueAsked, setValueAsked] = useState(false);

  // Value Business from elsewhere (the watchlist): open the chooser once, as the button would.
  if (valueOnOpen && !valueAsked && session.status !== 'loading') {
    setValueAsked(true);
    setChoosing(true);
  }
  useEffect(() => {
    if (valueAsked && valueOnOpen) onValueOpened?.();
  }, [valueAsked, valueOnOpen, onValueOpened]);

  const quote = overview.data?.quote?.price ?? overview.data?.profile.price;
  const marketPrice =
    typeof quote === 'number' && Number.isFinite(quote) && quote > 0 ? quote : null;
  const valuing = signedIn && typeId !== null;
  const savedOfType =
    record && record.valuation_type_id === typeId && record.stock_symbol === symbol ? record : null;

  return (
    <div className={valuing ? 'business-view business-view--valuing' : 'business-view'}>
      <CompanyView
        symbol={symbol}
        mode={valuing ? 'valuation' : 'plain'}
        onValueBusiness={() => setChoosing(true)}
        onFindAnother={onFindAnother}
      />
      {/* Valuing, the panel draws the line with the investor's own assumptions instead. */}
      {!valuing && overview.data && <ValueLineSection mode="company" symbol={symbol} />}
      {valuing && (
        <ValuationPanel
          key={`${typeId}-${savedOfType?.id ?? 'new'}`}
          symbol={symbol}
          stockName={overview.data?.profile.companyName ?? record?.stock_name ?? undefined}
          typeId={typeId}
          marketPrice={marketPrice}
          record={savedOfType}
          user={{
            name: account.data?.user.name ?? session.user.name,
            imageUrl: account.data?.user.profile_image_url ?? null,
          }}
          onChangeMethodology={() => setChoosing(true)}
        />
      )}
      {choosing && (
        <ValueBusinessDialog
          current={typeId}
          onClose={() => setChoosing(false)}
          onChoose={(next) => {
            setTypeId(next);
            setChoosing(false);
          }}
        />
      )}
    </div>
  );
}
