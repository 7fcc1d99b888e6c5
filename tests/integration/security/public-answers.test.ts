import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDef } from '../../../shared/routes';
import { shareSlugRequest, mySharesResponse } from '../../../shared/sharing/schemas';
import { apiClient } from '../../support/api';
import { createSignedInUser, type TestUser } from '../../support/users';
import { pitchOf } from '../valuation-support';

/**
 * The public answers of sharing (docs/decisions/128), walked from the route table: every
 * public route that takes a share's or a record's slug answers without anything private of
 * the sharer (email, user id, name on the account, valuation ids, portfolio, other pitches),
 * and once a share is stopped, every route that could reach it answers 404.
 */

const api = apiClient();

/** Public routes reached by a slug. */
const slugRoutes = ROUTES.filter((r) => !r.auth && r.request === shareSlugRequest);
/** Which of them a share reaches (the rest take a public record's slug). */
const reachesShare = (r: RouteDef) => !r.path.includes('/record/');

const pathOf = (route: RouteDef, slug: string) => route.path.replace('{slug}', slug);

describe('public answers of shared pitches and public records', () => {
  let a: TestUser;
  let shareSlug: string;
  let recordSlug: string;
  const privateIds: string[] = [];

  beforeAll(async () => {
    a = await createSignedInUser({ name: 'Hidden Legal Name' });
    const shared = await pitchOf(a, 1, 'AAPL');
    const other = await pitchOf(a, 2, 'NVDA', { comment: 'A private thesis nobody may read' });
    const portfolio = await api.post(
      '/api/addPortfolio',
      { portfolio_name: 'Secret Portfolio', investment_value: 10_000 },
      { token: a.accessToken },
    );
    expect(portfolio.status).toBe(200);
    const portfolioId = (portfolio.body as { data: { portfolio_id: string } }).data.portfolio_id;
    privateIds.push(shared.id, other.id, shared.valuation_output_id, portfolioId);
    const res = await api.post(
      '/api/sharePitch',
      { valuation_id: shared.id },
      { token: a.accessToken },
    );
    expect(res.status).toBe(200);
    shareSlug = (res.body as { slug: string }).slug;
    const on = await api.post(
      '/api/setPublicRecord',
      { enabled: true, display_name: 'Public Alias' },
      { token: a.accessToken },
    );
    expect(on.status).toBe(200);
    recordSlug = mySharesResponse.parse(
      (await api.get('/api/myShares', { token: a.accessToken })).body,
    ).publicRecord!.slug;
  });

  it('the route table has public slug routes of both kinds, all without sign-in', () => {
    expect(slugRoutes.filter(reachesShare).length).toBeGreaterThanOrEqual(3);
    expect(slugRoutes.filter((r) => !reachesShare(r)).length).toBeGreaterThanOrEqual(1);
    for (const route of slugRoutes) {
      expect(route.auth).toBe(false);
      expect(route.method).toBe('GET');
      expect(route.clientLimitPerMinute, route.id).toBeGreaterThan(0);
    }
  });

  it('no public answer carries the email, user id, account name, ids, portfolio or other pitches', async () => {
    for (const route of slugRoutes) {
      const slug = reachesShare(route) ? shareSlug : recordSlug;
      // Signed out, and signed in as the sharer: the same public answer either way.
      for (const token of [undefined, a.accessToken]) {
        const res = await api.get<unknown>(pathOf(route, slug), token ? { token } : {});
        expect(res.status, route.id).toBe(200);
        const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
        for (const secret of [a.email, a.userId, a.name, 'Secret Portfolio', ...privateIds])
          expect(text, `${route.id} leaks ${secret}`).not.toContain(secret);
        expect(text, route.id).not.toContain('NVDA');
        expect(text, route.id).not.toContain('A private thesis');
        expect(text, route.id).not.toMatch(/"(pk|sk|gsi1pk|userId|email|sub)"/);
      }
    }
  });

  it('a stopped share answers 404 on every route that could reach it', async () => {
    const mine = mySharesResponse.parse(
      (await api.get('/api/myShares', { token: a.accessToken })).body,
    );
    const stop = await api.post(
      '/api/stopSharingPitch',
      { valuation_id: mine.shares[0]!.valuation_id },
      { token: a.accessToken },
    );
    expect(stop.status).toBe(200);
    for (const route of slugRoutes.filter(reachesShare)) {
      for (const token of [undefined, a.accessToken]) {
        const res = await api.get(pathOf(route, shareSlug), token ? { token } : {});
        expect(res.status, route.id).toBe(404);
      }
    }
    const record = await api.get<unknown>(`/api/public/record/${recordSlug}`);
    expect(record.status).toBe(200);
    expect(JSON.stringify(record.body)).not.toContain(shareSlug);
  });

  it('after the account is deleted, the record answers 404 too', async () => {
    const res = await api.post('/api/deleteAccount', { confirm: true }, { token: a.accessToken });
    expect(res.status).toBe(200);
    for (const route of slugRoutes) {
      const slug = reachesShare(route) ? shareSlug : recordSlug;
      expect((await api.get(pathOf(route, slug))).status, route.id).toBe(404);
    }
  });
});
