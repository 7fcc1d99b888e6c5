import type { KeyboardEvent } from 'react';

export interface SegmentOption<T extends string> {
  id: T;
  label: string;
  /** The accessible name, when the label alone is short (e.g. "1M"). */
  title?: string;
}

/**
 * A row of toggle buttons of which one is pressed (`aria-pressed`): Tab reaches the pressed
 * one, the arrow keys, Home and End move along the row, Enter or Space chooses.
 */
export function Segmented<T extends string>({
  label,
  options,
  value,
  onChange,
  disabled,
  className,
}: {
  label: string;
  options: readonly SegmentOption<T>[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? (at + 1) % buttons.length
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? (at - 1 + buttons.length) % buttons.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? buttons.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    buttons[next]?.focus();
  };
  return (
    <div
      role="group"
      aria-label={label}
      className={['segmented', className].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
    >
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          className="segmented__option"
          aria-pressed={value === o.id}
          tabIndex={value === o.id ? 0 : -1}
          title={o.title}
          disabled={disabled}
          onClick={() => onChange(o.id)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
