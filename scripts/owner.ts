/**
 * `npm run owner -- grant <email> [--role owner|catalogue|orders]` / `npm run owner -- revoke <email>`: gives a
 * signed-up customer a staff role (the shop owner by default; `catalogue` may only edit the catalogue, `orders`
 * only handle orders) or makes them a
 * customer again, in the database named by DATABASE_URL (docs/decisions/0022-order-lifecycle-and-owner.md,
 * docs/decisions/0042-staff-roles.md).
 */
import { STAFF_ROLES, type StaffRole } from '@shop/contracts/staff'
import { setRole } from '../apps/server/src/modules/customer/customer.service.ts'
import { loadConfig } from '../apps/server/src/platform/config.ts'
import { openDatabase } from '../apps/server/src/platform/db/database.ts'
import { migrateToLatest } from '../apps/server/src/platform/db/migrate.ts'

const [action, email, flag, value] = process.argv.slice(2)
const role = flag === '--role' ? value : flag === undefined ? 'owner' : undefined
const isStaffRole = (r: string | undefined): r is StaffRole =>
  (STAFF_ROLES as readonly string[]).includes(r ?? '')
if (
  (action !== 'grant' && action !== 'revoke') ||
  !email ||
  !isStaffRole(role) ||
  (action === 'revoke' && flag)
) {
  console.error(`usage: npm run owner -- grant <email> [--role ${STAFF_ROLES.join('|')}]  |  revoke <email>`)
  process.exit(2)
}
const database = openDatabase(loadConfig().databaseUrl)
try {
  await migrateToLatest(database.db)
  const done = await setRole(database.db, email, action === 'grant' ? role : 'customer')
  const what = action === 'revoke' ? 'a customer' : role === 'owner' ? 'the shop owner' : `staff (${role})`
  console.log(done ? `${email} is now ${what}` : `no customer ${email}`)
  process.exitCode = done ? 0 : 1
} finally {
  await database.close()
}
