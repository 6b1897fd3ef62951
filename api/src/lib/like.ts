import { Op, Sequelize, type WhereOptions } from 'sequelize';
import type { Database } from '../db/database';

/** `%` and `_` in an admin's search are literal characters, not wildcards. */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/**
 * Any of `columns` (as Sequelize names them, e.g. `Product.title`) contains `term`,
 * case-insensitively: `lower(column) LIKE '%term%'`, the term escaped.
 */
export function containsIgnoringCase(db: Database, columns: string[], term: string): WhereOptions {
  const pattern = Sequelize.literal(`${db.sequelize.escape(likePattern(term))} ESCAPE '\\'`);
  return {
    [Op.or]: columns.map((column) =>
      Sequelize.where(Sequelize.fn('lower', Sequelize.col(column)), { [Op.like]: pattern }),
    ),
  };
}
