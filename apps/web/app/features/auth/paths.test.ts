import assert from 'node:assert/strict'
import { test } from 'node:test'
import { isProtectedPath, pagePath, safeReturnTo } from './paths.ts'

test('pagePath: a document request is its own path and query', () => {
  assert.equal(pagePath(new URL('http://shop/checkout')), '/checkout')
  assert.equal(pagePath(new URL('http://shop/account/orders/1?x=2')), '/account/orders/1?x=2')
})

test('pagePath: a client-side data request names the page, not the .data resource', () => {
  assert.equal(pagePath(new URL('http://shop/checkout.data')), '/checkout')
  assert.equal(pagePath(new URL('http://shop/account.data?_routes=routes%2Faccount')), '/account')
  assert.equal(pagePath(new URL('http://shop/_root.data')), '/')
  assert.equal(pagePath(new URL('http://shop/search.data?q=tee&_routes=x')), '/search?q=tee')
})

test('safeReturnTo and isProtectedPath', () => {
  assert.equal(safeReturnTo('//evil.example'), '/')
  assert.equal(safeReturnTo('/checkout'), '/checkout')
  assert.equal(isProtectedPath('/checkout'), true)
  assert.equal(isProtectedPath('/checkout?guest=1'), true)
  assert.equal(isProtectedPath('/cart'), false)
})
