import type { MetaTag as MetaTagJson } from '@shared/types';
import type { MetaTag } from '../../db/models';
import { iso } from '../../lib/json';

export const presentMetaTag = (tag: MetaTag): MetaTagJson => ({
  id: String(tag.id),
  htmlTag: tag.htmlTag,
  pageUrl: tag.pageUrl,
  isActive: tag.isActive,
  parsedName: tag.parsedName,
  parsedProperty: tag.parsedProperty,
  parsedContent: tag.parsedContent,
  createdAt: iso(tag.createdAt),
});
