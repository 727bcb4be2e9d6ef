import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Order } from '@shop/contracts/order'
import type { Page } from 'playwright-core'
import { mailTranslator } from '../apps/server/src/modules/mail/mail.texts.ts'
import { openDatabase } from '../apps/server/src/platform/db/database.ts'
import { de, en } from '../apps/web/app/i18n/admin.ts'
import { translator } from '../apps/web/app/i18n/all.ts'
import { formatMoney } from '../apps/web/app/lib/format.ts'
import { seriousViolations } from './support/axe.ts'
import { browserEngines, openPage, widthsOn } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'
import { startSmtp } from './support/smtp.ts'
import { account, adminSignIn } from './support/staff.ts'

/**
 * Refunds, the timeline, the resent confirmation and the packing slip in the back office
 * (docs/decisions/0064-refunds-and-timeline.md), both engines, desktop in English (the owner) and 390 px in German
 * (an order clerk): a signed-in shopper orders 2 units of one product and 1 of another; the staff member finds
 * the order by the shopper's e-mail and refunds one unit with a double click on the refund button (two posts,
 * one refund: the staff API and the test card's ledger have one); the shopper's order page shows it and the
 * refund mail reaches the shopper; the rest is shipped; the timeline shows placed, paid, the mails, the refund
 * and the moves with the staff member's e-mail; the packing slip lists what is left to pack without prices;
 * axe finds nothing serious on the order page and the slip.
 */
