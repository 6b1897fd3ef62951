// The site's service worker (/sw.js, scope '/'): registered only when a shopper asks to watch a
// price. It shows the pushed notification and opens the product when it is clicked. Nothing
// is cached: the site's pages and budgets are unchanged by it.
import { notificationFor } from './sw-notification';

// The few worker types used here (the project's TypeScript lib is the DOM's, not WebWorker).
interface WorkerClient {
  url: string;
  focus(): Promise<unknown>;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  notification: { close(): void; data: unknown };
}
interface WorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WorkerClient[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationClickEvent) => void,
  ): void;
}

const worker = self as unknown as WorkerScope;

worker.addEventListener('install', (event) => event.waitUntil(worker.skipWaiting()));
worker.addEventListener('activate', (event) => event.waitUntil(worker.clients.claim()));

worker.addEventListener('push', (event) => {
  const { title, options } = notificationFor(event.data?.text() ?? null, worker.location.origin);
  event.waitUntil(worker.registration.showNotification(title, options));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string } | null;
  const target = new URL(data?.url ?? '/pantauan', worker.location.origin).href;
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      // The product already open in a tab is brought forward; otherwise a new tab opens it.
      const open = windows.find((client) => client.url === target);
      return open ? open.focus() : worker.clients.openWindow(target);
    }),
  );
});
