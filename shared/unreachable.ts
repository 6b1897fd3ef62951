// How "the server could not be reached" travels as an HTTP answer. The desktop main process
// forwards the renderer's API calls (desktop/main/server-proxy.ts); when the server does not
// answer at all it replies 502 with this header, so the admin screens can tell an unreachable
// server from a 502 of the server's own proxy. (docs/contracts.md, "Offline")
export const UNREACHABLE_HEADER = 'x-diskonradar-unreachable';
