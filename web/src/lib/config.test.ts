import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module each time: it remembers the config it loaded. */
const freshConfig = async () => {
  vi.resetModules();
  return import('./config');
};

const serve = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('config.json', () => {
  it('reads the Cognito pool, the local endpoint and the API base URL', async () => {
    serve(200, {
      region: 'us-east-1',
      userPoolId: 'local_abc',
      userPoolClientId: 'client1',
      cognitoEndpoint: 'http://127.0.0.1:9229',
      authFlowType: 'USER_PASSWORD_AUTH',
      apiBaseUrl: 'https://api.example.test/',
    });
    const { loadConfig, cognitoConfig, apiBaseUrl } = await freshConfig();

    expect(cognitoConfig(await loadConfig())).toEqual({
      userPoolId: 'local_abc',
      userPoolClientId: 'client1',
      cognitoEndpoint: 'http://127.0.0.1:9229',
      authFlowType: 'USER_PASSWORD_AUTH',
    });
    expect(await apiBaseUrl()).toBe('https://api.example.test');
  });

  it('runs without sign-in when the config has no user pool', async () => {
    serve(200, { apiBaseUrl: '' });
    const { loadConfig, cognitoConfig } = await freshConfig();

    expect(cognitoConfig(await loadConfig())).toBeNull();
  });

  it('runs without sign-in when config.json is missing', async () => {
    serve(404, {});
    const { loadConfig, apiBaseUrl } = await freshConfig();

    expect(await loadConfig()).toBeNull();
    expect(await apiBaseUrl()).toBe('');
  });

  it('refuses a config with a pool id but no client id', async () => {
    serve(200, { userPoolId: 'local_abc' });
    const { loadConfig } = await freshConfig();

    expect(await loadConfig()).toBeNull();
    expect(console.error).toHaveBeenCalled();
  });

  it('refuses a config whose endpoint is not a URL or whose sign-in flow is unknown', async () => {
    const { parseAppConfig } = await freshConfig();

    expect(parseAppConfig({ cognitoEndpoint: 'not a url' }).success).toBe(false);
    expect(parseAppConfig({ authFlowType: 'CUSTOM_AUTH' }).success).toBe(false);
    expect(parseAppConfig({ supportEmail: 'support' }).success).toBe(false);
    expect(parseAppConfig({ region: 42 }).success).toBe(false);
    expect(parseAppConfig(['apiBaseUrl']).success).toBe(false);
  });

  it('defaults the API base URL to the same origin and drops unknown fields', async () => {
    const { parseAppConfig } = await freshConfig();

    expect(parseAppConfig({ supportEmail: 'help@example.test', extra: 1 })).toEqual({
      success: true,
      data: { apiBaseUrl: '', supportEmail: 'help@example.test' },
    });
  });

  it('fetches config.json once', async () => {
    serve(200, { apiBaseUrl: '' });
    const { loadConfig } = await freshConfig();

    await Promise.all([loadConfig(), loadConfig()]);

    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
