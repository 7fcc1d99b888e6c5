import { inject } from 'vitest';

/** The running local stack of the integration project (URLs, ids, environment). */
export function testStack() {
  return inject('stack');
}
