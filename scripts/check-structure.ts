/**
 * `npm run check:structure`: fails (exit 1) listing every violation of the structure rules as
 * `file:line rule message` — one owner per table, modules meet through their public face, no import
 * cycles, small files and functions, no API paths in the storefront, docs/architecture.md true to the code.
 * `npm run check:structure -- --print` prints the architecture map as the code is, for docs/architecture.md.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { analyze, MAP_PATH, type Violation } from './structure/analyze.ts'
import { printMap } from './structure/architecture-map.ts'

const root = join(import.meta.dirname, '..')
const ROOTS = ['apps', 'packages', 'scripts', 'bench']
const SKIP = new Set(['node_modules', 'build', '.react-router', 'dist', 'coverage'])

const files = new Map<string, string>()
for (const dir of ROOTS) collect(join(root, dir))
const mapFile = join(root, MAP_PATH)
const report = analyze(files, existsSync(mapFile) ? readFileSync(mapFile, 'utf8') : undefined)

if (process.argv.includes('--print')) {
  console.log(printMap(report.actual))
  process.exit(0)
}
for (const warning of report.warnings) console.warn(`warning: ${show(warning)}`)
for (const violation of report.violations) console.log(show(violation))
if (report.violations.length) {
  const counts = new Map<string, number>()
  for (const { rule } of report.violations) counts.set(rule, (counts.get(rule) ?? 0) + 1)
  const summary = [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([rule, count]) => `${rule} ${count}`)
    .join(', ')
  console.error(`\ncheck:structure: ${report.violations.length} violations (${summary})`)
  process.exit(1)
}
console.log(`check:structure: ${files.size} files, no violations`)

function show({ file, line, rule, message }: Violation): string {
  return `${file}:${line} ${rule} ${message}`
}

function collect(dir: string): void {
  if (!existsSync(dir)) return
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) collect(path)
    else if (/\.(tsx?|css)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      files.set(relative(root, path).split(sep).join('/'), readFileSync(path, 'utf8'))
    }
  }
}
