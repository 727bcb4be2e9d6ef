import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { TAXABLE_COUNTRIES, taxFor, taxOf } from './tax.rules.ts'
import { calculate } from './totals.rules.ts'

/** Per-country rates (docs/decisions/0067-staff-sites-and-tax.md) over integer money. */
const perCountry = { rateBasisPoints: 0, included: false, countryRates: { US: 825, CA: 1300 } }

describe('tax per destination country', () => {
  test('a listed taxable country gets its own rate', () => {
    assert.deepEqual(taxFor(perCountry, 'US'), { rateBasisPoints: 825, included: false })
    assert.deepEqual(taxFor(perCountry, 'CA'), { rateBasisPoints: 1300, included: false })
  })

  test('an unlisted, an untaxable or an unknown destination is not taxed', () => {
    const onlyCa = { ...perCountry, countryRates: { CA: 500 } }
    assert.deepEqual(taxFor(onlyCa, 'US'), { rateBasisPoints: 0, included: false })
    assert.deepEqual(taxFor(perCountry, 'DE'), { rateBasisPoints: 0, included: false })
    // a rate listed for a country that is not taxable (spec §9) is not applied either
    const stray = { ...perCountry, countryRates: { DE: 1900 } }
    assert.deepEqual(taxFor(stray, 'DE'), { rateBasisPoints: 0, included: false })
    assert.deepEqual(taxFor(perCountry, null), { rateBasisPoints: 0, included: false })
    assert.deepEqual(taxFor(perCountry, undefined), { rateBasisPoints: 0, included: false })
  })

  test('a flat added tax: every taxable country, and the estimate before a country is chosen', () => {
    const flat = { rateBasisPoints: 700, included: false }
    for (const country of [...TAXABLE_COUNTRIES, null]) assert.deepEqual(taxFor(flat, country), flat)
    assert.deepEqual(taxFor(flat, 'FR'), { rateBasisPoints: 0, included: false })
  })

  test('an included tax stays one flat rate wherever the goods go (country rates are not for VAT)', () => {
    const vat = { rateBasisPoints: 1900, included: true, countryRates: { US: 825 } }
    for (const country of ['US', 'DE', null])
      assert.deepEqual(taxFor(vat, country), { rateBasisPoints: 1900, included: true })
  })

  test('the result carries no more than the rate and the kind (nothing of the site leaks into an order)', () => {
    assert.deepEqual(Object.keys(taxFor({ ...perCountry, label: 'x' } as typeof perCountry, 'US')).sort(), [
      'included',
      'rateBasisPoints',
    ])
  })

  test('totals in minor units: 13 % of 19.99 × 3 for CA, 8.25 % for US, halves up', () => {
    const input = (country: string) => ({
      currency: 'CAD',
      lines: [{ id: 'a', unitPriceMinor: 1999, quantity: 3, fees: [] }],
      tax: taxFor(perCountry, country),
    })
    const ca = calculate(input('CA'))
    assert.equal(ca.taxMinor, 780) // 5997 × 0.13 = 779.61
    assert.equal(ca.totalMinor, 5997 + 780)
    const us = calculate(input('US'))
    assert.equal(us.taxMinor, 495) // 5997 × 0.0825 = 494.75 → 495
    const none = calculate(input('MX'))
    assert.equal(none.taxMinor, 0)
    assert.equal(none.totalMinor, 5997)
    assert.equal(taxOf(1, { rateBasisPoints: 5000, included: false }), 1) // 0.5 → 1
  })
})
