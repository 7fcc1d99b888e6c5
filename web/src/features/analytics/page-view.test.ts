import { describe, expect, it, vi } from 'vitest';
import {
  externalReferrer,
  pageViewPath,
  sendPageView,
  trackingAllowed,
  type PageViewEvent,
} from './page-view';

describe('trackingAllowed', () => {
  it('allows tracking when the browser sends no privacy signal', () => {
    expect(trackingAllowed({ doNotTrack: null }, {})).toBe(true);
    expect(trackingAllowed({ doNotTrack: '0', globalPrivacyControl: false }, {})).toBe(true);
  });

  it('refuses when Do Not Track is on, in any of the forms browsers expose it', () => {
    expect(trackingAllowed({ doNotTrack: '1' }, {})).toBe(false);
    expect(trackingAllowed({}, { doNotTrack: '1' })).toBe(false);
    expect(trackingAllowed({ msDoNotTrack: '1' }, {})).toBe(false);
    expect(trackingAllowed({ doNotTrack: 'yes' }, {})).toBe(false);
  });

  it('refuses when Global Privacy Control is on', () => {
    expect(trackingAllowed({ doNotTrack: null, globalPrivacyControl: true }, {})).toBe(false);
  });
});

describe('pageViewPath', () => {
  it('keeps a path without parameters as it is', () => {
    expect(pageViewPath('/Aboutus', {})).toBe('/Aboutus');
  });

  it('replaces reset and verification codes and valuation ids by the parameter name', () => {
    expect(pageViewPath('/reset_password/123456', { code: '123456' })).toBe(
      '/reset_password/:code',
    );
    expect(pageViewPath('/Verify_account/a%20b', { code: 'a b' })).toBe('/Verify_account/:code');
    expect(pageViewPath('/Market/v-42', { id: 'v-42' })).toBe('/Market/:id');
  });

  it('keeps the unknown path of the not-found page so broken links show', () => {
    expect(pageViewPath('/no/such/page', { '*': 'no/such/page' })).toBe('/no/such/page');
  });
});

describe('externalReferrer', () => {
  it('gives only the origin of another site', () => {
    expect(externalReferrer('https://news.example.com/a/b?c=1', 'https://app.test')).toBe(
      'https://news.example.com',
    );
  });

  it('gives nothing for this site, no referrer or a malformed one', () => {
    expect(externalReferrer('https://app.test/Aboutus', 'https://app.test')).toBeUndefined();
    expect(externalReferrer('', 'https://app.test')).toBeUndefined();
    expect(externalReferrer('not a url', 'https://app.test')).toBeUndefined();
  });
});

describe('sendPageView', () => {
  const event: PageViewEvent = {
    type: 'page_view',
    path: '/Aboutus',
    title: 'About Us · Mr. Market',
    viewportWidth: 1280,
    at: '2022-05-18T00:00:00.000Z',
  };

  it('posts the event as plain text without cookies, kept alive past the page', () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    sendPageView('https://collect.example.com/e', event, fetchMock);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://collect.example.com/e');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      keepalive: true,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(JSON.parse(init.body as string)).toEqual(event);
  });

  it('swallows a failed send', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('offline');
    });
    expect(() => sendPageView('https://collect.example.com/e', event, fetchMock)).not.toThrow();
    await Promise.resolve();
  });
});
