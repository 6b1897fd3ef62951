import type { Category } from '@shared/types';
import { categoryColor, categoryEmoji } from '../../common/category-style';

/** A category's emoji in a ring of its colour (sidebar, and `large` on the category page). */
export function CategoryIcon({
  category,
  large = false,
}: {
  category: Pick<Category, 'icon' | 'color'>;
  large?: boolean;
}) {
  const color = categoryColor(category.color);
  return (
    <span
      className={large ? 'category-icon large' : 'category-icon'}
      style={{ color, borderColor: color }}
      aria-hidden="true"
    >
      {categoryEmoji(category.icon)}
    </span>
  );
}
