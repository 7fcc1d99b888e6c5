import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazily loaded routes can take more than the default second on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
