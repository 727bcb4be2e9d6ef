import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts/order'
import { allowedTransitions, canTransition, sourcesOf } from './order-status.ts'

test('the owner moves an order forward one step at a time, and may decline it until it ships', () => {
  const forward: OrderStatus[] = ['CREATED', 'CONFIRMED', 'PAID', 'SHIPPED', 'COMPLETED']
  for (let i = 0; i + 1 < forward.length; i++) {
    assert.ok(canTransition(forward[i]!, forward[i + 1]!, 'owner'), `${forward[i]} → ${forward[i + 1]}`)
  }
  assert.ok(!canTransition('CREATED', 'PAID', 'owner'))
  assert.ok(!canTransition('CREATED', 'SHIPPED', 'owner'))
  assert.ok(!canTransition('PAID', 'CONFIRMED', 'owner'))
  assert.ok(!canTransition('COMPLETED', 'SHIPPED', 'owner'))
  assert.deepEqual(sourcesOf('DECLINED', 'owner'), ['CREATED', 'CONFIRMED', 'PAID'])
  assert.ok(!canTransition('SHIPPED', 'DECLINED', 'owner'))
})

test('a customer can only cancel CREATED or CONFIRMED orders', () => {
  assert.deepEqual(sourcesOf('DECLINED', 'customer'), ['CREATED', 'CONFIRMED'])
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      if (to !== 'DECLINED') assert.ok(!canTransition(from, to, 'customer'), `${from} → ${to}`)
    }
  }
  assert.ok(!canTransition('PAID', 'DECLINED', 'customer'))
})

test('final statuses have no way out; nothing moves to CREATED or to itself', () => {
  for (const actor of ['customer', 'owner'] as const) {
    assert.deepEqual(allowedTransitions('DECLINED', actor), [])
    assert.deepEqual(allowedTransitions('COMPLETED', actor), [])
    assert.deepEqual(sourcesOf('CREATED', actor), [])
    for (const status of ORDER_STATUSES) assert.ok(!canTransition(status, status, actor))
  }
})
