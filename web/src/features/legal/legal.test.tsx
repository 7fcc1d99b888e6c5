import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { setSession } from '../../test/session-mock';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);
// The real module loads config.json once per page load; here each test serves its own.
vi.mock('../../lib/config', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/config')>();
  return {
    ...real,
    loadConfig: async () => {
      const parsed = real.parseAppConfig(siteConfig);
      if (!parsed.success) throw new Error(parsed.error);
      return parsed.data;
    },
    apiBaseUrl: async () => '',
  };
});

let siteConfig: Record<string, unknown> = {
  apiBaseUrl: '',
  region: 'us-east-1',
  supportEmail: 'help@mrmarket.example',
};
let contactAnswer: { status: number; body: unknown } = {
  status: 200,
  body: { message: 'Thank you! Your message has been sent. We will reply to ada@example.com.' },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url === '/api/contact') return json(contactAnswer.status, contactAnswer.body);
  return json(404, { message: 'Request not found' });
});

const contactCalls = () =>
  fetchMock.mock.calls.filter((call) => String((call as unknown[])[0]) === '/api/contact');

beforeEach(() => {
  setSession({ status: 'guest' });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

async function openPage(path: string, heading: string) {
  renderApp(path);
  return screen.findByRole('heading', { level: 1, name: heading });
}

describe('legal pages', () => {
  it.each([
    ['/Termsofuse', 'Terms Of Use'],
    ['/Privacypolicy', 'Privacy Policy'],
    ['/Compliance', 'Compliance Note'],
    ['/DataProtection', 'Data Protection Notice'],
    ['/Contactus', 'Contact Us'],
  ])('%s shows its heading and sets its own document title', async (path, heading) => {
    await openPage(path, heading);
    await waitFor(() => expect(document.title).toBe(`${heading} · Mr. Market`));
  });

  it('the Terms of Use state the date, the minimum age of 21 and the ten-day mediation answer', async () => {
    await openPage('/Termsofuse', 'Terms Of Use');
    expect(screen.getByText('Last updated 18/05/2022')).toBeTruthy();
    expect(screen.getByText('21 years old')).toBeTruthy();
    expect(screen.getByText('within ten days')).toBeTruthy();
  });

  it('the Compliance Note says the site is not a financial adviser under Singapore law', async () => {
    await openPage('/Compliance', 'Compliance Note');
    expect(screen.getByText(/not a financial adviser under Singapore law/)).toBeTruthy();
  });

  it('the Data Protection Notice gives its dates, the answer times, the region and the officer email', async () => {
    await openPage('/DataProtection', 'Data Protection Notice');
    expect(screen.getByText('Effective 18/05/2022')).toBeTruthy();
    expect(screen.getByText('Last updated 18/05/2022')).toBeTruthy();
    expect(screen.getByText('within five business days')).toBeTruthy();
    expect(screen.getByText('within thirty days')).toBeTruthy();
    const transfer = screen.getByRole('region', { name: '7. Transfer outside Singapore' });
    expect(
      await within(transfer).findByText(/Northern Virginia\), AWS region us-east-1/),
    ).toBeTruthy();
    const officer = screen.getByRole('region', { name: '9. Data protection officer' });
    expect(
      await within(officer).findByRole('link', { name: 'help@mrmarket.example' }),
    ).toBeTruthy();
  });

  it('the Privacy Policy links to the Data Protection Notice', async () => {
    await openPage('/Privacypolicy', 'Privacy Policy');
    const links = screen.getAllByRole('link', { name: 'Data Protection Notice' });
    expect(links[0]?.getAttribute('href')).toBe('/DataProtection');
  });
});

describe('contact page', () => {
  beforeEach(() => {
    siteConfig = { apiBaseUrl: '', supportEmail: 'help@mrmarket.example' };
    contactAnswer = {
      status: 200,
      body: { message: 'Thank you! Your message has been sent. We will reply to ada@example.com.' },
    };
  });

  it('shows the Singapore postal address and the support email from the configuration', async () => {
    await openPage('/Contactus', 'Contact Us');
    expect(screen.getByText(/Singapore 048616/)).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'help@mrmarket.example' });
    expect(link.getAttribute('href')).toBe('mailto:help@mrmarket.example');
  });

  it('without a configured support email, points to the form instead', async () => {
    siteConfig = { apiBaseUrl: '' };
    await openPage('/Contactus', 'Contact Us');
    expect(await screen.findByText('Please use the form on this page.')).toBeTruthy();
  });

  it('checks the form before sending: field messages, focus on the first, no request', async () => {
    await openPage('/Contactus', 'Contact Us');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter your name')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Please write a message of at least 10 characters')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(contactCalls()).toHaveLength(0);
  });

  it('sends a valid message, shows the confirmation and clears the form', async () => {
    await openPage('/Contactus', 'Contact Us');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Ada@Example.com ' } });
    fireEvent.change(screen.getByLabelText('Message'), {
      target: { value: 'Please add dividend yields to the screener.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(
      await screen.findByText(
        'Thank you! Your message has been sent. We will reply to ada@example.com.',
      ),
    ).toBeTruthy();
    const [call] = contactCalls();
    const init = (call as unknown as [string, RequestInit])[1];
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: '',
      message: 'Please add dividend yields to the screener.',
    });
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the server message when the sender has sent too many messages', async () => {
    contactAnswer = {
      status: 429,
      body: {
        message:
          'You have sent several messages in a short time. Please wait 12 minutes before sending another one.',
      },
    };
    await openPage('/Contactus', 'Contact Us');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Message'), {
      target: { value: 'A message that is long enough.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'You have sent several messages in a short time. Please wait 12 minutes before sending another one.',
    );
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(
      'A message that is long enough.',
    );
  });
});
