/**
 * `npm run owner -- grant <email>` / `npm run owner -- revoke <email>`: makes a signed-up customer the shop
 * owner (or a customer again) in the database named by DATABASE_URL (docs/decisions/0022-order-lifecycle-and-owner.md).
 */
import { setRole } from '../apps/server/src/modules/customer/customer.service.ts'
import { loadConfig } from '../apps/server/src/platform/config.ts'
import { openDatabase } from '../apps/server/src/platform/db/database.ts'
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.ts'

const [action, email] = process.argv.slice(2)
if ((action !== 'grant' && action !== 'revoke') || !email) {
  console.error('usage: npm run owner -- grant|revoke <email>')
  process.exit(2)
}
const database = openDatabase(loadConfig().databaseUrl)
try {
  await migrateToLatest(database.db)
  const done = await setRole(database.db, email, action === 'grant' ? 'owner' : 'customer')
  console.log(
    done ? `${email} is now ${action === 'grant' ? 'the shop owner' : 'a customer'}` : `no customer ${email}`,
  )
  process.exitCode = done ? 0 : 1
} finally {
  await database.close()
}
