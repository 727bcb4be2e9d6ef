import type { Insertable, Updateable } from 'kysely'
import { type CustomersTable, identityDb } from '../../platform/auth/schema.ts'
import type { Db } from '../../platform/db/database.ts'

export function findById(db: Db, id: string) {
  return identityDb(db)
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

export function findByEmail(db: Db, email: string) {
  return identityDb(db)
    .selectFrom('customers')
    .selectAll()
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
}

/** The ids and e-mails of the customers (not deleted) with these ids or these e-mails. */
export async function findIdentities(db: Db, by: { ids?: string[]; emails?: string[] }) {
  const ids = by.ids ?? []
  const emails = by.emails ?? []
  if (ids.length === 0 && emails.length === 0) return []
  return identityDb(db)
    .selectFrom('customers')
    .select(['id', 'email'])
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('id', 'in', ids)] : []),
        ...(emails.length ? [eb('email', 'in', emails)] : []),
      ]),
    )
    .where('deleted_at', 'is', null)
    .execute()
}

/** Whether an address is taken by any row, deleted customers' placeholders included. */
export async function emailTaken(db: Db, email: string): Promise<boolean> {
  const row = await identityDb(db)
    .selectFrom('customers')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst()
  return Boolean(row)
}

export async function insert(db: Db, row: Insertable<CustomersTable>): Promise<void> {
  await identityDb(db).insertInto('customers').values(row).execute()
}

export async function update(db: Db, id: string, values: Updateable<CustomersTable>): Promise<number> {
  const result = await identityDb(db)
    .updateTable('customers')
    .set({ ...values, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

export function accountsOf(db: Db, customerId: string) {
  return identityDb(db)
    .selectFrom('customer_accounts')
    .select(['provider_id', 'subject'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .execute()
}

export function findByProviderSubject(db: Db, providerId: string, subject: string) {
  return identityDb(db)
    .selectFrom('customer_accounts')
    .innerJoin('customers', 'customers.id', 'customer_accounts.customer_id')
    .selectAll('customers')
    .where('customer_accounts.provider_id', '=', providerId)
    .where('customer_accounts.subject', '=', subject)
    .where('customers.deleted_at', 'is', null)
    .executeTakeFirst()
}

export async function link(db: Db, customerId: string, providerId: string, subject: string): Promise<void> {
  await identityDb(db)
    .insertInto('customer_accounts')
    .values({
      provider_id: providerId,
      subject,
      customer_id: customerId,
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.columns(['provider_id', 'subject']).doNothing())
    .execute()
}

/** One wrong password: counts it and, at the limit, locks the account; atomic per row. */
export async function recordFailedLogin(
  db: Db,
  id: string,
  maxFailures: number,
  lockUntil: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const t = identityDb(trx)
    const row = await t
      .updateTable('customers')
      .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
      .where('id', '=', id)
      .returning('failed_logins')
      .executeTakeFirst()
    if (row && row.failed_logins >= maxFailures) {
      await t
        .updateTable('customers')
        .set({ failed_logins: 0, locked_until: lockUntil })
        .where('id', '=', id)
        .execute()
    }
  })
}

/** Account deletion, the customer's own tables: addresses and sign-in links go. */
export async function deletePersonalData(db: Db, id: string): Promise<void> {
  const t = identityDb(db)
  await t.deleteFrom('addresses').where('customer_id', '=', id).execute()
  await t.deleteFrom('customer_accounts').where('customer_id', '=', id).execute()
}

/** Account deletion: the row stays as a tombstone without personal data, so orders keep their customer id. */
export async function tombstone(db: Db, id: string): Promise<void> {
  const now = new Date().toISOString()
  await identityDb(db)
    .updateTable('customers')
    .set({
      email: `deleted-${id}@deleted.invalid`,
      email_verified: 0,
      password_hash: null,
      title: '',
      first_name: '',
      middle_name: '',
      last_name: '',
      preferred_language: null,
      failed_logins: 0,
      locked_until: null,
      updated_at: now,
      deleted_at: now,
    })
    .where('id', '=', id)
    .execute()
}

/** The role column of migration 0009-owner-role. */
type RoleTables = { customers: { id: string; email: string; role: string; deleted_at: string | null } }

export async function setRole(db: Db, email: string, role: string): Promise<boolean> {
  const result = await db
    .withTables<RoleTables>()
    .updateTable('customers')
    .set({ role })
    .where('email', '=', email)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
