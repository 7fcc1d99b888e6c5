import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetConfigForTests } from '../lib/config';
import { handler } from './customMessage';
import { resetSiteUrlForTests, siteUrl } from './site-url';

/**
 * A tiny SSM: the JSON 1.1 protocol's GetParameter over HTTP, so the real SDK client is
 * exercised (signing, endpoint from AWS_ENDPOINT_URL_SSM, error parsing).
 */
const PARAMETER = '/MrMarketStateful/site-url';
const parameters = new Map<string, string>();
const calls: { target: string | undefined; name: unknown }[] = [];
let server: http.Server;

const ENV_KEYS = [
  'SITE_URL',
  'SITE_URL_PARAMETER',
  'AWS_ENDPOINT_URL_SSM',
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
];
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const target = req.headers['x-amz-target'] as string | undefined;
      const name = (JSON.parse(body || '{}') as { Name?: unknown }).Name;
      calls.push({ target, name });
      res.setHeader('content-type', 'application/x-amz-json-1.1');
      const value = typeof name === 'string' ? parameters.get(name) : undefined;
      if (target !== 'AmazonSSM.GetParameter' || value === undefined) {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            __type: 'ParameterNotFound',
            message: `Parameter ${String(name)} not found.`,
          }),
        );
        return;
      }
      res.end(
        JSON.stringify({ Parameter: { Name: name, Type: 'String', Value: value, Version: 1 } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  parameters.clear();
  calls.length = 0;
  for (const key of ENV_KEYS) delete process.env[key];
  process.env.AWS_ENDPOINT_URL_SSM = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.AWS_REGION = 'us-east-1';
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
  resetConfigForTests();
  resetSiteUrlForTests();
});

afterEach(() => {
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetConfigForTests();
  resetSiteUrlForTests();
});

const signUpEvent = (): CustomMessageTriggerEvent =>
  ({
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_test',
    userName: 'b3f1c2d4-0000-4000-8000-000000000001',
    callerContext: { awsSdkVersion: 'test', clientId: 'client' },
    triggerSource: 'CustomMessage_SignUp',
    request: {
      // Its own inbox each time: the trigger counts the emails each inbox is sent.
      userAttributes: { name: 'Ada', email: `ada-${randomUUID()}@example.com` },
      codeParameter: '{####}',
      usernameParameter: null,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  }) as unknown as CustomMessageTriggerEvent;

describe('site address for account emails', () => {
  it('uses SITE_URL when it is set and never asks SSM', async () => {
    process.env.SITE_URL = 'https://app.example.com/';
    process.env.SITE_URL_PARAMETER = PARAMETER;
    parameters.set(PARAMETER, 'https://d111.cloudfront.net');

    expect(await siteUrl()).toBe('https://app.example.com');
    expect(calls).toEqual([]);
  });

  it('reads the SSM parameter when SITE_URL is absent, once per container', async () => {
    process.env.SITE_URL_PARAMETER = PARAMETER;
    parameters.set(PARAMETER, 'https://d111.cloudfront.net');

    expect(await siteUrl()).toBe('https://d111.cloudfront.net');
    parameters.set(PARAMETER, 'https://changed.example.com');
    expect(await siteUrl()).toBe('https://d111.cloudfront.net');
    expect(calls).toEqual([{ target: 'AmazonSSM.GetParameter', name: PARAMETER }]);
  });

  it('has no address when the parameter does not exist yet, and finds it once it does', async () => {
    process.env.SITE_URL_PARAMETER = PARAMETER;

    expect(await siteUrl()).toBeUndefined();
    parameters.set(PARAMETER, 'https://d222.cloudfront.net');
    expect(await siteUrl()).toBe('https://d222.cloudfront.net');
    expect(calls).toHaveLength(2);
  });

  it('ignores a parameter value that is not a URL', async () => {
    process.env.SITE_URL_PARAMETER = PARAMETER;
    parameters.set(PARAMETER, 'not a url');

    expect(await siteUrl()).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('has no address when neither SITE_URL nor a parameter is configured', async () => {
    parameters.set(PARAMETER, 'https://d111.cloudfront.net');

    expect(await siteUrl()).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('puts the address from the parameter into the activation link', async () => {
    process.env.SITE_URL_PARAMETER = PARAMETER;
    parameters.set(PARAMETER, 'https://d111.cloudfront.net');

    const event = await handler(signUpEvent());
    expect(event.response.emailMessage).toContain(
      'href="https://d111.cloudfront.net/Verify_account/',
    );
    expect(event.response.emailMessage).not.toContain('Your activation code');
  });

  it('falls back to the code in the activation email when no address can be found', async () => {
    process.env.SITE_URL_PARAMETER = PARAMETER;

    const event = await handler(signUpEvent());
    expect(event.response.emailMessage).toContain('Your activation code: {####}');
    expect(event.response.emailMessage).not.toContain('Verify_account');
  });
});
