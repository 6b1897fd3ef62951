import { describe, expect, it } from 'vitest';
import { auditFiltersFrom, auditSearchFor } from './audit-filters';

describe('audit filters in the address', () => {
  it('reads the filters and a valid page; anything else is the first page, unfiltered', () => {
    expect(
      auditFiltersFrom(new URLSearchParams('page=3&username=admin&entity=product&entityId=a1')),
    ).toEqual({ page: 3, limit: 20, username: 'admin', entity: 'product', entityId: 'a1' });
    expect(auditFiltersFrom(new URLSearchParams('page=-2&username=%20%20'))).toEqual({
      page: 1,
      limit: 20,
      username: undefined,
      entity: undefined,
      entityId: undefined,
    });
  });

  it('writes only what is set, and a new filter starts again at page 1', () => {
    const current = auditFiltersFrom(new URLSearchParams('page=4&entity=product'));
    expect(auditSearchFor(current, { page: 5 }).toString()).toBe('entity=product&page=5');
    expect(auditSearchFor(current, { entityId: ' 42 ' }).toString()).toBe(
      'entity=product&entityId=42',
    );
    expect(auditSearchFor(current, { entity: undefined }).toString()).toBe('');
    expect(auditSearchFor(current, { entity: 'product' }).toString()).toBe('entity=product&page=4');
  });
});
