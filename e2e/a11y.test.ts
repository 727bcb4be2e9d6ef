import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { after, before, describe, test } from 'node:test'
import { browserSkip, launchBrowser, viewports } from './support/browser.ts'
import { type RunningShop, startShop } from './support/shop.ts'

/** axe-core finds no serious or critical violation on the indexable storefront pages, in both languages. */
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')
const pages = [
  '/',
  '/c/all',
  '/c/t-shirts~c-tshirts',
  '/p/x~p-classic-tee',
  '/p/x~p-sea-salt',
  '/search/shirt',
]

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: string[] }>
}

describe('accessibility (axe-core)', { skip: browserSkip }, () => {
  let shop: RunningShop
  before(async () => {
    shop = await startShop('sqlite')
  })
  after(() => shop?.stop())

  for (const [viewportName, viewport] of Object.entries(viewports)) {
    for (const language of ['en', 'de']) {
      test(`${viewportName} ${language}: no serious or critical violations`, async () => {
        const browser = await launchBrowser()
        const context = await browser.newContext({ viewport })
        await context.addCookies([{ name: 'language', value: language, url: shop.url }])
        const page = await context.newPage()
        const found: string[] = []
        for (const path of pages) {
          await page.goto(`${shop.url}${path}`)
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          await page.addScriptTag({ path: axePath })
          const violations = (await page.evaluate(async () => {
            const axe = (
              window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } }
            ).axe
            return (await axe.run(document)).violations
          })) as AxeViolation[]
          for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
            found.push(
              `${path}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
            )
          }
        }
        assert.deepEqual(found, [])
        await context.close()
      })
    }
  }
})
