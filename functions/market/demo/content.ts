/**
 * Generated descriptive content: business descriptions, news items and illustrative
 * institutional holders. Nothing here states a fact about a real person or firm: the data set
 * names no executives, head office or head count, holder names say they are illustrative, and
 * news hosts are example domains.
 */
import { mulberry32, pick } from './random.js';
import type { UniverseEntry } from './universe.js';

const OFFERINGS: Record<string, string> = {
  Technology:
    'hardware, software and services that help businesses and consumers run, secure and analyse their operations',
  Healthcare: 'medicines, devices and services that diagnose, treat and manage disease',
  'Financial Services':
    'lending, payments, investment and risk products for individuals, businesses and institutions',
  'Consumer Cyclical': 'goods and experiences that households buy when they have money to spend',
  'Consumer Defensive': 'everyday essentials that households buy in every economic climate',
  Industrials:
    'equipment, systems and services that keep factories, transport networks and infrastructure running',
  Energy: 'the exploration, production, processing and transport of energy',
  Utilities: 'regulated and contracted power, gas and water services',
  'Real Estate': 'properties that it owns, develops, leases and manages',
  'Basic Materials':
    'raw and processed materials used across manufacturing, construction and agriculture',
  'Communication Services':
    'connectivity, media and entertainment that reach consumers and advertisers',
};

export function description(e: UniverseEntry): string {
  const offering = OFFERINGS[e.sector] ?? 'products and services';
  return (
    `${e.name} operates in the ${e.industry.toLowerCase()} industry within the ${e.sector.toLowerCase()} sector, providing ${offering}. ` +
    `The company's shares trade on the ${e.exchange} under the symbol ${e.symbol}. ` +
    `The figures shown for it in this demo data set are generated and do not describe its actual results.`
  );
}

const NEWS_TEMPLATES: readonly ((e: UniverseEntry) => [string, string])[] = [
  (e) => [
    `${e.name} reports quarterly results`,
    `${e.name} published its latest quarterly results, with management commenting on demand across its ${e.industry.toLowerCase()} business and its outlook for the rest of the year.`,
  ],
  (e) => [
    `Analysts revisit their view on ${e.symbol}`,
    `Several analysts updated their price targets for ${e.name} after recent trading, citing valuation and the competitive landscape in ${e.sector.toLowerCase()}.`,
  ],
  (e) => [
    `${e.name} announces new initiative`,
    `${e.name} outlined a new initiative aimed at expanding its position in ${e.industry.toLowerCase()}, with investment planned over the coming years.`,
  ],
  (e) => [
    `${e.symbol} shares move as sector rotates`,
    `Shares of ${e.name} moved with peers in ${e.sector.toLowerCase()} as investors reassessed interest-rate expectations and sector leadership.`,
  ],
  (e) => [
    `${e.name} to present at investor conference`,
    `${e.name} said members of its leadership team will present at an upcoming investor conference and take questions from analysts.`,
  ],
  (e) => [
    `What to watch in ${e.symbol}'s next report`,
    `Investors will look at margins, cash generation and guidance when ${e.name} reports next, according to market commentators.`,
  ],
  (e) => [
    `${e.name} board update`,
    `${e.name} announced changes to its board of directors and reaffirmed its capital allocation priorities.`,
  ],
];
const SITES: readonly [string, string][] = [
  ['news.example.com', 'Example Market News'],
  ['markets.example.org', 'Example Markets Daily'],
  ['wire.example.net', 'Example Business Wire'],
];

export interface NewsItem {
  symbol: string;
  publishedMs: number;
  publisher: string;
  title: string;
  image: string;
  site: string;
  text: string;
  url: string;
}

/** News items for the days in [fromDay, toDay]: about one every four days, deterministic per day. */
export function newsForDay(
  e: UniverseEntry,
  day: number,
  seed: number,
  dayMs: number,
): NewsItem | null {
  const rnd = mulberry32(seed ^ Math.imul(day, 2654435761));
  if (rnd() > 0.28) return null;
  const [title, text] = pick(rnd, NEWS_TEMPLATES)(e);
  const [site, publisher] = pick(rnd, SITES);
  const minute = 6 * 60 + Math.floor(rnd() * 14 * 60);
  const slug = `${e.symbol.toLowerCase()}-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${day}`;
  return {
    symbol: e.symbol,
    publishedMs: day * dayMs + minute * 60_000,
    publisher,
    title,
    image: '/images/news/placeholder.svg',
    site,
    text,
    url: `https://${site}/${slug}`,
  };
}

/** Institutional holders of the demo data set: illustrative, and named so. */
export const HOLDERS = [
  'Illustrative Index Fund',
  'Illustrative Pension Fund',
  'Illustrative Growth Fund',
  'Illustrative Value Fund',
  'Illustrative Dividend Fund',
  'Illustrative Balanced Fund',
  'Illustrative Endowment',
  'Illustrative Insurance Portfolio',
  'Illustrative Quant Fund',
  'Illustrative Retirement Plan',
  'Illustrative Sovereign Fund',
  'Illustrative Mutual Fund',
];
