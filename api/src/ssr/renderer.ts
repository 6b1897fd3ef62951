// Loads the built SSR entry and the built page template once, and turns a render result into
// the document sent to the browser.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderResult, SsrData } from '@shared/ssr-data';
import { ROOT_DIR, WEB_DIST_DIR } from '../paths';

export const SSR_DIST_DIR = path.join(ROOT_DIR, 'dist', 'ssr');
export const SSR_ENTRY_FILE = path.join(SSR_DIST_DIR, 'entry-server.js');

export interface SsrEntry {
  render(url: string, data: SsrData): RenderResult;
  PUBLIC_PATHS: readonly string[];
}

export interface PageRenderer {
  entry: SsrEntry;
  template: string;
}

function isSsrEntry(value: unknown): value is SsrEntry {
  const entry = value as Partial<SsrEntry> | null;
  return typeof entry?.render === 'function' && Array.isArray(entry.PUBLIC_PATHS);
}

/** null when the web app has not been built (npm run build). */
export async function loadPageRenderer(
  entryFile: string = SSR_ENTRY_FILE,
  templateFile: string = path.join(WEB_DIST_DIR, 'index.html'),
): Promise<PageRenderer | null> {
  if (!existsSync(entryFile) || !existsSync(templateFile)) return null;
  const entry: unknown = await import(pathToFileURL(entryFile).href);
  if (!isSsrEntry(entry)) throw new Error(`${entryFile} does not export render and PUBLIC_PATHS`);
  return { entry, template: readFileSync(templateFile, 'utf8') };
}

/** Fills the template's <!--app-head--> and <!--app-html--> and appends the hydration state. */
export function buildDocument(template: string, result: RenderResult): string {
  const state = `<script type="application/json" id="dr-state">${result.state}</script>`;
  return template
    .replace('<!--app-head-->', () => result.head)
    .replace('<!--app-html-->', () => result.html)
    .replace('</body>', () => `${state}\n  </body>`);
}
