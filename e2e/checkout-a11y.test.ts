import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { after, before, describe, test } from 'node:test'
import type { Page } from 'playwright-core'
import { translator } from '../apps/web/app/i18n/all.ts'
import { browserSkip, languagesAt, launchBrowser, widths } from './support/browser.ts'
import {
  addJar,
  CARDS,
  cont,
  fillBilling,
  fillCard,
  fillShipping,
  orderIdFromUrl,
  placeOrder,
  ready,
  step,
} from './support/checkout.ts'
import { type RunningShop, startShop } from './support/shop.ts'

/**
 * axe-core finds no serious or critical violation in the checkout wizard (each step, also with its validation
 * messages shown) and on the order confirmation, at desktop and phone width, in English and German.
 */
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: string[] }>
}

async function scan(page: Page, where: string, found: string[]) {
  await page.addScriptTag({ path: axePath })
  const result = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document) => Promise<{ violations: unknown[]; passes: unknown[] }> }
      }
    ).axe
    const result = await axe.run(document)
    return { violations: result.violations, passes: result.passes.length }
  })) as { violations: AxeViolation[]; passes: number }
  for (const v of result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
    found.push(
      `${where}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
  return result.passes
}

describe('checkout accessibility (axe-core)', { skip: browserSkip }, () => {
  let shop: RunningShop
  before(async () => {
    shop = await startShop('sqlite')
  })
  after(() => shop?.stop())

  for (const [viewportName, viewport] of widths) {
    const phone = viewportName === 'phone'
    for (const language of languagesAt(viewportName, ['en', 'de'] as const)) {
      test(`${viewportName} ${language}: every checkout step and the confirmation`, async () => {
        const t = translator(language)
        const browser = await launchBrowser()
        const context = await browser.newContext({ viewport })
        await context.addCookies([
          { name: 'language', value: language, url: shop.url },
          { name: 'shop_consent', value: 'declined', url: shop.url },
        ])
        const page = await context.newPage()
        const found: string[] = []
        const scanned: string[] = []
        const check = async (where: string) => {
          const rules = await scan(page, where, found)
          scanned.push(where)
          assert.ok(rules > 10, `axe ran its rules on ${where}`)
        }
        await addJar(page, shop, 1, t)
        await ready(page, `${shop.url}/checkout?guest=1`)
        // the first step with its validation messages, then each step as it opens
        const first = phone ? 2 : 1
        await cont(page, first, t).click()
        await step(page, first).getByText(t('PLEASE_CORRECT_ERRORS')).waitFor()
        await check(`step ${first} with errors`)
        if (phone) {
          await fillShipping(page, t)
          await cont(page, 1, t).waitFor()
          await check('billing')
          await fillBilling(page, true, t)
        } else {
          await fillBilling(page, true, t)
          await cont(page, 2, t).waitFor()
          await check('shipping')
          await fillShipping(page, t)
        }
        await cont(page, 3, t).waitFor()
        await check('payment')
        await cont(page, 3, t).click()
        await step(page, 3).getByText(t('FIELD_REQUIRED')).first().waitFor()
        await check('payment with errors')
        await fillCard(page, CARDS.ok, t)
        await step(page, 4).getByTestId('review-total').waitFor()
        await check('review')
        await placeOrder(page, t).click()
        await orderIdFromUrl(page)
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        await page.getByRole('heading', { level: 1 }).waitFor()
        await check('confirmation')
        assert.equal(scanned.length, 6)
        assert.deepEqual(found, [])
        await context.close()
      })
    }
  }
})
