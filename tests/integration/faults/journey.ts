import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { computeValuation, toStoredOutputs } from '../../../shared/valuation';

/**
 * One investor's data built through the API of any running stack (the shared test stack, a
 * second stack, a real `npm start`), and the reads that find it again: the fault tests
 * check every item survives an outage or a restart.
 */
export interface StackAddress {
  api: string;
  cognito: string;
  userPoolId: string;
  clientId: string;
}

export interface Investor {
  email: string;
  password: string;
  token: string;
}

export interface Built {
  valuationId: string;
  pitchId: string;
  portfolioId: string;
  orderId: string;
  symbol: string;
  watched: string;
}

export interface Reply {
  status: number;
  body: Record<string, unknown> & { message?: string; data?: unknown };
}

export async function call(
  at: StackAddress,
  token: string | undefined,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await fetch(new URL(path, at.api), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let parsed: Reply['body'];
  try {
    parsed = JSON.parse(text) as Reply['body'];
  } catch {
    parsed = { message: text };
  }
  return { status: res.status, body: parsed };
}

function cognito(at: StackAddress): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: at.cognito,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
}

export async function signIn(at: StackAddress, email: string, password: string): Promise<string> {
  const client = cognito(at);
  try {
    const auth = await client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: at.clientId,
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = auth.AuthenticationResult?.AccessToken;
    if (!token) throw new Error('sign-in returned no access token');
    return token;
  } finally {
    client.destroy();
  }
}

export async function newInvestor(at: StackAddress): Promise<Investor> {
  const email = `fault-${randomUUID().slice(0, 8)}@example.com`;
  const password = `Pw-${randomUUID()}`;
  const client = cognito(at);
  try {
    await client.send(
      new SignUpCommand({
        ClientId: at.clientId,
        Username: email,
        Password: password,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'name', Value: 'Fault Investor' },
        ],
      }),
    );
    await client.send(
      new AdminConfirmSignUpCommand({ UserPoolId: at.userPoolId, Username: email }),
    );
  } finally {
    client.destroy();
  }
  return { email, password, token: await signIn(at, email, password) };
}

function ok(reply: Reply, what: string): Reply['body'] {
  if (reply.status !== 200)
    throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

const idOf = (body: Reply['body'], ...path: string[]): string => {
  let v: unknown = body;
  for (const p of path) v = (v as Record<string, unknown> | undefined)?.[p];
  if (typeof v !== 'string' && typeof v !== 'number') throw new Error(`no ${path.join('.')}`);
  return String(v);
};

/** A P/E (1) or P/B (2) valuation payload with the outputs the shared math gives (what the panel sends). */
export function valuationPayload(type: 1 | 2, symbol: string, price: number) {
  const common = {
    stock_symbol: symbol,
    market_price: price,
    holding_period: 3,
    forward_multiple: 18,
  };
  const inputs =
    type === 1
      ? { valuation_type_id: 1 as const, ...common, earnings_per_share: 6.5, growth_ratein_eps: 9 }
      : {
          valuation_type_id: 2 as const,
          ...common,
          book_value_per_share: 4.2,
          growth_in_bookvalue: 5,
        };
  const result = computeValuation(inputs);
  if (!result.ok) throw new Error(`inputs give no valuation: ${result.message}`);
  return { ...inputs, moats: ['Brand(s)'], comment: 'Survives faults', ...toStoredOutputs(result) };
}

/** The market price of a symbol as the stack's API quotes it (what the valuation panel shows). */
export async function quotedPrice(at: StackAddress, symbol: string): Promise<number> {
  const body = ok(
    await call(at, undefined, 'POST', '/api/common_api', {
      url: `quote/${symbol}`,
      method: 'GET',
      parameters: {},
    }),
    `quote of ${symbol}`,
  );
  const price = (body.data as { price?: unknown }[] | undefined)?.[0]?.price;
  if (typeof price !== 'number' || !(price > 0)) throw new Error(`no price for ${symbol}`);
  return price;
}

/** A valuation kept for later, a pitch, a portfolio with an open limit order, a watched stock. */
export async function buildData(at: StackAddress, token: string): Promise<Built> {
  const symbol = 'AAPL';
  const watched = 'MSFT';
  const price = await quotedPrice(at, symbol);
  const saved = ok(
    await call(at, token, 'POST', '/api/addValuation', {
      ...valuationPayload(1, symbol, price),
      pitch_status: 0,
    }),
    'addValuation',
  );
  const pitched = ok(
    await call(at, token, 'POST', '/api/addPitch', valuationPayload(2, symbol, price)),
    'addPitch',
  );
  const portfolio = ok(
    await call(at, token, 'POST', '/api/addPortfolio', {
      portfolio_name: 'Fault tolerant',
      investment_value: 100_000,
    }),
    'addPortfolio',
  );
  const portfolioId = idOf(portfolio, 'data', 'portfolio_id');
  const order = ok(
    await call(at, token, 'POST', '/api/placeOrder', {
      portfolio_id: portfolioId,
      stock_symbol: symbol,
      side: 'buy',
      order_type: 'limit',
      invest_by: 'quantity',
      quantity: 3,
      limit_price: 1,
    }),
    'placeOrder',
  );
  ok(await call(at, token, 'POST', '/api/addWatchList', { stock_symbol: watched }), 'addWatchList');
  return {
    valuationId: idOf(saved, 'data', 'id'),
    pitchId: idOf(pitched, 'data', 'id'),
    portfolioId,
    orderId: idOf(order, 'data', 'order', 'order_id'),
    symbol,
    watched,
  };
}

/** The reads a signed-in investor makes: each names the route, its call and what it must find. */
export function reads(at: StackAddress, token: string, built: Built) {
  return [
    {
      route: 'myValuation',
      run: () => call(at, token, 'POST', '/api/myValuation', {}),
      finds: (r: Reply) =>
        JSON.stringify(r.body).includes(built.valuationId) &&
        JSON.stringify(r.body).includes(built.pitchId),
    },
    {
      route: 'getPortfolioList',
      run: () => call(at, token, 'GET', '/api/getPortfolioList'),
      finds: (r: Reply) => JSON.stringify(r.body).includes(built.portfolioId),
    },
    {
      route: 'getPortfolioHoldings',
      run: () =>
        call(at, token, 'POST', '/api/getPortfolioHoldings', { portfolio_id: built.portfolioId }),
      finds: (r: Reply) => JSON.stringify(r.body).includes(built.orderId),
    },
    {
      route: 'getWatchList',
      run: () => call(at, token, 'GET', '/api/getWatchList'),
      finds: (r: Reply) => JSON.stringify(r.body).includes(built.watched),
    },
    {
      route: 'user',
      run: () => call(at, token, 'GET', '/api/user'),
      finds: (r: Reply) => r.status === 200,
    },
  ];
}
