import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazily loaded routes can take more than the default second on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Spies a test set up (e.g. on downloads) end with it.
  vi.restoreAllMocks();
});
