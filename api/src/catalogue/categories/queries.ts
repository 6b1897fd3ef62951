import type { CategoryInput } from '@shared/schemas';
import type { Database } from '../../db/database';
import { conflictOnDuplicate, writeExisting } from '../../db/records';
import { conflict } from '../../errors';
import { presentCategory } from './presenter';

export const SLUG_TAKEN = 'Slug sudah digunakan oleh kategori lain';
export const CATEGORY_IN_USE = 'Kategori masih memiliki produk dan tidak dapat dihapus';

export async function listCategories(db: Database) {
  const categories = await db.models.Category.findAll({
    order: [
      ['group', 'ASC'],
      ['name', 'ASC'],
    ],
  });
  return categories.map(presentCategory);
}

export function createCategory(db: Database, input: CategoryInput) {
  return conflictOnDuplicate(SLUG_TAKEN, async () =>
    presentCategory(
      await db.write((transaction) => db.models.Category.create(input, { transaction })),
    ),
  );
}

export function updateCategory(db: Database, id: number, input: CategoryInput) {
  return conflictOnDuplicate(SLUG_TAKEN, async () =>
    presentCategory(
      await writeExisting(db, db.models.Category, id, 'Category', (category, transaction) =>
        category.update(input, { transaction }),
      ),
    ),
  );
}

/** A category that still has products cannot go (409). */
export function deleteCategory(db: Database, id: number) {
  return writeExisting(db, db.models.Category, id, 'Category', async (category, transaction) => {
    const products = await db.models.Product.count({ where: { categoryId: id }, transaction });
    if (products > 0) throw conflict(CATEGORY_IN_USE);
    await category.destroy({ transaction });
  });
}
