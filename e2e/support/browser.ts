import { after } from 'node:test'
import { type Browser, chromium } from 'playwright-core'

/** Debian's Chromium, headless; never a downloaded browser. CHROMIUM_PATH empty → journeys are skipped. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const browserSkip = chromiumPath ? false : 'no Chromium on this machine (apt-get install chromium)'

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  after(() => browser.close())
  return browser
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const
