import { keptRead } from '../../platform/cache/kept-read.ts'
import { invalidate } from '../../platform/cache/versions.ts'
import type { Db } from '../../platform/db/database.ts'
import { deleteSetting, findSettings, putSetting } from './shop-settings.repository.ts'
import {
  DEFAULT_CONTACT_PHONE,
  mailSender,
  NO_SETTINGS,
  SETTING_NAMES,
  type StoredShopSettings,
} from './shop-settings.rules.ts'

export { DEFAULT_CONTACT_PHONE, type StoredShopSettings } from './shop-settings.rules.ts'

const keys = Object.keys(SETTING_NAMES) as Array<keyof StoredShopSettings>

/**
 * The shop's settings (docs/decisions/0067-staff-sites-and-tax.md); null where the owner has set none. Kept while
 * the settings stay (docs/decisions/0088); read afresh on a transaction.
 */
export const readShopSettings = (db: Db): Promise<StoredShopSettings> => keptSettings(db, '')

const keptSettings = keptRead('settings', async (db): Promise<StoredShopSettings> => {
  const rows = new Map((await findSettings(db)).map((r) => [r.name, r.value]))
  return Object.fromEntries(
    keys.map((key) => [key, rows.get(SETTING_NAMES[key]) ?? null]),
  ) as unknown as StoredShopSettings
})

/**
 * Replaces the settings in the caller's transaction, the `settings` cache version bumped first: every process's
 * kept pages (footer phone, logo) are old from the commit on, and concurrent settings writes queue on PostgreSQL.
 */
export async function writeShopSettings(trx: Db, next: StoredShopSettings) {
  await invalidate(trx, 'settings')
  const before = await readShopSettings(trx)
  for (const key of keys) {
    const value = next[key]
    if (value === null) await deleteSetting(trx, SETTING_NAMES[key])
    else await putSetting(trx, SETTING_NAMES[key], value)
  }
  return { before, after: await readShopSettings(trx) }
}

/** The phone the mails and the storefront show: the owner's, else the placeholder. */
export async function contactPhone(db: Db): Promise<string> {
  return (await readShopSettings(db)).contactPhone ?? DEFAULT_CONTACT_PHONE
}

/** The mails' From header now: the owner's sender, else MAIL_FROM (`mailFrom`). */
export async function mailFrom(db: Db, configured: string): Promise<string> {
  return mailSender(await readShopSettings(db), configured)
}

export { NO_SETTINGS }
