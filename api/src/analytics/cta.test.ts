import { describe, expect, it } from 'vitest';
import { CLIENT_CTA_CLICK_EVENT, storedEventType } from './cta';

describe('storedEventType', () => {
  it('stores the visitor’s own cta_click apart from the counted redirect clicks', () => {
    expect(storedEventType('cta_click')).toBe(CLIENT_CTA_CLICK_EVENT);
    expect(storedEventType('search')).toBe('search');
    expect(storedEventType('cta_click_client')).toBe('cta_click_client');
  });
});
