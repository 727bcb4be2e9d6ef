import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import type { Page } from 'playwright-core'
import { type Db, openDatabase } from '../apps/server/src/platform/db/database.ts'
import {
  type StripeStandIn,
  startStripeStandIn,
} from '../apps/server/src/platform/testing/stripe-stand-in.ts'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import { addJar, addressSteps, cont, orderIdFromUrl, placeOrder, ready, step } from './support/checkout.ts'
import { type RunningShop, startShop } from './support/shop.ts'

/**
 * The checkout wizard with Stripe on (issue 6, docs/decisions/0009-stripe.md), on desktop and phone: the payment
 * step loads Stripe.js from the loopback stand-in, the card is typed into the Card Element's iframe (the
 * stand-in's origin), the PaymentMethod id becomes the order's token and the shop charges it with a
 * PaymentIntent. The card number never reaches the shop's page inputs, requests or database.
 */

const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  noFunds: '4000 0000 0000 9995',
  threeDSecure: '4000 0025 0000 3155',
}
const CARD_FRAME = 'iframe[title="Secure card payment input frame"]'
/** The stand-in's 3-D Secure challenge (Stripe.js `handleNextAction`), over the shop's page. */
const CHALLENGE_FRAME = 'iframe[title="3D Secure authentication"]'
const challenge = (page: Page) => page.frameLocator(CHALLENGE_FRAME)
const expiry = `12 / ${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`

/** The card goes into the stand-in's Card Element iframe; the shop's page has no card inputs of its own. */
async function fillCard(page: Page, number: string, exp = expiry, cvc = '123') {
  const s = step(page, 3)
  const frame = s.frameLocator(CARD_FRAME)
  await frame.getByLabel('Card number').fill(number)
  await frame.getByLabel('Expiration date (MM / YY)').fill(exp)
  await frame.getByLabel('CVC').fill(cvc)
  assert.equal(await s.locator('input').count(), 0, 'no card input in the shop page')
  await cont(page, 3).click()
}

/** Every row of every table, as text, to look for card data. */
async function everything(db: Db): Promise<string> {
  const tables = await db.introspection.getTables()
  assert.ok(tables.length > 10)
  const rows = await Promise.all(
    tables.map((t) => sql`select * from ${sql.table(t.name)}`.execute(db).then((r) => r.rows)),
  )
  return JSON.stringify(rows)
}

