import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { createAdmin, generatePassword, resetAdminPassword } from '../auth/users';
import { runAs } from '../audit/log';
import { MIN_PASSWORD_LENGTH } from '@shared/schemas';

const USAGE = `Usage:
  npm run admin -- create <username> [password]
  npm run admin -- reset-password <username> [password]
  npm run admin -- list
A password is generated and printed when none is given.`;

async function main(argv: string[]): Promise<number> {
  const [command, username, givenPassword] = argv;
  if (!command || !['create', 'reset-password', 'list'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  if (command !== 'list' && (!username || username.length > 64)) {
    console.error(USAGE);
    return 2;
  }
  if (givenPassword !== undefined && givenPassword.length < MIN_PASSWORD_LENGTH) {
    console.error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
    return 2;
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    if (command === 'list') {
      const users = await db.models.User.findAll({ order: [['username', 'ASC']] });
      for (const user of users) {
        console.log(user.disabled ? `${user.username} (disabled)` : user.username);
      }
      return 0;
    }
    const password = givenPassword ?? generatePassword();
    const name = username!;
    if (command === 'create') {
      if (await db.models.User.findOne({ where: { username: name } })) {
        console.error(`Admin "${name}" already exists; use reset-password.`);
        return 1;
      }
      await createAdmin(db, name, password);
      console.log(`Created admin "${name}".`);
    } else {
      if (!(await resetAdminPassword(db, name, password))) {
        console.error(`No admin named "${name}".`);
        return 1;
      }
      console.log(`Password reset for "${name}"; their existing sessions are signed out.`);
    }
    if (!givenPassword) console.log(`Password: ${password}`);
    return 0;
  } finally {
    await db.close();
  }
}

// The audit log names the command line as who made the change.
runAs({ userId: null, username: 'cli', ip: null }, () => main(process.argv.slice(2))).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
