import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductListResponse } from '@shared/types';
import { waitFor } from '../../../test/support/processes';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { isVocabularyLoaded } from './vocabulary';

describe('the SQLite typo vocabulary after start-up', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite', {}, { fromTemplate: true });
  });
  afterAll(() => server?.close());

  it('is loaded in the background before any search asks for it', async () => {
    // Nobody has searched yet: the server loaded it on its own.
    expect(await waitFor(() => isVocabularyLoaded(server.running.db) || undefined, 10_000)).toBe(
      true,
    );
    const res = await fetch(`${server.url}/api/products?search=sepatuu&page=1&limit=12`);
    const body = (await res.json()) as ProductListResponse;
    expect(res.status).toBe(200);
    // One typo forgiven in a word of 5+ letters (DESIGN "Search").
    expect(body.totalCount).toBeGreaterThan(0);
  });
});
