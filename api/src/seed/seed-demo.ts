import { randomUUID } from 'node:crypto';
import type { Database } from '../db/database';
import * as seedData from './demo-data';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Fills an empty catalogue with the Indonesian demo data; a catalogue with categories is left alone. */
export async function seedDemoIfEmpty(db: Database, now = new Date()): Promise<boolean> {
  const { Category, ContentBlock, Faq, PlatformLink, Popup, Product } = db.models;
  if ((await Category.count()) > 0) return false;
  await db.write(async (transaction) => {
    const categories = await Category.bulkCreate(
      seedData.demoCategories.map((category) => ({ ...category })),
      { transaction },
    );
    const categoryIds = new Map(categories.map((category) => [category.slug, category.id]));

    const products = seedData.demoProducts.map((demo) => {
      const categoryId = categoryIds.get(demo.categorySlug);
      if (categoryId === undefined) throw new Error(`Unknown demo category ${demo.categorySlug}`);
      const createdAt = new Date(now.getTime() - demo.ageDays * DAY_MS);
      return {
        id: randomUUID(),
        categoryId,
        title: demo.title,
        description: demo.description,
        imageUrl: demo.imageUrl,
        imageUrls: demo.imageUrls,
        videoUrl: demo.videoUrl ?? null,
        mediaType: demo.mediaType,
        discountPercentage: demo.discountPercentage,
        badgeText: demo.badgeText ?? null,
        badgeColor: demo.badgeColor,
        platforms: demo.platforms,
        isActive: demo.isActive,
        isFeaturedPromo: demo.isFeaturedPromo,
        isFeaturedPopular: demo.isFeaturedPopular,
        featuredOrder: demo.featuredOrder,
        createdAt,
        updatedAt: createdAt,
        links: demo.links,
      };
    });
    await Product.bulkCreate(
      products.map(({ links: _links, ...product }) => product),
      { transaction },
    );
    await PlatformLink.bulkCreate(
      products.flatMap((product) =>
        product.links.map((link) => ({ ...link, productId: product.id })),
      ),
      { transaction },
    );

    await Faq.bulkCreate(
      seedData.demoFaqs.map((faq) => ({ ...faq })),
      { transaction },
    );
    await ContentBlock.bulkCreate(
      [
        {
          key: 'contact_us',
          title: 'Hubungi Kami',
          data: JSON.stringify(seedData.demoContactContent),
          isActive: true,
          lastModified: now,
        },
        {
          key: 'homepage_hero',
          title: 'Homepage Hero',
          data: JSON.stringify(seedData.demoHeroContent),
          isActive: true,
          lastModified: now,
        },
      ],
      { transaction },
    );
    await Popup.bulkCreate(
      seedData.demoPopups.map(({ startOffsetDays, endOffsetDays, ...popup }) => ({
        ...popup,
        imageUrl: null,
        startDate: new Date(now.getTime() + startOffsetDays * DAY_MS),
        endDate: new Date(now.getTime() + endOffsetDays * DAY_MS),
      })),
      { transaction },
    );
  });
  return true;
}
