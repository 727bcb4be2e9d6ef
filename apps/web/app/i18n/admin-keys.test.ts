import assert from 'node:assert/strict'
import { readdirSync } from 'node:fs'
import { test } from 'node:test'

/**
 * The back office's texts are spread together from one file per area (admin.ts): a key two areas both define
 * would silently take one area's text for the other's buttons, so no key may be defined twice.
 */
test('no back-office text key is defined by two areas', async () => {
  const dir = new URL('./admin/', import.meta.url)
  const owner = new Map<string, string>()
  const twice: string[] = []
  const { baseKeys } = await import('./admin.ts')
  for (const key of baseKeys) owner.set(key, 'admin.ts')
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const area = (await import(new URL(file, dir).href)) as { en: Record<string, string> }
    for (const key of Object.keys(area.en)) {
      if (owner.has(key)) twice.push(`${key}: ${owner.get(key)} and ${file}`)
      owner.set(key, file)
    }
  }
  assert.deepEqual(twice, [])
})
