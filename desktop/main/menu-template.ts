// The application menu as data, built by a pure function from callbacks (Signal's
// menu.std.ts): no Electron import beyond types, so it is tested as a plain structure.
import type { MenuItemConstructorOptions } from 'electron';
import type { DesktopRoute } from '@shared/desktop-bridge';

export interface MenuActions {
  navigate(route: DesktopRoute): void;
  reload(): void;
  showAbout(): void;
  /** "Periksa pembaruan": a check whose every outcome is told (desktop/main/updater.ts). */
  checkForUpdates(): void;
  quit(): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
}

/** The admin screens in the order of the admin navigation, with their shortcuts. */
export const SCREEN_MENU_ITEMS: ReadonlyArray<{
  route: DesktopRoute;
  label: string;
  accelerator: string;
}> = [
  { route: '/dashboard', label: 'Dashboard', accelerator: 'CmdOrCtrl+1' },
  { route: '/categories', label: 'Kategori', accelerator: 'CmdOrCtrl+2' },
  { route: '/products', label: 'Produk', accelerator: 'CmdOrCtrl+3' },
  { route: '/content', label: 'Konten', accelerator: 'CmdOrCtrl+4' },
  { route: '/analytics', label: 'Analytics', accelerator: 'CmdOrCtrl+5' },
  { route: '/users', label: 'Pengguna & Sesi', accelerator: 'CmdOrCtrl+6' },
  { route: '/audit', label: 'Riwayat Perubahan', accelerator: 'CmdOrCtrl+7' },
  { route: '/desktop', label: 'Aplikasi Desktop', accelerator: 'CmdOrCtrl+8' },
  { route: '/feeds', label: 'Sumber Feed', accelerator: 'CmdOrCtrl+9' },
];

export function buildMenuTemplate(
  actions: MenuActions,
  options: MenuOptions,
): MenuItemConstructorOptions[] {
  const isMac = options.platform === 'darwin';
  const settingsItem: MenuItemConstructorOptions = {
    label: 'Pengaturan…',
    accelerator: 'CmdOrCtrl+,',
    click: () => actions.navigate('/settings'),
  };
  const aboutItem: MenuItemConstructorOptions = {
    label: `Tentang ${options.appName}`,
    click: () => actions.showAbout(),
  };
  const updateItem: MenuItemConstructorOptions = {
    id: 'check-for-updates',
    label: 'Periksa pembaruan',
    click: () => actions.checkForUpdates(),
  };
  const quitItem: MenuItemConstructorOptions = {
    label: `Keluar dari ${options.appName}`,
    accelerator: isMac ? 'Cmd+Q' : 'Ctrl+Q',
    click: () => actions.quit(),
  };

  const appMenu: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: options.appName,
          submenu: [
            aboutItem,
            updateItem,
            { type: 'separator' },
            settingsItem,
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            quitItem,
          ],
        },
      ]
    : [{ label: 'Berkas', submenu: [settingsItem, { type: 'separator' }, quitItem] }];

  return [
    ...appMenu,
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        ...(isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
        { role: 'delete' },
        { type: 'separator' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'Buka',
      submenu: SCREEN_MENU_ITEMS.map((item) => ({
        label: item.label,
        accelerator: item.accelerator,
        click: () => actions.navigate(item.route),
      })),
    },
    {
      label: 'Tampilan',
      submenu: [
        { label: 'Muat Ulang', accelerator: 'CmdOrCtrl+R', click: () => actions.reload() },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      role: 'window',
      submenu: [{ role: 'minimize' }, ...(isMac ? [{ role: 'zoom' } as const] : [])],
    },
    {
      role: 'help',
      label: 'Bantuan',
      submenu: isMac ? [updateItem] : [updateItem, { type: 'separator' }, aboutItem],
    },
  ];
}
