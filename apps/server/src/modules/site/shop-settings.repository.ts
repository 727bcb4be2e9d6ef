import type { Db } from '../../platform/db/database.ts'

/** The table of migration 0036: a row per setting the owner has set. */
interface ShopSettingsTable {
  name: string
  value: string
}

const settingsDb = (db: Db) => db.withTables<{ shop_settings: ShopSettingsTable }>()

export function findSettings(db: Db): Promise<ShopSettingsTable[]> {
  return settingsDb(db).selectFrom('shop_settings').select(['name', 'value']).execute()
}

export async function putSetting(db: Db, name: string, value: string): Promise<void> {
  await settingsDb(db)
    .insertInto('shop_settings')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute()
}

export async function deleteSetting(db: Db, name: string): Promise<void> {
  await settingsDb(db).deleteFrom('shop_settings').where('name', '=', name).execute()
}
