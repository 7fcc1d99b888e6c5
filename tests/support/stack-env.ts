import { inject } from 'vitest';

/**
 * Runs in each test worker before its test files: gives it the functions' environment,
 * so a handler a test imports directly reaches the same emulators as the API server.
 */
const { env } = inject('stack');
delete process.env.AWS_PROFILE;
delete process.env.AWS_SESSION_TOKEN;
Object.assign(process.env, env);
