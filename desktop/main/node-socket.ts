// The live socket of the main process: `ws` with the session cookie in the handshake, adapted
// to the SocketLike shape LiveConnection drives (the same shape as a browser WebSocket).
import WebSocket from 'ws';
import { socketLike, type SocketLike } from '../common/realtime-client';

export function openNodeSocket(url: string, headers: Record<string, string>): SocketLike {
  const ws = new WebSocket(url, { headers, perMessageDeflate: false });
  const socket = socketLike((code, reason) => ws.close(code, reason));
  ws.on('open', () => socket.onopen?.(undefined));
  ws.on('message', (data, isBinary) => {
    if (!isBinary) socket.onmessage?.({ data: data.toString() });
  });
  ws.on('error', (error) => socket.onerror?.(error));
  ws.on('close', () => socket.onclose?.(undefined));
  return socket;
}
