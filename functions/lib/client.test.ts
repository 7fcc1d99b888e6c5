import { afterEach, describe, expect, it } from 'vitest';
import { addressOf, cameThroughOrigin, clientAddress } from './client';
import { resetConfigForTests } from './config';
import type { ApiEvent } from './http';

const SECRET = 'a-secret-of-at-least-32-characters!!';

function event(headers: Record<string, string>, sourceIp = '130.176.1.1'): ApiEvent {
  return { headers, requestContext: { http: { sourceIp } } } as unknown as ApiEvent;
}

function withSecret(secret: string | undefined, second?: string) {
  if (secret === undefined) delete process.env.ORIGIN_VERIFY_SECRET;
  else process.env.ORIGIN_VERIFY_SECRET = secret;
  if (second === undefined) delete process.env.ORIGIN_VERIFY_SECRET_2;
  else process.env.ORIGIN_VERIFY_SECRET_2 = second;
  resetConfigForTests();
}

afterEach(() => withSecret(undefined));

describe('the viewer address CloudFront forwards', () => {
  it('reads IPv4 and IPv6 addresses with their ports, and refuses anything else', () => {
    expect(addressOf('198.51.100.7:53122')).toBe('198.51.100.7');
    expect(addressOf('198.51.100.7')).toBe('198.51.100.7');
    expect(addressOf('2001:db8::7:443')).toBe('2001:db8::7');
    expect(addressOf('[2001:DB8::7]:443')).toBe('2001:db8::7');
    expect(addressOf('evil, 1.2.3.4')).toBeUndefined();
    expect(addressOf('')).toBeUndefined();
  });
});

describe('who the client is', () => {
  it('is the connection when no origin secret is set; a viewer header is then ignored', () => {
    withSecret(undefined);
    const e = event({ 'cloudfront-viewer-address': '203.0.113.9:1' }, '127.0.0.2');
    expect(cameThroughOrigin(e)).toBe(true);
    expect(clientAddress(e)).toBe('127.0.0.2');
  });

  it('behind CloudFront is the viewer, and a request without the secret did not come through it', () => {
    withSecret(SECRET);
    const through = event({
      'X-Origin-Verify': SECRET,
      'CloudFront-Viewer-Address': '203.0.113.9:4431',
    });
    expect(cameThroughOrigin(through)).toBe(true);
    expect(clientAddress(through)).toBe('203.0.113.9');
    expect(cameThroughOrigin(event({}))).toBe(false);
    expect(cameThroughOrigin(event({ 'x-origin-verify': `${SECRET}x` }))).toBe(false);
    expect(cameThroughOrigin(event({ 'x-origin-verify': SECRET.toUpperCase() }))).toBe(false);
  });

  it("reads the address the site's CloudFront Function wrote (x-viewer-address) first", () => {
    withSecret(SECRET);
    const v4 = event({
      'x-origin-verify': SECRET,
      'x-viewer-address': '198.51.100.23',
      'cloudfront-viewer-address': '203.0.113.9:4431',
    });
    expect(clientAddress(v4)).toBe('198.51.100.23');
    const v6 = event({ 'x-origin-verify': SECRET, 'x-viewer-address': '2001:DB8:1:2::A' });
    expect(clientAddress(v6)).toBe('2001:db8:1:2::/64');
    // Not an address: the CloudFront header, else the connection.
    const junk = event(
      { 'x-origin-verify': SECRET, 'x-viewer-address': '1.2.3.4, 5.6.7.8' },
      '127.0.0.9',
    );
    expect(clientAddress(junk)).toBe('127.0.0.9');
    // Without the origin secret configured, neither header is believed.
    withSecret(undefined);
    expect(clientAddress(event({ 'x-viewer-address': '198.51.100.23' }, '127.0.0.2'))).toBe(
      '127.0.0.2',
    );
  });

  it('counts an IPv6 viewer by its /64, the block one subscriber holds', () => {
    withSecret(SECRET);
    const a = event({
      'x-origin-verify': SECRET,
      'cloudfront-viewer-address': '2001:db8:1:2::a:443',
    });
    const b = event({
      'x-origin-verify': SECRET,
      'cloudfront-viewer-address': '2001:db8:1:2:ffff:1:2:3:443',
    });
    const c = event({
      'x-origin-verify': SECRET,
      'cloudfront-viewer-address': '2001:db8:1:3::a:443',
    });
    expect(clientAddress(a)).toBe('2001:db8:1:2::/64');
    expect(clientAddress(b)).toBe(clientAddress(a));
    expect(clientAddress(c)).not.toBe(clientAddress(a));
  });
});

describe('the two origin secrets (decision 137)', () => {
  it('accepts either secret and nothing else', () => {
    const second = 'another-secret-of-at-least-32-characters';
    withSecret(SECRET, second);
    expect(cameThroughOrigin(event({ 'x-origin-verify': SECRET }))).toBe(true);
    expect(cameThroughOrigin(event({ 'x-origin-verify': second }))).toBe(true);
    expect(cameThroughOrigin(event({ 'x-origin-verify': `${second}x` }))).toBe(false);
    expect(cameThroughOrigin(event({}))).toBe(false);
    // Without a second one, only the first.
    withSecret(SECRET);
    expect(cameThroughOrigin(event({ 'x-origin-verify': second }))).toBe(false);
  });
});
