import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertRecord } from '../../../../shared/schemas/alerts';
import { json, stubApi, type ApiCall } from '../../test/api-mock';
import { renderWithProviders } from '../../test/render-with-providers';
import { setSession, signedIn } from '../../test/session-mock';
import { AlertButton } from './components/AlertButton';
import { AlertsPage } from './components/AlertsPage';
import { UnsubscribePage } from './components/UnsubscribePage';

vi.setConfig({ testTimeout: 20_000 });
vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

const rule = (id: string, description: string, fields: Partial<AlertRecord> = {}): AlertRecord => ({
  alert_id: id,
  stock_symbol: 'AAPL',
  kind: 'price',
  direction: 'below',
  threshold: 150,
  margin_pct: null,
  trigger_price: 150,
  valuation_id: null,
  state: 'armed',
  description,
  createdAt: '2026-01-02T00:00:00.000Z',
  lastTriggeredAt: null,
  ...fields,
});

let rules: AlertRecord[] = [];
let calls: ApiCall[] = [];

beforeEach(() => {
  setSession(signedIn());
  rules = [
    rule('a1', 'AAPL at or below $150.00'),
    rule('a2', 'AAPL with a 20% margin of safety to your intrinsic value of $200.00', {
      kind: 'margin',
      margin_pct: 20,
      threshold: 200,
      trigger_price: 160,
      valuation_id: 'v-1',
      state: 'triggered',
    }),
  ];
  calls = stubApi(({ path, body }) => {
    if (path === '/api/alerts/list') return json(200, { data: rules, limit: 50 });
    if (path === '/api/alerts/delete') {
      rules = rules.filter((r) => r.alert_id !== body?.alert_id);
      return json(200, { message: 'Alert removed' });
    }
    if (path === '/api/alerts/add') {
      if (body?.kind === 'margin' && Number(body.margin_pct) > 90)
        return json(400, { message: 'Enter a margin of safety of at most 90%' });
      return json(200, { message: 'Alert added', data: rule('new', 'added') });
    }
    if (path === '/api/alerts/unsubscribe') {
      if (body?.token === 'good.token-signed-by-server')
        return json(200, { message: 'You will not receive this alert any more' });
      return json(400, { message: 'This unsubscribe link is not valid' });
    }
    return undefined;
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('My Alerts', () => {
  it('lists the rules with their trigger price and status, and Remove takes one away', async () => {
    renderAt('/Alerts', <AlertsPage />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('AAPL at or below $150.00');
    expect(rows[0]!.textContent).toContain('$150.00');
    expect(rows[0]!.textContent).toContain('Waiting');
    expect(rows[1]!.textContent).toContain('$160.00');
    expect(rows[1]!.textContent).toContain('Sent');
    expect(within(rows[1]!).getByRole('link', { name: 'AAPL' }).getAttribute('href')).toBe(
      '/Market/v-1',
    );
    expect(screen.getByText('2 of 50 alerts')).toBeTruthy();

    const remove = screen.getByRole('button', {
      name: 'Remove the alert: AAPL at or below $150.00',
    });
    // One click asks, naming the alert; Cancel keeps it.
    fireEvent.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'Remove the alert on AAPL?' });
    expect(dialog.textContent).toContain('AAPL at or below $150.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.path === '/api/alerts/delete')).toBe(false);
    fireEvent.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Remove the alert on AAPL?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove alert' }));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2),
    );
    expect(calls.find((c) => c.path === '/api/alerts/delete')?.body).toEqual({ alert_id: 'a1' });
    expect(screen.getByText('1 of 50 alerts')).toBeTruthy();
  });

  it('says there are none yet when the list is empty', async () => {
    rules = [];
    renderAt('/Alerts', <AlertsPage />);
    expect(await screen.findByText(/No alerts yet/)).toBeTruthy();
  });
});

describe('Alert me dialog', () => {
  it('from a tracked pitch: sends a margin-of-safety rule on the pitch and closes', async () => {
    renderAt(
      '/',
      <AlertButton target={{ symbol: 'AAPL', valuationId: 'v-1', intrinsicValue: 200 }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Alert me about AAPL' }));
    const dialog = screen.getByRole('dialog', { name: 'Alert me: AAPL' });
    expect(
      within(dialog).getByRole('option', { name: /intrinsic value \(\$200\.00\)/ }),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('When'), { target: { value: 'margin' } });
    fireEvent.change(within(dialog).getByLabelText('Margin of safety (%)'), {
      target: { value: '25' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add alert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/alerts/add')?.body).toEqual({
      kind: 'margin',
      valuation_id: 'v-1',
      margin_pct: '25',
    });
  });

  it("shows the server's message and stays open when the threshold is refused", async () => {
    renderAt('/', <AlertButton target={{ symbol: 'AAPL', valuationId: 'v-1' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Alert me about AAPL' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('When'), { target: { value: 'margin' } });
    fireEvent.change(within(dialog).getByLabelText('Margin of safety (%)'), {
      target: { value: '95' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add alert' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Enter a margin of safety of at most 90%',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('from a watchlist row (no pitch): offers price rules only and sends the buy price', async () => {
    renderAt('/', <AlertButton target={{ symbol: 'MSFT' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Alert me about MSFT' }));
    const dialog = screen.getByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['the price falls to my buy price', 'the price rises to my sell price']);
    fireEvent.change(within(dialog).getByLabelText('Price ($)'), { target: { value: '310.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add alert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === '/api/alerts/add')?.body).toEqual({
      kind: 'price',
      stock_symbol: 'MSFT',
      direction: 'below',
      price: '310.5',
    });
  });
});

describe('unsubscribe page', () => {
  it('turns the alert off with the token alone and confirms', async () => {
    setSession({ status: 'guest' });
    renderAt('/alerts/unsubscribe?token=good.token-signed-by-server', <UnsubscribePage />);
    expect(await screen.findByText('You will not receive this alert any more')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/alerts/unsubscribe')).toEqual([
      {
        path: '/api/alerts/unsubscribe',
        query: {},
        body: { token: 'good.token-signed-by-server' },
      },
    ]);
  });

  it("shows the server's refusal for a bad token", async () => {
    renderAt('/alerts/unsubscribe?token=forged.abcdefabcdefabcdef', <UnsubscribePage />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This unsubscribe link is not valid',
    );
  });
});
