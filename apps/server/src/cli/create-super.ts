import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { MESSAGES } from '@travesia/contracts';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { users } from '../db/schema/index.js';
import { passwordProblem } from '../lib/password-policy.js';
import { hashPassword } from '../lib/passwords.js';

/**
 * Creates the first super user on an empty (production) database:
 *   npm run create-super -- --email ops@example.com --name Ana --last-name Ruiz --password '...'
 * Without --password, a random one is generated and printed once.
 */
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    name: { type: 'string', default: 'Administrador' },
    'last-name': { type: 'string', default: 'Travesía' },
  },
});
if (!values.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(values.email)) {
  console.error('Usage: npm run create-super -- --email you@example.com [--password ...] [--name ...] [--last-name ...]');
  process.exit(2);
}
// Generated: 24 URL-safe characters from 144 random bits.
const password = values.password ?? randomBytes(18).toString('base64url');
const problem = passwordProblem(password, [values.email, values.name ?? '', values['last-name'] ?? '']);
if (problem) {
  console.error(`The password is not acceptable: ${MESSAGES[problem]}`);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: `${config.DATA_DIR}/pglite` });
await migrate(database);
try {
  await database.db.insert(users).values({
    email: values.email.toLowerCase(),
    passwordHash: await hashPassword(password),
    type: 'super',
    profile: { name: values.name ?? 'Administrador', lastName: values['last-name'] ?? 'Travesía', docType: 'CC', docNumber: '0' },
  });
  console.log(`Super user ${values.email} created.${values.password ? '' : ` Password: ${password}`}`);
} catch (err) {
  console.error(`Could not create the user: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
