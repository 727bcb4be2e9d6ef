import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Language } from './index.ts'

interface ManifestChunk {
  file: string
  imports?: string[]
}

const SOURCES: Record<Language, string> = { en: 'app/i18n/en.ts', de: 'app/i18n/de.ts' }
const known = new Map<Language, string[]>()

/**
 * The scripts of a language's texts (its chunk and what that imports), for the page's modulepreload links: the
 * browser fetches them beside the entry instead of after it (docs/decisions/0071). None in development, where
 * Vite serves the modules themselves and there is no manifest.
 */
export function textScripts(language: Language): string[] {
  let scripts = known.get(language)
  if (!scripts) {
    const manifest = manifestPath()
    scripts = manifest ? chunkFiles(JSON.parse(readFileSync(manifest, 'utf8')), SOURCES[language]) : []
    known.set(language, scripts)
  }
  return scripts
}

function chunkFiles(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
): string[] {
  const chunk = manifest[key]
  if (!chunk || seen.has(key)) return []
  seen.add(key)
  return [`/${chunk.file}`, ...(chunk.imports ?? []).flatMap((next) => chunkFiles(manifest, next, seen))]
}

/** The client build's Vite manifest, beside the server build this module is part of (build/server/…). */
function manifestPath(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (let level = 0; level < 3; level++, dir = dirname(dir)) {
    const path = join(dir, '..', 'client', '.vite', 'manifest.json')
    if (existsSync(path)) return path
  }
  return undefined
}
