import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { UPDATE_TEXT, UpdateService, updateFeedUrl, type UpdaterLike } from './updater';

/** A stand-in for electron-updater: answers each check with a scripted outcome. */
class FakeUpdater extends EventEmitter implements UpdaterLike {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  feeds: string[] = [];
  installed = 0;
  next: 'none' | 'available' | 'downloaded' | 'error' | 'inactive' = 'none';

  setFeedURL(options: { provider: 'generic'; url: string }): void {
    expect(options.provider).toBe('generic');
    this.feeds.push(options.url);
  }

  async checkForUpdates(): Promise<unknown> {
    if (this.next === 'inactive') return null;
    if (this.next === 'error') throw new Error('net::ERR_CONNECTION_REFUSED');
    if (this.next === 'none') this.emit('update-not-available', { version: '0.1.0' });
    if (this.next !== 'none') this.emit('update-available', { version: '0.2.0' });
    if (this.next === 'downloaded') this.emit('update-downloaded', { version: '0.2.0' });
    return { updateInfo: { version: '0.2.0' } };
  }

  quitAndInstall(): void {
    this.installed += 1;
  }
}

function setup(serverUrl: string | null = 'https://diskon.example.com', accept = true) {
  const updater = new FakeUpdater();
  const told: string[] = [];
  const offers: string[] = [];
  const intervals: number[] = [];
  const service = new UpdateService(updater, {
    getServerUrl: () => serverUrl,
    currentVersion: '0.1.0',
    log: () => {},
    setInterval: (_callback, ms) => intervals.push(ms),
    prompts: {
      inform: (message, detail) => told.push(`${message} | ${detail}`),
      offerRestart: async (version) => {
        offers.push(version);
        return accept;
      },
    },
  });
  return { updater, service, told, offers, intervals };
}

describe('UpdateService', () => {
  it('reads the generic feed under the server address, at start and every few hours', async () => {
    expect(updateFeedUrl('https://diskon.example.com/')).toBe(
      'https://diskon.example.com/desktop/updates/',
    );
    const { updater, service, told, intervals } = setup();
    service.start();
    await Promise.resolve();
    expect(updater.feeds).toEqual(['https://diskon.example.com/desktop/updates/']);
    expect(updater.autoDownload).toBe(true);
    expect(intervals).toEqual([4 * 60 * 60 * 1000]);
    // A background check that finds nothing stays silent.
    expect(told).toEqual([]);
  });

  it('offers the restart once a download is ready, and installs when accepted', async () => {
    const { updater, service, offers } = setup();
    updater.next = 'downloaded';
    await service.check(false);
    await Promise.resolve();
    expect(offers).toEqual(['0.2.0']);
    expect(updater.installed).toBe(1);
    // The same version is not offered again on the next check.
    await service.check(false);
    expect(offers).toEqual(['0.2.0']);
  });

  it('keeps running when staff choose later', async () => {
    const { updater, service, offers } = setup(undefined, false);
    updater.next = 'downloaded';
    await service.check(false);
    await Promise.resolve();
    expect(offers).toEqual(['0.2.0']);
    expect(updater.installed).toBe(0);
  });

  it('tells staff every outcome of a check they asked for, in Indonesian', async () => {
    const { updater, service, told } = setup();
    await service.check(true);
    updater.next = 'available';
    await service.check(true);
    updater.next = 'error';
    await service.check(true);
    updater.next = 'inactive';
    await service.check(true);
    expect(told).toEqual([
      `${UPDATE_TEXT.upToDate} | Versi 0.1.0 terpasang.`,
      `${UPDATE_TEXT.available} | Versi 0.2.0 sedang diunduh. DiskonRadar menawarkan mulai ulang setelah selesai.`,
      `${UPDATE_TEXT.failed} | Server https://diskon.example.com tidak dapat dihubungi atau belum menyediakan pembaruan. Coba lagi nanti.`,
      `${UPDATE_TEXT.inactive} | ${UPDATE_TEXT.inactiveDetail}`,
    ]);
    // Background checks stay silent, errors included.
    told.length = 0;
    updater.next = 'error';
    await service.check(false);
    expect(told).toEqual([]);
  });

  it('asks for the server address before checking when none is set', async () => {
    const { updater, service, told } = setup(null);
    await service.check(true);
    expect(updater.feeds).toEqual([]);
    expect(told).toEqual([`${UPDATE_TEXT.noServer} | ${UPDATE_TEXT.noServerDetail}`]);
  });
});
