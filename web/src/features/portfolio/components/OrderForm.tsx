import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import '../../../../../shared/schemas/zod-messages';
import { formatNumber } from '../../../../../shared/format/money';
import { orderPayload } from '../../../../../shared/portfolio/schemas';
import type { PlaceOrderResponse, PortfolioRow } from '../../../../../shared/schemas/portfolio-api';
import { TextField } from '../../../components/FormField';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { placeOrder, useReloadPortfolios } from '../api/portfolio-api';
import { formatUsd } from '../returns';

const SIZE_FIELD = {
  amount: 'amount',
  quantity: 'quantity',
  positionSize: 'position_size',
} as const;
type InvestBy = keyof typeof SIZE_FIELD;

/** Only the size field of the chosen way of investing, and the limit price of a limit order, go along. */
function relevantFields(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const v = { ...(value as Record<string, unknown>) };
  const keep = SIZE_FIELD[v.invest_by as InvestBy];
  for (const field of Object.values(SIZE_FIELD)) if (field !== keep) delete v[field];
  if (v.order_type !== 'limit') delete v.limit_price;
  return v;
}

/** The order form's rules: the API's own, on the fields that apply. */
export const orderForm = z.pipe(z.transform(relevantFields), orderPayload);

function quantityText(q: number): string {
  return Number.isInteger(q) ? formatNumber(q, 0) : formatNumber(q, 6).replace(/0+$/, '');
}

/** "Order filled: bought 10 AAPL at $190.00" or "Limit order placed: buy 10 AAPL at $180.00". */
export function orderMessage(res: PlaceOrderResponse): string {
  const { order, transaction } = res.data;
  if (transaction) {
    const verb = transaction.side === 'buy' ? 'bought' : 'sold';
    return `${res.message}: ${verb} ${quantityText(transaction.quantity)} ${transaction.symbol} at ${formatUsd(transaction.price)}`;
  }
  return `${res.message}: ${order.side} ${quantityText(order.quantity)} ${order.symbol} at ${formatUsd(order.limit_price)}`;
}

interface OrderFormProps {
  portfolios: readonly PortfolioRow[];
  portfolioId: string | null;
  symbol: string | null;
}

/** "Invests": a market or limit order in a portfolio, by amount, quantity or position size. */
export function OrderForm({ portfolios, portfolioId, symbol }: OrderFormProps) {
  const toast = useToast();
  const reload = useReloadPortfolios();
  const [busy, setBusy] = useState(false);
  const form = useZodForm(orderForm, {
    order_type: 'market',
    portfolio_id: portfolioId ?? portfolios[0]?.portfolio_id ?? '',
    side: 'buy',
    stock_symbol: symbol ?? '',
    invest_by: 'amount',
    amount: '',
    quantity: '',
    position_size: '',
    limit_price: '',
  });
  const { setValue } = form;

  useEffect(() => {
    if (portfolioId) setValue('portfolio_id', portfolioId);
  }, [portfolioId, setValue]);
  useEffect(() => {
    if (symbol) setValue('stock_symbol', symbol);
  }, [symbol, setValue]);

  const investBy = form.values.invest_by as InvestBy;
  const limit = form.values.order_type === 'limit';

  const submit = form.handleSubmit(async (data) => {
    setBusy(true);
    try {
      const res = await placeOrder(data);
      toast.success(orderMessage(res));
      setValue(SIZE_FIELD[investBy], '');
      await reload();
    } catch (error) {
      toast.error(
        error instanceof ApiError
          ? error.message
          : 'The order could not be placed. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  });

  return (
    <section className="portfolio-order" aria-labelledby="invests-title">
      <h2 id="invests-title" className="portfolio-panel__title">
        Invests
      </h2>
      <form onSubmit={submit} noValidate className="portfolio-order__form">
        <label className="field">
          <span className="field__label">Order type</span>
          <select
            className="field__input"
            value={form.values.order_type}
            onChange={(e) => setValue('order_type', e.target.value)}
          >
            <option value="market">Market order</option>
            <option value="limit">Limit order</option>
          </select>
        </label>
        <label className="field">
          <span className="field__label">Portfolio</span>
          <select
            className="field__input"
            value={form.values.portfolio_id}
            onChange={(e) => setValue('portfolio_id', e.target.value)}
          >
            {portfolios.map((p) => (
              <option key={p.portfolio_id} value={p.portfolio_id}>
                {p.portfolio_name}
              </option>
            ))}
          </select>
        </label>
        <TextField
          label="Symbol"
          autoComplete="off"
          maxLength={12}
          error={form.errors.stock_symbol}
          {...form.bind('stock_symbol')}
        />
        <label className="field">
          <span className="field__label">Side</span>
          <select
            className="field__input"
            value={form.values.side}
            onChange={(e) => setValue('side', e.target.value)}
          >
            <option value="buy">Buy</option>
            <option value="sell">Sell</option>
          </select>
        </label>
        <label className="field">
          <span className="field__label">Invest by</span>
          <select
            className="field__input"
            value={investBy}
            onChange={(e) => setValue('invest_by', e.target.value)}
          >
            <option value="amount">Amount</option>
            <option value="quantity">Quantity</option>
            <option value="positionSize">Position size</option>
          </select>
        </label>
        {investBy === 'amount' && (
          <TextField
            label="Amount (USD)"
            inputMode="decimal"
            error={form.errors.amount}
            {...form.bind('amount')}
          />
        )}
        {investBy === 'quantity' && (
          <TextField
            label="Quantity"
            inputMode="decimal"
            error={form.errors.quantity}
            {...form.bind('quantity')}
          />
        )}
        {investBy === 'positionSize' && (
          <TextField
            label="Position size (% of NAV)"
            inputMode="decimal"
            error={form.errors.position_size}
            {...form.bind('position_size')}
          />
        )}
        {limit && (
          <TextField
            label="Limit price (USD)"
            inputMode="decimal"
            error={form.errors.limit_price}
            {...form.bind('limit_price')}
          />
        )}
        <button type="submit" className="button button--primary" disabled={!form.isValid || busy}>
          Invest
        </button>
      </form>
    </section>
  );
}
