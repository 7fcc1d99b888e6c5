import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once its box enters the viewport, and keeps them from then on. A chart
 * below the fold of a phone's first screen then costs nothing (no chart code fetched, no canvas
 * drawn) until the reader scrolls to it. Without IntersectionObserver the children render at once.
 */
export function WhenVisible({
  children,
  placeholder,
  className,
}: {
  children: ReactNode;
  /** Shown until then. The box (`className`) holds both: give it the children's least height. */
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
  // The box stays around the children: had it gone, the page would shrink from the placeholder's
  // height to a loading line as the reader scrolls to it. A page that shrinks below the scroll
  // position pulls everything on screen down, under a finger or pointer about to press.
  return (
    <div ref={ref} className={className}>
      {shown ? children : placeholder}
    </div>
  );
}