for (const { engine, skip } of browserEngines) {
  describe(`refunds in the back office on ${engine}`, { skip }, () => {
    let shop: RunningShop
    let smtp: Awaited<ReturnType<typeof startSmtp>>
    before(async () => {
      smtp = await startSmtp()
      shop = await startShop(engine, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` })
    })
    after(async () => {
      await shop?.stop()
      await smtp?.close()
    })

    for (const [viewportName, viewport] of widthsOn(engine, import.meta.filename)) {
      const [language, t] = viewportName === 'phone' ? (['de', de] as const) : (['en', en] as const)
      const role = viewportName === 'phone' ? 'orders' : 'owner'
      test(`${viewportName} (${language}, ${role}): refund one unit by a double click, once; timeline; packing slip`, async () => {
        const handle = openDatabase(shop.databaseUrl, { poolSize: 2 })
        const db = handle.db
        try {
          const [first, second] = await twoProducts(db)
          const buyer = await account(shop.url, shop.databaseUrl, 'customer')
          const orderId = await placeOrder(shop, buyer, language, [
            { productId: first, quantity: 2 },
            { productId: second, quantity: 1 },
          ])
          const staff = await account(shop.url, shop.databaseUrl, role)

          // The staff member finds the order by the shopper's e-mail.
          const { context, page, errors } = await openPage({ viewport })
          await context.addCookies([{ name: 'language', value: language, url: shop.url }])
          await adminSignIn(page, shop.url, staff, {
            email: t.EMAIL,
            password: t.PASSWORD,
            submit: t.SIGN_IN,
          })
          await page
            .getByRole('heading', { name: role === 'owner' ? t.PRODUCTS : t.ORDERS, level: 1 })
            .waitFor()
          await page.goto(`${shop.url}/admin/orders`)
          await page.getByLabel(t.SEARCH_ORDERS).fill(buyer.email)
          await page.getByRole('button', { name: t.APPLY_FILTERS }).click()
          await page.waitForURL(/q=/)
          await page.getByRole('link', { name: orderId }).click()
          await page.getByRole('heading', { name: fill(t.ORDER_TITLE, 'id', orderId), level: 1 }).waitFor()
          const found = await seriousViolations(page, '/admin/orders/:id')
          const order = await staffOrder(shop, staff.token, orderId)
          const [tee, other] = order.entries as [Entry, Entry]
          assert.deepEqual(
            order.entries.map((e) => e.amount),
            [2, 1],
          )
          const money = (amount: number) => formatMoney(amount, 'USD', language)

          // One unit of the first line, with a double click: two posts of the same form, one refund.
          const refund = page.getByRole('region', { name: t.REFUND_SECTION })
          await refund.getByLabel(fill(t.REFUND_UNITS_LABEL, 'name', tee.name)).fill('1')
          await refund.getByLabel(t.REFUND_REASON).fill('Scratched')
          // The suggestion for the chosen unit, next to the amount left blank.
          const suggested = refund.getByText(
            new RegExp(`^${escaped(t.REFUND_SUGGESTION.split('{amount}')[0] ?? '')}\\$\\d`),
          )
          const suggestion = await suggested.innerText()
          // A double click while the first answer is on its way: the first post reaches the shop at once, its
          // answer is held until the second post is made (as on a slow line), so both posts leave the browser.
          let posts = 0
          let secondMade = () => {}
          const secondPost = new Promise<void>((resolve) => {
            secondMade = resolve
          })
          await page.route(`**/admin/orders/${orderId}.data`, async (route) => {
            if (route.request().method() !== 'POST') return route.continue()
            posts++
            if (posts > 1) {
              secondMade()
              return route.continue()
            }
            const answer = route.fetch()
            await Promise.race([secondPost, new Promise((r) => setTimeout(r, 5000))])
            // the page dropped the first post for the second: its answer has nowhere to go
            await route.fulfill({ response: await answer }).catch(() => undefined)
          })
          // At a person's pace (each press held 60 ms): an instant double click reaches React Router before its
          // first post has left, and it sends only the second.
          await refund.getByRole('button', { name: t.REFUND_SUBMIT }).dblclick({ delay: 60 })
          const done = refund.getByRole('status')
          await done.waitFor()
          assert.equal(posts, 2, 'the double click posted the form twice')
          await page.unrouteAll()
          const refunded = await staffOrder(shop, staff.token, orderId)
          assert.equal(refunded.refunds?.length, 1, 'one refund')
          assert.deepEqual(refunded.refunds?.[0]?.lines, [{ entryNumber: tee.entryNumber, quantity: 1 }])
          assert.equal(refunded.refunds?.[0]?.reason, 'Scratched')
          const amount = refunded.refunds?.[0]?.amount ?? 0
          assert.ok(amount > tee.unitPrice && amount < tee.unitPrice * 1.2, `one unit and its tax: ${amount}`)
          assert.equal(refunded.totalRefunded, amount)
          assert.ok(suggestion.includes(money(amount)), `the page suggested what was refunded: ${suggestion}`)
          assert.deepEqual(
            await cardRefunds(db, orderId),
            [Math.round(amount * 100)],
            'one refund at the card',
          )
          assert.equal(
            await done.innerText(),
            t.REFUNDED_UNITS.replace('{amount}', money(amount)).replace(
              '{items}',
              t.REFUND_ITEM.replace('{quantity}', '1').replace('{name}', tee.name),
            ),
          )
          // The refunds so far; the form is empty again and offers the one unit left of the line.
          await refund.getByRole('cell', { name: 'Scratched' }).waitFor()
          assert.equal(
            await refund.getByLabel(fill(t.REFUND_UNITS_LABEL, 'name', tee.name)).inputValue(),
            '0',
          )
          await refund.getByText(fill(fill(t.REFUND_UNITS_HINT, 'left', '1'), 'quantity', '2')).waitFor()
          found.push(...(await seriousViolations(page, '/admin/orders/:id (refunded)')))
          if (viewportName === 'phone') assert.ok(await fitsTheScreen(page), 'the order page at 390 px')

          // The shopper's order page shows the refund; the refund mail reaches the shopper.
          const shopperT = translator(language)
          const shopper = await openPage({ viewport })
          await shopper.context.addCookies([
            { name: 'language', value: language, url: shop.url },
            { name: 'shop_consent', value: 'declined', url: shop.url },
          ])
          await shopper.page.goto(
            `${shop.url}/sign-in?returnTo=${encodeURIComponent(`/account/orders/${orderId}`)}`,
          )
          await shopper.page.getByLabel(shopperT('EMAIL')).fill(buyer.email)
          await shopper.page.getByLabel(shopperT('PASSWORD'), { exact: true }).fill(buyer.password)
          await shopper.page.getByRole('button', { name: shopperT('SIGN_IN'), exact: true }).click()
          const refunds = shopper.page.getByRole('region', { name: shopperT('ORDER_REFUNDS') })
          await refunds.waitFor()
          await refunds
            .getByRole('cell', { name: shopperT('REFUND_ITEM', { quantity: 1, name: tee.name }) })
            .waitFor()
          await refunds.getByRole('cell', { name: money(amount) }).waitFor()
          assert.equal(await shopper.page.getByTestId('order-refunded').innerText(), money(amount))
          found.push(...(await seriousViolations(shopper.page, '/account/orders/:id')))
          const mailT = mailTranslator(language)
          await mailTo(smtp, buyer.email, mailT('REFUND_SUBJECT', { id: orderId }))

          // The rest ships; the confirmation goes out again.
          for (const status of ['CONFIRMED', 'PAID', 'SHIPPED'] as const) {
            await page.getByRole('button', { name: t[`MOVE_TO_${status}`] }).click()
            await page
              .getByRole('status')
              .filter({ hasText: fill(t.MOVED, 'status', t[`STATUS_${status}`]) })
              .waitFor()
          }
          await page.getByRole('button', { name: t.RESEND_CONFIRMATION }).click()
          await page
            .getByRole('status')
            .filter({ hasText: fill(t.RESENT, 'email', buyer.email) })
            .waitFor()

          // The timeline: placed, paid, the mails, the refund and the moves, each with who.
          await page.reload()
          const lines = await page
            .getByRole('region', { name: t.TIMELINE })
            .getByRole('listitem')
            .allInnerTexts()
          const has = (i: number, ...parts: string[]) =>
            assert.ok(
              i >= 0 && parts.every((part) => lines[i]?.includes(part)),
              `${parts.join(' + ')} at ${i}:\n${lines.join('\n')}`,
            )
          const at = (text: string) => lines.findIndex((l) => l.includes(text))
          const byCustomer = fill(t.TL_BY, 'who', t.ACTOR_CUSTOMER)
          const byStaff = fill(t.TL_BY, 'who', staff.email)
          const payment = order.payments[0]
          has(0, fill(t.TL_PLACED, 'amount', money(order.totalPrice)), byCustomer)
          has(
            1,
            t.TL_PAID.replace('{amount}', money(order.totalPrice))
              .replace('{brand}', payment?.brand ?? '')
              .replace('{last4}', payment?.last4 ?? ''),
            byCustomer,
          )
          const refundAt = at(fill(t.TL_REFUND, 'amount', money(amount)))
          has(refundAt, byStaff, fill(t.TL_REASON, 'reason', 'Scratched'), t.TL_RESTOCKED)
          let previous = refundAt
          for (const [from, to] of [
            ['CREATED', 'CONFIRMED'],
            ['CONFIRMED', 'PAID'],
            ['PAID', 'SHIPPED'],
          ] as const) {
            const move = at(
              t.TL_STATUS.replace('{from}', t[`STATUS_${from}`]).replace('{to}', t[`STATUS_${to}`]),
            )
            has(move, byStaff)
            assert.ok(move > previous, `${from} → ${to} in its place:\n${lines.join('\n')}`)
            previous = move
          }
          has(at(fill(t.TL_MAIL_AGAIN, 'to', buyer.email)), byStaff)
          const mailSent = (subject: string) =>
            t.TL_MAIL_SENT.replace('{to}', buyer.email).replace('{subject}', subject)
          const confirmation = at(mailSent(mailT('ORDER_SUBJECT', { id: orderId })))
          has(confirmation, fill(t.TL_BY, 'who', t.ACTOR_SYSTEM))
          assert.ok(
            confirmation > 1 && confirmation < refundAt,
            'the confirmation between payment and refund',
          )
          assert.ok(at(mailSent(mailT('REFUND_SUBJECT', { id: orderId }))) > refundAt)

          // The packing slip: what is left to pack and where to, no prices; printed without the back office.
          await page.getByRole('link', { name: t.PACKING_SLIP }).click()
          await page
            .getByRole('heading', { name: fill(t.PACKING_SLIP_TITLE, 'id', orderId), level: 1 })
            .waitFor()
          await page.getByRole('button', { name: t.PRINT }).waitFor()
          assert.deepEqual(await page.getByRole('table').getByRole('row').allInnerTexts(), [
            `${t.COL_ITEM}\t${t.COL_QUANTITY}`,
            `${tee.name}\t1`,
            `${other.name}\t1`,
          ])
          await page.getByText('1 Main Street').waitFor()
          assert.doesNotMatch(await page.locator('main').innerText(), /\$|USD/)
          found.push(...(await seriousViolations(page, '/admin/orders/:id/packing-slip')))
          if (viewportName === 'phone') assert.ok(await fitsTheScreen(page), 'the packing slip at 390 px')
          await page.emulateMedia({ media: 'print' })
          assert.equal(
            await page.locator('.admin-bar').isVisible(),
            false,
            'printed without the back-office bar',
          )
          assert.equal(await page.getByRole('button', { name: t.PRINT }).isVisible(), false)
          assert.equal(await page.getByRole('heading', { level: 1 }).isVisible(), true)

          // Without JavaScript (desktop): too many units are refused next to their field, then an amount alone
          // (a goodwill refund) is made by the plain post.
          if (viewportName === 'desktop') {
            const plain = await openPage({
              viewport,
              javaScriptEnabled: false,
              storageState: await context.storageState(),
            })
            await plain.page.goto(`${shop.url}/admin/orders/${orderId}`)
            const form = plain.page.getByRole('region', { name: t.REFUND_SECTION })
            const units = form.getByLabel(fill(t.REFUND_UNITS_LABEL, 'name', other.name))
            await units.fill('5')
            await form.getByRole('button', { name: t.REFUND_SUBMIT }).click()
            await form.getByRole('alert').filter({ hasText: t.REFUND_INVALID }).waitFor()
            assert.equal(await units.getAttribute('aria-invalid'), 'true')
            await form.getByText(fill(t.REFUND_AT_MOST, 'max', '1')).waitFor()
            await units.fill('0')
            await form.getByLabel(fill(t.REFUND_AMOUNT, 'currency', 'USD')).fill('1.00')
            await form.getByRole('button', { name: t.REFUND_SUBMIT }).click()
            await form
              .getByRole('status')
              .filter({ hasText: fill(t.REFUNDED_AMOUNT, 'amount', money(1)) })
              .waitFor()
            await form.getByRole('cell', { name: t.REFUND_AMOUNT_ONLY }).waitFor()
            const after = await staffOrder(shop, staff.token, orderId)
            assert.deepEqual(
              after.refunds?.map((r) => r.amount),
              [amount, 1],
            )
            assert.equal((await cardRefunds(db, orderId)).length, 2)
          }

          assert.deepEqual(found, [])
          assert.deepEqual([...errors, ...shopper.errors], [])
        } finally {
          await handle.close()
        }
      })
    }
  })
}

type Entry = Order['entries'][number]

const fitsTheScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
const fill = (text: string, name: string, value: string) => text.replace(`{${name}}`, value)
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Two published products of the demo without variants, priced in USD, with stock to sell. */
async function twoProducts(db: ReturnType<typeof openDatabase>['db']): Promise<[string, string]> {
  const rows = await db
    .selectFrom('products')
    .innerJoin('prices', 'prices.product_id', 'products.id')
    .select('products.id')
    .where('products.has_variants', '=', 0)
    .where('products.published', '=', 1)
    .where('prices.currency', '=', 'USD')
    .orderBy('products.id')
    .limit(2)
    .execute()
  const ids = rows.map((r) => r.id) as [string, string]
  await db.updateTable('products').set({ stock: 50 }).where('id', 'in', ids).execute()
  return ids
}

/** An order of the signed-in shopper through the API, in `language`: a cart of the items, a test card, US address. */
async function placeOrder(
  shop: RunningShop,
  buyer: { email: string; token: string },
  language: string,
  items: Array<{ productId: string; quantity: number }>,
): Promise<string> {
  const headers = {
    authorization: `Bearer ${buyer.token}`,
    'content-type': 'application/json',
    'accept-language': language,
  }
  const post = async (path: string, body: object) =>
    fetch(`${shop.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
  const { cartId } = await (await post('/api/cart/carts', { siteCode: 'us' })).json()
  for (const item of items) {
    const added = await post(`/api/cart/carts/${cartId}/items`, item)
    assert.equal(added.status, 201, await added.clone().text())
  }
  const card = await post('/api/payments/test-card/tokens', {
    number: '4242424242424242',
    exp_month: 12,
    exp_year: new Date().getFullYear() + 2,
    cvc: '123',
  })
  assert.equal(card.status, 201, await card.clone().text())
  const zones = await (await fetch(`${shop.url}/api/shipping/us/zones?expand=methods`)).json()
  const method = zones[0].methods[0]
  const address = (type: string) => ({
    type,
    contactName: 'Ada Lovelace',
    street: '1 Main Street',
    city: 'Springfield',
    zipCode: '10001',
    country: 'US',
  })
  const body = {
    cartId,
    payment: { paymentId: 'test-card', customAttributes: { token: (await card.json()).id } },
    currency: 'USD',
    shipping: { methodId: method.id, zoneId: method.zoneId },
    totalPrice: 0,
    addresses: [address('SHIPPING'), address('BILLING')],
    customer: { firstName: 'Ada', lastName: 'Lovelace', email: buyer.email },
  }
  // The shop names the total it expects (409 total_changed); the order is placed for it.
  const probe = await post('/api/checkout/checkouts/order', body)
  assert.equal(probe.status, 409, await probe.clone().text())
  body.totalPrice = Number((await probe.json()).details[0].message)
  const placed = await post('/api/checkout/checkouts/order', body)
  assert.equal(placed.status, 201, await placed.clone().text())
  return ((await placed.json()) as { orderId: string }).orderId
}

async function staffOrder(shop: RunningShop, token: string, id: string): Promise<Order> {
  const res = await fetch(`${shop.url}/api/owner/orders/${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${token}` },
  })
  assert.equal(res.status, 200, await res.clone().text())
  return (await res.json()) as Order
}

/** The test card provider's ledger: the amounts refunded on the order's card token. */
async function cardRefunds(db: ReturnType<typeof openDatabase>['db'], orderId: string): Promise<number[]> {
  const order = await db
    .selectFrom('orders')
    .select('payment')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()
  const { chargeId } = JSON.parse(order.payment) as { chargeId: string }
  // The test card provider charges a token `tok_…` as `ch_…` and keeps its refunds by the token.
  const tokenId = `tok_${chargeId.slice(3)}`
  const rows = await db
    .selectFrom('card_refunds' as never)
    .select('amount_minor' as never)
    .where('token_id' as never, '=', tokenId as never)
    .execute()
  return rows.map((r) => (r as { amount_minor: number }).amount_minor)
}

/** Waits until a mail with this subject reached `to` through the loopback SMTP server. */
async function mailTo(smtp: Awaited<ReturnType<typeof startSmtp>>, to: string, subject: string) {
  for (let i = 0; i < 100; i++) {
    if ((await smtp.textFor(to)).includes(subject)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  assert.fail(`no mail "${subject}" to ${to}`)
}
