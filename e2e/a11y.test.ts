import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { after, before, describe, test } from 'node:test'
import { browserSkip, languagesAt, launchBrowser, widths } from './support/browser.ts'
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
  // out-of-stock tiles and marked matches
  '/search/coffee',
]
/** The live search box open on its hits and its "see all" option, per language. */
const typed: Record<string, string> = { en: 'coffee', de: 'kaffee' }
const boxName: Record<string, string> = { en: 'Search products', de: 'Produkte suchen' }

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

  for (const [viewportName, viewport] of widths) {
    for (const language of languagesAt(viewportName, ['en', 'de'] as const)) {
      test(`${viewportName} ${language}: no serious or critical violations`, async () => {
        const browser = await launchBrowser()
        const context = await browser.newContext({ viewport })
        await context.addCookies([{ name: 'language', value: language, url: shop.url }])
        const page = await context.newPage()
        const found: string[] = []
        const check = async (where: string) => {
          await page.addScriptTag({ path: axePath })
          const violations = (await page.evaluate(async () => {
            const axe = (
              window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } }
            ).axe
            return (await axe.run(document)).violations
          })) as AxeViolation[]
          for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
            found.push(
              `${where}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
            )
          }
        }
        for (const path of pages) {
          await page.goto(`${shop.url}${path}`)
          await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
          await check(path)
        }
        await page.goto(shop.url)
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
        const box = page.getByRole('combobox', { name: boxName[language] })
        await box.fill(typed[language] ?? '')
        await page.locator('.search-box__all').waitFor()
        await box.press('ArrowDown')
        await check('live search dropdown')
        assert.deepEqual(found, [])
        await context.close()
      })
    }
  }
})
