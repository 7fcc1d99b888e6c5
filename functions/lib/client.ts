import { AsyncLocalStorage } from 'node:async_hooks';
import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { ApiEvent } from './http';
import { config } from './config';

/**
 * Who is calling, as far as the network tells (docs/decisions/122). In AWS every request
 * comes through CloudFront, which adds the origin-verify header (a secret shared with the
 * functions) and the viewer's address; a request without the header did not come through
 * the site and is refused. Locally the secret is unset unless a test sets it, and the
 * caller's address is the socket's.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
/** CloudFront's header with the viewer's address and port (`198.51.100.7:53122`, `[2001:db8::1]:443`). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';
/**
 * The viewer's address alone, written by the site's viewer-request CloudFront Function from
 * `event.viewer.ip` (infra/constructs/web.ts): a viewer header, so every API behaviour's origin
 * request policy forwards it, and overwritten there, so a client cannot choose it.
 */
export const FUNCTION_VIEWER_ADDRESS_HEADER = 'x-viewer-address';

function header(event: ApiEvent, name: string): string | undefined {
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === name && value !== undefined) return value;
  }
  return undefined;
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Whether the request came through the site's CloudFront (always true when no secret is set):
 * it carries either origin secret. CloudFront sends one; accepting both lets a new value reach
 * the functions one deployment before CloudFront sends it (decision 137).
 */
export function cameThroughOrigin(event: ApiEvent): boolean {
  const { ORIGIN_VERIFY_SECRET: first, ORIGIN_VERIFY_SECRET_2: second } = config();
  if (!first) return true;
  const sent = header(event, ORIGIN_VERIFY_HEADER);
  if (sent === undefined) return false;
  // Both compared, in constant time each, whichever matches.
  const a = sameSecret(sent, first);
  const b = second !== undefined && sameSecret(sent, second);
  return a || b;
}

/** The address part of `CloudFront-Viewer-Address` (IPv4, or IPv6 with or without brackets). */
export function addressOf(viewer: string): string | undefined {
  const v = viewer.trim();
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d+)?$/i.exec(v);
  if (bracketed) return bracketed[1]!.toLowerCase();
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?$/.exec(v);
  if (v4) return v4[1];
  // CloudFront writes IPv6 without brackets: the port follows the last colon.
  const v6 = /^([0-9a-f:]+):(\d+)$/i.exec(v);
  if (v6 && v6[1]!.includes(':')) return v6[1]!.toLowerCase();
  return undefined;
}

/**
 * The caller's address for per-client limits: CloudFront's viewer address when the request
 * proved it came through CloudFront (a client cannot choose it then), else the connection's.
 * An IPv6 caller counts by its /64, the block one subscriber usually holds.
 */
export function clientAddress(event: ApiEvent): string {
  const viaSite = Boolean(config().ORIGIN_VERIFY_SECRET);
  const plain = viaSite ? header(event, FUNCTION_VIEWER_ADDRESS_HEADER)?.trim() : undefined;
  const viewer = viaSite ? header(event, VIEWER_ADDRESS_HEADER) : undefined;
  const address =
    (plain && isIP(plain) ? plain.toLowerCase() : undefined) ||
    (viewer && addressOf(viewer)) ||
    event.requestContext.http.sourceIp ||
    'unknown';
  if (!address.includes(':')) return address;
  const groups = expandIpv6(address);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : address;
}

function expandIpv6(address: string): string[] | undefined {
  const [head, tail, extra] = address.split('::');
  if (extra !== undefined) return undefined;
  const h = head ? head.split(':') : [];
  const t = tail !== undefined ? (tail ? tail.split(':') : []) : [];
  const fill = tail !== undefined ? 8 - h.length - t.length : 0;
  if (fill < 0) return undefined;
  const groups = [...h, ...Array<string>(fill).fill('0'), ...t];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return undefined;
  return groups.map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

const current = new AsyncLocalStorage<string>();

/** Runs a request's handler with its client's address known to what it calls (the market guard). */
export function withClient<T>(address: string, fn: () => Promise<T>): Promise<T> {
  return current.run(address, fn);
}

/** The address of the client whose request is being handled; undefined in jobs. */
export function currentClient(): string | undefined {
  return current.getStore();
}
