import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './toast';

function Buttons() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Changes Saved!')}>
        ok
      </button>
      <button type="button" onClick={() => toast.error('Error Reset')}>
        fail
      </button>
    </>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

const renderToasts = () =>
  render(
    <ToastProvider>
      <Buttons />
    </ToastProvider>,
  );

describe('toasts', () => {
  it('announces a success politely and an error as an alert, styled apart', () => {
    renderToasts();

    fireEvent.click(screen.getByRole('button', { name: 'ok' }));
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));

    const success = screen.getByRole('status');
    const error = screen.getByRole('alert');
    expect(success.textContent).toContain('Changes Saved!');
    expect(success.className).toContain('toast--success');
    expect(error.textContent).toContain('Error Reset');
    expect(error.className).toContain('toast--error');
  });

  it('closes a toast by itself after 1000 ms', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'fail' }));

    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('alert')).not.toBeNull();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes a toast with its close button', () => {
    renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'ok' }));

    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('status')).toBeNull();
  });
});
