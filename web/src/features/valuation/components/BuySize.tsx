import { formatNumber } from '../../../../../shared/format/money';
import { formatQuantity, formatUsd } from '../../../../../shared/portfolio/money';
import {
  orderQuantity,
  PITCH_BUY_DEFAULT_POSITION_PCT,
  type InvestBy,
  type OrderQuantityResult,
} from '../../../../../shared/portfolio/orders';

/** How much a buy from a pitch invests, as the buyer typed it. */
export interface BuySizing {
  investBy: InvestBy;
  text: string;
}

export const DEFAULT_BUY_SIZING: BuySizing = {
  investBy: 'positionSize',
  text: String(PITCH_BUY_DEFAULT_POSITION_PCT),
};

/** The portfolio figures a buy is sized and checked against. */
export interface BuyPortfolio {
  /** Cash free for a new order (cash less what open limit buys hold). */
  freeCashCents: number;
  navCents: number | null;
}

const FIELD = { amount: 'amount', quantity: 'quantity', positionSize: 'position_size' } as const;
const WAYS: readonly { way: InvestBy; label: string; field: string }[] = [
  { way: 'positionSize', label: 'Position size', field: 'Position size (% of the portfolio)' },
  { way: 'amount', label: 'Amount', field: 'Amount (USD)' },
  { way: 'quantity', label: 'Quantity', field: 'Quantity (shares)' },
];

/** The order's sizing fields for buyPitch (the server checks them with the order rules). */
export function sizingBody(sizing: BuySizing): Record<string, string> {
  return { invest_by: sizing.investBy, [FIELD[sizing.investBy]]: sizing.text };
}

/** What the buy would take at `price`, and the cash left; `ok` when it can be placed. */
export function buyPreview(
  sizing: BuySizing,
  portfolio: BuyPortfolio | undefined,
  price: number,
): { result: OrderQuantityResult | null; cashAfterCents: number | null; ok: boolean } {
  if (!portfolio) return { result: null, cashAfterCents: null, ok: false };
  const size = Number(sizing.text.replaceAll(',', ''));
  const result = orderQuantity({
    investBy: sizing.investBy,
    price,
    ...(sizing.investBy === 'amount' ? { amount: size } : {}),
    ...(sizing.investBy === 'quantity' ? { quantity: size } : {}),
    ...(sizing.investBy === 'positionSize' ? { positionSizePct: size } : {}),
    ...(portfolio.navCents !== null ? { navCents: portfolio.navCents } : {}),
  });
  const cashAfterCents = result.ok ? portfolio.freeCashCents - result.costCents : null;
  return { result, cashAfterCents, ok: result.ok && (cashAfterCents ?? 0) >= 0 };
}

/**
 * "How much": invest by position size (the default, stated), amount or quantity, and what the
 * buy would take at the price the pitch shows: shares, cost, fee, cash after.
 */
export function BuySize({
  sizing,
  onChange,
  portfolio,
  price,
}: {
  sizing: BuySizing;
  onChange: (next: BuySizing) => void;
  portfolio: BuyPortfolio | undefined;
  price: number;
}) {
  const { result, cashAfterCents } = buyPreview(sizing, portfolio, price);
  return (
    <fieldset className="buy-size">
      <legend>How much</legend>
      <div className="buy-size__ways" role="radiogroup" aria-label="Invest by">
        {WAYS.map(({ way, label }) => (
          <label key={way} className="buy-size__way">
            <input
              type="radio"
              name="invest_by"
              checked={sizing.investBy === way}
              onChange={() =>
                onChange(way === 'positionSize' ? DEFAULT_BUY_SIZING : { investBy: way, text: '' })
              }
            />
            {label}
          </label>
        ))}
      </div>
      <label className="buy-size__field">
        <span>{WAYS.find((w) => w.way === sizing.investBy)!.field}</span>
        <input
          type="text"
          inputMode="decimal"
          value={sizing.text}
          onChange={(e) => onChange({ ...sizing, text: e.target.value })}
        />
      </label>
      <p className="buy-size__default">
        Unless you change it, Buy invests {PITCH_BUY_DEFAULT_POSITION_PCT}% of the portfolio's
        value.
      </p>
      {portfolio && result && (
        <p className="buy-size__preview" role="status">
          {result.ok
            ? `About ${formatQuantity(result.quantity)} shares at $${formatNumber(price, 2)}: ${formatUsd(result.costCents)}, fee $0.00, cash after ${formatUsd(Math.max(0, cashAfterCents ?? 0))}. The order fills at the quote when you buy.`
            : result.message}
        </p>
      )}
      {portfolio && cashAfterCents !== null && cashAfterCents < 0 && (
        <p className="field__error" role="alert">
          Not enough cash in this portfolio: it has {formatUsd(portfolio.freeCashCents)} free.
        </p>
      )}
    </fieldset>
  );
}
