import {
  DataTypes,
  Model,
  type CreationOptional,
  type ForeignKey,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { installModelHooks } from './model-hooks';

class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  declare username: string;
  declare passwordHash: string;
  declare disabled: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** One sign-in: the cookie holds the token, this row only its SHA-256 (`tokenHash`). */
class AdminSession extends Model<
  InferAttributes<AdminSession>,
  InferCreationAttributes<AdminSession>
> {
  declare id: CreationOptional<number>;
  declare tokenHash: string;
  declare userId: ForeignKey<User['id']>;
  declare createdAt: Date;
  declare lastSeenAt: Date;
  declare expiresAt: Date;
  declare userAgent: string;
  declare ip: string;
  declare revokedAt: CreationOptional<Date | null>;
}

class Category extends Model<InferAttributes<Category>, InferCreationAttributes<Category>> {
  declare id: CreationOptional<number>;
  declare name: string;
  declare slug: string;
  declare icon: string;
  declare color: string;
  declare group: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

class Product extends Model<InferAttributes<Product>, InferCreationAttributes<Product>> {
  declare id: CreationOptional<string>;
  /** The key of CSV imports and exports; the id when none was given (migration 0008). */
  declare sku: CreationOptional<string | null>;
  declare categoryId: ForeignKey<Category['id']>;
  declare title: string;
  declare description: string;
  declare imageUrl: string;
  declare imageUrls: CreationOptional<string[]>;
  declare videoUrl: string | null;
  declare mediaType: CreationOptional<string>;
  declare discountPercentage: number;
  declare badgeText: string | null;
  declare badgeColor: CreationOptional<string>;
  declare platforms: string[];
  declare isActive: CreationOptional<boolean>;
  declare isFeaturedPromo: CreationOptional<boolean>;
  declare isFeaturedPopular: CreationOptional<boolean>;
  declare featuredOrder: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare category?: NonAttribute<Category>;
}

class PlatformLink extends Model<
  InferAttributes<PlatformLink>,
  InferCreationAttributes<PlatformLink>
> {
  declare id: CreationOptional<number>;
  declare productId: ForeignKey<Product['id']>;
  declare platform: string;
  declare affiliateUrl: string;
  declare price: CreationOptional<string>;
  /** Whole rupiah (BIGINT, so PostgreSQL hands it back as a string); null without a price. */
  declare priceValue: CreationOptional<number | string | null>;
  /** The price before the discount when a source knows it (BIGINT, like priceValue). */
  declare originalPriceValue: CreationOptional<number | string | null>;
  declare availability: CreationOptional<'in_stock' | 'out_of_stock'>;
  /** Link health, written by the link checker (api/src/catalogue/link-health). */
  declare lastCheckedAt: CreationOptional<Date | null>;
  declare lastStatus: CreationOptional<number | null>;
  declare lastError: CreationOptional<string | null>;
  declare isBroken: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

class ProductImage extends Model<
  InferAttributes<ProductImage>,
  InferCreationAttributes<ProductImage>
> {
  declare id: CreationOptional<number>;
  declare productId: ForeignKey<Product['id']>;
  declare imageUrl: string;
  declare altText: CreationOptional<string>;
  declare order: CreationOptional<number>;
  declare isActive: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

class ContentBlock extends Model<
  InferAttributes<ContentBlock>,
  InferCreationAttributes<ContentBlock>
> {
  declare id: CreationOptional<number>;
  declare key: string;
  declare title: string;
  declare data: string;
  declare isActive: CreationOptional<boolean>;
  declare lastModified: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

class Faq extends Model<InferAttributes<Faq>, InferCreationAttributes<Faq>> {
  declare id: CreationOptional<number>;
  declare question: string;
  declare answer: string;
  declare category: CreationOptional<string>;
  declare order: CreationOptional<number>;
  declare isActive: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

class MetaTag extends Model<InferAttributes<MetaTag>, InferCreationAttributes<MetaTag>> {
  declare id: CreationOptional<number>;
  declare htmlTag: string;
  declare pageUrl: CreationOptional<string>;
  declare isActive: CreationOptional<boolean>;
  declare parsedName: string | null;
  declare parsedProperty: string | null;
  declare parsedContent: string | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

class Popup extends Model<InferAttributes<Popup>, InferCreationAttributes<Popup>> {
  declare id: CreationOptional<number>;
  declare title: string;
  declare content: string;
  declare type: string;
  declare targetUrl: string | null;
  declare buttonText: string;
  declare backgroundColor: string;
  declare textColor: string;
  declare imageUrl: string | null;
  declare imagePosition: string;
  declare startDate: Date;
  declare endDate: Date;
  declare showOnPages: string;
  declare triggerAfterSeconds: number;
  declare isActive: boolean;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true };
const timestamps = { createdAt: DataTypes.DATE, updatedAt: DataTypes.DATE };

/**
 * Binds a fresh set of models to one Sequelize instance: every Database gets its own classes,
 * so no query reaches for models set up elsewhere. The schema itself is owned by the migrations.
 */
export function defineModels(sequelize: Sequelize) {
  const models = {
    User: class extends User {},
    AdminSession: class extends AdminSession {},
    Category: class extends Category {},
    Product: class extends Product {},
    PlatformLink: class extends PlatformLink {},
    ProductImage: class extends ProductImage {},
    ContentBlock: class extends ContentBlock {},
    Faq: class extends Faq {},
    MetaTag: class extends MetaTag {},
    Popup: class extends Popup {},
  };
  models.User.init(
    {
      id,
      username: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      passwordHash: { type: DataTypes.STRING(100), allowNull: false },
      disabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps,
    },
    { sequelize, modelName: 'User', tableName: 'users' },
  );

  models.AdminSession.init(
    {
      id,
      tokenHash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      lastSeenAt: { type: DataTypes.DATE, allowNull: false },
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      userAgent: { type: DataTypes.STRING(300), allowNull: false, defaultValue: '' },
      ip: { type: DataTypes.STRING(64), allowNull: false, defaultValue: '' },
      revokedAt: { type: DataTypes.DATE, allowNull: true },
    },
    {
      sequelize,
      modelName: 'AdminSession',
      tableName: 'admin_sessions',
      // createdAt is set by hand (the login time); there is no updatedAt.
      timestamps: false,
    },
  );

  models.Category.init(
    {
      id,
      name: { type: DataTypes.STRING(100), allowNull: false },
      slug: { type: DataTypes.STRING(120), allowNull: false, unique: true },
      icon: { type: DataTypes.STRING(50), allowNull: false },
      color: { type: DataTypes.STRING(50), allowNull: false },
      group: { type: DataTypes.STRING(100), allowNull: false },
      ...timestamps,
    },
    { sequelize, modelName: 'Category', tableName: 'categories' },
  );

  models.Product.init(
    {
      id: { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 },
      sku: { type: DataTypes.STRING(100), allowNull: true, unique: true },
      title: { type: DataTypes.STRING(200), allowNull: false },
      description: { type: DataTypes.TEXT, allowNull: false },
      imageUrl: { type: DataTypes.STRING(2048), allowNull: false },
      imageUrls: { type: DataTypes.JSON, allowNull: false, defaultValue: [] },
      videoUrl: { type: DataTypes.STRING(2048), allowNull: true },
      mediaType: { type: DataTypes.STRING(10), allowNull: false, defaultValue: 'default' },
      discountPercentage: { type: DataTypes.INTEGER, allowNull: false },
      badgeText: { type: DataTypes.STRING(50), allowNull: true },
      badgeColor: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'green' },
      platforms: { type: DataTypes.JSON, allowNull: false, defaultValue: [] },
      isActive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      isFeaturedPromo: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      isFeaturedPopular: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      featuredOrder: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      ...timestamps,
    },
    { sequelize, modelName: 'Product', tableName: 'products' },
  );

  models.PlatformLink.init(
    {
      id,
      platform: { type: DataTypes.STRING(20), allowNull: false },
      affiliateUrl: { type: DataTypes.STRING(2048), allowNull: false },
      price: { type: DataTypes.STRING(50), allowNull: false, defaultValue: '' },
      priceValue: { type: DataTypes.BIGINT, allowNull: true },
      originalPriceValue: { type: DataTypes.BIGINT, allowNull: true },
      availability: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'in_stock' },
      lastCheckedAt: { type: DataTypes.DATE, allowNull: true },
      lastStatus: { type: DataTypes.INTEGER, allowNull: true },
      lastError: { type: DataTypes.STRING(200), allowNull: true },
      isBroken: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps,
    },
    { sequelize, modelName: 'PlatformLink', tableName: 'platform_links' },
  );

  models.ProductImage.init(
    {
      id,
      imageUrl: { type: DataTypes.STRING(2048), allowNull: false },
      altText: { type: DataTypes.STRING(300), allowNull: false, defaultValue: '' },
      order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      isActive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      ...timestamps,
    },
    { sequelize, modelName: 'ProductImage', tableName: 'product_images' },
  );

  models.ContentBlock.init(
    {
      id,
      key: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      title: { type: DataTypes.STRING(200), allowNull: false },
      data: { type: DataTypes.TEXT, allowNull: false },
      isActive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      lastModified: { type: DataTypes.DATE, allowNull: false },
      ...timestamps,
    },
    { sequelize, modelName: 'ContentBlock', tableName: 'content_blocks' },
  );

  models.Faq.init(
    {
      id,
      question: { type: DataTypes.TEXT, allowNull: false },
      answer: { type: DataTypes.TEXT, allowNull: false },
      category: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'general' },
      order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      isActive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      ...timestamps,
    },
    { sequelize, modelName: 'Faq', tableName: 'faqs' },
  );

  models.MetaTag.init(
    {
      id,
      htmlTag: { type: DataTypes.TEXT, allowNull: false },
      pageUrl: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '*' },
      isActive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
      parsedName: { type: DataTypes.STRING(200), allowNull: true },
      parsedProperty: { type: DataTypes.STRING(200), allowNull: true },
      parsedContent: { type: DataTypes.TEXT, allowNull: true },
      ...timestamps,
    },
    { sequelize, modelName: 'MetaTag', tableName: 'meta_tags' },
  );

  models.Popup.init(
    {
      id,
      title: { type: DataTypes.STRING(200), allowNull: false },
      content: { type: DataTypes.TEXT, allowNull: false },
      type: { type: DataTypes.STRING(20), allowNull: false },
      targetUrl: { type: DataTypes.STRING(2048), allowNull: true },
      buttonText: { type: DataTypes.STRING(100), allowNull: false },
      backgroundColor: { type: DataTypes.STRING(20), allowNull: false },
      textColor: { type: DataTypes.STRING(20), allowNull: false },
      imageUrl: { type: DataTypes.STRING(2048), allowNull: true },
      imagePosition: { type: DataTypes.STRING(20), allowNull: false },
      startDate: { type: DataTypes.DATE, allowNull: false },
      endDate: { type: DataTypes.DATE, allowNull: false },
      showOnPages: { type: DataTypes.STRING(200), allowNull: false },
      triggerAfterSeconds: { type: DataTypes.INTEGER, allowNull: false },
      isActive: { type: DataTypes.BOOLEAN, allowNull: false },
      ...timestamps,
    },
    { sequelize, modelName: 'Popup', tableName: 'popups' },
  );

  models.Category.hasMany(models.Product, { foreignKey: 'categoryId', as: 'products' });
  models.Product.belongsTo(models.Category, { foreignKey: 'categoryId', as: 'category' });
  models.Product.hasMany(models.PlatformLink, { foreignKey: 'productId', as: 'links' });
  models.PlatformLink.belongsTo(models.Product, { foreignKey: 'productId' });
  models.Product.hasMany(models.ProductImage, { foreignKey: 'productId', as: 'images' });
  models.ProductImage.belongsTo(models.Product, { foreignKey: 'productId' });
  models.User.hasMany(models.AdminSession, { foreignKey: 'userId', as: 'sessions' });
  models.AdminSession.belongsTo(models.User, { foreignKey: 'userId', as: 'user' });
  // Every create, update and delete of what admins manage appends to the audit log, in the
  // same transaction: the audit module registers those hooks (api/src/audit/log.ts).
  installModelHooks(models);
  return models;
}

export type Models = ReturnType<typeof defineModels>;

/** Instance types, for presenters and helpers; the classes themselves come from `db.models`. */
export type {
  User,
  AdminSession,
  Category,
  Product,
  PlatformLink,
  ProductImage,
  ContentBlock,
  Faq,
  MetaTag,
  Popup,
};
