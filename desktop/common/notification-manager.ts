// Shows live traffic alerts as native notifications (Mattermost's pattern): checks support and
// the master switch, and says why it did or did not show one. The notification API is
// injected: Electron's Notification in the main process, the web Notification in the browser.
import type { DesktopAlert } from '@shared/desktop-bridge';

export interface ShownNotification {
  onClick(listener: () => void): void;
  onClose(listener: () => void): void;
  show(): void;
}

export interface NotificationApi {
  isSupported(): boolean;
  create(options: { title: string; body: string }): ShownNotification;
}

export type NotifyResult =
  | { shown: true; reason: 'shown' }
  | {
      shown: false;
      reason: 'unsupported' | 'disabled' | 'quiet-period' | 'quiet-hours';
      detail?: string;
    };

export interface NotificationDecision {
  notify: boolean;
  reason: string;
  alert: DesktopAlert;
}

export class NotificationManager {
  /** Electron drops click handlers of notifications that were garbage collected. */
  private readonly open = new Set<ShownNotification>();

  constructor(
    private readonly api: NotificationApi,
    private readonly options: {
      isEnabled(): boolean;
      /** Inside the quiet hours staff set: the alert still reaches the tray, not the screen. */
      isQuietTime?(): boolean;
      onClick(alert: DesktopAlert): void;
    },
  ) {}

  handle(decision: NotificationDecision): NotifyResult {
    if (!decision.notify) return { shown: false, reason: 'quiet-period', detail: decision.reason };
    return this.notify(decision.alert);
  }

  notify(alert: DesktopAlert): NotifyResult {
    if (!this.options.isEnabled()) return { shown: false, reason: 'disabled' };
    if (this.options.isQuietTime?.()) return { shown: false, reason: 'quiet-hours' };
    if (!this.api.isSupported()) return { shown: false, reason: 'unsupported' };
    const notification = this.api.create({ title: alert.title, body: alert.body });
    this.open.add(notification);
    notification.onClick(() => {
      this.open.delete(notification);
      this.options.onClick(alert);
    });
    notification.onClose(() => this.open.delete(notification));
    notification.show();
    return { shown: true, reason: 'shown' };
  }

  get openCount(): number {
    return this.open.size;
  }
}
