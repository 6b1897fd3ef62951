// A scripted stand-in for the `electron` module (Electron cannot be launched on the test
// machines): e2e/desktop/startup.test.ts installs it as node_modules/electron beside a copy of
// the built main process. It records every call the app makes (sent to the test over the fork
// IPC channel) and answers the test's commands: system events (second start, open-url), clicks
// on the tray, the menu and notifications, in-page navigation, closing the window, requests to
// the app:// protocol. CommonJS, so `import ... from 'electron'` and `require('electron')`
// (electron-updater, bundled into the main process) both find it.
// Plain CommonJS run by Node as it is (no build step), hence the globals and require().
/* global require, module, process, setTimeout, setImmediate, Request */
/* eslint-disable @typescript-eslint/no-require-imports */
'use strict';
const { EventEmitter } = require('node:events');
const http = require('node:http');
const https = require('node:https');
const os = require('node:os');

const env = process.env;
const plain = (value) => JSON.parse(JSON.stringify(value === undefined ? null : value));
function record(kind, detail = null) {
  process.send?.({ type: 'call', kind, detail: plain(detail) });
}

// A packaged app reads its icon and app-update.yml from here.
process.resourcesPath = env.STAND_IN_RESOURCES ?? os.tmpdir();

class RecordingEmitter extends EventEmitter {
  constructor(name) {
    super();
    this.recordAs = name;
  }
  on(event, listener) {
    record(`${this.recordAs}.on`, { event });
    return super.on(event, listener);
  }
}

let markReady;
const readyPromise = new Promise((resolve) => {
  markReady = resolve;
});

class App extends RecordingEmitter {
  constructor() {
    super('app');
    this.isPackaged = true;
    this.ready = false;
    this.name = 'Electron';
  }
  whenReady() {
    return readyPromise;
  }
  isReady() {
    return this.ready;
  }
  getVersion() {
    return env.STAND_IN_VERSION ?? '0.1.0';
  }
  getName() {
    return this.name;
  }
  setName(name) {
    record('app.setName', { name });
    this.name = name;
  }
  getPath(name) {
    return name === 'userData' ? env.STAND_IN_USER_DATA : os.tmpdir();
  }
  getAppPath() {
    return process.cwd();
  }
  requestSingleInstanceLock() {
    const granted = env.STAND_IN_LOCK !== 'taken';
    record('app.requestSingleInstanceLock', { granted });
    return granted;
  }
  setAsDefaultProtocolClient(scheme) {
    record('app.setAsDefaultProtocolClient', { scheme });
    return true;
  }
  quit() {
    record('app.quit');
    this.emit('before-quit', { preventDefault() {} });
    this.emit('quit', {}, 0);
    setTimeout(() => process.exit(0), 200);
  }
  exit(code) {
    record('app.exit', { code });
    process.exit(code);
  }
  relaunch() {
    record('app.relaunch');
  }
}
const app = new App();

class WebContents extends RecordingEmitter {
  constructor() {
    super('webContents');
  }
  send(channel, payload) {
    record('webContents.send', { channel, payload });
  }
  reload() {
    record('webContents.reload');
  }
  setWindowOpenHandler() {
    record('webContents.setWindowOpenHandler');
  }
}

