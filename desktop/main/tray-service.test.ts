import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { TrayService, type TrayLike } from './tray-service';

class FakeTray implements TrayLike {
  static created: FakeTray[] = [];
  tooltips: string[] = [];
  menus: MenuItemConstructorOptions[][] = [];
  clickListener: (() => void) | null = null;
  destroyed = false;
  constructor(readonly icon: string) {
    FakeTray.created.push(this);
  }
  setToolTip(text: string) {
    this.tooltips.push(text);
  }
  setContextMenu(menu: unknown) {
    this.menus.push(menu as MenuItemConstructorOptions[]);
  }
  on(_event: 'click', listener: () => void) {
    this.clickListener = listener;
  }
  destroy() {
    this.destroyed = true;
  }
}

function setup() {
  FakeTray.created = [];
  const calls: string[] = [];
  const service = new TrayService(
    {
      createTray: (icon: string) => new FakeTray(icon),
      // The template itself stands in for Electron's Menu.
      buildMenu: (template) => template,
      icon: 'tray.png',
    },
    {
      openWindow: () => calls.push('open'),
      openRoute: (route: string) => calls.push(`route ${route}`),
      quit: () => calls.push('quit'),
    },
  );
  return { service, calls, tray: () => FakeTray.created[0] };
}

const labels = (menu: MenuItemConstructorOptions[] | undefined) =>
  (menu ?? []).filter((item) => item.type !== 'separator').map((item) => item.label);

describe('TrayService', () => {
  it('starts Disconnected and shows the live visitor count once Live', () => {
    const { service, tray } = setup();
    service.render();
    expect(tray()?.icon).toBe('tray.png');
    expect(tray()?.tooltips.at(-1)).toBe('DiskonRadar · Disconnected');
    expect(labels(tray()?.menus.at(-1))).toEqual([
      'Status: Disconnected',
      'Pengunjung aktif: -',
      'Analitik › Realtime',
      'Produk › Link rusak',
      'Buka DiskonRadar',
      'Keluar',
    ]);

    service.update({ status: 'Live', visitors: 1234 });
    expect(tray()?.tooltips.at(-1)).toBe('DiskonRadar · Live · 1.234 pengunjung aktif');
    expect(labels(tray()?.menus.at(-1)).slice(0, 2)).toEqual([
      'Status: Live',
      'Pengunjung aktif: 1.234',
    ]);

    service.update({ status: 'Disconnected' });
    expect(tray()?.tooltips.at(-1)).toBe('DiskonRadar · Disconnected');
    expect(labels(tray()?.menus.at(-1))[1]).toBe('Pengunjung aktif: -');
  });

  it('renders idempotently: one tray, and no update when nothing changed', () => {
    const { service, tray } = setup();
    service.update({ status: 'Live', visitors: 5 });
    service.render();
    service.update({ status: 'Live', visitors: 5 });
    expect(FakeTray.created).toHaveLength(1);
    expect(tray()?.tooltips).toEqual(['DiskonRadar · Live · 5 pengunjung aktif']);
    service.update({ visitors: 6 });
    expect(tray()?.tooltips).toHaveLength(2);
  });

  it('opens the window from the icon and the menu, and quits from the menu', () => {
    const { service, tray, calls } = setup();
    service.render();
    tray()?.clickListener?.();
    const menu = tray()?.menus.at(-1) ?? [];
    for (const id of ['open', 'quit']) {
      const item = menu.find((entry) => entry.id === id);
      (item?.click as (() => void) | undefined)?.();
    }
    expect(calls).toEqual(['open', 'open', 'quit']);
  });

  it('has entries that open the screen they are about, the latest alert included', () => {
    const { service, tray, calls } = setup();
    service.update({
      latestAlert: { title: 'Lonjakan pengunjung', route: '/analytics?tab=realtime' },
    });
    const menu = tray()?.menus.at(-1) ?? [];
    expect(labels(menu)[2]).toBe('Peringatan: Lonjakan pengunjung');
    for (const id of ['latest-alert', 'realtime', 'broken-links']) {
      (menu.find((entry) => entry.id === id)?.click as (() => void) | undefined)?.();
    }
    expect(calls).toEqual([
      'route /analytics?tab=realtime',
      'route /analytics?tab=realtime',
      'route /products?links=broken',
    ]);
  });

  it('destroys its tray and makes a new one on the next render', () => {
    const { service } = setup();
    service.render();
    service.destroy();
    expect(FakeTray.created[0]?.destroyed).toBe(true);
    service.render();
    expect(FakeTray.created).toHaveLength(2);
  });
});
