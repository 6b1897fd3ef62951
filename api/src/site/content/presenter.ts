import type { ContentBlock as ContentBlockJson } from '@shared/types';
import type { ContentBlock } from '../../db/models';
import { iso } from '../../lib/json';

export const presentContentBlock = (block: ContentBlock): ContentBlockJson => ({
  id: String(block.id),
  key: block.key,
  title: block.title,
  data: block.data,
  isActive: block.isActive,
  lastModified: iso(block.lastModified),
  createdAt: iso(block.createdAt),
});
