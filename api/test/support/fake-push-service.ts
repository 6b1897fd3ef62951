import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ece from 'http_ece';

/**
 * A browser's side of a push subscription: the ECDH P-256 key pair and the 16-byte auth
 * secret a browser makes, and the subscription JSON it hands to the site.
 */
export class BrowserSubscription {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly auth = randomBytes(16);

  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }

  toJSON() {
    return {
      endpoint: this.endpoint,
      keys: {
        p256dh: this.ecdh.getPublicKey().toString('base64url'),
        auth: this.auth.toString('base64url'),
      },
    };
  }
}

export interface ReceivedPush {
  /** The subscription's name (the last segment of its endpoint). */
  name: string;
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>;
  ttl: number;
}

/** The public key of a base64url uncompressed P-256 point, for verifying ES256. */
function vapidKey(raw: string) {
  const point = Buffer.from(raw, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed P-256 point');
  return createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
}

/**
 * A local push service speaking RFC 8030 as the site sees it: POST <endpoint> with an
 * aes128gcm body (RFC 8291) and `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292).
 * It checks the JWT's ES256 signature against the key the server publishes, its audience (the
 * endpoint's origin) and expiry, decrypts the payload with the subscription's private key, and
 * answers 201, or what a test scripted for that subscription (500 then 201, 410, ...).
 * A request that fails a check gets 400/401/403 and is recorded in `rejected`.
 */
export class FakePushService {
  private server: http.Server | null = null;
  private origin = '';
  private readonly subscriptions = new Map<string, BrowserSubscription>();
  private readonly scripts = new Map<string, number[]>();
  readonly received: ReceivedPush[] = [];
  readonly rejected: string[] = [];
  /** Every answered request, successful or not, per subscription name. */
  readonly attempts = new Map<string, number>();
  /** Requests arriving on a connection that had served one before. */
  reusedRequests = 0;
  private resetNextReused = false;

  constructor(private readonly expectedPublicKey: () => string) {}

  async start(): Promise<void> {
    const served = new WeakSet<object>();
    this.server = http.createServer((req, res) => {
      if (served.has(req.socket)) {
        this.reusedRequests += 1;
        if (this.resetNextReused) {
          // What a push service's idle timeout does to a request that crossed its FIN.
          this.resetNextReused = false;
          req.socket.destroy();
          return;
        }
      }
      served.add(req.socket);
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const { status, reason } = this.handle(req, Buffer.concat(chunks));
        if (reason) this.rejected.push(reason);
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /**
   * The next request sent on a kept-alive connection is cut without an answer, as when the
   * service closed that idle connection just as the request went out.
   */
  resetNextReusedConnection(): void {
    this.resetNextReused = true;
  }

  /** A new browser subscription on this service; `script`: the statuses to answer in turn. */
  subscribe(name: string, script: number[] = []): BrowserSubscription {
    const subscription = new BrowserSubscription(`${this.origin}/push/${name}`);
    this.subscriptions.set(name, subscription);
    this.scripts.set(name, [...script]);
    return subscription;
  }

  /** What reached a subscription, decrypted. */
  deliveries(name: string): ReceivedPush[] {
    return this.received.filter((push) => push.name === name);
  }

  private handle(req: http.IncomingMessage, body: Buffer): { status: number; reason?: string } {
    const match = /^\/push\/([^/?]+)$/.exec(req.url ?? '');
    const name = match?.[1] ?? '';
    const subscription = this.subscriptions.get(name);
    if (req.method !== 'POST' || !subscription) return { status: 404 };
    this.attempts.set(name, (this.attempts.get(name) ?? 0) + 1);
    const auth = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
    if (!auth) return { status: 401, reason: `${name}: no vapid authorization` };
    const [, jwt = '', key = ''] = auth;
    if (key !== this.expectedPublicKey()) return { status: 403, reason: `${name}: unknown key` };
    const [header = '', claims = '', signature = ''] = jwt.split('.');
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key: vapidKey(key), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) return { status: 403, reason: `${name}: bad signature` };
    const jwtHeader = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
    const jwtClaims = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      aud?: string;
      exp?: number;
      sub?: string;
    };
    if (jwtHeader.alg !== 'ES256') return { status: 403, reason: `${name}: alg` };
    if (jwtClaims.aud !== this.origin) return { status: 403, reason: `${name}: audience` };
    if (!jwtClaims.exp || jwtClaims.exp * 1000 < Date.now()) {
      return { status: 403, reason: `${name}: expired` };
    }
    if (!jwtClaims.sub || !/^(mailto:|https:)/.test(jwtClaims.sub)) {
      return { status: 403, reason: `${name}: subject` };
    }
    if (req.headers['content-encoding'] !== 'aes128gcm') {
      return { status: 400, reason: `${name}: encoding` };
    }
    const script = this.scripts.get(name) ?? [];
    const scripted = script.shift();
    if (scripted !== undefined && (scripted < 200 || scripted >= 300)) return { status: scripted };
    let payload: Record<string, unknown>;
    try {
      const plain = ece.decrypt(body, {
        version: 'aes128gcm',
        privateKey: subscription.ecdh,
        authSecret: subscription.auth,
      });
      payload = JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
    } catch (error) {
      return { status: 400, reason: `${name}: decrypt ${String(error)}` };
    }
    this.received.push({ name, payload, ttl: Number(req.headers.ttl) });
    return { status: scripted ?? 201 };
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