for (const { engine, skip } of browserEngines) {
  describe(`checkout with Stripe.js on ${engine}`, { skip }, () => {
    let shop: RunningShop
    let standIn: StripeStandIn
    let db: Db
    let closeDb: () => Promise<void>
    /** Requests of the shop's pages to the shop itself, with their bodies, to look for card data. */
    const shopRequests: string[] = []
    before(async () => {
      standIn = await startStripeStandIn()
      shop = await startShop(engine, {
        STRIPE_SECRET_KEY: standIn.secretKey,
        STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
        STRIPE_API_BASE: standIn.url,
        STRIPE_JS_URL: `${standIn.url}/v3`,
      })
      const handle = openDatabase(shop.databaseUrl, { poolSize: 2 })
      db = handle.db
      closeDb = () => handle.close()
    })
    after(async () => {
      await closeDb?.()
      await shop?.stop()
      await standIn?.close()
    })

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      const phone = viewportName === 'phone'
      const fresh = async () => {
        const { context, page, errors } = await openPage({ viewport })
        page.on('request', (request) => {
          if (request.url().startsWith(shop.url))
            shopRequests.push(`${request.url()} ${request.postData() ?? ''}`)
        })
        await addJar(page, shop)
        await ready(page, `${shop.url}/checkout?guest=1`)
        return { context, page, errors }
      }

      test(`${viewportName}: the card is typed into Stripe's iframe and paid with a PaymentIntent of the order's amount`, async () => {
        const { context, page, errors } = await fresh()
        await addressSteps(page, phone)
        const frame = step(page, 3).locator(CARD_FRAME)
        assert.equal(new URL((await frame.getAttribute('src')) ?? '').origin, standIn.url)
        // The Card Element checks completeness itself; its errors land on the §5 fields.
        await cont(page, 3).click()
        await step(page, 3).getByText('The card number is not valid.').waitFor()
        await fillCard(page, CARDS.ok, '12 / 01')
        await step(page, 3).getByText('The expiration date is not valid.').waitFor()
        await fillCard(page, CARDS.ok)
        await step(page, 4).getByTestId('review-total').waitFor()
        assert.match((await step(page, 3).textContent()) ?? '', /Card ending in 4242, expires 12\//)
        const intentsBefore = new Set(standIn.paymentIntents.keys())
        await placeOrder(page).click()
        const orderId = await orderIdFromUrl(page)
        assert.match(orderId, /^ORD-/)
        const order = await db
          .selectFrom('orders')
          .select(['total_minor', 'currency'])
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow()
        const intents = [...standIn.paymentIntents.values()].filter((pi) => !intentsBefore.has(pi.id))
        assert.equal(intents.length, 1)
        assert.equal(intents[0]?.status, 'succeeded')
        assert.equal(intents[0]?.amount, Number(order.total_minor))
        assert.equal(intents[0]?.currency, order.currency.toLowerCase())
        const stored = await everything(db)
        for (const text of ['4242424242424242', '4242 4242 4242 4242']) {
          assert.ok(!stored.includes(text), 'no card number in the database')
          assert.ok(!shopRequests.some((r) => r.includes(text)), 'no card number sent to the shop')
        }
        assert.deepEqual(errors, [])
        await context.close()
      })

      test(`${viewportName}: declined and insufficient-funds cards show their messages on the card; 3-D Secure fails, then completes`, async () => {
        const { context, page, errors } = await fresh()
        await addressSteps(page, phone)
        await fillCard(page, CARDS.declined)
        await placeOrder(page).click()
        const s3 = step(page, 3)
        await s3.getByText('The card was declined.').waitFor()
        await s3.getByText('Order could not be processed.').waitFor()
        assert.equal(await page.getByRole('alertdialog').count(), 0, 'the processing dialog has closed')
        await fillCard(page, CARDS.noFunds)
        await placeOrder(page).click()
        await s3.getByText('The card has insufficient funds.').waitFor()

        // 3-D Secure (ADR 0021): the bank's challenge over the processing dialog; failing it takes nothing.
        const ordersBefore = (await db.selectFrom('orders').select('id').execute()).length
        await fillCard(page, CARDS.threeDSecure)
        let intentsBefore = new Set(standIn.paymentIntents.keys())
        await placeOrder(page).click()
        await challenge(page).getByRole('button', { name: 'Fail authentication' }).click()
        await s3
          .getByText('The authentication with your bank failed. Please try again or use another card.')
          .waitFor()
        assert.equal(await page.getByRole('alertdialog').count(), 0, 'the processing dialog has closed')
        const failed = [...standIn.paymentIntents.values()].filter((pi) => !intentsBefore.has(pi.id))
        assert.deepEqual(
          failed.map((pi) => [pi.status, pi.amount_received]),
          [['canceled', 0]],
        )
        assert.equal((await db.selectFrom('orders').select('id').execute()).length, ordersBefore)

        await fillCard(page, CARDS.threeDSecure)
        intentsBefore = new Set(standIn.paymentIntents.keys())
        await placeOrder(page).click()
        const frame = page.locator(CHALLENGE_FRAME)
        await frame.waitFor()
        assert.equal(await page.getByRole('alertdialog').count(), 1, 'the processing dialog stays')
        await challenge(page).getByRole('button', { name: 'Complete authentication' }).click()
        const orderId = await orderIdFromUrl(page)
        assert.match(orderId, /^ORD-/)
        const order = await db
          .selectFrom('orders')
          .select(['total_minor'])
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow()
        const paid = [...standIn.paymentIntents.values()].filter((pi) => !intentsBefore.has(pi.id))
        assert.deepEqual(
          paid.map((pi) => [pi.status, pi.amount_received, pi.metadata.order_id]),
          [['succeeded', Number(order.total_minor), orderId]],
        )
        assert.equal((await db.selectFrom('orders').select('id').execute()).length, ordersBefore + 1)
        const stored = await everything(db)
        for (const digits of ['4000000000000002', '4000000000009995', '4000002500003155'])
          assert.ok(!stored.includes(digits), 'no card number in the database')
        assert.deepEqual(errors, [])
        await context.close()
      })
    }
  })
}
