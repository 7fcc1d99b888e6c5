import { lazy, Suspense } from 'react';
import type { PitchLineSource } from './components/PitchValueLine';
import type { ValueLineSectionProps } from './components/ValueLineSection';

/*
 * The value line is below the fold wherever it shows: its code (and the decimal math it runs)
 * loads with it, not with the page that mounts it.
 */
const Section = lazy(async () => ({
  default: (await import('./components/ValueLineSection')).ValueLineSection,
}));
const Pitch = lazy(async () => ({
  default: (await import('./components/PitchValueLine')).PitchValueLine,
}));
const Tracked = lazy(async () => ({
  default: (await import('./components/PitchValueLine')).TrackedValueLines,
}));

/** Holds the line's place while its code loads (no shift of what is below it). */
const placeholder = <div style={{ minHeight: 420 }} aria-hidden="true" />;

export function ValueLineSection(props: ValueLineSectionProps) {
  return (
    <Suspense fallback={placeholder}>
      <Section {...props} />
    </Suspense>
  );
}

export function PitchValueLine(props: { pitch: PitchLineSource }) {
  return (
    <Suspense fallback={placeholder}>
      <Pitch {...props} />
    </Suspense>
  );
}

export function TrackedValueLines(props: {
  pitches: readonly { id: string; symbol: string; name: string }[];
}) {
  return (
    <Suspense fallback={placeholder}>
      <Tracked {...props} />
    </Suspense>
  );
}

export type { PitchLineSource, ValueLineSectionProps };
