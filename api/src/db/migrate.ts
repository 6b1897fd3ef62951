import { SequelizeStorage, Umzug } from 'umzug';
import type { Database } from './database';
import * as initialSchema from './migrations/0001-initial-schema';
import * as analyticsRollups from './migrations/0002-analytics-rollups';
import * as productSearch from './migrations/0003-product-search';
import * as pricesAndClicks from './migrations/0004-prices-and-clicks';
import * as staff from './migrations/0005-staff';
import * as sharedLimits from './migrations/0006-shared-limits';
import * as adminProductList from './migrations/0007-admin-product-list';
import * as productSkuAndImports from './migrations/0008-product-sku-and-imports';
import * as adminListAtScale from './migrations/0009-admin-list-at-scale';
import * as searchDocidLookup from './migrations/0010-search-docid-lookup';
import * as auditEntityLabel from './migrations/0011-audit-entity-label';
import * as productPlatformsFollowLinks from './migrations/0012-product-platforms-follow-links';
import * as linkOriginalPriceAvailability from './migrations/0013-link-original-price-availability';
import * as productShoppingColumns from './migrations/0014-product-shopping-columns';
import * as productFeeds from './migrations/0015-product-feeds';
import * as priceWatches from './migrations/0016-price-watches';
import * as analyticsSources from './migrations/0017-analytics-sources';
import * as listingIndexes from './migrations/0018-listing-indexes';
import * as analyticsFunnelDimensions from './migrations/0019-analytics-funnel-dimensions';
import * as feedItemsDropLinkId from './migrations/0020-feed-items-drop-link-id';
import * as analyticsProductPeriods from './migrations/0021-analytics-product-periods';
import * as searchTierIndexes from './migrations/0022-search-tier-indexes';
import * as searchRowsNewestOrder from './migrations/0023-search-rows-newest-order';
import * as listingLinkPrices from './migrations/0024-listing-link-prices';
import * as linkListingFigures from './migrations/0025-link-listing-figures';
import * as walkIndexesCarryFilters from './migrations/0026-walk-indexes-carry-filters';
import * as importWritesDerivedRows from './migrations/0027-import-writes-derived-rows';
import * as feedItemsFillfactor from './migrations/0028-feed-items-fillfactor';
import * as clickLog from './migrations/0029-click-log';
import * as feedSeenRun from './migrations/0030-feed-seen-run';
import * as clickDeriveExisted from './migrations/0031-click-derive-existed';
import * as searchFilterCovering from './migrations/0032-search-filter-covering';
import * as searchWordCategories from './migrations/0033-search-word-categories';
import * as searchPostings from './migrations/0034-search-postings';
import * as linkSavingCarriesPrice from './migrations/0035-link-saving-carries-price';
import * as searchDocsCarryFilters from './migrations/0039-search-docs-carry-filters';
import * as searchCategoryWord from './migrations/0040-search-category-word';
import * as searchPostingsCategory from './migrations/0041-search-postings-category';
import * as walkIndexesIncludeFilters from './migrations/0042-walk-indexes-include-filters';
import * as searchDocsCarryMarketplaceFigures from './migrations/0043-search-docs-carry-marketplace-figures';
import * as linkSavingCarriesPriceSqlite from './migrations/0044-link-saving-carries-price-sqlite';
import * as searchRowsCarryMarketplacePrices from './migrations/0045-search-rows-carry-marketplace-prices';

/**
 * Migrations are listed here rather than globbed from disk so that they are bundled with the
 * server and run in a fixed order on SQLite and PostgreSQL alike.
 */
