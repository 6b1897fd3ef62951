import { describe, expect, it } from 'vitest';
import { realtimeSocketUrl } from './socket-url';

describe('realtimeSocketUrl', () => {
  it('uses the page host for the same origin', () => {
    expect(realtimeSocketUrl('', { protocol: 'http:', host: 'localhost:3000' })).toBe(
      'ws://localhost:3000/ws',
    );
    expect(realtimeSocketUrl('', { protocol: 'https:', host: 'diskonradar.id' })).toBe(
      'wss://diskonradar.id/ws',
    );
  });
  it('uses the configured server for the desktop app', () => {
    expect(realtimeSocketUrl('https://api.example.com/', { protocol: 'app:', host: '' })).toBe(
      'wss://api.example.com/ws',
    );
    expect(realtimeSocketUrl('http://10.0.0.5:3000', { protocol: 'file:', host: '' })).toBe(
      'ws://10.0.0.5:3000/ws',
    );
  });
});
