// The window as staff left it: size, position, maximised, and the admin screen they were on,
// kept in userData/window-state.json. Restoring checks the saved place against the screens
// that exist now (a laptop undocked from its monitor must not open its window off-screen).
// See docs/architecture.md, "The desktop app".
import path from 'node:path';
import { z } from 'zod';
import type { AdminPath } from '@shared/desktop-bridge';
import { parseAdminPath } from '../common/admin-path';
import { readJsonFile, writeJsonFile } from './json-file';

export interface Rectangle {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rectangle;
  maximized: boolean;
  /** The admin screen last shown, or null. */
  route: AdminPath | null;
}

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 } as const;
export const MIN_WINDOW_SIZE = { width: 900, height: 600 } as const;
/** How much of the window must lie on a screen, title bar included, to keep its place. */
const VISIBLE = { width: 100, height: 50 } as const;

const whole = z.number().int().min(-100_000).max(100_000);
const windowStateSchema = z.object({
  bounds: z.object({ x: whole, y: whole, width: whole.min(1), height: whole.min(1) }),
  maximized: z.boolean(),
  route: z
    .string()
    .nullable()
    .transform((route) => parseAdminPath(route)),
});

function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

function centred(area: Rectangle): Rectangle {
  const width = Math.min(DEFAULT_WINDOW_SIZE.width, area.width);
  const height = Math.min(DEFAULT_WINDOW_SIZE.height, area.height);
  return {
    x: area.x + Math.round((area.width - width) / 2),
    y: area.y + Math.round((area.height - height) / 2),
    width,
    height,
  };
}

/**
 * Where the window opens. Saved bounds are kept when enough of the window, and its top edge
 * (the title bar to drag it by), lie in the work area of a screen that still exists; a size
 * larger than that screen shrinks to fit. Otherwise: the default size centred on the primary
 * screen's work area.
 */
export function restoreBounds(
  saved: Rectangle | null,
  workAreas: readonly Rectangle[],
  primary: Rectangle,
): Rectangle {
  if (saved) {
    for (const area of workAreas) {
      const shared = overlap(saved, area);
      const titleBarOnScreen = saved.y >= area.y && saved.y < area.y + area.height;
      if (shared.width >= VISIBLE.width && shared.height >= VISIBLE.height && titleBarOnScreen) {
        const width = Math.min(Math.max(saved.width, MIN_WINDOW_SIZE.width), area.width);
        const height = Math.min(Math.max(saved.height, MIN_WINDOW_SIZE.height), area.height);
        return { x: saved.x, y: saved.y, width, height };
      }
    }
  }
  return centred(primary);
}

/** The window-state file: read once at start, written a moment after changes and on close. */
export class WindowStateStore {
  private current: WindowState | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly userDataPath: string,
    private readonly options: { delayMs?: number; log?(line: string): void } = {},
  ) {}

  get file(): string {
    return path.join(this.userDataPath, 'window-state.json');
  }

  get state(): WindowState | null {
    return this.current;
  }

  async load(): Promise<WindowState | null> {
    this.current = await readJsonFile(this.file, windowStateSchema);
    return this.current;
  }

  /** Takes the latest state and writes it once changes settle (moving fires many events). */
  update(change: Partial<WindowState>, fallback: WindowState): void {
    this.current = { ...(this.current ?? fallback), ...change };
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.options.delayMs ?? 500);
  }

  /** Writes now (closing the window, quitting). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.current) return;
    try {
      await writeJsonFile(this.file, this.current);
    } catch (error) {
      this.options.log?.(`window state not saved: ${String(error)}`);
    }
  }
}

/**
 * The admin screen a window address shows: the hash router keeps it after '#'
 * (`app://admin/index.html#/products?links=broken`); null for anything else.
 */
export function routeFromAppUrl(url: string, appOrigin: string): AdminPath | null {
  if (!url.startsWith(`${appOrigin}/`)) return null;
  const hash = url.indexOf('#');
  return hash === -1 ? null : parseAdminPath(url.slice(hash + 1));
}
