import type { FastifyInstance } from 'fastify'

export const CSV_HEADER = [
  'sku',
  'published',
  'name_en',
  'description_en',
  'name_de',
  'description_de',
  'price_USD',
  'original_USD',
  'price_EUR',
  'original_EUR',
  'stock',
  'categories',
  'tax_code',
]

const quote = (cell: string) => (/[",\n;]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)

/**
 * A catalogue CSV of `count` products for sites in en/de and USD/EUR (tests, the browser journey, the bench):
 * SKU `${prefix}-00001`…; `bad` lists 0-based product numbers given a price that is not an amount.
 */
export function catalogueCsv(
  count: number,
  options: { prefix?: string; bad?: readonly number[]; categories?: string; word?: string } = {},
): string {
  const prefix = options.prefix ?? 'IMP'
  const word = options.word ?? 'Lantern'
  const lines = [CSV_HEADER.join(',')]
  for (let i = 0; i < count; i++) {
    const n = String(i + 1).padStart(5, '0')
    const price = options.bad?.includes(i) ? '12,5O' : `${10 + (i % 90)}.${String(i % 100).padStart(2, '0')}`
    lines.push(
      [
        `${prefix}-${n}`,
        'true',
        `${word} ${n}`,
        `A "${word.toLowerCase()}" of brass, number ${n}`,
        `Laterne ${n}`,
        `Eine Laterne aus Messing; Nummer ${n}`,
        price,
        price,
        '9.50',
        '11.00',
        String(i % 50),
        options.categories ?? '',
        '',
      ]
        .map(quote)
        .join(','),
    )
  }
  return `${lines.join('\n')}\n`
}

/** Polls an import until it is done (or failed), for at most `ms`. */
export async function untilFinished(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  ms = 60_000,
) {
  const end = Date.now() + ms
  for (;;) {
    const res = await app.inject({ url: `/api/owner/catalogue/imports/${id}`, headers })
    const job = res.json() as { status: string; progress: { done: number; total: number } }
    if (job.status !== 'running' || Date.now() > end) return res.json()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
