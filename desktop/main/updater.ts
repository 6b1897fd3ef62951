// Updates from the hosted site: electron-updater's generic provider reads
// `<server>/desktop/updates/latest*.yml`, which the server serves from DESKTOP_RELEASES_DIR
// (docs/contracts.md, "Desktop"). electron-updater is injected behind UpdaterLike, so the
// decisions here (when to check, what to tell staff, when to offer the restart) are tested
// with a stand-in.

/** The part of electron-updater's AppUpdater this app uses. */
export interface UpdaterLike {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(): void;
  on(
    event: 'update-available' | 'update-not-available' | 'update-downloaded',
    listener: (info: { version: string }) => void,
  ): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdatePrompts {
  /** Tells staff the outcome of a check they asked for (menu "Periksa pembaruan"). */
  inform(message: string, detail: string): void;
  /** Offers "Mulai ulang untuk memperbarui"; true when staff accept. */
  offerRestart(version: string): Promise<boolean>;
}

export interface UpdateServiceOptions {
  getServerUrl(): string | null;
  currentVersion: string;
  prompts: UpdatePrompts;
  log(line: string): void;
  intervalMs?: number;
  setInterval?(callback: () => void, ms: number): unknown;
}

export const UPDATE_INTERVAL_MS = 4 * 60 * 60 * 1000;

export const UPDATE_TEXT = {
  noServer: 'Alamat server belum diatur',
  noServerDetail: 'Atur alamat server di Pengaturan, lalu periksa pembaruan lagi.',
  upToDate: 'DiskonRadar sudah versi terbaru',
  available: 'Pembaruan tersedia',
  inactive: 'Pembaruan otomatis tidak tersedia',
  inactiveDetail:
    'Versi ini tidak dipasang dari installer DiskonRadar, jadi tidak bisa diperbarui otomatis.',
  failed: 'Pembaruan tidak dapat diperiksa',
} as const;

/** The generic provider's address: the folder the server serves the releases from. */
export function updateFeedUrl(serverUrl: string): string {
  return `${serverUrl.replace(/\/+$/, '')}/desktop/updates/`;
}

export class UpdateService {
  private manualCheck = false;
  private offered: string | null = null;
  private timer: unknown = null;

  constructor(
    private readonly updater: UpdaterLike,
    private readonly options: UpdateServiceOptions,
  ) {
    updater.autoDownload = true;
    updater.autoInstallOnAppQuit = true;
    updater.on('update-available', (info) => {
      options.log(`update ${info.version} available, downloading`);
      if (this.manualCheck) {
        options.prompts.inform(
          UPDATE_TEXT.available,
          `Versi ${info.version} sedang diunduh. DiskonRadar menawarkan mulai ulang setelah selesai.`,
        );
      }
    });
    updater.on('update-not-available', () => {
      if (this.manualCheck) {
        options.prompts.inform(UPDATE_TEXT.upToDate, `Versi ${options.currentVersion} terpasang.`);
      }
    });
    updater.on('update-downloaded', (info) => void this.offerRestart(info.version));
    updater.on('error', (error) => options.log(`update error: ${error.message}`));
  }

  /** Checks now and then every few hours (the server address may change in between). */
  start(): void {
    void this.check(false);
    const every = this.options.setInterval ?? ((callback, ms) => setInterval(callback, ms).unref());
    this.timer ??= every(
      () => void this.check(false),
      this.options.intervalMs ?? UPDATE_INTERVAL_MS,
    );
  }

  /** One check; `manual` when staff asked, so every outcome is told, errors included. */
  async check(manual: boolean): Promise<void> {
    const serverUrl = this.options.getServerUrl();
    if (!serverUrl) {
      if (manual) this.options.prompts.inform(UPDATE_TEXT.noServer, UPDATE_TEXT.noServerDetail);
      return;
    }
    this.manualCheck = manual;
    try {
      this.updater.setFeedURL({ provider: 'generic', url: updateFeedUrl(serverUrl) });
      // null: the updater is not active (not an installed build, e.g. `npm run desktop:dev`).
      const result = await this.updater.checkForUpdates();
      if (result == null && manual) {
        this.options.prompts.inform(UPDATE_TEXT.inactive, UPDATE_TEXT.inactiveDetail);
      }
    } catch (error) {
      this.options.log(`update check failed: ${String(error)}`);
      if (manual) {
        this.options.prompts.inform(
          UPDATE_TEXT.failed,
          `Server ${serverUrl} tidak dapat dihubungi atau belum menyediakan pembaruan. Coba lagi nanti.`,
        );
      }
    } finally {
      this.manualCheck = false;
    }
  }

  private async offerRestart(version: string): Promise<void> {
    if (this.offered === version) return;
    this.offered = version;
    this.options.log(`update ${version} downloaded`);
    if (await this.options.prompts.offerRestart(version)) this.updater.quitAndInstall();
  }
}
