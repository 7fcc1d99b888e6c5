/** The part of autocannon's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
  }
  interface Histogram {
    p50: number;
    p99: number;
    max: number;
    average: number;
    total: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
