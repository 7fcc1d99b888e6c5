import * as z from 'zod/mini';
import '../schemas/zod-messages';
import { storedText } from '../schemas/text';
import { scorecardRowSchema, valuationId } from '../schemas/valuation-api';

/**
 * Sharing a pitch and the public record (docs/decisions/128-public-pitch-sharing.md): the
 * requests the routes take and the answers they give. A public answer carries nothing that
 * identifies the sharer beyond the display name they chose: no email, no user id, no
 * valuation id, no other pitch.
 */

/** 16 random bytes (128 bits) in base64url: 22 characters. */
export const SHARE_SLUG_LENGTH = 22;
const SLUG = /^[A-Za-z0-9_-]{22}$/;

export const SHARING_MESSAGES = {
  notFound: 'This page is not shared, or no longer.',
  slug: 'That address is not valid.',
  shared: 'Your pitch is shared: anyone with the link can see it.',
  stopped: 'Your pitch is no longer shared.',
  recordOn: 'Your public record is on.',
  recordOff: 'Your public record is off.',
  notPitched: 'Pitch this valuation before sharing it.',
  tooMany: 'You can share at most 100 pitches. Stop sharing one to share another.',
  notShared: 'This pitch is not shared.',
  noSuchVersion: 'This shared pitch has no such version.',
  currentVersion:
    'The current version cannot be hidden: Re-Pitch to replace it, or stop sharing the pitch.',
  versionHidden: 'That version is hidden from the public page.',
} as const;

/** How many pitches one user may share at once (bounds the public record's one query). */
export const SHARE_LIMIT = 100;
/** How many versions a share keeps (a Re-Pitch adds one); the oldest after the first are dropped. */
export const SHARE_VERSION_LIMIT = 20;
/** A pitch counts on the public record from this many days after it was pitched. */
export const RECORD_MIN_DAYS = 1;

export const shareSlug = z
  .string({ error: SHARING_MESSAGES.slug })
  .check(z.regex(SLUG, SHARING_MESSAGES.slug));

/** GET /api/public/pitch/{slug}, GET /p/{slug}, the preview image and the public record. */
export const shareSlugRequest = z.strictObject({ slug: shareSlug });
export type ShareSlugRequest = z.infer<typeof shareSlugRequest>;

/** POST /api/sharePitch and /api/stopSharingPitch. */
export const sharePitchRequest = z.strictObject({ valuation_id: valuationId });
export type SharePitchRequest = z.infer<typeof sharePitchRequest>;

/** POST /api/hideSharedVersion: hides an earlier version of a shared pitch (decision 143). */
export const hideSharedVersionRequest = z.strictObject({
  valuation_id: valuationId,
  version: z
    .number({ error: 'Choose the version to hide' })
    .check(
      z.int('Choose the version to hide'),
      z.positive('Choose the version to hide'),
      z.maximum(1_000_000, 'Choose the version to hide'),
    ),
});
export type HideSharedVersionRequest = z.infer<typeof hideSharedVersionRequest>;

/* ------------------------------------------------------------ display names */

export const DISPLAY_NAME_MAX = 40;
export const DISPLAY_NAME_MIN = 3;
const NAME_CHARACTERS = /^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u;
export const DISPLAY_NAME_MESSAGES = {
  characters:
    'A display name starts with a letter or a digit and holds letters, digits, spaces, dots, hyphens, apostrophes and underscores only',
  reserved: 'That display name is reserved: please choose another',
  mixedScripts:
    'A display name uses the letters of one script: Latin, Cyrillic and Greek letters, for example, cannot be mixed',
  tooShort: `A display name has at least ${DISPLAY_NAME_MIN} characters`,
  email: 'A display name cannot be an email address',
  taken: 'That display name, or one that looks the same, is taken: please choose another',
} as const;

/**
 * What a display name's form allows: length, characters, no email. What it reads as (reserved
 * names, look-alikes) is checked by `displayNameProblem` in ./display-name.ts, which needs
 * Unicode's confusables data: the form and the setPublicRecord handler load it, the other
 * sharing functions (the public pages) do not.
 */
