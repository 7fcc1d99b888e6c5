/**
 * The load generator of the `api` bench section, run as its own process so it does not share
 * an event loop with the API server: `tsx bench/load.ts '<json options>'` prints one JSON line.
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
};

const result = await autocannon({
  url: options.url,
  method: options.method,
  headers: options.headers,
  ...(options.body !== undefined ? { body: options.body } : {}),
  connections: options.connections,
  duration: options.duration,
});
process.stdout.write(
  `${JSON.stringify({
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    rps: result.requests.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  })}\n`,
);
