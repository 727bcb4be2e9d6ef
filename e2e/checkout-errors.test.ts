import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { type Db, openDatabase } from '../apps/server/src/platform/db/database.ts'
import { forceFailure } from '../apps/server/src/platform/testing/forced-failure.ts'
import { type Translate, translator } from '../apps/web/app/i18n/all.ts'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import {
  addJar,
  addressSteps,
  CARDS,
  cont,
  fillBilling,
  fillCard,
  fillShipping,
  JAR,
  orderIdFromUrl,
  placeOrder,
  ready,
  step,
} from './support/checkout.ts'
import { shopper } from './support/orders.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { uniqueEmail } from './support/smtp.ts'

/**
 * Spec §8 "Checkout" and the order cancel of the account, as the shopper meets them in the browser. Every
 * failure is real: a database trigger makes the shop's own write fail (as a broken database would), the
 * stock runs out between preview and order, the server refuses an address; nothing is faked in the browser.
 */
const root = resolve(import.meta.dirname, '..')
const PASSWORD = 'correct-horse-1'
async function signUp(shop: RunningShop, email: string) {
  const res = await fetch(`${shop.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, firstName: 'Grace', lastName: 'Hopper' }),
  })
  assert.equal(res.status, 201, await res.clone().text())
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` }
}

