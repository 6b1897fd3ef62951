import { createContext, useContext, useEffect } from 'react';
import { fullTitle, type PageMeta } from './page-meta';

/** Higher wins: an open product describes the address over the page beneath it. */
export const META_PRIORITY = { page: 1, product: 2 } as const;

/** Server side: collects the winning metadata of one render. */
export class MetaCollector {
  private best: { meta: PageMeta; priority: number } | null = null;

  offer(meta: PageMeta, priority: number): void {
    if (!this.best || priority >= this.best.priority) this.best = { meta, priority };
  }

  get meta(): PageMeta | null {
    return this.best?.meta ?? null;
  }
}

export const MetaContext = createContext<MetaCollector | null>(null);

// Browser side: the mounted claims; the highest priority, latest one is applied.
const claims = new Map<symbol, { meta: PageMeta; priority: number }>();

function setHeadTag(selector: string, create: () => HTMLElement, apply: (el: HTMLElement) => void) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  apply(element);
}

function applyBest(): void {
  let best: { meta: PageMeta; priority: number } | null = null;
  for (const claim of claims.values()) {
    if (!best || claim.priority >= best.priority) best = claim;
  }
  if (!best) return;
  const { meta } = best;
  document.title = fullTitle(meta.title);
  const metaTag = (name: string) => () => {
    const el = document.createElement('meta');
    el.setAttribute('name', name);
    return el;
  };
  setHeadTag('meta[name="description"]', metaTag('description'), (el) =>
    el.setAttribute('content', meta.description),
  );
  setHeadTag('meta[name="robots"]', metaTag('robots'), (el) =>
    el.setAttribute('content', meta.noIndex ? 'noindex, nofollow' : 'index, follow'),
  );
  setHeadTag(
    'link[rel="canonical"]',
    () => {
      const el = document.createElement('link');
      el.setAttribute('rel', 'canonical');
      return el;
    },
    (el) => el.setAttribute('href', `${window.location.origin}${meta.path}`),
  );
}

/**
 * Declares the page's metadata. During the server render it goes to the collector (the head is
 * built from it); in the browser it updates the title, description, robots and canonical on
 * client-side navigation.
 */
export function usePageMeta(meta: PageMeta, priority: number = META_PRIORITY.page): void {
  const collector = useContext(MetaContext);
  if (collector) collector.offer(meta, priority);
  const key = JSON.stringify(meta);
  useEffect(() => {
    const id = Symbol('page-meta');
    claims.set(id, { meta: JSON.parse(key) as PageMeta, priority });
    applyBest();
    return () => {
      claims.delete(id);
      applyBest();
    };
  }, [key, priority]);
}
