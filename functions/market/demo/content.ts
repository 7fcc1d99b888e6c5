/**
 * Generated descriptive content: business descriptions, executives, headquarters, news items and
 * institutional holders. People and holder names are fictional; hosts are example domains.
 */
import { mulberry32, pick, seedOf } from './random.js';
import type { UniverseEntry } from './universe.js';

const FIRST_F = [
  'Laura',
  'Maria',
  'Susan',
  'Karen',
  'Nadia',
  'Priya',
  'Elena',
  'Grace',
  'Hannah',
  'Julia',
  'Olivia',
  'Rachel',
  'Sofia',
  'Teresa',
  'Wendy',
  'Amara',
];
const FIRST_M = [
  'James',
  'Robert',
  'Michael',
  'David',
  'Daniel',
  'Thomas',
  'Andrew',
  'Kevin',
  'Brian',
  'Samuel',
  'Victor',
  'Marcus',
  'Rahul',
  'Diego',
  'Peter',
  'Owen',
];
const LAST = [
  'Whitfield',
  'Alvarez',
  'Brennan',
  'Castillo',
  'Donovan',
  'Ellison',
  'Fairbanks',
  'Garrity',
  'Hollis',
  'Iverson',
  'Jameson',
  'Kowalski',
  'Lindqvist',
  'Mercer',
  'Novak',
  'Okafor',
  'Prescott',
  'Quinlan',
  'Radcliffe',
  'Sandoval',
  'Thornton',
  'Underwood',
  'Vasquez',
  'Winslow',
  'Yamada',
  'Zimmerman',
  'Ashford',
  'Bellamy',
  'Carrington',
  'Delacroix',
];

const HQ: readonly [string, string, string, string][] = [
  ['New York', 'NY', '10001', '212'],
  ['San Jose', 'CA', '95110', '408'],
  ['Austin', 'TX', '78701', '512'],
  ['Chicago', 'IL', '60601', '312'],
  ['Boston', 'MA', '02110', '617'],
  ['Seattle', 'WA', '98101', '206'],
  ['Atlanta', 'GA', '30303', '404'],
  ['Denver', 'CO', '80202', '303'],
  ['Houston', 'TX', '77002', '713'],
  ['Charlotte', 'NC', '28202', '704'],
  ['Minneapolis', 'MN', '55402', '612'],
  ['Columbus', 'OH', '43215', '614'],
  ['Phoenix', 'AZ', '85004', '602'],
  ['Pittsburgh', 'PA', '15222', '412'],
  ['Nashville', 'TN', '37203', '615'],
  ['San Diego', 'CA', '92101', '619'],
];
const STREETS = [
  'Market Street',
  'Main Street',
  'Commerce Drive',
  'Park Avenue',
  'Lakeview Parkway',
  'Harbor Boulevard',
  'Innovation Way',
  'Corporate Center Drive',
];

export interface Person {
  name: string;
  gender: 'male' | 'female';
  yearBorn: number;
}

function person(rnd: () => number): Person {
  const female = rnd() < 0.4;
  return {
    name: `${pick(rnd, female ? FIRST_F : FIRST_M)} ${pick(rnd, LAST)}`,
    gender: female ? 'female' : 'male',
    yearBorn: 1955 + Math.floor(rnd() * 30),
  };
}

const TITLES = [
  'Chief Executive Officer & Director',
  'Chief Financial Officer',
  'Chief Operating Officer',
  'General Counsel & Corporate Secretary',
  'Chief Accounting Officer',
  'Chief Technology Officer',
];

export function executives(e: UniverseEntry) {
  const rnd = mulberry32(seedOf(`${e.symbol}:people`));
  const n = 5 + Math.floor(rnd() * 2);
  const rows = [];
  for (let k = 0; k < n; k++) {
    const p = person(rnd);
    const pay = k < 3 ? Math.round((k === 0 ? 3e6 : 1e6) * (1 + rnd() * 4)) : null;
    rows.push({
      title: TITLES[k] ?? 'Senior Vice President',
      name: p.name,
      pay,
      currencyPay: 'USD',
      gender: p.gender,
      yearBorn: rnd() < 0.8 ? p.yearBorn : null,
      titleSince: null,
      active: true,
    });
  }
  return rows;
}

export function headquarters(e: UniverseEntry) {
  const rnd = mulberry32(seedOf(`${e.symbol}:hq`));
  const [city, state, zip, area] = pick(rnd, HQ);
  return {
    address: `${100 + Math.floor(rnd() * 9800)} ${pick(rnd, STREETS)}`,
    city,
    state,
    zip,
    phone: `+1 ${area} 555 ${String(1000 + Math.floor(rnd() * 8999))}`,
  };
}

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

export function description(e: UniverseEntry, ceo: string, employees: number): string {
  const offering = OFFERINGS[e.sector] ?? 'products and services';
  return (
    `${e.name} operates in the ${e.industry.toLowerCase()} industry within the ${e.sector.toLowerCase()} sector, providing ${offering}. ` +
    `The company's shares trade on the ${e.exchange} under the symbol ${e.symbol}; it is led by ${ceo} and employs about ${employees.toLocaleString('en-US')} people. ` +
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

export const HOLDERS = [
  'Northbridge Capital Management',
  'Granite Peak Advisors',
  'Meridian Index Partners',
  'Harborview Asset Management',
  'Silverline Investment Group',
  'Cedar Ridge Capital',
  'Bluewater Global Investors',
  'Summit Trail Partners',
  'Keystone Pension Trust',
  'Lighthouse Mutual Funds',
  'Redwood Quantitative',
  'Evergreen Retirement Systems',
  'Crescent Bay Capital',
  'Ironwood Wealth Partners',
];