const windows = [];
class BrowserWindow extends EventEmitter {
  constructor(options) {
    super();
    record('BrowserWindow.new', options);
    const { x = 0, y = 0, width = 800, height = 600 } = options;
    this.bounds = { x, y, width, height };
    this.maximized = false;
    this.minimized = false;
    this.webContents = new WebContents();
    windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url) {
    record('window.loadURL', { url });
    setImmediate(() => {
      this.emit('ready-to-show');
      this.webContents.emit('did-finish-load');
    });
    return Promise.resolve();
  }
  maximize() {
    record('window.maximize');
    this.maximized = true;
    this.emit('maximize');
  }
  isMaximized() {
    return this.maximized;
  }
  minimize() {
    this.minimized = true;
  }
  isMinimized() {
    return this.minimized;
  }
  isFullScreen() {
    return false;
  }
  isDestroyed() {
    return false;
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
  setBounds(bounds) {
    this.bounds = { ...this.bounds, ...bounds };
    this.emit('resize');
    this.emit('move');
  }
  restore() {
    record('window.restore');
    this.minimized = false;
  }
  show() {
    record('window.show');
  }
  focus() {
    record('window.focus');
  }
  hide() {
    record('window.hide');
  }
}

let applicationMenu = null;
const Menu = {
  buildFromTemplate: (template) => ({ template }),
  setApplicationMenu(menu) {
    applicationMenu = menu;
    record('Menu.setApplicationMenu', {
      labels: menu.template.map((item) => item.label ?? item.role),
    });
  },
};

const trays = [];
class Tray extends EventEmitter {
  constructor() {
    super();
    record('Tray.new');
    trays.push(this);
  }
  setToolTip(text) {
    record('tray.setToolTip', { text });
  }
  setContextMenu(menu) {
    this.menu = menu;
    record('tray.setContextMenu', {
      items: menu.template.filter((item) => item.type !== 'separator').map((item) => item.label),
    });
  }
  destroy() {
    record('tray.destroy');
  }
}

const notifications = [];
class Notification extends EventEmitter {
  static isSupported() {
    return true;
  }
  constructor(options) {
    super();
    this.options = options;
    notifications.push(this);
  }
  show() {
    record('Notification.show', { title: this.options.title, body: this.options.body });
  }
}

let appProtocolHandler = null;
const protocol = {
  registerSchemesAsPrivileged(schemes) {
    record('protocol.registerSchemesAsPrivileged', schemes);
  },
  handle(scheme, handler) {
    record('protocol.handle', { scheme });
    appProtocolHandler = handler;
  },
};

const session = {
  defaultSession: {
    setPermissionRequestHandler() {
      record('session.setPermissionRequestHandler');
    },
    setPermissionCheckHandler() {
      record('session.setPermissionCheckHandler');
    },
  },
  fromPartition: () => ({}),
};

const displays = JSON.parse(env.STAND_IN_DISPLAYS ?? '[{"x":0,"y":0,"width":1440,"height":870}]');
const screen = {
  getAllDisplays: () => displays.map((workArea) => ({ workArea, bounds: workArea })),
  getPrimaryDisplay: () => ({ workArea: displays[0], bounds: displays[0] }),
};

const dialog = {
  showMessageBox(options) {
    record('dialog.showMessageBox', options);
    // "Nanti" on the restart offer: the test process must not be asked to install anything.
    return Promise.resolve({ response: options.cancelId ?? 0, checkboxChecked: false });
  },
};

const ipcHandlers = new Map();
const ipcListeners = new Map();
const ipcMain = {
  handle(channel, handler) {
    ipcHandlers.set(channel, handler);
  },
  on(channel, listener) {
    ipcListeners.set(channel, listener);
  },
};

/** electron-updater's requests: Node's http with Electron's net.request options. */
const net = {
  request(options) {
    // Electron's own options (session, redirect) mean nothing to Node's http.
    const rest = { ...options };
    delete rest.session;
    delete rest.redirect;
    record('net.request', {
      url: `${rest.protocol}//${rest.hostname}:${rest.port ?? ''}${rest.path}`,
    });
    return (rest.protocol === 'https:' ? https : http).request(rest);
  },
};

const shell = {
  openExternal: (url) => {
    record('shell.openExternal', { url });
    return Promise.resolve();
  },
};

const nativeImage = { createFromPath: () => ({ resize: () => ({}) }) };

function findItem(items, key) {
  for (const item of items ?? []) {
    if (item.id === key || item.label === key) return item;
    const inner = Array.isArray(item.submenu) ? findItem(item.submenu, key) : null;
    if (inner) return inner;
  }
  return null;
}

const commands = {
  'second-instance': ({ argv }) => app.emit('second-instance', {}, argv, process.cwd()),
  'open-url': ({ url }) => app.emit('open-url', { preventDefault() {} }, url),
  'click-menu': ({ key }) => findItem(applicationMenu?.template, key).click(),
  'click-tray': ({ key }) => findItem(trays.at(-1)?.menu?.template, key).click(),
  'click-notification': ({ index }) => notifications[index].emit('click'),
  'navigate-in-page': ({ url }) => windows.at(-1).webContents.emit('did-navigate-in-page', {}, url),
  'set-bounds': ({ bounds }) => windows.at(-1).setBounds(bounds),
  minimize: () => windows.at(-1).minimize(),
  'close-window': () => {
    const event = {
      prevented: false,
      preventDefault() {
        this.prevented = true;
      },
    };
    windows.at(-1).emit('close', event);
    return { prevented: event.prevented };
  },
  'ipc-send': ({ channel, payload, senderUrl }) =>
    ipcListeners.get(channel)({ senderFrame: { url: senderUrl } }, payload),
  request: async ({ url }) => {
    const response = await appProtocolHandler(new Request(url));
    return {
      status: response.status,
      contentSecurityPolicy: response.headers.get('Content-Security-Policy'),
    };
  },
  quit: () => app.quit(),
};

process.on('message', async (message) => {
  try {
    const result = await commands[message.cmd](message);
    process.send?.({ type: 'done', id: message.id, result: plain(result) });
  } catch (error) {
    process.send?.({ type: 'done', id: message.id, error: String(error) });
  }
});

// Electron becomes ready after the main script's first turn.
setImmediate(() => {
  app.ready = true;
  markReady();
  app.emit('ready');
});

const autoUpdater = new EventEmitter();

// Shorthand properties only: Node's import of a CommonJS module finds these names statically.
module.exports = {
  app,
  autoUpdater,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  protocol,
  screen,
  session,
  shell,
  Tray,
};
