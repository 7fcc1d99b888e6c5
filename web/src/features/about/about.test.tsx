import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { setSession } from '../../test/session-mock';

vi.mock('../../lib/auth', async () => (await import('../../test/session-mock')).authMock);

const initialWidth = window.innerWidth;

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  window.dispatchEvent(new Event('resize'));
}

async function openAbout() {
  renderApp('/Aboutus');
  await screen.findByRole('heading', { level: 1, name: 'About Us' });
  // The lazily loaded page may have committed without its effects run yet: flush them, so the
  // carousel listens to window resizes before a test makes one.
  await act(async () => {});
  return screen.getByRole('region', { name: 'Team members' });
}

const shownNames = (carousel: HTMLElement) =>
  Array.from(carousel.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]'))
    .filter((s) => s.getAttribute('aria-hidden') !== 'true')
    .map((s) => s.querySelector('h3')?.textContent);

beforeEach(() => {
  setSession({ status: 'guest' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.defineProperty(window, 'innerWidth', { value: initialWidth, configurable: true });
});

describe('About page', () => {
  it('states the three objectives and the five principles, and sets its title', async () => {
    await openAbout();
    await waitFor(() => expect(document.title).toBe('About Us · Mr. Market'));
    const objectives = screen.getByRole('region', { name: 'Our objectives' });
    expect(
      within(objectives)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'A private equity approach for public markets',
      'Awareness of compounding',
      'Giving to noble causes',
    ]);
    const principles = screen.getByRole('region', { name: 'Our principles' });
    expect(
      within(principles)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Work to Give',
      'Keep to Your Word',
      'Act Local Think Global',
      'Strategic Partnerships for Expansion',
      'Advance with Stability',
    ]);
  });

  it('the carousel is announced as a carousel of six slides, each with photo, role and biography', async () => {
    const carousel = await openAbout();
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const slides = carousel.querySelectorAll('[aria-roledescription="slide"]');
    expect(slides).toHaveLength(6);
    for (const slide of slides) {
      expect(slide.querySelector('img')?.getAttribute('alt')).toMatch(/^Portrait of /);
      expect(slide.querySelector('.member__role')?.textContent).not.toBe('');
      expect(slide.querySelector('.member__bio')?.textContent?.length).toBeGreaterThan(40);
    }
  });

  it.each([
    [1280, 5],
    [1000, 3],
    [590, 2],
    [470, 1],
  ])('at %i px the carousel shows %i slides', async (width, count) => {
    setWidth(width);
    const carousel = await openAbout();
    expect(shownNames(carousel)).toHaveLength(count);
  });

  it('follows a resize of the window', async () => {
    setWidth(1280);
    const carousel = await openAbout();
    expect(shownNames(carousel)).toHaveLength(5);
    act(() => setWidth(590));
    expect(shownNames(carousel)).toHaveLength(2);
  });

  it('moves with the arrow keys, Home and End, and the next button stays focusable at the end', async () => {
    setWidth(590);
    const carousel = await openAbout();
    const next = within(carousel).getByRole('button', { name: 'Next team member' });
    next.focus();
    expect(shownNames(carousel)).toEqual(['Amelia Tan', 'Rajesh Kumar']);
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(shownNames(carousel)).toEqual(['Rajesh Kumar', 'Sophie Lim']);
    fireEvent.keyDown(next, { key: 'End' });
    expect(shownNames(carousel)).toEqual(['Nurul Aisyah', 'Marcus Lee']);
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(shownNames(carousel)).toEqual(['Nurul Aisyah', 'Marcus Lee']);
    expect(document.activeElement).toBe(next);
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(shownNames(carousel)).toEqual(['Daniel Wong', 'Nurul Aisyah']);
    fireEvent.keyDown(next, { key: 'Home' });
    expect(shownNames(carousel)).toEqual(['Amelia Tan', 'Rajesh Kumar']);
  });

  it('moves with the buttons and the dots', async () => {
    setWidth(1000);
    const carousel = await openAbout();
    fireEvent.click(within(carousel).getByRole('button', { name: 'Next team member' }));
    expect(shownNames(carousel)).toEqual(['Rajesh Kumar', 'Sophie Lim', 'Daniel Wong']);
    const lastDot = within(carousel).getByRole('button', {
      name: 'Show Daniel Wong to Marcus Lee',
    });
    fireEvent.click(lastDot);
    expect(shownNames(carousel)).toEqual(['Daniel Wong', 'Nurul Aisyah', 'Marcus Lee']);
    expect(lastDot.getAttribute('aria-current')).toBe('true');
    fireEvent.click(within(carousel).getByRole('button', { name: 'Previous team member' }));
    expect(shownNames(carousel)).toEqual(['Sophie Lim', 'Daniel Wong', 'Nurul Aisyah']);
  });

  it('moves with a swipe, and ignores a small drag', async () => {
    setWidth(470);
    const carousel = await openAbout();
    const viewport = carousel.querySelector('.carousel__viewport')!;
    fireEvent.pointerDown(viewport, { clientX: 300 });
    fireEvent.pointerUp(viewport, { clientX: 200 });
    expect(shownNames(carousel)).toEqual(['Rajesh Kumar']);
    fireEvent.pointerDown(viewport, { clientX: 200 });
    fireEvent.pointerUp(viewport, { clientX: 220 });
    expect(shownNames(carousel)).toEqual(['Rajesh Kumar']);
    fireEvent.pointerDown(viewport, { clientX: 100 });
    fireEvent.pointerUp(viewport, { clientX: 250 });
    expect(shownNames(carousel)).toEqual(['Amelia Tan']);
  });

  it.each(['Solve Hunger', 'Educate and Empower', 'Provide Shelter'])(
    '%s opens the "Coming Soon !" popup, which closes and gives focus back',
    async (cause) => {
      await openAbout();
      const button = screen.getByRole('button', { name: cause });
      button.focus();
      fireEvent.click(button);
      const dialog = await screen.findByRole('dialog', { name: 'Coming Soon !' });
      expect(within(dialog).getByText(new RegExp(`^${cause} is on its way`))).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(button);
    },
  );
});