export const migrations = [
  { name: '0001-initial-schema', ...initialSchema },
  { name: '0002-analytics-rollups', ...analyticsRollups },
  { name: '0003-product-search', ...productSearch },
  { name: '0004-prices-and-clicks', ...pricesAndClicks },
  { name: '0005-staff', ...staff },
  { name: '0006-shared-limits', ...sharedLimits },
  { name: '0007-admin-product-list', ...adminProductList },
  { name: '0008-product-sku-and-imports', ...productSkuAndImports },
  { name: '0009-admin-list-at-scale', ...adminListAtScale },
  { name: '0010-search-docid-lookup', ...searchDocidLookup },
  { name: '0011-audit-entity-label', ...auditEntityLabel },
  { name: '0012-product-platforms-follow-links', ...productPlatformsFollowLinks },
  { name: '0013-link-original-price-availability', ...linkOriginalPriceAvailability },
  { name: '0014-product-shopping-columns', ...productShoppingColumns },
  { name: '0015-product-feeds', ...productFeeds },
  { name: '0016-price-watches', ...priceWatches },
  { name: '0017-analytics-sources', ...analyticsSources },
  { name: '0018-listing-indexes', ...listingIndexes },
  { name: '0019-analytics-funnel-dimensions', ...analyticsFunnelDimensions },
  { name: '0020-feed-items-drop-link-id', ...feedItemsDropLinkId },
  { name: '0021-analytics-product-periods', ...analyticsProductPeriods },
  { name: '0022-search-tier-indexes', ...searchTierIndexes },
  { name: '0023-search-rows-newest-order', ...searchRowsNewestOrder },
  { name: '0024-listing-link-prices', ...listingLinkPrices },
  { name: '0025-link-listing-figures', ...linkListingFigures },
  { name: '0026-walk-indexes-carry-filters', ...walkIndexesCarryFilters },
  { name: '0027-import-writes-derived-rows', ...importWritesDerivedRows },
  { name: '0028-feed-items-fillfactor', ...feedItemsFillfactor },
  { name: '0029-click-log', ...clickLog },
  { name: '0030-feed-seen-run', ...feedSeenRun },
  { name: '0031-click-derive-existed', ...clickDeriveExisted },
  { name: '0032-search-filter-covering', ...searchFilterCovering },
  { name: '0033-search-word-categories', ...searchWordCategories },
  { name: '0034-search-postings', ...searchPostings },
  { name: '0035-link-saving-carries-price', ...linkSavingCarriesPrice },
  { name: '0039-search-docs-carry-filters', ...searchDocsCarryFilters },
  { name: '0040-search-category-word', ...searchCategoryWord },
  { name: '0041-search-postings-category', ...searchPostingsCategory },
  { name: '0042-walk-indexes-include-filters', ...walkIndexesIncludeFilters },
  { name: '0043-search-docs-carry-marketplace-figures', ...searchDocsCarryMarketplaceFigures },
  { name: '0044-link-saving-carries-price-sqlite', ...linkSavingCarriesPriceSqlite },
  { name: '0045-search-rows-carry-marketplace-prices', ...searchRowsCarryMarketplacePrices },
];

/** The applied migrations' names, as the database records them. */
function migrationStorage(db: Database) {
  return new SequelizeStorage({ sequelize: db.sequelize, tableName: 'schema_migrations' });
}

export function createMigrator(db: Database) {
  return new Umzug({
    migrations,
    context: db.sequelize.getQueryInterface(),
    storage: migrationStorage(db),
    logger: undefined,
  });
}

/**
 * The database was migrated by a newer release: it holds migrations this release does not
 * know, so its schema may lack what this code expects or hold what it does not (see
 * docs/operations.md, "Upgrades: expand, then contract").
 */
export class SchemaNewerError extends Error {
  constructor(readonly unknownMigrations: string[]) {
    super(
      `This database was migrated by a newer release of DiskonRadar: it has ` +
        `${unknownMigrations.length === 1 ? 'a migration' : 'migrations'} this release does not ` +
        `know (${unknownMigrations.join(', ')}). Refusing to start on a schema it does not know: ` +
        'deploy that newer release (or a later one), or restore a backup taken before the upgrade.',
    );
    this.name = 'SchemaNewerError';
  }
}

/** Applied migrations that this release does not list (none on a database it migrated). */
export async function unknownMigrations(db: Database): Promise<string[]> {
  const known = new Set(migrations.map((migration) => migration.name));
  // The storage's own list: Umzug's executed() leaves out the names it does not know.
  const executed = await migrationStorage(db).executed();
  return executed.filter((name) => !known.has(name));
}

/** Applies what is pending; refuses (SchemaNewerError) a database a newer release migrated. */
export async function migrate(db: Database): Promise<string[]> {
  const unknown = await unknownMigrations(db);
  if (unknown.length > 0) throw new SchemaNewerError(unknown);
  const applied = await createMigrator(db).up();
  return applied.map((migration) => migration.name);
}
