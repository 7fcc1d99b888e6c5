import { describe, expect, it } from 'vitest';
import { clampStart, lastStart, slidesPerView, visibleRange } from './carousel';

describe('slidesPerView', () => {
  it.each([
    [1920, 5],
    [1280, 5],
    [1024, 5],
    [1023, 3],
    [1000, 3],
    [600, 3],
    [599, 2],
    [590, 2],
    [480, 2],
    [479, 1],
    [470, 1],
    [360, 1],
  ])('a %i px window shows %i slides', (width, expected) => {
    expect(slidesPerView(width)).toBe(expected);
  });
});

describe('carousel positions', () => {
  it('six members at five per view have two starting positions', () => {
    expect(lastStart(6, 5)).toBe(1);
    expect(visibleRange(1, 6, 5)).toEqual({ first: 1, last: 5 });
  });

  it('one per view can start at every member', () => {
    expect(lastStart(6, 1)).toBe(5);
    expect(visibleRange(5, 6, 1)).toEqual({ first: 5, last: 5 });
  });

  it('never starts before the first or leaves empty room after the last', () => {
    expect(clampStart(-1, 6, 3)).toBe(0);
    expect(clampStart(9, 6, 3)).toBe(3);
    expect(visibleRange(4, 6, 3)).toEqual({ first: 3, last: 5 });
  });

  it('more room than members shows them all from the start', () => {
    expect(lastStart(3, 5)).toBe(0);
    expect(visibleRange(2, 3, 5)).toEqual({ first: 0, last: 2 });
  });
});
