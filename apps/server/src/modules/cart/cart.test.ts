import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { productYrn } from '@shop/contracts/yrn'
import { insertItemFee, insertProduct, insertSite } from '../../platform/testing/fixtures.ts'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { addItem, anonymousToken, bearer, createCart, getCart } from './cart.testing.ts'

for (const { engine, skip } of testEngines()) {
  describe(`cart on ${engine}`, { skip }, () => {
    test('creating a cart: token required, site must exist, currency is the site’s', async () => {
      const { app, database } = await createTestApp(engine)
      const siteCode = await insertSite(database.db, { currency: 'USD' })
      const token = await anonymousToken(app)
      const post = (payload: unknown, headers: Record<string, string> = bearer(token)) =>
        app.inject({ method: 'POST', url: '/api/cart/carts', headers, payload: payload as object })
      assert.equal((await post({ siteCode }, {})).statusCode, 401)
      assert.equal((await post({ siteCode, currency: 'USD' })).statusCode, 201)
      const other = await post({ siteCode, currency: 'EUR' })
      assert.equal(other.statusCode, 400)
      assert.equal(other.json().details[0].field, 'body.currency')
      const unknown = await post({ siteCode: 'nope' })
      assert.equal(unknown.statusCode, 400)
      assert.equal(unknown.json().details[0].field, 'body.siteCode')
      const malformed = await post({ siteCode: 'bad code!' })
      assert.equal(malformed.statusCode, 400)
      assert.ok(malformed.json().details.length > 0)
    })

    test('a cart is priced server-side: lines, fees, added tax', async () => {
      const { app, database } = await createTestApp(engine)
      const siteCode = await insertSite(database.db, { taxRate: 825 })
      const productId = await insertProduct(database.db, {
        name: 'Mug',
        prices: { USD: { effective: 1999, original: 2499 } },
      })
      await insertItemFee(database.db, {
        productId,
        siteCode,
        type: 'ABSOLUTE_MULTIPLY_ITEMQUANTITY',
        amountMinor: 50,
      })
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, siteCode)
      await addItem(app, token, cartId, {
        itemYrn: productYrn(productId),
        quantity: 2,
        price: { effectiveAmount: 0.01 },
      })
      const cart = await getCart(app, token, cartId)
      assert.equal(cart.items.length, 1)
      const [item] = cart.items
      assert.equal(item.product.name, 'Mug')
      assert.deepEqual(item.price, { effectiveAmount: 19.99, originalAmount: 24.99, currency: 'USD' })
      assert.deepEqual(item.itemPrice, { amount: 39.98, currency: 'USD' })
      assert.equal(item.inStock, true)
      assert.equal(cart.totalUnitsCount, 2)
      assert.equal(cart.subTotalPrice.amount, 39.98)
      assert.equal(cart.totalFees.amount, 1)
      // (3998 + 100) × 8.25 % = 338.085 → 338
      assert.equal(cart.totalTax.amount, 3.38)
      assert.equal(cart.totalPrice.amount, 44.36)
      assert.deepEqual(cart.taxAggregate, { label: 'Sales tax', rate: 8.25, included: false })
    })

    test('adding the same item again raises its quantity; variants need a variant', async () => {
      const { app, database } = await createTestApp(engine)
      const siteCode = await insertSite(database.db)
      const plain = await insertProduct(database.db, { stock: 5 })
      const shirt = await insertProduct(database.db, {
        variants: [{ id: `${plain}-red`, options: { colour: 'Red' }, stock: 3, prices: { USD: 1500 } }],
      })
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, siteCode)
      const first = await addItem(app, token, cartId, { productId: plain, quantity: 1 })
      const again = await addItem(app, token, cartId, { itemYrn: productYrn(plain), quantity: 2 })
      assert.equal(first, again)
      const add = (payload: object) =>
        app.inject({
          method: 'POST',
          url: `/api/cart/carts/${cartId}/items`,
          headers: bearer(token),
          payload,
        })
      const noVariant = await add({ productId: shirt, quantity: 1 })
      assert.equal(noVariant.statusCode, 400)
      assert.equal(noVariant.json().type, 'variant_required')
      await addItem(app, token, cartId, { productId: shirt, variantId: `${plain}-red`, quantity: 1 })
      const cart = await getCart(app, token, cartId)
      assert.deepEqual(
        cart.items.map((i: { quantity: number }) => i.quantity),
        [3, 1],
      )
      assert.deepEqual(cart.items[1].variants, ['colour: Red'])
      assert.equal(cart.items[1].price.effectiveAmount, 15)
      assert.equal((await add({ productId: 'nope', quantity: 1 })).statusCode, 404)
      assert.equal((await add({ itemYrn: 'urn:nonsense', quantity: 1 })).statusCode, 400)
      assert.equal((await add({ productId: plain, quantity: 0 })).statusCode, 400)
      assert.equal((await add({ quantity: 1 })).statusCode, 400)
      const tooMany = await add({ productId: plain, quantity: 3 })
      assert.equal(tooMany.statusCode, 409)
      assert.equal(tooMany.json().type, 'out_of_stock')
    })

    test('out of stock and unpublished items are refused with 409 out_of_stock', async () => {
      const { app, database } = await createTestApp(engine)
      const siteCode = await insertSite(database.db)
      const empty = await insertProduct(database.db, { stock: 0 })
      const hidden = await insertProduct(database.db)
      await database.db.updateTable('products').set({ published: 0 }).where('id', '=', hidden).execute()
      const noPrice = await insertProduct(database.db, { prices: { EUR: { effective: 100 } } })
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, siteCode)
      for (const productId of [empty, hidden, noPrice]) {
        const res = await app.inject({
          method: 'POST',
          url: `/api/cart/carts/${cartId}/items`,
          headers: bearer(token),
          payload: { productId, quantity: 1 },
        })
        assert.equal(res.statusCode, 409, productId)
        assert.equal(res.json().type, 'out_of_stock')
      }
    })

    test('update quantity and note, remove by 0 or DELETE', async () => {
      const { app, database } = await createTestApp(engine)
      const siteCode = await insertSite(database.db)
      const a = await insertProduct(database.db, { stock: 4 })
      const b = await insertProduct(database.db)
      const token = await anonymousToken(app)
      const cartId = await createCart(app, token, siteCode)
      const itemA = await addItem(app, token, cartId, { productId: a, quantity: 1 })
      const itemB = await addItem(app, token, cartId, { productId: b, quantity: 1 })
      const put = (itemId: string, payload: object) =>
        app.inject({
          method: 'PUT',
          url: `/api/cart/carts/${cartId}/items/${itemId}?partial=true`,
          headers: bearer(token),
          payload,
        })
      const updated = await put(itemA, { quantity: 3, mixins: { note: { comment: 'gift wrap' } } })
      assert.equal(updated.statusCode, 200)
      assert.equal(updated.json().items[0].quantity, 3)
      assert.deepEqual(updated.json().items[0].mixins, { note: { comment: 'gift wrap' } })
      assert.deepEqual((await put(itemA, { mixins: { note: { comment: ' ' } } })).json().items[0].mixins, {})
      assert.equal((await put(itemA, { quantity: 5 })).statusCode, 409)
      assert.equal((await put(itemA, { quantity: -1 })).statusCode, 400)
      assert.equal((await put(itemA, { quantity: 'x' })).statusCode, 400)
      assert.equal((await put('nope', { quantity: 1 })).statusCode, 404)
      assert.equal((await put(itemA, { quantity: 0 })).json().items.length, 1)
      const del = () =>
        app.inject({
          method: 'DELETE',
          url: `/api/cart/carts/${cartId}/items/${itemB}`,
          headers: bearer(token),
        })
      assert.equal((await del()).statusCode, 204)
      assert.equal((await del()).statusCode, 404)
      assert.equal((await getCart(app, token, cartId)).items.length, 0)
    })

    test('another shopper cannot see or change the cart; unknown site-code header is 400', async () => {
      const { app, database } = await createTestApp(engine)
      const siteCode = await insertSite(database.db)
      const productId = await insertProduct(database.db)
      const owner = await anonymousToken(app)
      const stranger = await anonymousToken(app)
      const cartId = await createCart(app, owner, siteCode)
      const itemId = await addItem(app, owner, cartId, { productId, quantity: 1 })
      const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
        app.inject({ method, url, headers: bearer(token), payload })
      assert.equal((await as(stranger, 'GET', `/api/cart/carts/${cartId}`)).statusCode, 404)
      assert.equal(
        (await as(stranger, 'POST', `/api/cart/carts/${cartId}/items`, { productId, quantity: 1 }))
          .statusCode,
        404,
      )
      assert.equal(
        (await as(stranger, 'PUT', `/api/cart/carts/${cartId}/items/${itemId}`, { quantity: 2 })).statusCode,
        404,
      )
      assert.equal(
        (await as(stranger, 'DELETE', `/api/cart/carts/${cartId}/items/${itemId}`)).statusCode,
        404,
      )
      assert.equal((await as(owner, 'GET', `/api/cart/carts/nope`)).statusCode, 404)
      assert.equal((await app.inject({ method: 'GET', url: `/api/cart/carts/${cartId}` })).statusCode, 401)
      const header = (code: string) =>
        app.inject({
          method: 'GET',
          url: `/api/cart/carts/${cartId}`,
          headers: { ...bearer(owner), 'site-code': code },
        })
      assert.equal((await header(siteCode)).statusCode, 200)
      assert.equal((await header('unknown')).statusCode, 400)
    })
  })
}