export function displayNameFormProblem(name: string): string | undefined {
  if ([...name].length < DISPLAY_NAME_MIN) return DISPLAY_NAME_MESSAGES.tooShort;
  if (name.includes('@')) return DISPLAY_NAME_MESSAGES.email;
  if (!NAME_CHARACTERS.test(name)) return DISPLAY_NAME_MESSAGES.characters;
  return undefined;
}

export const displayName = storedText({ label: 'The display name', max: DISPLAY_NAME_MAX }).check(
  z.refine((s) => displayNameFormProblem(s) === undefined, {
    error: (issue) =>
      displayNameFormProblem(issue.input as string) ?? 'That display name is not valid',
  }),
);

/** POST /api/setPublicRecord: on with a display name, or off. */
export const setPublicRecordRequest = z.union(
  [
    z.strictObject({ enabled: z.literal(true), display_name: displayName }),
    z.strictObject({ enabled: z.literal(false) }),
  ],
  { error: 'Send enabled true with a display name, or enabled false' },
);
export type SetPublicRecordRequest = z.infer<typeof setPublicRecordRequest>;

/* ------------------------------------------------------------ answers */

const nullableNum = z.nullable(z.number());

/** One version of a shared pitch: what the server stored when it was shared or re-pitched. */
export const sharedVersionSchema = z.object({
  version: z.number(),
  /** When this version was stored (shared, or re-pitched). */
  at: z.string(),
  valuation_type_id: z.number(),
  stock_symbol: z.string(),
  stock_name: z.nullable(z.string()),
  market_price: z.number(),
  holding_period: z.number(),
  /** None for a DCF (type 5). */
  forward_multiple: nullableNum,
  /** The model's own inputs by field name (shared/valuation MODELS fieldLabels). */
  inputs: z.record(z.string(), nullableNum),
  intrinsic_value_per_share: z.number(),
  premium: z.number(),
  irr: z.number(),
  moic: z.number(),
  moats: z.array(z.string()),
  comment: z.string(),
});
export type SharedVersion = z.infer<typeof sharedVersionSchema>;

/** An earlier version its author hid: only its number and date stay (decision 143). */
export const hiddenVersionSchema = z.object({
  version: z.number(),
  at: z.string(),
  hidden: z.literal(true),
});
export type HiddenVersion = z.infer<typeof hiddenVersionSchema>;
export type ShareVersionEntry = SharedVersion | HiddenVersion;

export const isHiddenVersion = (v: ShareVersionEntry): v is HiddenVersion =>
  'hidden' in v && v.hidden === true;

/**
 * The pitch's intrinsic value now, when it differs from its latest version's: its owner
 * changed it on My Tracked Pitches at `editedAt` (decision 143).
 */
export const intrinsicEditSchema = z.object({
  editedAt: z.string(),
  /** The latest version's own value, before the edit. */
  versionValue: z.number(),
});
export type IntrinsicEdit = z.infer<typeof intrinsicEditSchema>;

/** The record since the pitch: anchored at the first version's pitch date and price. */
export const shareRecordSchema = z.object({
  pitchedAt: z.string(),
  priceThen: z.number(),
  priceNow: nullableNum,
  /** Percent. */
  returnSince: nullableNum,
  indexThen: nullableNum,
  indexNow: nullableNum,
  /** The S&P 500's return over the same days, percent. */
  indexReturn: nullableNum,
  /** returnSince - indexReturn, percentage points. */
  vsIndex: nullableNum,
  daysSince: z.number(),
});
export type ShareRecord = z.infer<typeof shareRecordSchema>;

/** The scorecard of a shared pitch: the scorecard row's figures, without its ids. */
export const publicScorecardSchema = z.pick(scorecardRowSchema, {
  yearsTracked: true,
  realizedReturn: true,
  fromGrowth: true,
  fromMultiple: true,
  expectedReturn: true,
  expectedFromGrowth: true,
  expectedFromMultiple: true,
  expectedPrice: true,
  vsExpected: true,
  status: true,
  reasons: true,
});
export type PublicScorecard = z.infer<typeof publicScorecardSchema>;

