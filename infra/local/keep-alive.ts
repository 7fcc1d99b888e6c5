import type { Server } from 'node:http';

/**
 * Keeps a local server's idle connections open longer than its clients keep theirs. The AWS SDK
 * and fetch reuse an idle connection; Node closes one after 5 s by default, and a request sent on
 * a connection the server is closing fails with ECONNRESET, a failure Cognito, DynamoDB and the
 * API in AWS do not have (their idle limits are far longer). On a busy machine that race is
 * common enough to fail a request now and then; 65 s makes the server the last to close.
 */
export function keepIdleConnections<S extends Server>(server: S): S {
  server.keepAliveTimeout = 65_000;
  // Above keepAliveTimeout, as Node requires for the headers of a reused connection.
  server.headersTimeout = 66_000;
  return server;
}
