import { testStack } from './stack';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON, else the text. */
  body: T;
}

export interface ApiRequestOptions {
  token?: string;
  query?: Record<string, string>;
  /** A JSON value, or a raw string sent as it is (to test bad input). */
  body?: unknown;
  headers?: Record<string, string>;
}

/** A small client for the local API server, as the web app calls it. */
export function apiClient(baseUrl: string = testStack().urls.api) {
  async function request<T = unknown>(
    method: string,
    path: string,
    options: ApiRequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const url = new URL(path, baseUrl);
    for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await res.text();
    const isJson = (res.headers.get('content-type') ?? '').includes('json');
    return {
      status: res.status,
      headers: res.headers,
      body: (isJson && text ? JSON.parse(text) : text) as T,
    };
  }
  return {
    request,
    get: <T = unknown>(path: string, options?: ApiRequestOptions) =>
      request<T>('GET', path, options),
    post: <T = unknown>(path: string, body?: unknown, options?: ApiRequestOptions) =>
      request<T>('POST', path, { ...options, body }),
  };
}
