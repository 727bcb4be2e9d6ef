/**
 * The architecture map of docs/architecture.md: a markdown table `module | owns tables | may call`, one row
 * per server module (`modules/<name>`) or platform part (`platform/<name>`), lists comma-separated, `—` for
 * none. Parsed here, compared with what the code does, and printed from what the code does.
 */
export interface MapRow {
  module: string
  owns: string[]
  mayCall: string[]
}

export interface DocRow extends MapRow {
  line: number
}

const HEADER = ['module', 'owns tables', 'may call']

/** The rows of the first table whose header is `module | owns tables | may call`; undefined without one. */
export function parseMap(text: string): { header: number; rows: DocRow[] } | undefined {
  const lines = text.split('\n')
  const start = lines.findIndex((line) => sameCells(cells(line), HEADER))
  if (start < 0) return undefined
  const rows: DocRow[] = []
  for (let i = start + 2; i < lines.length && lines[i]?.trim().startsWith('|'); i++) {
    const [module = '', owns = '', mayCall = ''] = cells(lines[i] ?? '')
    rows.push({ module: clean(module), owns: list(owns), mayCall: list(mayCall), line: i + 1 })
  }
  return { header: start + 1, rows }
}

export function printMap(rows: MapRow[]): string {
  const show = (items: string[]) => (items.length ? items.join(', ') : '—')
  return [
    `| ${HEADER.join(' | ')} |`,
    '| --- | --- | --- |',
    ...rows.map((row) => `| ${row.module} | ${show(row.owns)} | ${show(row.mayCall)} |`),
  ].join('\n')
}

/** Modules first, then platform parts, each alphabetically. */
export function byModule(a: string, b: string): number {
  const rank = (name: string) => (name.startsWith('modules/') ? 0 : 1)
  return rank(a) - rank(b) || a.localeCompare(b)
}

function cells(line: string): string[] {
  const trimmed = line.trim()
  if (!trimmed.startsWith('|')) return []
  return trimmed
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim())
}

function sameCells(actual: string[], expected: string[]): boolean {
  return (
    actual.length === expected.length && actual.every((cell, i) => clean(cell).toLowerCase() === expected[i])
  )
}

function clean(cell: string): string {
  return cell.replace(/[`*]/g, '').trim()
}

function list(cell: string): string[] {
  const text = clean(cell)
  if (!text || text === '—' || text === '-') return []
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}