for (const { engine, skip } of browserEngines) {
  describe(`checkout error journeys on ${engine}`, { skip }, () => {
    let shop: RunningShop
    let db: Db
    let closeDb: () => Promise<void>
    before(async () => {
      shop = await startShop(engine, { PASSWORD_HASH_COST: '12' })
      const handle = openDatabase(shop.databaseUrl, { poolSize: 2 })
      db = handle.db
      closeDb = () => handle.close()
    })
    after(async () => {
      await closeDb?.()
      await shop?.stop()
    })
    const orderCount = async () => (await db.selectFrom('orders').select('id').execute()).length

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      const phone = viewportName === 'phone'
      const fresh = async (language: 'en' | 'de' = 'en') => {
        const opened = await openPage({ viewport })
        await opened.context.addCookies([
          { name: 'shop_consent', value: 'declined', url: shop.url },
          { name: 'language', value: language, url: shop.url },
        ])
        return { ...opened, t: translator(language) }
      }
      const toReview = async (page: Page, t: Translate) => {
        await addJar(page, shop, 1, t)
        await ready(page, `${shop.url}/checkout?guest=1`)
        await addressSteps(page, phone, true, t)
        await fillCard(page, CARDS.ok, t)
        await step(page, 4).getByTestId('review-total').waitFor()
      }

      const systemUnavailable = (language: 'en' | 'de') =>
        test(`${viewportName} ${language}: the order insert fails in the database (500) → the system-unavailable text; the retry after the repair succeeds`, async () => {
          const { context, page, errors, t } = await fresh(language)
          await toReview(page, t)
          const before = await orderCount()
          const repair = await forceFailure(db, engine, 'fail_orders', 'insert on orders')
          try {
            await placeOrder(page, t).click()
            await step(page, 4).getByRole('alert').getByText(t('ORDER_SYSTEM_UNAVAILABLE')).waitFor()
          } finally {
            await repair()
          }
          assert.equal(await orderCount(), before, 'no order was created')
          assert.equal(await page.getByRole('alertdialog').count(), 0, 'the processing dialog has closed')
          await placeOrder(page, t).click()
          assert.match(await orderIdFromUrl(page), /^ORD-/)
          assert.deepEqual(errors, [])
          await context.close()
        })
      systemUnavailable('en')
      if (!phone) systemUnavailable('de')

      test(`${viewportName}: the last unit sells out between preview and order (409) → "Order could not be processed." with status and details`, async () => {
        const { context, page, errors, t } = await fresh()
        await toReview(page, t)
        const { stock } = await db
          .selectFrom('products')
          .select('stock')
          .where('id', '=', JAR.id)
          .executeTakeFirstOrThrow()
        await db.updateTable('products').set({ stock: 0 }).where('id', '=', JAR.id).execute()
        try {
          await placeOrder(page, t).click()
          const alert = step(page, 4).getByRole('alert')
          await alert.getByText('Order could not be processed.', { exact: true }).waitFor()
          await alert.getByText('409: An item of the cart is out of stock').waitFor()
          assert.ok((await alert.getByRole('listitem').count()) >= 2, 'status line and the detail')
        } finally {
          await db.updateTable('products').set({ stock }).where('id', '=', JAR.id).execute()
        }
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: the card provider fails with a non-card error (500) → "Not able to pre-validate payment at this time."`, async () => {
        const { context, page, errors, t } = await fresh()
        await addJar(page, shop, 1, t)
        await ready(page, `${shop.url}/checkout?guest=1`)
        await addressSteps(page, phone, true, t)
        const tokens = page.waitForResponse((r) => r.url().endsWith('/api/payments/test-card/tokens'))
        const repair = await forceFailure(db, engine, 'fail_card_tokens', 'insert on card_tokens')
        try {
          await fillCard(page, CARDS.ok, t)
          assert.equal((await tokens).status(), 500, 'the provider itself failed')
          await step(page, 3)
            .getByRole('alert')
            .getByText('Not able to pre-validate payment at this time.', { exact: true })
            .waitFor()
          assert.equal(await step(page, 4).getByTestId('review-total').count(), 0, 'review stays closed')
        } finally {
          await repair()
        }
        await cont(page, 3, t).click()
        await step(page, 4).getByTestId('review-total').waitFor()
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: the shop refuses the address of the preview (400 on addresses) → PLEASE_CORRECT_ERRORS_ADDRESS`, async () => {
        const { context, page, errors, t } = await fresh()
        await addJar(page, shop, 1, t)
        await ready(page, `${shop.url}/checkout?guest=1`)
        // The browser accepts any ZIP code of two characters or more; the calculation allows at most 20.
        const longZip = '6270162701627016270162701'
        if (phone) {
          await fillShipping(page, t, longZip)
          await fillBilling(page, true, t)
        } else {
          await fillBilling(page, true, t)
          await fillShipping(page, t, longZip)
        }
        const previewed = page.waitForResponse(
          (r) => r.request().method() === 'POST' && /\/checkout/.test(r.url()),
        )
        await fillCard(page, CARDS.ok, t)
        assert.equal((await previewed).status(), 200)
        await step(page, 4)
          .getByRole('alert')
          .getByText('Please correct the address: it cannot be used for this order.', { exact: true })
          .waitFor()
        assert.equal(await step(page, 4).getByTestId('review-total').count(), 0)
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: the owner moved the order on in another tab, the customer's cancel fails (409) → ORDER_CANCEL_ERROR`, async () => {
        const email = uniqueEmail(`cancel-${viewportName}`)
        const auth = await signUp(shop, email)
        const { orderId } = await (await shopper(shop.url, JAR.id, 1, { ...auth, email })).placeOne()
        const ownerEmail = uniqueEmail(`owner-${viewportName}`)
        const owner = await signUp(shop, ownerEmail)
        const granted = spawnSync(
          process.execPath,
          ['--disable-warning=ExperimentalWarning', join(root, 'scripts/owner.ts'), 'grant', ownerEmail],
          { cwd: root, env: { ...process.env, DATABASE_URL: shop.databaseUrl }, encoding: 'utf8' },
        )
        assert.equal(granted.status, 0, granted.stderr)

        const { context, page, errors, t } = await fresh()
        await ready(page, `${shop.url}/sign-in?returnTo=${encodeURIComponent(`/account/orders/${orderId}`)}`)
        const dialog = page.getByRole('dialog', { name: 'Sign in or create an account' })
        await dialog.getByLabel('E-mail').fill(email)
        await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD)
        await dialog.getByRole('button', { name: 'Sign in', exact: true }).click()
        await page.waitForURL(new RegExp(`/account/orders/${orderId}$`))
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        assert.equal(await page.getByTestId('order-status').textContent(), 'Created')

        // the owner, in another tab, confirms and records the payment: the order can no longer be cancelled
        for (const status of ['CONFIRMED', 'PAID']) {
          const moved = await fetch(`${shop.url}/api/owner/orders/${orderId}/transitions`, {
            method: 'POST',
            headers: { ...owner, 'content-type': 'application/json' },
            body: JSON.stringify({ status }),
          })
          assert.equal(moved.status, 200, await moved.clone().text())
        }
        await page.getByRole('button', { name: t('CANCEL_ORDER') }).click()
        const confirm = page.getByRole('dialog', { name: t('CANCEL_ORDER') })
        await confirm.getByRole('button', { name: t('CANCEL_ORDER') }).click()
        await page
          .getByRole('alert')
          .getByText('The order could not be cancelled.', { exact: true })
          .waitFor()
        const still = await fetch(`${shop.url}/api/order/orders/${orderId}`, { headers: auth })
        assert.equal((await still.json()).status, 'PAID', 'the failed cancel changed nothing')
        // on the next load the order is no longer offered for cancelling
        await ready(page, page.url())
        await page.getByTestId('order-status').waitFor()
        assert.equal(
          await page.getByTestId('order-status').textContent(),
          'Paid',
          'the page shows the owner’s status',
        )
        assert.equal(await page.getByRole('button', { name: t('CANCEL_ORDER') }).count(), 0)
        assert.deepEqual(errors, [])
        await context.close()
      })
    }
  })
}
