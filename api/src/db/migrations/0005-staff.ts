import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Staff at scale: server-side sessions, disabled accounts and the append-only audit log.
 *
 * - admin_sessions: one row per sign-in. The cookie carries a random token; only its SHA-256
 *   is stored (`tokenHash`), so a copy of the database signs nobody in. `id` is what the
 *   "Sesi aktif" screen shows and ends.
 * - users.disabled: a disabled account cannot sign in and its sessions are ended.
 * - audit_log: who changed what, when and from where. Triggers refuse UPDATE and DELETE on
 *   both engines, so no code path can rewrite history. `userId` is deliberately not a foreign
 *   key (a cascade would be an update).
 */

const APPEND_ONLY = 'audit_log is append-only';

export async function up({ context: qi }: { context: QueryInterface }): Promise<void> {
  const sequelize = qi.sequelize;
  const postgres = sequelize.getDialect() === 'postgres';

  await qi.addColumn('users', 'disabled', {
    type: DataTypes.BOOLEAN,
    allowNull: false,
    defaultValue: false,
  });

  await qi.createTable('admin_sessions', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    tokenHash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
    userId: {
      type: DataTypes.INTEGER,
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    createdAt: { type: DataTypes.DATE, allowNull: false },
    lastSeenAt: { type: DataTypes.DATE, allowNull: false },
    expiresAt: { type: DataTypes.DATE, allowNull: false },
    userAgent: { type: DataTypes.STRING(300), allowNull: false, defaultValue: '' },
    ip: { type: DataTypes.STRING(64), allowNull: false, defaultValue: '' },
    revokedAt: { type: DataTypes.DATE, allowNull: true },
  });
  await qi.addIndex('admin_sessions', ['userId'], { name: 'admin_sessions_user' });

  await qi.createTable('audit_log', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    at: { type: DataTypes.DATE, allowNull: false },
    userId: { type: DataTypes.INTEGER, allowNull: true },
    username: { type: DataTypes.STRING(100), allowNull: false },
    action: { type: DataTypes.STRING(40), allowNull: false },
    entity: { type: DataTypes.STRING(40), allowNull: false },
    entityId: { type: DataTypes.STRING(100), allowNull: true },
    summary: { type: DataTypes.STRING(500), allowNull: false },
    changes: { type: DataTypes.TEXT, allowNull: true },
    ip: { type: DataTypes.STRING(64), allowNull: true },
  });
  await qi.addIndex('audit_log', ['at'], { name: 'audit_log_at' });
  await qi.addIndex('audit_log', ['entity', 'entityId', 'at'], { name: 'audit_log_entity' });
  await qi.addIndex('audit_log', ['username', 'at'], { name: 'audit_log_username' });

  if (postgres) {
    await sequelize.query(
      `CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
       BEGIN
         RAISE EXCEPTION '${APPEND_ONLY}';
       END
       $$ LANGUAGE plpgsql`,
    );
    await sequelize.query(
      `CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
       FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`,
    );
    await sequelize.query(
      `CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
       FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`,
    );
  } else {
    for (const event of ['UPDATE', 'DELETE']) {
      await sequelize.query(
        `CREATE TRIGGER audit_log_no_${event.toLowerCase()} BEFORE ${event} ON audit_log
         BEGIN SELECT RAISE(ABORT, '${APPEND_ONLY}'); END`,
      );
    }
  }
}

export async function down({ context: qi }: { context: QueryInterface }): Promise<void> {
  const sequelize = qi.sequelize;
  if (sequelize.getDialect() === 'postgres') {
    await sequelize.query('DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log');
    await sequelize.query('DROP TRIGGER IF EXISTS audit_log_no_truncate ON audit_log');
    await sequelize.query('DROP FUNCTION IF EXISTS audit_log_append_only()');
  } else {
    await sequelize.query('DROP TRIGGER IF EXISTS audit_log_no_update');
    await sequelize.query('DROP TRIGGER IF EXISTS audit_log_no_delete');
  }
  await qi.dropTable('audit_log');
  await qi.dropTable('admin_sessions');
  await qi.removeColumn('users', 'disabled');
}
