import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: string[] }>
}

/** axe-core's serious and critical violations on the page as it is now, one line each, named by `label`. */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await page.addScriptTag({ path: axePath })
  const found = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: unknown[] }> } })
      .axe
    return (await axe.run(document)).violations
  })) as AxeViolation[]
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
}
