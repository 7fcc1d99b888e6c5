import { emptyRequest } from '../schemas/common';
import {
  hideSharedVersionRequest,
  setPublicRecordRequest,
  sharePitchRequest,
  shareSlugRequest,
} from '../sharing/schemas';
import { defineRoutes, WRITE_LIMIT_PER_MINUTE, type EdgeCacheDef } from './types';

/** Requests a minute one client may make on a public sharing route (a reader, not a crawler farm). */
export const PUBLIC_SHARE_CLIENT_LIMIT = 60;

/** The public share answers: seconds at the edge, one copy per path (no query). */
const SHARE_EDGE_CACHE: EdgeCacheDef = { kind: 'share', query: () => ({}) };

/**
 * Sharing a pitch and the public record (docs/decisions/128-public-pitch-sharing.md). The
 * public routes answer for an unguessable slug only, and never carry the sharer's email,
 * user id, valuation ids or other pitches (tests/integration/security/public-answers.test.ts).
 */
export const sharingRoutes = defineRoutes([
  {
    id: 'sharePitch',
    method: 'POST',
    path: '/api/sharePitch',
    auth: true,
    handler: 'api/sharePitch',
    request: sharePitchRequest,
    needs: ['tableWrite', 'marketData'],
    summary: 'Share a pitch at a public, unguessable address (again: the same address)',
    owns: [{ field: 'valuation_id', kind: 'valuation' }],
    writeLimitPerMinute: WRITE_LIMIT_PER_MINUTE,
  },
  {
    id: 'stopSharingPitch',
    method: 'POST',
    path: '/api/stopSharingPitch',
    auth: true,
    handler: 'api/stopSharingPitch',
    request: sharePitchRequest,
    needs: ['tableWrite'],
    summary: 'Stop sharing a pitch: its public page answers 404',
    owns: [{ field: 'valuation_id', kind: 'valuation' }],
    writeLimitPerMinute: WRITE_LIMIT_PER_MINUTE,
  },
  {
    id: 'hideSharedVersion',
    method: 'POST',
    path: '/api/hideSharedVersion',
    auth: true,
    handler: 'api/hideSharedVersion',
    request: hideSharedVersionRequest,
    needs: ['tableWrite'],
    summary:
      'Hide an earlier version of a shared pitch from its public page (its words and figures go)',
    owns: [{ field: 'valuation_id', kind: 'valuation' }],
    writeLimitPerMinute: WRITE_LIMIT_PER_MINUTE,
  },
  {
    id: 'myShares',
    method: 'GET',
    path: '/api/myShares',
    auth: true,
    handler: 'api/myShares',
    request: emptyRequest,
    needs: ['tableRead'],
    summary: "The signed-in user's shared pitches and public record setting",
  },
  {
    id: 'setPublicRecord',
    method: 'POST',
    path: '/api/setPublicRecord',
    auth: true,
    handler: 'api/setPublicRecord',
    request: setPublicRecordRequest,
    needs: ['tableWrite'],
    summary: 'Turn the public record on under a display name, or off',
    writeLimitPerMinute: WRITE_LIMIT_PER_MINUTE,
  },
  {
    id: 'publicPitch',
    method: 'GET',
    path: '/api/public/pitch/{slug}',
    auth: false,
    handler: 'api/publicPitch',
    request: shareSlugRequest,
    needs: ['tableWrite', 'marketData'],
    summary: 'A shared pitch: its versions and its record against the S&P 500',
    clientLimitPerMinute: PUBLIC_SHARE_CLIENT_LIMIT,
    edgeCache: SHARE_EDGE_CACHE,
  },
  {
    id: 'publicPitchPreview',
    method: 'GET',
    path: '/api/public/pitch/{slug}/preview.svg',
    auth: false,
    handler: 'api/publicPitchPreview',
    request: shareSlugRequest,
    needs: ['tableWrite', 'marketData'],
    summary: "A shared pitch's link-preview image (SVG): price against intrinsic value",
    clientLimitPerMinute: PUBLIC_SHARE_CLIENT_LIMIT,
    edgeCache: SHARE_EDGE_CACHE,
  },
  {
    id: 'publicPitchPreviewPng',
    method: 'GET',
    path: '/api/public/pitch/{slug}/preview.png',
    auth: false,
    handler: 'api/publicPitchPreviewPng',
    request: shareSlugRequest,
    needs: ['tableWrite', 'marketData'],
    summary: "A shared pitch's link-preview image as PNG (what social sites and chat apps show)",
    clientLimitPerMinute: PUBLIC_SHARE_CLIENT_LIMIT,
    edgeCache: SHARE_EDGE_CACHE,
  },
  {
    id: 'publicPitchPage',
    method: 'GET',
    path: '/p/{slug}',
    auth: false,
    handler: 'api/publicPitchPage',
    request: shareSlugRequest,
    needs: ['tableWrite', 'marketData'],
    summary: "A shared pitch's page: the app with its title, description and preview meta tags",
    clientLimitPerMinute: PUBLIC_SHARE_CLIENT_LIMIT,
    edgeCache: SHARE_EDGE_CACHE,
  },
  {
    id: 'publicRecord',
    method: 'GET',
    path: '/api/public/record/{slug}',
    auth: false,
    handler: 'api/publicRecord',
    request: shareSlugRequest,
    needs: ['tableWrite', 'marketData'],
    summary: "An investor's public record: their shared pitches against the S&P 500",
    clientLimitPerMinute: PUBLIC_SHARE_CLIENT_LIMIT,
    edgeCache: SHARE_EDGE_CACHE,
  },
]);
