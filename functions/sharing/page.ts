import { MODELS } from '../../shared/valuation';
import {
  SHARING_MESSAGES,
  previewImagePath,
  publicPitchPath,
  type PublicPitchResponse,
} from '../../shared/sharing/schemas';
import { withArticle } from '../../shared/format/article';
import { previewSvg, xmlText } from '../../shared/sharing/preview';
import { config } from '../lib/config';

/**
 * The HTML of `/p/{slug}` for link previews without JavaScript (decision 128): the title, a
 * description and the preview image in Open Graph and Twitter tags, a plain-text summary of the
 * pitch in `#root`, and `/share-boot.js`, which loads the app's own scripts (named in the
 * built index.html) so the single-page app takes over. Every text is escaped: a comment or a
 * display name can never become markup.
 */

export const BOOT_SCRIPT = '/share-boot.js';

const money = (n: number | null) => (n === null ? 'n/a' : `$${n.toFixed(2)}`);
const percent = (n: number | null) => (n === null ? 'n/a' : `${n >= 0 ? '+' : ''}${n.toFixed(1)}%`);

function modelName(typeId: number): string {
  const model = MODELS[typeId as keyof typeof MODELS] as { name: string } | undefined;
  return model?.name ?? 'Valuation';
}

/** Absolute addresses for crawlers when the site's address is configured, else site-relative. */
function absolute(path: string): string {
  const site = config().SITE_URL;
  return site ? `${site.replace(/\/+$/, '')}${path}` : path;
}

/** The company of a shared pitch: "Apple Inc. (AAPL)", or the symbol alone. */
export function pitchCompany(view: PublicPitchResponse): string {
  const c = view.current;
  return c.stock_name ? `${c.stock_name} (${c.stock_symbol})` : c.stock_symbol;
}

export function pitchTitle(view: PublicPitchResponse): string {
  const c = view.current;
  const name = pitchCompany(view);
  return `${name}: worth ${money(c.intrinsic_value_per_share)}, pitched at ${money(view.record.priceThen)}`;
}

export function pitchDescription(view: PublicPitchResponse): string {
  const c = view.current;
  const r = view.record;
  const since = `Pitched ${r.pitchedAt.slice(0, 10)} with ${withArticle(modelName(c.valuation_type_id))} model over ${c.holding_period} years.`;
  const record =
    r.returnSince === null
      ? ''
      : ` Since then ${percent(r.returnSince)}, the S&P 500 ${percent(r.indexReturn)}.`;
  const by = view.sharedBy ? ` Shared by ${view.sharedBy}.` : '';
  // The value in the title is the pitch's value now: an edit after the version says when.
  const edit = view.intrinsicEdit
    ? ` Intrinsic value changed on ${view.intrinsicEdit.editedAt.slice(0, 10)} from ${money(view.intrinsicEdit.versionValue)}.`
    : '';
  return `${since}${edit}${record}${by}`;
}

const attr = xmlText;

/** The site's icons, as web/index.html links them (served from the site's root). */
export const FAVICON_LINKS = [
  '<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48" />',
  '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />',
];

function head(title: string, description: string, extra: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    `<title>${xmlText(title)}</title>`,
    `<meta name="description" content="${attr(description)}" />`,
    ...FAVICON_LINKS,
    ...extra,
    `<script defer src="${BOOT_SCRIPT}"></script>`,
    '</head>',
  ].join('\n');
}

export function pitchPageHtml(view: PublicPitchResponse): string {
  const title = pitchTitle(view);
  const description = pitchDescription(view);
  const image = absolute(previewImagePath(view.slug));
  const url = absolute(publicPitchPath(view.slug));
  const c = view.current;
  const meta = [
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="Mr. Market" />`,
    `<meta property="og:title" content="${attr(title)}" />`,
    `<meta property="og:description" content="${attr(description)}" />`,
    `<meta property="og:url" content="${attr(url)}" />`,
    `<meta property="og:image" content="${attr(image)}" />`,
    `<meta property="og:image:type" content="image/png" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${attr(title)}" />`,
    `<meta name="twitter:description" content="${attr(description)}" />`,
    `<meta name="twitter:image" content="${attr(image)}" />`,
    `<link rel="canonical" href="${attr(url)}" />`,
  ];
  const body = [
    '<body>',
    '<div id="root">',
    '<main class="share-static">',
    `<h1>${xmlText(title)}</h1>`,
    `<p>${xmlText(description)}</p>`,
    `<p>Moats: ${xmlText(c.moats.join(', ') || 'none')}</p>`,
    `<p>${xmlText(c.comment)}</p>`,
    '</main>',
    '</div>',
    '</body>',
    '</html>',
  ];
  return [head(title, description, meta), ...body].join('\n');
}

export function notSharedHtml(): string {
  const title = 'Not shared - Mr. Market';
  return [
    head(title, SHARING_MESSAGES.notFound, [`<meta name="robots" content="noindex" />`]),
    '<body>',
    `<div id="root"><main class="share-static"><h1>${xmlText(SHARING_MESSAGES.notFound)}</h1></main></div>`,
    '</body>',
    '</html>',
  ].join('\n');
}

/** The preview's drawing: the company as its title, the figures under it (the PNG is this, rasterised). */
export function pitchPreviewSvg(view: PublicPitchResponse): string {
  return previewSvg({
    title: pitchCompany(view),
    priceThen: view.record.priceThen,
    priceNow: view.record.priceNow,
    intrinsic: view.current.intrinsic_value_per_share,
    path: view.expectedPath,
    yearsSince: view.record.daysSince / 365.25,
  });
}

/**
 * Headers of the page and the image: `no-store` unless the route wrapper gives a success the
 * share routes' edge lifetime (shared/market/edge-cache.ts, kind `share`; decision 128).
 */
export const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

/** The link-preview PNG: cached as the page is; an image runs nothing. */
export const PNG_HEADERS = {
  'content-type': 'image/png',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

export const SVG_HEADERS = {
  'content-type': 'image/svg+xml',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // An image: it runs nothing and loads nothing, even opened on its own.
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
};
