import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Price watches (DESIGN.md, "Price watches"; docs/contracts.md, "Price watches").
 *
 * - push_subscriptions: one row per browser push subscription (endpoint and its keys). The
 *   endpoint is looked up by its SHA-256 (`endpointHash`, unique): a 2,048-character address
 *   is too long for a portable unique index.
 * - watches: a product, an optional marketplace, the rule (`any` drop, or `below` a target),
 *   the channel (a push subscription, or a confirmed e-mail address), and nothing about the
 *   person. Only a hash of the watch's token is stored. Times are epoch milliseconds
 *   (BIGINT) so that both engines compare them alike.
 * - watch_notifications: the send queue. One pending row per watch at most (a partial unique
 *   index), claimed by any process (`lockedUntil`), retried with backoff (`nextAttemptAt`).
 * - The per-day limits count in shared_limits (0006), keys `watch:*`, on both engines.
 */
export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.createTable('push_subscriptions', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    endpointHash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    endpoint: { type: DataTypes.STRING(2048), allowNull: false },
    p256dh: { type: DataTypes.STRING(100), allowNull: false },
    auth: { type: DataTypes.STRING(32), allowNull: false },
    createdAt: { type: DataTypes.BIGINT, allowNull: false },
  });

  await qi.createTable('watches', {
    id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
    tokenHash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    productId: {
      type: DataTypes.UUID,
      allowNull: false,
      references: { model: 'products', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    platform: { type: DataTypes.STRING(20), allowNull: true },
    ruleKind: { type: DataTypes.STRING(10), allowNull: false },
    targetPrice: { type: DataTypes.BIGINT, allowNull: true },
    channel: { type: DataTypes.STRING(10), allowNull: false },
    subscriptionId: {
      type: DataTypes.INTEGER,
      allowNull: true,
      references: { model: 'push_subscriptions', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    email: { type: DataTypes.STRING(254), allowNull: true },
    state: { type: DataTypes.STRING(10), allowNull: false },
    priceAtCreation: { type: DataTypes.BIGINT, allowNull: true },
    lastNotifiedPrice: { type: DataTypes.BIGINT, allowNull: true },
    lastNotifiedAt: { type: DataTypes.BIGINT, allowNull: true },
    /** Until when the e-mail confirmation link is valid (pending e-mail watches). */
    confirmExpiresAt: { type: DataTypes.BIGINT, allowNull: true },
    lastUsedAt: { type: DataTypes.BIGINT, allowNull: false },
    createdAt: { type: DataTypes.BIGINT, allowNull: false },
  });
  // The fan-out join starts from the products whose price changed.
  await qi.addIndex('watches', ['productId', 'state'], { name: 'watches_product_state' });
  await qi.addIndex('watches', ['subscriptionId'], { name: 'watches_subscription' });
  await qi.addIndex('watches', ['email'], { name: 'watches_email' });
  await qi.addIndex('watches', ['lastUsedAt'], { name: 'watches_last_used' });

  await qi.createTable('watch_notifications', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    watchId: {
      type: DataTypes.UUID,
      allowNull: false,
      references: { model: 'watches', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    /** The evaluation that enqueued it (the watches' lastNotified* are set from its rows). */
    batch: { type: DataTypes.STRING(36), allowNull: false },
    price: { type: DataTypes.BIGINT, allowNull: false },
    previousPrice: { type: DataTypes.BIGINT, allowNull: true },
    platform: { type: DataTypes.STRING(20), allowNull: true },
    state: { type: DataTypes.STRING(10), allowNull: false },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    nextAttemptAt: { type: DataTypes.BIGINT, allowNull: false },
    lockedUntil: { type: DataTypes.BIGINT, allowNull: true },
    createdAt: { type: DataTypes.BIGINT, allowNull: false },
  });
  await qi.addIndex('watch_notifications', ['state', 'nextAttemptAt'], {
    name: 'watch_notifications_due',
  });
  await qi.addIndex('watch_notifications', ['batch'], { name: 'watch_notifications_batch' });
  // Never two notifications waiting for one watch.
  await qi.sequelize.query(
    `CREATE UNIQUE INDEX watch_notifications_one_pending ON watch_notifications ("watchId")
     WHERE state = 'pending'`,
  );
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  await qi.dropTable('watch_notifications');
  await qi.dropTable('watches');
  await qi.dropTable('push_subscriptions');
  await qi.sequelize.query(`DELETE FROM shared_limits WHERE "key" LIKE 'watch:%'`);
}
