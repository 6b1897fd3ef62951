import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupFileName, backupFileTime } from './manifest';
import { pruneBackups } from './prune';
import { loadBackupSettings } from './settings';

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe('backup file names', () => {
  it('carry their UTC time, to the second, and read back', () => {
    const at = new Date('2026-11-25T19:40:00.250Z');
    expect(backupFileName(at)).toBe('diskonradar-2026-11-25T19-40-00Z.tar.gz');
    expect(backupFileTime('diskonradar-2026-11-25T19-40-00Z.tar.gz')?.toISOString()).toBe(
      '2026-11-25T19:40:00.000Z',
    );
    expect(backupFileTime('diskonradar-2026-11-25T19-40-00-250Z.tar.gz')?.toISOString()).toBe(
      '2026-11-25T19:40:00.250Z',
    );
    expect(backupFileTime('notes.txt')).toBeNull();
  });
});

describe('BACKUP_KEEP', () => {
  it('deletes the oldest backups beyond the newest N and nothing else', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'diskonradar-prune-'));
    const names = [
      'diskonradar-2026-11-20T01-00-00Z.tar.gz',
      'diskonradar-2026-11-21T01-00-00Z.tar.gz',
      'diskonradar-2026-11-21T01-00-00-500Z.tar.gz',
      'diskonradar-2026-11-22T01-00-00Z.tar.gz',
      'diskonradar-2026-11-23T01-00-00Z.tar.gz',
    ];
    for (const name of [...names, 'keep-me.tar.gz', 'README']) {
      writeFileSync(path.join(dir, name), name);
    }
    expect(await pruneBackups(dir, 2)).toEqual(names.slice(0, 3));
    expect(readdirSync(dir).sort()).toEqual(['README', 'keep-me.tar.gz', ...names.slice(3)].sort());
    expect(await pruneBackups(dir, 2)).toEqual([]);
  });

  it('reads the three settings, with their defaults', () => {
    expect(loadBackupSettings({}, '/srv/data')).toEqual({
      dir: '/srv/data/backups',
      intervalHours: null,
      keep: 14,
    });
    expect(
      loadBackupSettings(
        { BACKUP_DIR: '/mnt/b', BACKUP_INTERVAL_HOURS: '6', BACKUP_KEEP: '3' },
        '/srv/data',
      ),
    ).toEqual({ dir: '/mnt/b', intervalHours: 6, keep: 3 });
    expect(() => loadBackupSettings({ BACKUP_KEEP: '0' }, '/d')).toThrow(/BACKUP_KEEP/);
    expect(() => loadBackupSettings({ BACKUP_INTERVAL_HOURS: 'daily' }, '/d')).toThrow(
      /BACKUP_INTERVAL_HOURS/,
    );
  });
});
