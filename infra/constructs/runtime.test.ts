import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOUSE_RUNTIME, REPO_ROOT } from './house-function';

/** `nodejs24.x` → 24. */
const lambdaMajor = Number(/^nodejs(\d+)\.x$/.exec(HOUSE_RUNTIME.name)?.[1]);

describe('the Node the project runs on (decision 154)', () => {
  it('is the major Lambda runs the functions on', () => {
    expect(Number.isInteger(lambdaMajor)).toBe(true);
    // npm puts node_modules/.bin first on the PATH of its scripts, so `npm test`, `npm start`
    // and their child processes run the pinned Node, not the machine's.
    expect(Number(process.versions.node.split('.')[0])).toBe(lambdaMajor);
  });

  it('is pinned as a dev dependency of that major, installed with its binary', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
      allowScripts: Record<string, boolean>;
    };
    expect(Number(pkg.devDependencies.node?.split('.')[0])).toBe(lambdaMajor);
    // The package's install script fetches the platform's binary from the registry.
    expect(pkg.allowScripts.node).toBe(true);
  });
});
