import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Footer } from './Footer';

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

  it('shows the 2022 copyright', () => {
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );

    expect(screen.getByRole('contentinfo').textContent).toContain('© 2022 Mr. Market');
  });
});
