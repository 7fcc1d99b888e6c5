import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once the placeholder enters the viewport, and keeps them from then
 * on. A chart below the fold of a phone's first screen then costs nothing (no chart code
 * fetched, no canvas drawn) until the reader scrolls to it. Without IntersectionObserver the
 * children render at once.
 */
export function WhenVisible({
  children,
  placeholder,
  className,
}: {
  children: ReactNode;
  /** Shown until then, in a box of `className` (give it the children's height: no shift). */
  placeholder: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (shown || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setShown(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  if (shown) return children;
  return (
    <div ref={ref} className={className}>
      {placeholder}
    </div>
  );
}
