import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import fc from 'fast-check'
import type { CalcDiscount } from './discount.rules.ts'
import { taxFor } from './tax.rules.ts'
import { type CalcInput, calculate } from './totals.rules.ts'

const RUNS = 10_000
const currencies = ['USD', 'EUR', 'JPY', 'CAD'] as const

const fee = (currency: string) =>
  fc.record({
    type: fc.constantFrom('ABSOLUTE' as const, 'ABSOLUTE_MULTIPLY_ITEMQUANTITY' as const),
    amountMinor: fc.integer({ min: 0, max: 5_000 }),
    currency: fc.constant(currency),
  })

const discount = (currency: string): fc.Arbitrary<CalcDiscount> =>
  fc.oneof(
    fc.record({
      code: fc.constantFrom('SAVE10', 'WELCOME15', 'BIG25'),
      type: fc.constant('ABSOLUTE' as const),
      amountMinor: fc.integer({ min: 0, max: 200_000 }),
      currency: fc.constant(currency),
    }),
    fc.record({
      code: fc.constantFrom('SAVE10', 'WELCOME15', 'BIG25'),
      type: fc.constant('PERCENT' as const),
      rateBasisPoints: fc.integer({ min: 0, max: 10_000 }),
    }),
  )

const input: fc.Arbitrary<CalcInput> = fc.constantFrom(...currencies).chain((currency) =>
  fc.record({
    currency: fc.constant(currency),
    lines: fc.array(
      fc.record({
        id: fc.nat({ max: 99_999 }).map(String),
        unitPriceMinor: fc.integer({ min: 0, max: 1_000_000 }),
        quantity: fc.integer({ min: 0, max: 999 }),
        fees: fc.array(fee(currency), { maxLength: 3 }),
      }),
      { maxLength: 12 },
    ),
    discounts: fc.array(discount(currency), { maxLength: 4 }),
    shippingMinor: fc.integer({ min: 0, max: 50_000 }),
    tax: fc.record({ rateBasisPoints: fc.integer({ min: 0, max: 3_000 }), included: fc.boolean() }),
  }),
)

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

describe('calculate: properties over 10,000 carts', () => {
  test('the lines add up to the total', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = calculate(i)
        assert.equal(t.subtotalMinor, sum(t.lines.map((l) => l.totalMinor)))
        assert.equal(t.feesMinor, sum(t.lines.map((l) => l.feesMinor)))
        assert.equal(t.discountMinor, sum(t.discounts.map((d) => d.amountMinor)))
        const net = t.subtotalMinor - t.discountMinor + t.feesMinor
        assert.equal(t.totalMinor, net + t.shippingMinor + (t.taxIncluded ? 0 : t.taxMinor))
        assert.equal(t.units, sum(i.lines.map((l) => l.quantity)))
      }),
      { numRuns: RUNS },
    )
  })

  test('nothing is negative and discounts never exceed the subtotal', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = calculate(i)
        for (const value of [
          t.subtotalMinor,
          t.discountMinor,
          t.feesMinor,
          t.taxMinor,
          t.shippingMinor,
          t.totalMinor,
        ])
          assert.ok(value >= 0, `negative: ${value}`)
        for (const d of t.discounts) assert.ok(d.amountMinor >= 0)
        for (const l of t.lines) assert.ok(l.totalMinor >= 0 && l.feesMinor >= 0)
        assert.ok(t.discountMinor <= t.subtotalMinor)
        // an included tax is a part of the net amount, never more
        if (t.taxIncluded) assert.ok(t.taxMinor <= t.subtotalMinor - t.discountMinor + t.feesMinor)
      }),
      { numRuns: RUNS },
    )
  })

  test('rounding follows the minor unit: every amount is a whole number of minor units, tax within ½', () => {
    fc.assert(
      fc.property(input, (i) => {
        const t = calculate(i)
        for (const value of [
          t.subtotalMinor,
          t.discountMinor,
          t.taxMinor,
          t.totalMinor,
          ...t.discounts.map((d) => d.amountMinor),
        ])
          assert.ok(Number.isSafeInteger(value), `not whole: ${value}`)
        const net = t.subtotalMinor - t.discountMinor + t.feesMinor
        const exact = i.tax.included
          ? (net * i.tax.rateBasisPoints) / (10_000 + i.tax.rateBasisPoints)
          : (net * i.tax.rateBasisPoints) / 10_000
        assert.ok(Math.abs(t.taxMinor - exact) <= 0.5, `tax ${t.taxMinor} vs ${exact}`)
      }),
      { numRuns: RUNS },
    )
  })

  test('currencies never mix: a fee or a fixed discount in another currency is refused', () => {
    fc.assert(
      fc.property(
        input,
        fc.constantFrom(...currencies),
        fc.boolean(),
        fc.integer({ min: 1, max: 1000 }),
        (i, other, asFee, amountMinor) => {
          fc.pre(other !== i.currency)
          const mixed: CalcInput = asFee
            ? {
                ...i,
                lines: [
                  ...i.lines,
                  {
                    id: 'x',
                    unitPriceMinor: 100,
                    quantity: 1,
                    fees: [{ type: 'ABSOLUTE', amountMinor, currency: other }],
                  },
                ],
              }
            : { ...i, discounts: [{ code: 'MIX', type: 'ABSOLUTE', amountMinor, currency: other }] }
          assert.throws(() => calculate(mixed), /is in/)
          assert.equal(calculate(i).currency, i.currency)
        },
      ),
      { numRuns: RUNS },
    )
  })

  test('sales tax applies to taxable countries only; an included tax everywhere', () => {
    const added = { rateBasisPoints: 825, included: false }
    assert.deepEqual(taxFor(added, 'US'), added)
    assert.deepEqual(taxFor(added, 'CA'), added)
    assert.deepEqual(taxFor(added, null), added)
    assert.equal(taxFor(added, 'DE').rateBasisPoints, 0)
    const vat = { rateBasisPoints: 1900, included: true }
    assert.deepEqual(taxFor(vat, 'US'), vat)
  })
})
