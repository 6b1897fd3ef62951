// The one place that asks "Electron or browser?": the preload's object when it is there,
// otherwise the browser version of the same contract.
import { DESKTOP_BRIDGE_KEY, type DesktopBridge } from '@shared/desktop-bridge';
import { createBrowserBridge } from './browser-bridge';

declare global {
  interface Window {
    [DESKTOP_BRIDGE_KEY]?: DesktopBridge;
  }
}

export function resolveBridge(): DesktopBridge {
  return window[DESKTOP_BRIDGE_KEY] ?? createBrowserBridge();
}
