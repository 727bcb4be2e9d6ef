import assert from 'node:assert/strict'
import type { FastifyInstance } from 'fastify'

/** Steps of a shopper's journey through the API, for the tests of cart, checkout and order. */
export async function anonymousToken(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/anonymous/login' })
  assert.equal(res.statusCode, 200)
  return res.json().access_token
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export async function createCart(app: FastifyInstance, token: string, siteCode: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/cart/carts',
    headers: bearer(token),
    payload: { siteCode },
  })
  assert.equal(res.statusCode, 201, res.body)
  return res.json().cartId
}

export async function addItem(
  app: FastifyInstance,
  token: string,
  cartId: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/cart/carts/${cartId}/items`,
    headers: bearer(token),
    payload,
  })
  assert.equal(res.statusCode, 201, res.body)
  return res.json().itemId
}

export async function getCart(app: FastifyInstance, token: string, cartId: string) {
  const res = await app.inject({ method: 'GET', url: `/api/cart/carts/${cartId}`, headers: bearer(token) })
  assert.equal(res.statusCode, 200, res.body)
  return res.json()
}

export async function cardToken(app: FastifyInstance, number = '4242424242424242'): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments/test-card/tokens',
    payload: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' },
  })
  assert.equal(res.statusCode, 201, res.body)
  return res.json().id
}
