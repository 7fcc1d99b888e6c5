/** Who runs Mr. Market and where to write: the one place these details live. */
export const COMPANY = {
  name: 'Mr. Market',
  addressLines: [
    'Mr. Market',
    '1 Raffles Place, #20-61',
    'One Raffles Place Tower 2',
    'Singapore 048616',
  ],
  country: 'Singapore',
} as const;

/** The dates the legal documents took effect and were last revised (DD/MM/YYYY). */
export const LEGAL_DATES = {
  termsUpdated: '18/05/2022',
  privacyUpdated: '18/05/2022',
  dataProtectionEffective: '18/05/2022',
  dataProtectionUpdated: '18/05/2022',
} as const;

const REGION_PLACES: Record<string, string> = {
  'us-east-1': 'the United States (Northern Virginia)',
  'us-east-2': 'the United States (Ohio)',
  'us-west-2': 'the United States (Oregon)',
  'eu-west-1': 'Ireland',
  'eu-central-1': 'Germany (Frankfurt)',
  'ap-southeast-1': 'Singapore',
  'ap-southeast-2': 'Australia (Sydney)',
  'ap-northeast-1': 'Japan (Tokyo)',
};

/** "the United States (Northern Virginia), AWS region us-east-1", or a generic phrase. */
export function regionPlace(region: string | undefined): string {
  if (!region) return 'the Amazon Web Services (AWS) region where the service is deployed';
  const place = REGION_PLACES[region];
  return place ? `${place}, AWS region ${region}` : `AWS region ${region}`;
}

export const isSingaporeRegion = (region: string | undefined) => region === 'ap-southeast-1';
