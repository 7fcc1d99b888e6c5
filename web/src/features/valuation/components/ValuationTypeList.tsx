import { Loading } from '../../../components/Loading';
import { useValuationTypes } from '../api/get-valuation-types';

/** What each methodology compares, keyed by the name the API returns. */
const DESCRIPTIONS: Record<string, { long: string; text: string }> = {
  'P/E': {
    long: 'Price to earnings',
    text: 'Value a business on the earnings per share it can grow into.',
  },
  'P/B': {
    long: 'Price to book value',
    text: 'Value a business on the book value per share it builds up.',
  },
  'P/S': {
    long: 'Price to sales',
    text: 'Value a business on the revenue per share it can reach.',
  },
  'EV/EBITDA': {
    long: 'Enterprise value to EBITDA',
    text: 'Value the whole business on its operating earnings, then net off debt and cash.',
  },
  DCF: {
    long: 'Discounted cash flow',
    text: 'Value the free cash flow per share it can grow, discounted to today, and see what growth the price implies.',
  },
};

export function ValuationTypeList() {
  const { data, isPending, isError, refetch, isFetching } = useValuationTypes();

  if (isPending) return <Loading label="Loading valuation methodologies…" />;
  if (isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>The valuation methodologies could not be loaded.</p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void refetch()}
          disabled={isFetching}
        >
          Try again
        </button>
      </div>
    );
  }
  return (
    <ul className="card-grid">
      {data.map((t) => {
        const d = DESCRIPTIONS[t.valuation_name];
        return (
          <li key={t.id} className="card">
            <h3 className="card__title">{t.valuation_name}</h3>
            {d && <p className="card__subtitle">{d.long}</p>}
            {d && <p className="card__text">{d.text}</p>}
          </li>
        );
      })}
    </ul>
  );
}
