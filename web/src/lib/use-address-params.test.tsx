import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useAddressParams } from './use-address-params';

function setter(name: string, value: string) {
  return (current: URLSearchParams) => {
    const next = new URLSearchParams(current);
    next.set(name, value);
    return next;
  };
}

/** Two fields set by one press, before the page renders again, as two quick edits are. */
function TwoFields() {
  const [params, update] = useAddressParams();
  return (
    <>
      <output>{params.toString()}</output>
      <button
        type="button"
        onClick={() => {
          update(setter('from', '2015-01-02'), { replace: true });
          update(setter('to', '2019-12-31'), { replace: true });
        }}
      >
        Both
      </button>
      <button type="button" onClick={() => update(setter('scale', 'log'))}>
        Log
      </button>
    </>
  );
}

function mount(address: string) {
  const router = createMemoryRouter([{ path: '/Market', element: <TwoFields /> }], {
    initialEntries: [address],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the address parameters a page keeps', () => {
  it('keeps both of two changes made before the page renders again', async () => {
    const router = mount('/Market?symbol=NVDA&from=2009-01-02');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Both' }));
    });
    const kept = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(kept)).toEqual({
      symbol: 'NVDA',
      from: '2015-01-02',
      to: '2019-12-31',
    });
    expect(screen.getByRole('status').textContent).toBe(kept.toString());
  });

  it('builds a later change on the address the page rendered, not an older one asked for', async () => {
    const router = mount('/Market?symbol=NVDA');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Both' }));
    });
    // Changed from elsewhere (a link, the back button): the next change starts from there.
    await act(async () => {
      await router.navigate('/Market?symbol=AAPL');
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Log' }));
    });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      symbol: 'AAPL',
      scale: 'log',
    });
  });
});
