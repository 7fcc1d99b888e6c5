/**
 * How many team slides fit: 5 at full width, 3 under 1024 px, 2 under 600 px and 1 under
 * 480 px of window width.
 */
export const CAROUSEL_BREAKPOINTS = [
  { below: 480, perView: 1 },
  { below: 600, perView: 2 },
  { below: 1024, perView: 3 },
] as const;
export const FULL_WIDTH_PER_VIEW = 5;

export function slidesPerView(windowWidth: number): number {
  for (const b of CAROUSEL_BREAKPOINTS) if (windowWidth < b.below) return b.perView;
  return FULL_WIDTH_PER_VIEW;
}

/** The first slide shown can go from 0 to this (never leaving empty room at the end). */
export function lastStart(slideCount: number, perView: number): number {
  return Math.max(0, slideCount - perView);
}

export function clampStart(start: number, slideCount: number, perView: number): number {
  return Math.min(Math.max(0, start), lastStart(slideCount, perView));
}

/** The slides visible when the carousel starts at `start`. */
export function visibleRange(start: number, slideCount: number, perView: number) {
  const first = clampStart(start, slideCount, perView);
  return { first, last: Math.min(slideCount, first + perView) - 1 };
}
