import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { createTestApp } from '../../platform/testing/test-app.ts'
import { testEngines } from '../../platform/testing/test-db.ts'
import { FAST_HASH_ENV, PASSWORD, signupCustomer, uniqueEmail } from '../auth/auth.testing.ts'
import { addItem, createCart } from '../cart/cart.testing.ts'
import { placeOrder, readyToOrder, shopWithProduct } from '../checkout/checkout.testing.ts'

/**
 * The authorisation matrix: every customer-owned resource of customer A (cart, address, order, account)
 * against every other kind of caller. Each caller must get 401, 403 or 404 — and A (the control row) 2xx,
 * so the test fails if the requests themselves are wrong.
 */
for (const { engine, skip } of testEngines()) {
  describe(`authorisation matrix on ${engine}`, { skip }, async () => {
    const { app, database } = await createTestApp(engine, FAST_HASH_ENV)
    const shop = await shopWithProduct(database.db)
    const inject = (method: string, url: string, token: string | null, payload?: object) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(payload ? { payload } : {}),
      })
    const anonymous = async (sessionId?: string) =>
      (
        await inject('GET', `/api/auth/anonymous/login${sessionId ? `?session_id=${sessionId}` : ''}`, null)
      ).json() as { access_token: string; session_id: string }

    // Customer A signs in from an anonymous session (as the storefront does), shops, orders, keeps an address.
    const anonA = await anonymous()
    const emailA = uniqueEmail('a')
    const a = await signupCustomer(app, { email: emailA, token: anonA.access_token })
    const cartA = await createCart(app, a.accessToken, shop.siteCode)
    const itemA = await addItem(app, a.accessToken, cartA, { productId: shop.productId, quantity: 1 })
    const ready = await readyToOrder(app, shop, { token: a.accessToken, quantity: 1 })
    const orderA = (await placeOrder(app, a.accessToken, ready.body)).json().orderId as string
    const addressA = (
      await inject('POST', '/api/customer/me/addresses', a.accessToken, {
        contactName: 'Ada A',
        street: '1 A Street',
        city: 'Springfield',
        zipCode: '12345',
        country: 'US',
      })
    ).json().id as string

    // A signs out in that browser; the session id cookie stays, so the next anonymous token shares A's session.
    await inject('GET', '/api/auth/logout', a.accessToken)
    const sameSession = await anonymous(anonA.session_id)
    // A signs in again elsewhere: the control token.
    const aAgain = (
      await inject('POST', '/api/auth/login', null, { email: emailA, password: PASSWORD })
    ).json().accessToken as string
    const b = await signupCustomer(app)
    const bInASession = (
      await inject('POST', '/api/auth/login', (await anonymous(anonA.session_id)).access_token, {
        email: b.email,
        password: PASSWORD,
      })
    ).json().accessToken as string

    const callers: Record<string, string | null> = {
      'customer B': b.accessToken,
      anonymous: (await anonymous()).access_token,
      'no token': null,
      'anonymous in A’s former browser session': sameSession.access_token,
      'customer B signed in on A’s former browser session': bInASession,
    }
    const requests: Array<[string, string, string, object?]> = [
      ['cart', 'GET', `/api/cart/carts/${cartA}`],
      ['cart', 'POST', `/api/cart/carts/${cartA}/items`, { productId: shop.productId, quantity: 1 }],
      ['cart', 'PUT', `/api/cart/carts/${cartA}/items/${itemA}?partial=true`, { quantity: 3 }],
      ['cart', 'DELETE', `/api/cart/carts/${cartA}/items/${itemA}`],
      ['cart', 'PUT', `/api/cart/carts/${cartA}`, { countryCode: 'US', zipCode: '99999' }],
      ['cart', 'POST', `/api/cart/carts/${cartA}/changeSite`, { siteCode: shop.siteCode }],
      ['cart', 'GET', `/api/cart/carts?customerId=${a.customerId}&siteCode=${shop.siteCode}`],
      ['address', 'GET', `/api/customer/me/addresses/${addressA}`],
      [
        'address',
        'PUT',
        `/api/customer/me/addresses/${addressA}`,
        {
          contactName: 'Mallory',
          street: '1 B Street',
          city: 'Springfield',
          zipCode: '12345',
          country: 'US',
        },
      ],
      ['address', 'DELETE', `/api/customer/me/addresses/${addressA}`],
      ['order', 'GET', `/api/order/orders/${orderA}`],
      ['order', 'POST', `/api/order/orders/${orderA}/transitions`, { status: 'DECLINED' }],
    ]
    /** Requests whose answer is the caller's own data: they must simply not contain A's. */
    const ownLists: Array<[string, string, (body: unknown) => boolean]> = [
      ['/api/customer/me/addresses', 'address list', (body) => JSON.stringify(body).includes(addressA)],
      ['/api/order/orders?pageSize=50', 'order list', (body) => JSON.stringify(body).includes(orderA)],
      ['/api/customer/me', 'account', (body) => JSON.stringify(body).includes(a.customerId)],
    ]
    for (const [caller, token] of Object.entries(callers)) {
      for (const [resource, method, url, payload] of requests) {
        test(`${caller} × ${resource}: ${method} ${url.replace(/[?].*/, '')}`, async () => {
          const res = await inject(method, url, token, payload)
          assert.ok([401, 403, 404].includes(res.statusCode), `${res.statusCode} ${res.body.slice(0, 200)}`)
          if (token === null) assert.equal(res.statusCode, 401)
        })
      }
      for (const [url, what, containsA] of ownLists) {
        test(`${caller} × ${what}: never A’s`, async () => {
          const res = await inject('GET', url, token)
          assert.ok(res.statusCode === 200 || res.statusCode === 401, `${res.statusCode}`)
          if (res.statusCode === 200) assert.equal(containsA(res.json()), false)
        })
      }
    }

    test('control: A reaches every one of these resources', async () => {
      for (const [, method, url] of requests.filter(([, m]) => m === 'GET')) {
        const res = await inject(method, url, aAgain)
        assert.equal(res.statusCode, 200, `${method} ${url}: ${res.body.slice(0, 200)}`)
      }
      for (const [url, what, containsA] of ownLists) {
        const res = await inject('GET', url, aAgain)
        assert.equal(containsA(res.json()), true, what)
      }
    })

    test('no refused write changed A’s order or address', async () => {
      const order = (await inject('GET', `/api/order/orders/${orderA}`, aAgain)).json()
      assert.equal(order.status, 'CREATED')
      const address = (await inject('GET', `/api/customer/me/addresses/${addressA}`, aAgain)).json()
      assert.equal(address.contactName, 'Ada A')
    })

    test('no refused write changed A’s cart', async () => {
      const cart = (await inject('GET', `/api/cart/carts/${cartA}`, aAgain)).json()
      assert.deepEqual(
        cart.items.map((i: { id: string; quantity: number }) => [i.id, i.quantity]),
        [[itemA, 1]],
      )
    })
  })
}
