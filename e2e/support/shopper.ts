import type { Browser, BrowserContext, Page } from 'playwright-core'
import type { Language } from '../../apps/web/app/i18n/index.ts'
import type { RunningShop } from './shop.ts'

/**
 * A context on the us site in `language` with tracking declined (no consent bar), motion reduced; its screen
 * has `deviceScaleFactor` device pixels to a CSS pixel (1 unless told).
 */
export async function newContext(
  browser: Browser,
  shop: RunningShop,
  viewport: { width: number; height: number },
  language: Language,
  deviceScaleFactor = 1,
) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', deviceScaleFactor })
  await context.addCookies([
    { name: 'language', value: language, url: shop.url },
    { name: 'site', value: 'us', url: shop.url },
    { name: 'shop_consent', value: 'declined', url: shop.url },
  ])
  return context
}

export async function open(context: BrowserContext, shop: RunningShop, path: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(`${shop.url}${path}`)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  return page
}
