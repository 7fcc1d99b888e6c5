import { useEffect, useId, useState, type ReactNode } from 'react';

/**
 * A labelled figure with how it is worked out: the formula shows on hover or keyboard focus of
 * the "?" button and stays open on a tap (or Enter) until tapped again or Escape. The formula
 * is the button's description for assistive technology.
 */
export function FigureNote({
  label,
  question,
  note,
  children,
  testId,
}: {
  label: string;
  /** The button's name, e.g. "How is the volatility worked out?". */
  question: string;
  note: string;
  children: ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const noteId = useId();
  useEffect(() => {
    if (!open) return;
    const close = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [open]);
  return (
    <div className={`figure${open ? ' is-open' : ''}`}>
      <dt className="figure__label">
        {label}
        <button
          type="button"
          className="figure__info"
          aria-label={question}
          aria-expanded={open}
          aria-describedby={noteId}
          onClick={() => setOpen((o) => !o)}
        >
          ?
        </button>
      </dt>
      <dd className="figure__value">
        <span data-testid={testId}>{children}</span>
        <span id={noteId} role="tooltip" className="figure__formula">
          {note}
        </span>
      </dd>
    </div>
  );
}
