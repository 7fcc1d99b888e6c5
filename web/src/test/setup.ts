import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// The one part of the chart library that reads `document` as it loads (its tooltip's style
// test), loaded while this file's document exists. Charts are imported lazily; a test that
// ends before its chart has loaded would otherwise load it after the document is gone.
import 'echarts/lib/component/tooltip/helper.js';
// Likewise the React wrapper of the charts and what it imports (its deep-equal helper).
import 'echarts-for-react/esm/core';

// Lazily loaded routes can take more than the default second on a busy 2-core machine: the
// waits follow conditions, and this is only how long one may take before the test fails.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  // Spies a test set up (e.g. on downloads) end with it.
  vi.restoreAllMocks();
});