/** A point of the pitch's own expected path: price expected at `years` after the pitch. */
export const pathPointSchema = z.object({ years: z.number(), price: z.number() });

export const publicPitchResponse = z.object({
  slug: z.string(),
  /** The sharer's display name when their public record is on, else null. */
  sharedBy: z.nullable(z.string()),
  recordSlug: z.nullable(z.string()),
  /**
   * The latest version, its stock name the market data's, its intrinsic value the pitch's value
   * now (an edit after the version replaces it: `intrinsicEdit` dates it).
   */
  current: sharedVersionSchema,
  intrinsicEdit: z.nullable(intrinsicEditSchema),
  /** Every kept version, oldest first; one its author hid shows its number and date only. */
  versions: z.array(z.union([hiddenVersionSchema, sharedVersionSchema])),
  record: shareRecordSchema,
  scorecard: publicScorecardSchema,
  expectedPath: z.array(pathPointSchema),
  asOf: z.string(),
});
export type PublicPitchResponse = z.infer<typeof publicPitchResponse>;

export const publicRecordRowSchema = z.object({
  slug: z.string(),
  stock_symbol: z.string(),
  stock_name: z.nullable(z.string()),
  valuation_type_id: z.number(),
  /** The pitch's value now; `intrinsicEditedAt` dates an edit after its latest version. */
  intrinsic_value_per_share: z.number(),
  intrinsicEditedAt: z.nullable(z.string()),
  pitchedAt: z.string(),
  daysSince: z.number(),
  returnSince: nullableNum,
  indexReturn: nullableNum,
  vsIndex: nullableNum,
  /** False while the pitch is younger than RECORD_MIN_DAYS: listed, not counted. */
  counted: z.boolean(),
});
export type PublicRecordRow = z.infer<typeof publicRecordRowSchema>;

export const recordSummarySchema = z.object({
  counted: z.number(),
  ahead: z.number(),
  /** Share of counted pitches ahead of the S&P 500 since pitched, percent. */
  hitRate: nullableNum,
  averageVsIndex: nullableNum,
  medianVsIndex: nullableNum,
  averageReturn: nullableNum,
  medianReturn: nullableNum,
});
export type RecordSummary = z.infer<typeof recordSummarySchema>;

export const publicRecordResponse = z.object({
  displayName: z.string(),
  pitches: z.array(publicRecordRowSchema),
  summary: recordSummarySchema,
  asOf: z.string(),
});
export type PublicRecordResponse = z.infer<typeof publicRecordResponse>;

/** GET /api/myShares: the caller's shares (by valuation id) and public record setting. */
export const mySharesResponse = z.object({
  shares: z.array(
    z.object({
      valuation_id: z.string(),
      slug: z.string(),
      stock_symbol: z.string(),
      sharedAt: z.string(),
      versions: z.number(),
      /** Each kept version's number and date, and whether the public page hides it. */
      history: z.array(z.object({ version: z.number(), at: z.string(), hidden: z.boolean() })),
    }),
  ),
  publicRecord: z.nullable(z.object({ displayName: z.string(), slug: z.string() })),
});
export type MySharesResponse = z.infer<typeof mySharesResponse>;

export const sharePitchResponse = z.object({
  message: z.string(),
  valuation_id: z.string(),
  slug: z.string(),
  path: z.string(),
});
export type SharePitchResponse = z.infer<typeof sharePitchResponse>;

export const publicPitchPath = (slug: string) => `/p/${slug}`;
export const publicRecordPath = (slug: string) => `/u/${slug}`;
/** The link-preview image crawlers are given (PNG: what link previews show). */
export const previewImagePath = (slug: string) => `/api/public/pitch/${slug}/preview.png`;
/** The same drawing as SVG, which the public page itself shows. */
export const previewSvgPath = (slug: string) => `/api/public/pitch/${slug}/preview.svg`;
