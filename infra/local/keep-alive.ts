import type { Server } from 'node:http';

/**
 * Leaves closing an idle connection to a local server's clients. The AWS SDK and fetch reuse an
 * idle connection; a request sent on a connection the server is closing fails with ECONNRESET
 * ("other side closed"), a failure Cognito, DynamoDB and the API in AWS do not have (their idle
 * limits are far longer than their clients'). Node closes an idle connection after 5 s by
 * default, and any limit it has is also sent to fetch as a hint it keeps up to, so on a busy
 * machine, where a client's timers run late, the two still met now and then at 65 s. With no
 * limit (0) the server never closes an idle connection and sends no hint: fetch closes its own
 * after 4 s, the SDK's agents when their process ends.
 */
export function keepIdleConnections<S extends Server>(server: S): S {
  server.keepAliveTimeout = 0;
  return server;
}
