import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration'
import type { Db } from './database.ts'
import * as initial from './migrations/0001-initial.ts'
import * as search from './migrations/0002-search.ts'
import * as cartPricing from './migrations/0003-cart-pricing.ts'
import * as identity from './migrations/0004-identity.ts'
import * as catalogueIndexes from './migrations/0005-catalogue-indexes.ts'
import * as catalogueSortIndexes from './migrations/0006-catalogue-sort-indexes.ts'
import * as checkoutIdempotency from './migrations/0007-checkout-idempotency.ts'
import * as consentTracking from './migrations/0008-consent-tracking.ts'
import * as ownerRole from './migrations/0009-owner-role.ts'
import * as mailLog from './migrations/0010-mail-log.ts'
import * as productSortNames from './migrations/0011-product-sort-names.ts'
import * as chargeKeysOrderDiscounts from './migrations/0012-charge-keys-order-discounts.ts'
import * as dropTextNameIndex from './migrations/0013-drop-text-name-index.ts'
import * as paymentAuthentication from './migrations/0014-payment-authentication.ts'
import * as mailQueue from './migrations/0015-mail-queue.ts'
import * as loginThrottle from './migrations/0016-login-throttle.ts'
import * as cacheVersions from './migrations/0017-cache-versions.ts'
import * as searchTokens from './migrations/0018-search-tokens.ts'
import * as staffCatalogue from './migrations/0019-staff-catalogue.ts'
import * as auditLog from './migrations/0020-audit-log.ts'
import * as mediaFiles from './migrations/0021-media-files.ts'
import * as variantOptions from './migrations/0023-variant-options.ts'
import * as catalogueImports from './migrations/0024-catalogue-imports.ts'
import * as staffOrderIndexes from './migrations/0026-staff-order-indexes.ts'
import * as shippingMethodNames from './migrations/0028-shipping-method-names.ts'
import * as orderRefunds from './migrations/0029-order-refunds.ts'
import * as couponSettings from './migrations/0030-coupon-settings.ts'
import * as staffInvitations from './migrations/0031-staff-invitations.ts'
import * as customerBlocking from './migrations/0035-customer-blocking.ts'
import * as shopSettings from './migrations/0036-shop-settings.ts'
import * as ordersDashboardIndex from './migrations/0037-orders-dashboard-index.ts'
import * as staffSearchIndexes from './migrations/0038-staff-search-indexes.ts'
import * as dropOrdersStatusIndex from './migrations/0039-drop-orders-status-index.ts'
import * as newestTiesByIdDescending from './migrations/0040-newest-ties-by-id-descending.ts'

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-search': search,
  '0003-cart-pricing': cartPricing,
  '0004-identity': identity,
  '0005-catalogue-indexes': catalogueIndexes,
  '0006-catalogue-sort-indexes': catalogueSortIndexes,
  '0007-checkout-idempotency': checkoutIdempotency,
  '0008-consent-tracking': consentTracking,
  '0009-owner-role': ownerRole,
  '0010-mail-log': mailLog,
  '0011-product-sort-names': productSortNames,
  '0012-charge-keys-order-discounts': chargeKeysOrderDiscounts,
  '0013-drop-text-name-index': dropTextNameIndex,
  '0014-payment-authentication': paymentAuthentication,
  '0015-mail-queue': mailQueue,
  '0016-login-throttle': loginThrottle,
  '0017-cache-versions': cacheVersions,
  '0018-search-tokens': searchTokens,
  '0019-staff-catalogue': staffCatalogue,
  '0020-audit-log': auditLog,
  '0021-media-files': mediaFiles,
  '0023-variant-options': variantOptions,
  '0024-catalogue-imports': catalogueImports,
  '0026-staff-order-indexes': staffOrderIndexes,
  '0028-shipping-method-names': shippingMethodNames,
  '0029-order-refunds': orderRefunds,
  '0030-coupon-settings': couponSettings,
  '0031-staff-invitations': staffInvitations,
  '0035-customer-blocking': customerBlocking,
  '0036-shop-settings': shopSettings,
  '0037-orders-dashboard-index': ordersDashboardIndex,
  '0038-staff-search-indexes': staffSearchIndexes,
  '0039-drop-orders-status-index': dropOrdersStatusIndex,
  '0040-newest-ties-by-id-descending': newestTiesByIdDescending,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Brings the schema up to date; run at every start-up. Concurrent starts are serialised by Kysely's lock. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error })
  }
}

/** Whether every migration this code knows has run (readiness: a process must not serve an older schema). */
export async function migrationsDone(db: Db): Promise<boolean> {
  const known = await new Migrator({ db, provider }).getMigrations()
  return known.every((m) => m.executedAt !== undefined)
}
