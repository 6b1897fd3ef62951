import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Category, PlatformLink, Product } from '@shared/types';
import { TestClient } from './client';
import type { TestDialect } from './databases';
import { validProduct } from './fixtures';
import { ADMIN_PASSWORD, ADMIN_USERNAME, startTestServer, type TestServer } from './server';

export const DIALECTS: TestDialect[] = ['sqlite', 'postgres'];

/** One server with the demo catalogue, a visitor and a signed-in admin; filled in beforeAll. */
export class ApiFixture {
  constructor(readonly dialect: TestDialect) {}

  server!: TestServer;
  visitor!: TestClient;
  admin!: TestClient;
  /** The public category list as the tests began. */
  categories: Category[] = [];

  get url(): string {
    return this.server.url;
  }

  someCategoryId(): string {
    return this.categories[0]!.id;
  }

  async start(): Promise<void> {
    this.server = await startTestServer(this.dialect, {}, { fromTemplate: true });
    this.visitor = new TestClient(this.url);
    this.admin = new TestClient(this.url);
    const login = await this.admin.post('/api/admin/login', {
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
    });
    expect(login.status).toBe(200);
    this.categories = (await this.visitor.get<Category[]>('/api/categories')).body;
  }

  async createProduct(overrides: Record<string, unknown> = {}): Promise<Product> {
    const res = await this.admin.post<Product>('/api/admin/products', {
      ...validProduct(this.someCategoryId()),
      ...overrides,
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  /**
   * A category of its own (`<name> <tag>`, slug `<name>-<tag>` in lower case), so that the demo
   * catalogue and other tests never show in what a test lists.
   */
  async createCategory(name: string, tag: string): Promise<Category> {
    const res = await this.admin.post<Category>('/api/admin/categories', {
      name: `${name} ${tag}`,
      slug: `${name.toLowerCase()}-${tag}`,
      icon: 'StarIcon',
      color: 'text-pink-500',
      group: 'Lifestyle',
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  /** Links `productId` to a marketplace; the answer comes back as it is (tests check it). */
  addLink<Body = PlatformLink>(
    productId: string,
    platform: string,
    affiliateUrl: string,
    price: string,
  ) {
    return this.admin.post<Body>('/api/admin/platform-links', {
      productId,
      platform,
      affiliateUrl,
      price,
    });
  }
}

/**
 * Defines the suite once per database: SQLite and PostgreSQL each get their own server and
 * fresh database for this file, both started together. Tests stay independent through
 * unique data.
 */
export function describeApi(name: string, define: (api: ApiFixture) => void): void {
  const fixtures = DIALECTS.map((dialect) => new ApiFixture(dialect));
  beforeAll(() => Promise.all(fixtures.map((api) => api.start())));
  afterAll(() => Promise.all(fixtures.map((api) => api.server?.close())));
  for (const api of fixtures) describe(`${name} (${api.dialect})`, () => define(api));
}
