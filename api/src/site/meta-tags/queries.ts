import { Op, type WhereOptions } from 'sequelize';
import type { MetaTagInput } from '@shared/schemas';
import type { AdminListPage, MetaTag } from '@shared/types';
import { metaTagProblem, parseMetaTag } from '@shared/rules/meta-tag';
import type { Database } from '../../db/database';
import { destroyExisting, writeExisting } from '../../db/records';
import { containsIgnoringCase } from '../../lib/like';
import { pageOfRows, type AdminSiteListQuery } from '../admin-pages';
import { presentMetaTag } from './presenter';

/** The raw tag is kept for the editor; pages only ever render these parsed, escaped parts. */
function metaTagValues(input: MetaTagInput) {
  const parsed = parseMetaTag(input.htmlTag);
  return {
    ...input,
    parsedName: parsed?.name ?? null,
    parsedProperty: parsed?.property ?? null,
    parsedContent: parsed?.content ?? null,
  };
}

/**
 * Active tags for a page path: those for every page ('*') and those for exactly this path.
 * A tag stored before the allowlist existed, and outside it, is left out of the page.
 */
export async function activeMetaTagsFor(db: Database, path: string) {
  const tags = await db.models.MetaTag.findAll({
    where: { isActive: true, pageUrl: { [Op.in]: ['*', path] } },
    order: [['id', 'ASC']],
  });
  return tags.filter((tag) => metaTagProblem(tag.htmlTag) === null).map(presentMetaTag);
}

/** The admin's search: a substring of the tag or its page, in any case. */
const metaTagSearch = (db: Database, search: string | undefined): WhereOptions =>
  search?.trim()
    ? containsIgnoringCase(db, ['MetaTag.htmlTag', 'MetaTag.pageUrl'], search.trim())
    : {};

export async function listMetaTags(db: Database, search?: string) {
  const tags = await db.models.MetaTag.findAll({
    where: metaTagSearch(db, search),
    order: [['id', 'ASC']],
  });
  return tags.map(presentMetaTag);
}

/** GET /api/admin/meta-tags?page=N: one page, oldest first like the whole list. */
export async function pageMetaTags(
  db: Database,
  query: AdminSiteListQuery & { page: number },
): Promise<AdminListPage<'metaTags', MetaTag>> {
  const { rows, ...page } = await pageOfRows(db.models.MetaTag, {
    where: metaTagSearch(db, query.search),
    order: [['id', 'ASC']],
    page: query.page,
    limit: query.limit,
  });
  return { metaTags: rows.map(presentMetaTag), ...page };
}

export async function createMetaTag(db: Database, input: MetaTagInput) {
  const tag = await db.write((transaction) =>
    db.models.MetaTag.create(metaTagValues(input), { transaction }),
  );
  return presentMetaTag(tag);
}

export async function updateMetaTag(db: Database, id: number, input: MetaTagInput) {
  const tag = await writeExisting(db, db.models.MetaTag, id, 'Meta tag', (found, transaction) =>
    found.update(metaTagValues(input), { transaction }),
  );
  return presentMetaTag(tag);
}

export const deleteMetaTag = (db: Database, id: number) =>
  destroyExisting(db, db.models.MetaTag, id, 'Meta tag');
