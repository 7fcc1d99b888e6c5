import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './WhenVisible';

type Callback = (entries: { isIntersecting: boolean }[]) => void;

/** A stand-in IntersectionObserver whose callbacks the test fires. */
function installObserver() {
  const callbacks: Callback[] = [];
  const disconnect = vi.fn();
  class FakeObserver {
    constructor(callback: Callback) {
      callbacks.push(callback);
    }
    observe() {}
    disconnect = disconnect;
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    report: (isIntersecting: boolean) =>
      act(() => callbacks.forEach((cb) => cb([{ isIntersecting }]))),
    disconnect,
  };
}

const view = () =>
  render(
    <WhenVisible className="box" placeholder={<p>Loading chart…</p>}>
      <p>The chart</p>
    </WhenVisible>,
  );

describe('WhenVisible', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the placeholder until the box enters the viewport, then the children for good', () => {
    const observer = installObserver();
    view();
    expect(screen.getByText('Loading chart…')).toBeTruthy();
    expect(screen.queryByText('The chart')).toBeNull();

    observer.report(false);
    expect(screen.queryByText('The chart')).toBeNull();

    observer.report(true);
    expect(screen.getByText('The chart')).toBeTruthy();
    expect(screen.queryByText('Loading chart…')).toBeNull();
    // The box (and the least height its class gives) stays around the children: the page
    // does not shrink under the reader when they come.
    expect(screen.getByText('The chart').parentElement?.className).toBe('box');
    expect(observer.disconnect).toHaveBeenCalled();
  });

  it('renders the children at once where IntersectionObserver does not exist', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    view();
    expect(screen.getByText('The chart')).toBeTruthy();
  });
});
