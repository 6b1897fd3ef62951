// What of DESKTOP_RELEASES_DIR the update feed may serve: the `latest*.yml` feeds that
// electron-builder writes for the generic provider, the installers and their blockmaps, top
// level only. Everything else in that folder (notes, dotfiles, sub-folders) stays private.
// (docs/contracts.md, "Desktop update feed")
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DesktopPlatform, DesktopRelease, DesktopReleasesResponse } from '@shared/types';

const FEED_NAME = /^latest(-[a-z0-9]+)*\.yml$/;
/** Installer extensions of the targets in electron-builder.yml (nsis, dmg, AppImage, deb), the mac zip electron-updater needs, and rpm. */
const INSTALLERS: Record<string, { platform: DesktopPlatform; contentType: string }> = {
  '.exe': { platform: 'windows', contentType: 'application/vnd.microsoft.portable-executable' },
  '.dmg': { platform: 'macos', contentType: 'application/x-apple-diskimage' },
  '.zip': { platform: 'macos', contentType: 'application/zip' },
  '.AppImage': { platform: 'linux', contentType: 'application/vnd.appimage' },
  '.deb': { platform: 'linux', contentType: 'application/vnd.debian.binary-package' },
  '.rpm': { platform: 'linux', contentType: 'application/x-rpm' },
};
/** One path segment as electron-builder names artifacts: no separators, no leading dot. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._+-]*$/;

export type ReleaseFileKind = 'feed' | 'installer' | 'blockmap';

export interface ServableFile {
  kind: ReleaseFileKind;
  contentType: string;
  /** Feeds must be re-read on every check; installers carry their version in the name. */
  cacheControl: string;
}

function installerOf(name: string) {
  const ext = Object.keys(INSTALLERS).find((candidate) => name.endsWith(candidate));
  return ext && name.length > ext.length ? INSTALLERS[ext] : undefined;
}

/** The file's kind and headers if the feed may serve a file of this name, else null. */
export function servableFile(name: string): ServableFile | null {
  if (!SAFE_NAME.test(name) || name.includes('..')) return null;
  if (FEED_NAME.test(name)) {
    return { kind: 'feed', contentType: 'text/yaml; charset=utf-8', cacheControl: 'no-cache' };
  }
  // no-transform: compression must not touch the bytes a Range request counts.
  const cacheControl = 'public, max-age=86400, no-transform';
  if (name.endsWith('.blockmap')) {
    return installerOf(name.slice(0, -'.blockmap'.length))
      ? { kind: 'blockmap', contentType: 'application/octet-stream', cacheControl }
      : null;
  }
  const installer = installerOf(name);
  return installer ? { kind: 'installer', contentType: installer.contentType, cacheControl } : null;
}

/**
 * The fields of an electron-builder feed the page needs: `version`, and the files it names
 * (`path:` and each `- url:`). electron-builder writes flat, unquoted or single-quoted YAML.
 */
export function parseFeed(text: string): { version: string | null; files: string[] } {
  const unquote = (value: string) => value.trim().replace(/^(['"])(.*)\1$/, '$2');
  let version: string | null = null;
  const files = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const versionMatch = /^version:\s*(.+)$/.exec(line);
    if (versionMatch?.[1]) version = unquote(versionMatch[1]);
    const fileMatch = /^(?:\s*-\s+url|path):\s*(.+)$/.exec(line);
    if (fileMatch?.[1]) files.add(unquote(fileMatch[1]));
  }
  return { version, files: [...files] };
}

const VERSION_IN_NAME = /(\d+\.\d+\.\d+(?:-[0-9A-Za-z.]+)?)(?=[^0-9]|$)/;

/** The installers in `dir` (top level, regular files), newest first, with their versions. */
export async function listReleases(dir: string | null): Promise<DesktopReleasesResponse> {
  if (!dir) return { configured: false, releases: [] };
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return { configured: true, releases: [] };
  }
  const versions = new Map<string, string>();
  for (const name of names.filter((n) => servableFile(n)?.kind === 'feed')) {
    try {
      const feed = parseFeed(await readFile(path.join(dir, name), 'utf8'));
      if (feed.version) for (const file of feed.files) versions.set(file, feed.version);
    } catch {
      // An unreadable feed only costs the page its version column.
    }
  }
  const releases: DesktopRelease[] = [];
  for (const name of names) {
    if (servableFile(name)?.kind !== 'installer') continue;
    const info = await stat(path.join(dir, name)).catch(() => null);
    if (!info?.isFile()) continue;
    releases.push({
      fileName: name,
      platform: installerOf(name)!.platform,
      version: versions.get(name) ?? VERSION_IN_NAME.exec(name)?.[1] ?? null,
      sizeBytes: info.size,
      modifiedAt: info.mtime.toISOString(),
      url: `/desktop/updates/${encodeURIComponent(name)}`,
    });
  }
  releases.sort(
    (a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || a.fileName.localeCompare(b.fileName),
  );
  return { configured: true, releases };
}
