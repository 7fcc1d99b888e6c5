import { useId } from 'react';
import { catalogueByGroup } from '../../../../../shared/company/catalogue';

const GROUPS = catalogueByGroup();

/** The "what to show" dropdown: every catalogue item under its group. */
export function MetricSelector({
  value,
  onChange,
}: {
  value: string;
  onChange: (itemId: string) => void;
}) {
  const id = useId();
  return (
    <div className="metric-selector">
      <label htmlFor={id}>Show</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {GROUPS.map(({ group, items }) =>
          items.length === 1 && items[0]?.title === group ? (
            <option key={group} value={items[0].id}>
              {group}
            </option>
          ) : (
            <optgroup key={group} label={group}>
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.title}
                </option>
              ))}
            </optgroup>
          ),
        )}
      </select>
    </div>
  );
}
