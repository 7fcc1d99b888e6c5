import fs from 'node:fs';
import path from 'node:path';
import { CURRENTLY_RECOMMENDED_FLAGS, FLAGS } from 'aws-cdk-lib/cx-api';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './constructs/house-function';
import { FLAGS_KEPT_FROM_RECOMMENDED } from './feature-flags';

/**
 * cdk.json sets every feature flag aws-cdk-lib recommends (synth then reports none left
 * unconfigured), each to the library's recommended value unless infra/feature-flags.ts names it
 * with its reason; no key names a flag the library does not know.
 */
const context = (
  JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;
const flagKeys = Object.keys(context).filter((k) => k.startsWith('@aws-cdk'));

describe('feature flags', () => {
  it('configures every flag aws-cdk-lib recommends', () => {
    const recommended = Object.keys(CURRENTLY_RECOMMENDED_FLAGS);
    expect(recommended.length).toBeGreaterThan(80);
    expect(recommended.filter((k) => !(k in context))).toEqual([]);
  });

  it('sets each to its recommended value, or to the value kept with its reason', () => {
    const unexplained: string[] = [];
    for (const [key, value] of Object.entries(CURRENTLY_RECOMMENDED_FLAGS)) {
      const kept = FLAGS_KEPT_FROM_RECOMMENDED[key];
      const want = kept ? kept.value : value;
      if (JSON.stringify(context[key]) !== JSON.stringify(want))
        unexplained.push(`${key}: ${JSON.stringify(context[key])}`);
    }
    expect(unexplained).toEqual([]);
  });

  it('keeps a flag from its recommendation only where the value differs, with a reason', () => {
    for (const [key, kept] of Object.entries(FLAGS_KEPT_FROM_RECOMMENDED)) {
      expect(key in CURRENTLY_RECOMMENDED_FLAGS, key).toBe(true);
      expect(JSON.stringify(kept.value), key).not.toBe(
        JSON.stringify((CURRENTLY_RECOMMENDED_FLAGS as Record<string, unknown>)[key]),
      );
      expect(kept.why.length, key).toBeGreaterThan(80);
    }
  });

  it('names only flags aws-cdk-lib knows (a misspelt key configures nothing)', () => {
    expect(flagKeys.filter((k) => !(k in FLAGS))).toEqual([]);
    // The check sees what it should: the spelling cdk.json once had for the Cognito flag.
    expect('@aws-cdk/aws-cognito:logUserPoolClientSecretValue' in FLAGS).toBe(false);
    expect('@aws-cdk/cognito:logUserPoolClientSecretValue' in FLAGS).toBe(true);
  });
});
