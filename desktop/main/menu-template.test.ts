import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import type { DesktopRoute } from '@shared/desktop-bridge';
import { buildMenuTemplate } from './menu-template';

function recorder() {
  const calls: string[] = [];
  return {
    calls,
    actions: {
      navigate: (route: DesktopRoute) => calls.push(`navigate ${route}`),
      reload: () => calls.push('reload'),
      showAbout: () => calls.push('about'),
      checkForUpdates: () => calls.push('check updates'),
      quit: () => calls.push('quit'),
    },
  };
}

function submenu(items: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions[] {
  const menu = items.find((item) => item.label === label);
  if (!menu || !Array.isArray(menu.submenu)) throw new Error(`no ${label} menu`);
  return menu.submenu;
}

function click(item: MenuItemConstructorOptions | undefined): void {
  if (!item?.click) throw new Error(`${item?.label ?? 'item'} has no click`);
  // Electron passes the item, window and event; the template's callbacks ignore them.
  (item.click as () => void)();
}

const linux = { platform: 'linux' as const, appName: 'DiskonRadar' };
const mac = { platform: 'darwin' as const, appName: 'DiskonRadar' };

describe('buildMenuTemplate', () => {
  it('opens each admin screen with its own accelerator', () => {
    const { calls, actions } = recorder();
    const screens = submenu(buildMenuTemplate(actions, linux), 'Buka');
    expect(screens.map((item) => [item.label, item.accelerator])).toEqual([
      ['Dashboard', 'CmdOrCtrl+1'],
      ['Kategori', 'CmdOrCtrl+2'],
      ['Produk', 'CmdOrCtrl+3'],
      ['Konten', 'CmdOrCtrl+4'],
      ['Analytics', 'CmdOrCtrl+5'],
      ['Pengguna & Sesi', 'CmdOrCtrl+6'],
      ['Riwayat Perubahan', 'CmdOrCtrl+7'],
      ['Aplikasi Desktop', 'CmdOrCtrl+8'],
      ['Sumber Feed', 'CmdOrCtrl+9'],
    ]);
    screens.forEach(click);
    expect(calls).toEqual([
      'navigate /dashboard',
      'navigate /categories',
      'navigate /products',
      'navigate /content',
      'navigate /analytics',
      'navigate /users',
      'navigate /audit',
      'navigate /desktop',
      'navigate /feeds',
    ]);
  });

  it('has reload, full screen and the standard edit roles', () => {
    const { calls, actions } = recorder();
    const template = buildMenuTemplate(actions, linux);
    const view = submenu(template, 'Tampilan');
    const reload = view.find((item) => item.label === 'Muat Ulang');
    expect(reload?.accelerator).toBe('CmdOrCtrl+R');
    click(reload);
    expect(calls).toEqual(['reload']);
    expect(view.map((item) => item.role).filter(Boolean)).toContain('togglefullscreen');
    const editRoles = submenu(template, 'Edit').map((item) => item.role);
    expect(editRoles).toEqual(
      expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']),
    );
  });

  it('puts settings and quit in a File menu and about in Help on Windows and Linux', () => {
    const { calls, actions } = recorder();
    const template = buildMenuTemplate(actions, linux);
    const file = submenu(template, 'Berkas');
    const settings = file.find((item) => item.label === 'Pengaturan…');
    const quit = file.find((item) => item.label === 'Keluar dari DiskonRadar');
    expect(settings?.accelerator).toBe('CmdOrCtrl+,');
    expect(quit?.accelerator).toBe('Ctrl+Q');
    click(settings);
    click(quit);
    const help = submenu(template, 'Bantuan');
    click(help.find((item) => item.label === 'Periksa pembaruan'));
    click(help.find((item) => item.label === 'Tentang DiskonRadar'));
    expect(calls).toEqual(['navigate /settings', 'quit', 'check updates', 'about']);
  });

  it('follows macOS conventions: an app menu with about, settings, hide and quit', () => {
    const { calls, actions } = recorder();
    const template = buildMenuTemplate(actions, mac);
    expect(template[0]?.label).toBe('DiskonRadar');
    const appMenu = submenu(template, 'DiskonRadar');
    expect(appMenu.map((item) => item.role ?? item.label)).toEqual(
      expect.arrayContaining([
        'Tentang DiskonRadar',
        'Periksa pembaruan',
        'Pengaturan…',
        'hide',
        'Keluar dari DiskonRadar',
      ]),
    );
    expect(appMenu.find((item) => item.label?.startsWith('Keluar'))?.accelerator).toBe('Cmd+Q');
    expect(template.some((item) => item.label === 'Berkas')).toBe(false);
    click(appMenu[0]);
    expect(calls).toEqual(['about']);
  });
});
