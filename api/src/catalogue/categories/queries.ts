import { QueryTypes } from 'sequelize';
import type { CategoryInput } from '@shared/schemas';
import type { CategoryWithCount } from '@shared/types';
import type { Database } from '../../db/database';
import { conflictOnDuplicate, writeExisting } from '../../db/records';
import { conflict } from '../../errors';
import { foldedWords } from '../search/terms';
import { learnWords } from '../search/vocabulary';
import { presentCategory } from './presenter';

export const SLUG_TAKEN = 'Slug sudah digunakan oleh kategori lain';
export const CATEGORY_IN_USE = 'Kategori masih memiliki produk dan tidak dapat dihapus';

/** Visitors count the products they can see; admins count every product. */
export type ProductCountScope = 'active' | 'all';

/**
 * Per-category product counts from the tables the triggers keep (migrations 0003 and 0009),
 * never a count over the products themselves.
 */
const COUNTS_SQL: Record<ProductCountScope, string> = {
  active: 'SELECT "categoryId", active AS count FROM product_active_counts',
  all: 'SELECT "categoryId", total AS count FROM product_counts',
};

async function productCounts(db: Database, scope: ProductCountScope) {
  const rows = await db.sequelize.query<{ categoryId: number | string; count: number | string }>(
    COUNTS_SQL[scope],
    { type: QueryTypes.SELECT },
  );
  return new Map(rows.map((row) => [Number(row.categoryId), Number(row.count)]));
}

export async function listCategories(
  db: Database,
  scope: ProductCountScope = 'active',
): Promise<CategoryWithCount[]> {
  const [categories, counts] = await Promise.all([
    db.models.Category.findAll({
      order: [
        ['group', 'ASC'],
        ['name', 'ASC'],
      ],
    }),
    productCounts(db, scope),
  ]);
  return categories.map((category) => ({
    ...presentCategory(category),
    productCount: counts.get(category.id) ?? 0,
  }));
}

export function createCategory(db: Database, input: CategoryInput) {
  return conflictOnDuplicate(SLUG_TAKEN, async () =>
    presentCategory(
      await db.write((transaction) => db.models.Category.create(input, { transaction })),
    ),
  );
}

export function updateCategory(db: Database, id: number, input: CategoryInput) {
  return conflictOnDuplicate(SLUG_TAKEN, async () => {
    const category = await writeExisting(
      db,
      db.models.Category,
      id,
      'Category',
      (category, transaction) => category.update(input, { transaction }),
    );
    // A new name is indexed with every product of the category: a typo fix at once too.
    if (db.dialect === 'sqlite') await learnWords(db, foldedWords(category.name));
    return presentCategory(category);
  });
}

/** A category that still has products cannot go (409). */
export function deleteCategory(db: Database, id: number) {
  return writeExisting(db, db.models.Category, id, 'Category', async (category, transaction) => {
    const products = await db.models.Product.count({ where: { categoryId: id }, transaction });
    if (products > 0) throw conflict(CATEGORY_IN_USE);
    await category.destroy({ transaction });
  });
}
