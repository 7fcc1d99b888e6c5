import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `.test-out/security`, or SECURITY_FIGURES_DIR (the runs at pinned instants keep their own). */
export function securityFiguresDir(): string {
  return (
    process.env.SECURITY_FIGURES_DIR ??
    fileURLToPath(new URL('../../.test-out/security', import.meta.url))
  );
}

/**
 * Figures of one security or fault suite (routes covered, payloads tried, pairs checked,
 * faults injected, 5xx seen, leaks, lost items...). Each suite records its own in
 * `.test-out/security/<area>.json`; `npm test` prints them all at the end.
 */
export function recordSecurityFigures(area: string, figures: Record<string, number>): void {
  const dir = securityFiguresDir();
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${area}.json`),
    `${JSON.stringify({ area, figures, at: new Date().toISOString() }, null, 2)}\n`,
  );
}
