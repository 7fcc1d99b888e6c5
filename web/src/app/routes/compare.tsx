import { ComparePage } from '../../features/compare/components/ComparePage';
import { StockPicker } from '../../features/stock-picker/components/StockPicker';

/** /Compare?symbols=AAPL,MSFT: the comparison, with the stock search to add a company. */
export function Component() {
  return (
    <ComparePage
      picker={(onAdd) => <StockPicker label="Add a company to compare" onSelect={onAdd} />}
    />
  );
}
