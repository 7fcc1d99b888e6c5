import { generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** cognito-local's signing key: published in its package, trusted by nothing but the local pool. */
async function cognitoLocalKey() {
  const { jwk } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK };
  return importJWK(jwk, 'RS256');
}

/** A token signed by the local pool's own key, with claims chosen by the test (e.g. expired). */
export async function signWithLocalPoolKey(claims: JWTPayload): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .sign(await cognitoLocalKey());
}

/** A token that looks right but is signed by a key the pool never published. */
let foreignKey: ReturnType<typeof generateKeyPair> | undefined;
export async function signWithForeignKey(claims: JWTPayload): Promise<string> {
  foreignKey ??= generateKeyPair('RS256');
  const { privateKey } = await foreignKey;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .sign(privateKey);
}

/** Claims of a well-formed access token for the local pool and client. */
export function accessTokenClaims(opts: {
  issuer: string;
  clientId: string;
  sub?: string;
  expiresInSeconds?: number;
}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return {
    sub: opts.sub ?? '00000000-0000-4000-8000-000000000000',
    iss: opts.issuer,
    client_id: opts.clientId,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    iat: now - 60,
    exp: now + (opts.expiresInSeconds ?? 3600),
    username: opts.sub ?? '00000000-0000-4000-8000-000000000000',
  };
}

/** A token the API must refuse with 401, and why. */
export interface RefusedToken {
  name: string;
  token: string;
}

/**
 * Every kind of token a login-required route must refuse (none = no Authorization header):
 * expired, without an expiry, signed by a key the pool never published, issued by another user pool, issued
 * for another app client, and the user's real ID token (the API takes access tokens only).
 */
export async function refusedTokens(opts: {
  issuer: string;
  clientId: string;
  sub: string;
  idToken: string;
}): Promise<RefusedToken[]> {
  const base = { issuer: opts.issuer, clientId: opts.clientId, sub: opts.sub };
  const otherPool = opts.issuer.replace(/[^/]+$/, 'local_otherPool');
  return [
    { name: 'no token', token: '' },
    {
      name: 'an expired token',
      token: await signWithLocalPoolKey(accessTokenClaims({ ...base, expiresInSeconds: -120 })),
    },
    {
      name: 'a token without an expiry',
      token: await signWithLocalPoolKey(
        (({ exp: _exp, ...claims }) => claims)(accessTokenClaims(base)),
      ),
    },
    {
      name: 'a token signed by another key',
      token: await signWithForeignKey(accessTokenClaims(base)),
    },
    {
      name: 'a token of another user pool',
      token: await signWithLocalPoolKey(accessTokenClaims({ ...base, issuer: otherPool })),
    },
    {
      name: 'a token for another app client',
      token: await signWithLocalPoolKey(accessTokenClaims({ ...base, clientId: 'another-client' })),
    },
    { name: 'an ID token of a signed-in user', token: opts.idToken },
  ];
}
