import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { productYrn } from '@shop/contracts/yrn'
import { insertCoupon, insertProduct, insertSite } from '../../platform/testing/fixtures.ts'
import { countingStatements } from '../../platform/testing/statements.ts'
import { createTestDatabase, testEngines } from '../../platform/testing/test-db.ts'
import {
  findCart,
  findCartWithContents,
  findItems,
  insertCart,
  updateItem,
  upsertItem,
} from './cart.repository.ts'
import { addDiscount, findDiscounts } from './cart-discount.repository.ts'

/** Rows as plain objects (SQLite's rows have no prototype), each value kept as it is. */
const plain = <T>(value: T): T => structuredClone(value)

/** Every cart read and every checkout read the cart with its lines and coupons together. */
for (const { engine, skip } of testEngines()) {
  describe(`a cart with its contents on ${engine}`, { skip }, async () => {
    const { db } = await createTestDatabase(engine)

    async function cartWith(lines: number, coupons: number) {
      const siteCode = await insertSite(db)
      const cartId = await insertCart(db, {
        siteCode,
        currency: 'USD',
        channel: 'storefront',
        sessionId: 's',
        customerId: null,
      })
      for (let n = 0; n < lines; n++) {
        const productId = await insertProduct(db, { prices: { USD: { effective: 100 + n } } })
        await upsertItem(db, {
          cartId,
          itemYrn: productYrn(productId),
          productId,
          variantId: null,
          quantity: n + 1,
        })
      }
      for (let n = 0; n < coupons; n++) await addDiscount(db, cartId, await insertCoupon(db))
      return cartId
    }

    test('read together, the same as three reads, lines and coupons in the order added', async () => {
      const cartId = await cartWith(4, 3)
      await cartWith(2, 1) // another cart's lines and coupons stay out
      const [first] = await findItems(db, cartId)
      await updateItem(db, first!.id, { note: 'gift wrap' })
      const view = countingStatements(db)
      const read = await findCartWithContents(view.db, cartId)
      // PostgreSQL: one statement; SQLite: one per table (platform/db/read-together.ts)
      assert.equal(view.statements(), engine === 'postgres' ? 1 : 3)
      assert.deepEqual(
        plain(read),
        plain({
          cart: await findCart(db, cartId),
          items: await findItems(db, cartId),
          discounts: await findDiscounts(db, cartId),
        }),
      )
      assert.equal(read?.items.length, 4)
      assert.equal(read?.discounts.length, 3)
      assert.equal(typeof read?.items[0]?.quantity, 'number')
    })

    test('an empty cart has no lines and no coupons; an unknown one is not found', async () => {
      const cartId = await cartWith(0, 0)
      assert.deepEqual(plain(await findCartWithContents(db, cartId)), {
        cart: plain(await findCart(db, cartId)),
        items: [],
        discounts: [],
      })
      assert.equal(await findCartWithContents(db, 'no-such-cart'), undefined)
    })
  })
}
