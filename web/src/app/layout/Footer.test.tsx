import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { Footer } from './Footer';

// The product's clock pinned in 2031 by the site's config (as MARKET_CLOCK pins it).
vi.mock('../../lib/config', () => ({
  loadConfig: () => Promise.resolve({ marketClock: '2031-06-15T15:00:00Z' }),
}));

describe('footer', () => {
  it('links Contact us, Privacy Policy, Terms Of Use and Compliance Note', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );

    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Contact us', '/Contactus'],
      ['Privacy Policy', '/Privacypolicy'],
      ['Terms Of Use', '/Termsofuse'],
      ['Compliance Note', '/Compliance'],
    ]);
  });

  it("shows the copyright of the product clock's year, not a fixed one", async () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );

    expect(await screen.findByText('© 2031 Mr. Market')).toBeTruthy();
  });
});
