import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = resolve(import.meta.dirname, '../..')

/**
 * The Node.js flags `npm start` runs the server with (package.json's start script), so tests and benchmarks run the
 * shop as a shop owner does. Read from the script itself: one place to change them (docs/decisions/0073).
 */
export const SERVER_FLAGS: readonly string[] = serverFlags()

function serverFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const command = scripts.start?.split('&&').find((part) => part.includes('apps/server/src/main.ts'))
  if (!command) throw new Error("package.json's start script does not run apps/server/src/main.ts")
  const flags = command
    .trim()
    .split(/\s+/)
    .filter((word) => word.startsWith('--'))
  // A module the script preloads is named from the root (npm runs scripts there); spawned elsewhere, the same one.
  return flags.map((word) =>
    word.replace(/^--import=\.\/(.*)$/, (_, path) => `--import=${pathToFileURL(join(root, path))}`),
  )
}
