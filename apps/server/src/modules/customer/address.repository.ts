import type { Insertable, Updateable } from 'kysely'
import { type AddressesTable, identityDb } from '../../platform/auth/schema.ts'
import type { Db } from '../../platform/db/database.ts'

export type AddressRow = Insertable<AddressesTable>

export function list(db: Db, customerId: string, offset: number, limit: number) {
  return identityDb(db)
    .selectFrom('addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute()
}

export async function count(db: Db, customerId: string): Promise<number> {
  const row = await identityDb(db)
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** An address only together with its owner: another customer's id is simply not found. */
export function find(db: Db, customerId: string, id: string) {
  return identityDb(db)
    .selectFrom('addresses')
    .selectAll()
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
}

export async function insert(db: Db, row: AddressRow): Promise<void> {
  await identityDb(db).insertInto('addresses').values(row).execute()
}

export async function update(db: Db, customerId: string, id: string, values: Updateable<AddressesTable>) {
  await identityDb(db)
    .updateTable('addresses')
    .set(values)
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .execute()
}

export async function clearDefault(db: Db, customerId: string): Promise<void> {
  await identityDb(db)
    .updateTable('addresses')
    .set({ is_default: 0 })
    .where('customer_id', '=', customerId)
    .where('is_default', '=', 1)
    .execute()
}

export async function remove(db: Db, customerId: string, id: string): Promise<number> {
  const result = await identityDb(db)
    .deleteFrom('addresses')
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** Makes the oldest address the default when none is. */
export async function ensureDefault(db: Db, customerId: string): Promise<void> {
  const idb = identityDb(db)
  const hasDefault = await idb
    .selectFrom('addresses')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('is_default', '=', 1)
    .executeTakeFirst()
  if (hasDefault) return
  const oldest = await idb
    .selectFrom('addresses')
    .select('id')
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst()
  if (oldest) await idb.updateTable('addresses').set({ is_default: 1 }).where('id', '=', oldest.id).execute()
}
