import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { roundHalfUp } from './money.ts'
import { type CalcInput, calculate } from './totals.rules.ts'

const noTax = { rateBasisPoints: 0, included: false }
const line = (
  id: string,
  unitPriceMinor: number,
  quantity: number,
  fees: CalcInput['lines'][0]['fees'] = [],
) => ({
  id,
  unitPriceMinor,
  quantity,
  fees,
})

describe('calculate', () => {
  test('sums lines, units and shipping', () => {
    const t = calculate({
      currency: 'USD',
      lines: [line('a', 1999, 2), line('b', 500, 1)],
      shippingMinor: 599,
      tax: noTax,
    })
    assert.deepEqual(
      t.lines.map((l) => l.totalMinor),
      [3998, 500],
    )
    assert.equal(t.subtotalMinor, 4498)
    assert.equal(t.units, 3)
    assert.equal(t.totalMinor, 4498 + 599)
  })

  test('fees: ABSOLUTE once per line, ABSOLUTE_MULTIPLY_ITEMQUANTITY per unit', () => {
    const t = calculate({
      currency: 'USD',
      lines: [
        line('a', 1000, 3, [
          { type: 'ABSOLUTE', amountMinor: 100, currency: 'USD' },
          { type: 'ABSOLUTE_MULTIPLY_ITEMQUANTITY', amountMinor: 25, currency: 'USD' },
        ]),
      ],
      tax: noTax,
    })
    assert.equal(t.feesMinor, 175)
    assert.equal(t.lines[0]?.feesMinor, 175)
    assert.equal(t.totalMinor, 3175)
  })

  test('added tax rounds half up on subtotal − discount + fees; shipping is not taxed', () => {
    // 2000 × 8.25 % = 165.0 ; 10 × 8.25 % = 0.825 → 1 ; 6 × 8.25 % = 0.495 → 0
    const tax = { rateBasisPoints: 825, included: false }
    assert.equal(
      calculate({ currency: 'USD', lines: [line('a', 2000, 1)], shippingMinor: 500, tax }).taxMinor,
      165,
    )
    assert.equal(calculate({ currency: 'USD', lines: [line('a', 10, 1)], tax }).taxMinor, 1)
    assert.equal(calculate({ currency: 'USD', lines: [line('a', 6, 1)], tax }).taxMinor, 0)
    const t = calculate({ currency: 'USD', lines: [line('a', 2000, 1)], shippingMinor: 500, tax })
    assert.equal(t.totalMinor, 2000 + 165 + 500)
  })

  test('included tax is shown but does not change the total', () => {
    // 19 % included in 11900 → 1900
    const t = calculate({
      currency: 'EUR',
      lines: [line('a', 11900, 1)],
      shippingMinor: 499,
      tax: { rateBasisPoints: 1900, included: true },
    })
    assert.equal(t.taxMinor, 1900)
    assert.equal(t.taxIncluded, true)
    assert.equal(t.totalMinor, 11900 + 499)
  })

  test('discounts: absolute and percent, never more than the subtotal', () => {
    const t = calculate({
      currency: 'USD',
      lines: [line('a', 1000, 2)],
      discounts: [
        { code: 'TEN', type: 'PERCENT', rateBasisPoints: 1000 },
        { code: 'FIVE', type: 'ABSOLUTE', amountMinor: 500, currency: 'USD' },
      ],
      tax: noTax,
    })
    assert.equal(t.discountMinor, 700)
    assert.equal(t.totalMinor, 1300)
    const capped = calculate({
      currency: 'USD',
      lines: [line('a', 1000, 1)],
      discounts: [
        { code: 'BIG', type: 'ABSOLUTE', amountMinor: 800, currency: 'USD' },
        { code: 'BIGGER', type: 'ABSOLUTE', amountMinor: 800, currency: 'USD' },
      ],
      tax: { rateBasisPoints: 825, included: false },
    })
    assert.deepEqual(
      capped.discounts.map((d) => d.amountMinor),
      [800, 200],
    )
    assert.equal(capped.totalMinor, 0)
  })

  test('an empty cart costs nothing but its shipping', () => {
    const t = calculate({
      currency: 'JPY',
      lines: [],
      shippingMinor: 0,
      tax: { rateBasisPoints: 1000, included: false },
    })
    assert.equal(t.totalMinor, 0)
    assert.equal(t.taxMinor, 0)
  })

  test('totals are consistent and never negative over many random carts', () => {
    let seed = 7
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let i = 0; i < 500; i++) {
      const lines = Array.from({ length: rand(5) }, (_, k) =>
        line(`l${k}`, rand(100000), 1 + rand(9), [
          { type: 'ABSOLUTE_MULTIPLY_ITEMQUANTITY', amountMinor: rand(300), currency: 'USD' },
        ]),
      )
      const included = rand(2) === 1
      const t = calculate({
        currency: 'USD',
        lines,
        discounts: [{ code: 'X', type: 'ABSOLUTE', amountMinor: rand(200000), currency: 'USD' }],
        shippingMinor: rand(1000),
        tax: { rateBasisPoints: rand(2500), included },
      })
      for (const v of [t.subtotalMinor, t.discountMinor, t.feesMinor, t.taxMinor, t.totalMinor]) {
        assert.ok(Number.isSafeInteger(v) && v >= 0)
      }
      assert.ok(t.discountMinor <= t.subtotalMinor)
      const net = t.subtotalMinor - t.discountMinor + t.feesMinor
      assert.equal(t.totalMinor, net + t.shippingMinor + (included ? 0 : t.taxMinor))
      assert.ok(t.taxMinor <= net)
    }
  })

  test('mixed currencies and negative amounts are faults', () => {
    assert.throws(() =>
      calculate({
        currency: 'USD',
        lines: [line('a', 100, 1, [{ type: 'ABSOLUTE', amountMinor: 1, currency: 'EUR' }])],
        tax: noTax,
      }),
    )
    assert.throws(() =>
      calculate({
        currency: 'USD',
        lines: [line('a', 100, 1)],
        discounts: [{ code: 'E', type: 'ABSOLUTE', amountMinor: 1, currency: 'EUR' }],
        tax: noTax,
      }),
    )
    assert.throws(() => calculate({ currency: 'USD', lines: [line('a', -1, 1)], tax: noTax }))
    assert.throws(() => calculate({ currency: 'USD', lines: [line('a', 1.5, 1)], tax: noTax }))
  })

  test('roundHalfUp', () => {
    assert.equal(roundHalfUp(5, 10), 1)
    assert.equal(roundHalfUp(4, 10), 0)
    assert.equal(roundHalfUp(15, 10), 2)
  })
})
