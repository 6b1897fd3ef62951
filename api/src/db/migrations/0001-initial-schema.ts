import { DataTypes, type QueryInterface } from 'sequelize';

const timestamps = {
  createdAt: { type: DataTypes.DATE, allowNull: false },
  updatedAt: { type: DataTypes.DATE, allowNull: false },
};

const id = { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false };

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('users', {
    id,
    username: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    passwordHash: { type: DataTypes.STRING(100), allowNull: false },
    // Bumped on logout and password reset: every cookie carrying an older version is refused.
    sessionVersion: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    ...timestamps,
  });

  await qi.createTable('categories', {
    id,
    name: { type: DataTypes.STRING(100), allowNull: false },
    slug: { type: DataTypes.STRING(120), allowNull: false, unique: true },
    icon: { type: DataTypes.STRING(50), allowNull: false },
    color: { type: DataTypes.STRING(50), allowNull: false },
    group: { type: DataTypes.STRING(100), allowNull: false },
    ...timestamps,
  });

  await qi.createTable('products', {
    id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
    categoryId: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'categories', key: 'id' },
      onDelete: 'RESTRICT',
      onUpdate: 'CASCADE',
    },
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
  });
  await qi.addIndex('products', ['categoryId', 'isActive'], { name: 'products_category_active' });
  await qi.addIndex('products', ['isActive', 'createdAt'], { name: 'products_active_created' });
  await qi.addIndex('products', ['isFeaturedPromo', 'featuredOrder'], {
    name: 'products_featured_promo',
  });
  await qi.addIndex('products', ['isFeaturedPopular', 'featuredOrder'], {
    name: 'products_featured_popular',
  });

  await qi.createTable('platform_links', {
    id,
    productId: {
      type: DataTypes.UUID,
      allowNull: false,
      references: { model: 'products', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    platform: { type: DataTypes.STRING(20), allowNull: false },
    affiliateUrl: { type: DataTypes.STRING(2048), allowNull: false },
    price: { type: DataTypes.STRING(50), allowNull: false, defaultValue: '' },
    ...timestamps,
  });
  await qi.addIndex('platform_links', ['productId', 'platform'], {
    name: 'platform_links_product_platform',
    unique: true,
  });

  await qi.createTable('product_images', {
    id,
    productId: {
      type: DataTypes.UUID,
      allowNull: false,
      references: { model: 'products', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    imageUrl: { type: DataTypes.STRING(2048), allowNull: false },
    altText: { type: DataTypes.STRING(300), allowNull: false, defaultValue: '' },
    order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    isActive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ...timestamps,
  });
  await qi.addIndex('product_images', ['productId', 'order'], { name: 'product_images_order' });

  await qi.createTable('content_blocks', {
    id,
    key: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    title: { type: DataTypes.STRING(200), allowNull: false },
    data: { type: DataTypes.TEXT, allowNull: false },
    isActive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    lastModified: { type: DataTypes.DATE, allowNull: false },
    ...timestamps,
  });

  await qi.createTable('faqs', {
    id,
    question: { type: DataTypes.TEXT, allowNull: false },
    answer: { type: DataTypes.TEXT, allowNull: false },
    category: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'general' },
    order: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    isActive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ...timestamps,
  });
  await qi.addIndex('faqs', ['isActive', 'order'], { name: 'faqs_active_order' });

  await qi.createTable('meta_tags', {
    id,
    htmlTag: { type: DataTypes.TEXT, allowNull: false },
    pageUrl: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '*' },
    isActive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    parsedName: { type: DataTypes.STRING(200), allowNull: true },
    parsedProperty: { type: DataTypes.STRING(200), allowNull: true },
    parsedContent: { type: DataTypes.TEXT, allowNull: true },
    ...timestamps,
  });
  await qi.addIndex('meta_tags', ['isActive', 'pageUrl'], { name: 'meta_tags_active_page' });

  await qi.createTable('popups', {
    id,
    title: { type: DataTypes.STRING(200), allowNull: false },
    content: { type: DataTypes.TEXT, allowNull: false },
    type: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'promo' },
    targetUrl: { type: DataTypes.STRING(2048), allowNull: true },
    buttonText: { type: DataTypes.STRING(100), allowNull: false, defaultValue: 'Learn More' },
    backgroundColor: { type: DataTypes.STRING(20), allowNull: false, defaultValue: '#ffffff' },
    textColor: { type: DataTypes.STRING(20), allowNull: false, defaultValue: '#000000' },
    imageUrl: { type: DataTypes.STRING(2048), allowNull: true },
    imagePosition: { type: DataTypes.STRING(20), allowNull: false, defaultValue: 'none' },
    startDate: { type: DataTypes.DATE, allowNull: false },
    endDate: { type: DataTypes.DATE, allowNull: false },
    showOnPages: { type: DataTypes.STRING(200), allowNull: false, defaultValue: '*' },
    triggerAfterSeconds: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 3 },
    isActive: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    ...timestamps,
  });
  await qi.addIndex('popups', ['isActive', 'startDate', 'endDate'], { name: 'popups_schedule' });

  await qi.createTable('analytics_sessions', {
    id,
    sessionId: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    userId: { type: DataTypes.STRING(64), allowNull: true },
    ipAddress: { type: DataTypes.STRING(64), allowNull: true },
    userAgent: { type: DataTypes.STRING(512), allowNull: true },
    country: { type: DataTypes.STRING(100), allowNull: true },
    city: { type: DataTypes.STRING(100), allowNull: true },
    device: { type: DataTypes.STRING(20), allowNull: true },
    browser: { type: DataTypes.STRING(20), allowNull: true },
    referrer: { type: DataTypes.STRING(2048), allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('analytics_sessions', ['createdAt'], { name: 'analytics_sessions_created' });

  await qi.createTable('page_views', {
    id,
    sessionId: { type: DataTypes.STRING(64), allowNull: false },
    path: { type: DataTypes.STRING(512), allowNull: false },
    title: { type: DataTypes.STRING(300), allowNull: true },
    duration: { type: DataTypes.INTEGER, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('page_views', ['createdAt'], { name: 'page_views_created' });
  await qi.addIndex('page_views', ['sessionId'], { name: 'page_views_session' });

  await qi.createTable('events', {
    id,
    sessionId: { type: DataTypes.STRING(64), allowNull: false },
    eventType: { type: DataTypes.STRING(40), allowNull: false },
    eventData: { type: DataTypes.TEXT, allowNull: true },
    productId: { type: DataTypes.STRING(64), allowNull: true },
    categoryId: { type: DataTypes.STRING(64), allowNull: true },
    platform: { type: DataTypes.STRING(20), allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('events', ['eventType', 'createdAt'], { name: 'events_type_created' });
  await qi.addIndex('events', ['createdAt'], { name: 'events_created' });
  await qi.addIndex('events', ['sessionId'], { name: 'events_session' });
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  for (const table of [
    'events',
    'page_views',
    'analytics_sessions',
    'popups',
    'meta_tags',
    'faqs',
    'content_blocks',
    'product_images',
    'platform_links',
    'products',
    'categories',
    'users',
  ]) {
    await qi.dropTable(table);
  }
}
