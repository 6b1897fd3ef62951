import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT_DIR } from './paths';

let cached: string | undefined;

/**
 * The release's version from the root package.json, read from disk rather than imported:
 * a JSON import needs an import attribute that not every loader here (Playwright's) accepts.
 */
export function appVersion(): string {
  if (cached !== undefined) return cached;
  try {
    const pkg = JSON.parse(readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as {
      version?: string;
    };
    cached = pkg.version ?? 'unknown';
  } catch {
    cached = 'unknown';
  }
  return cached;
}
