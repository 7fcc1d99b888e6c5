import { useId, useState, type FormEvent } from 'react';
import { Dialog } from '../../../components/Dialog';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast';
import '../alerts.css';
import { useAddAlert, type NewAlert } from '../api/alerts-api';

type Choice = 'intrinsic-below' | 'intrinsic-above' | 'margin' | 'price-below' | 'price-above';

export interface AlertTarget {
  symbol: string;
  /** A pitch of the user's on this stock: its intrinsic value can be alerted on. */
  valuationId?: string;
  intrinsicValue?: number;
}

const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function request(target: AlertTarget, choice: Choice, value: string): NewAlert {
  const pitch = target.valuationId;
  switch (choice) {
    case 'intrinsic-below':
    case 'intrinsic-above':
      return {
        kind: 'intrinsic',
        valuation_id: pitch!,
        direction: choice === 'intrinsic-below' ? 'below' : 'above',
      };
    case 'margin':
      return { kind: 'margin', valuation_id: pitch!, margin_pct: value };
    case 'price-below':
    case 'price-above':
      return {
        kind: 'price',
        stock_symbol: target.symbol,
        direction: choice === 'price-below' ? 'below' : 'above',
        price: value,
        ...(pitch ? { valuation_id: pitch } : {}),
      };
  }
}

/** "Alert me": the kind of rule and its threshold; the server checks and stores it. */
export function AlertDialog({ target, onClose }: { target: AlertTarget; onClose: () => void }) {
  const hasPitch = Boolean(target.valuationId);
  const [choice, setChoice] = useState<Choice>(hasPitch ? 'intrinsic-below' : 'price-below');
  const [value, setValue] = useState(hasPitch ? '20' : '');
  const [error, setError] = useState<string | null>(null);
  const add = useAddAlert();
  const toast = useToast();
  const kindId = useId();
  const valueId = useId();
  const needsValue = choice === 'margin' || choice.startsWith('price');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(request(target, choice, value.trim()), {
      onSuccess: (res) => {
        toast.success(res.message);
        onClose();
      },
      onError: (e) =>
        setError(e instanceof ApiError ? e.message : 'The alert could not be added. Try again.'),
    });
  };

  return (
    <Dialog title={`Alert me: ${target.symbol}`} onClose={onClose}>
      <form className="alert-form" onSubmit={onSubmit} noValidate>
        <label htmlFor={kindId}>When</label>
        <select
          id={kindId}
          value={choice}
          onChange={(e) => {
            const next = e.target.value as Choice;
            setChoice(next);
            setValue(next === 'margin' ? '20' : '');
          }}
        >
          {hasPitch && (
            <>
              <option value="intrinsic-below">
                the price falls to my intrinsic value
                {target.intrinsicValue ? ` (${money(target.intrinsicValue)})` : ''}
              </option>
              <option value="intrinsic-above">the price rises to my intrinsic value</option>
              <option value="margin">the price offers a margin of safety</option>
            </>
          )}
          <option value="price-below">the price falls to my buy price</option>
          <option value="price-above">the price rises to my sell price</option>
        </select>
        {needsValue && (
          <>
            <label htmlFor={valueId}>
              {choice === 'margin' ? 'Margin of safety (%)' : 'Price ($)'}
            </label>
            <input
              id={valueId}
              inputMode="decimal"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          </>
        )}
        {error && (
          <p className="alert-form__error" role="alert">
            {error}
          </p>
        )}
        <p className="alert-form__note">
          We email you once when the price gets there, and again only after it moves back and
          crosses once more.
        </p>
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          Add alert
        </button>
      </form>
    </Dialog>
  );
}
