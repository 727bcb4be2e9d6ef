import { readdir } from 'node:fs/promises'
import type { Endpoint } from './endpoint.ts'

export interface NamedEndpoint {
  /** `cartApi.createCart`: the exported object and its key. */
  name: string
  endpoint: Endpoint
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value

/** Every call the contracts describe: each `…Api` object exported by a file of this package (tests only). */
export async function allEndpoints(): Promise<NamedEndpoint[]> {
  const files = (await readdir(import.meta.dirname)).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.testing.ts'),
  )
  const found: NamedEndpoint[] = []
  for (const file of files.sort()) {
    const module = (await import(`./${file}`)) as Record<string, unknown>
    for (const [exported, value] of Object.entries(module)) {
      if (!exported.endsWith('Api') || typeof value !== 'object' || value === null) continue
      for (const [key, call] of Object.entries(value)) {
        if (isEndpoint(call)) found.push({ name: `${exported}.${key}`, endpoint: call })
      }
    }
  }
  return found
}
