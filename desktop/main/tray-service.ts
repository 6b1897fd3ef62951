// The tray icon (Signal's SystemTrayService): one Tray, its whole state derived from a few
// inputs in an idempotent render(). The Tray constructor and Menu builder are injected so the
// class runs in tests without Electron.
import type { MenuItemConstructorOptions } from 'electron';
import {
  BROKEN_LINKS_ROUTE,
  REALTIME_ROUTE,
  type AdminPath,
  type LiveStatus,
} from '@shared/desktop-bridge';
import { formatNumber } from '@shared/rules/format';

export interface TrayLike {
  setToolTip(text: string): void;
  setContextMenu(menu: unknown): void;
  on(event: 'click', listener: () => void): void;
  destroy(): void;
}

export interface TrayDependencies<Icon> {
  createTray(icon: Icon): TrayLike;
  buildMenu(template: MenuItemConstructorOptions[]): unknown;
  icon: Icon;
}

export interface TrayActions {
  openWindow(): void;
  /** Brings the window up on this admin screen. */
  openRoute(route: AdminPath): void;
  quit(): void;
}

export interface TrayInputs {
  status: LiveStatus;
  /** Current visitors from the last figures; null before any arrived. */
  visitors: number | null;
  /** The last alert raised (shown or held back by quiet hours): the entry opens its screen. */
  latestAlert: { title: string; route: AdminPath } | null;
}

export function trayTooltip({ status, visitors }: TrayInputs): string {
  if (status !== 'Live') return 'DiskonRadar · Disconnected';
  if (visitors === null) return 'DiskonRadar · Live';
  return `DiskonRadar · Live · ${formatNumber(visitors)} pengunjung aktif`;
}

export function trayMenuTemplate(
  inputs: TrayInputs,
  actions: TrayActions,
): MenuItemConstructorOptions[] {
  const alert = inputs.latestAlert;
  const visitorsLabel =
    inputs.status === 'Live' && inputs.visitors !== null
      ? `Pengunjung aktif: ${formatNumber(inputs.visitors)}`
      : 'Pengunjung aktif: -';
  return [
    { id: 'status', label: `Status: ${inputs.status}`, enabled: false },
    { id: 'visitors', label: visitorsLabel, enabled: false },
    ...(alert
      ? [
          {
            id: 'latest-alert',
            label: `Peringatan: ${alert.title}`,
            click: () => actions.openRoute(alert.route),
          },
        ]
      : []),
    { type: 'separator' },
    {
      id: 'realtime',
      label: 'Analitik › Realtime',
      click: () => actions.openRoute(REALTIME_ROUTE),
    },
    {
      id: 'broken-links',
      label: 'Produk › Link rusak',
      click: () => actions.openRoute(BROKEN_LINKS_ROUTE),
    },
    { type: 'separator' },
    { id: 'open', label: 'Buka DiskonRadar', click: () => actions.openWindow() },
    { id: 'quit', label: 'Keluar', click: () => actions.quit() },
  ];
}

export class TrayService<Icon> {
  private tray: TrayLike | null = null;
  private inputs: TrayInputs = { status: 'Disconnected', visitors: null, latestAlert: null };
  private rendered: string | null = null;

  constructor(
    private readonly deps: TrayDependencies<Icon>,
    private readonly actions: TrayActions,
  ) {}

  update(next: Partial<TrayInputs>): void {
    this.inputs = { ...this.inputs, ...next };
    this.render();
  }

  get state(): TrayInputs {
    return this.inputs;
  }

  /** Creates the tray on first use; touches it again only when what it shows changed. */
  render(): void {
    const key = JSON.stringify(this.inputs);
    if (this.tray && key === this.rendered) return;
    if (!this.tray) {
      this.tray = this.deps.createTray(this.deps.icon);
      this.tray.on('click', () => this.actions.openWindow());
    }
    this.tray.setToolTip(trayTooltip(this.inputs));
    this.tray.setContextMenu(this.deps.buildMenu(trayMenuTemplate(this.inputs, this.actions)));
    this.rendered = key;
  }

  destroy(): void {
    this.tray?.destroy();
    this.tray = null;
    this.rendered = null;
  }
}
