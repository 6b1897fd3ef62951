/**
 * CTA clicks are counted once, by the /go/{linkId} redirect (api/src/go), which stores them
 * as `cta_click` events. The visitor's own `cta_click` message still tells the session's
 * journey and makes the session a conversion, but is stored as `cta_click_client` so that
 * the CTA reports and live figures, which count `cta_click` rows, do not count it again.
 */
export const CTA_CLICK_EVENT = 'cta_click';
export const CLIENT_CTA_CLICK_EVENT = 'cta_click_client';

/** The eventType a tracking message's event is stored under. */
export function storedEventType(clientEventType: string): string {
  return clientEventType === CTA_CLICK_EVENT ? CLIENT_CTA_CLICK_EVENT : clientEventType;
}
