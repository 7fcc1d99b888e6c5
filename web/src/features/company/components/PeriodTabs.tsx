import { useRef, type KeyboardEvent } from 'react';
import type { PeriodId, PeriodOption } from '../../../../../shared/company/periods';

/** The period tabs: a radio group of buttons (arrow keys move between them). */
export function PeriodTabs({
  periods,
  value,
  onChange,
}: {
  periods: readonly PeriodOption[];
  value: PeriodId | null;
  onChange: (period: PeriodId) => void;
}) {
  const group = useRef<HTMLDivElement>(null);
  if (periods.length === 0) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const index = periods.findIndex((p) => p.id === value);
    const next = periods[(index + step + periods.length) % periods.length];
    if (!next) return;
    onChange(next.id);
    group.current?.querySelector<HTMLElement>(`[data-period="${next.id}"]`)?.focus();
  };

  return (
    <div
      ref={group}
      className="period-tabs"
      role="radiogroup"
      aria-label="Period"
      onKeyDown={onKeyDown}
    >
      {periods.map((p) => (
        <button
          key={p.id}
          type="button"
          role="radio"
          data-period={p.id}
          aria-checked={p.id === value}
          tabIndex={p.id === value ? 0 : -1}
          className="period-tabs__tab"
          onClick={() => onChange(p.id)}
        >
          {p.label}
        </button>
      ))}
    </div>
  );
}
