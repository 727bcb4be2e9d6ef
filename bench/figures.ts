/**
 * The performance issue's table, filled by the benchmarks as they run and printed by `npm run bench` at the
 * end: one row per measure, engine and catalogue size, the figure judged (a ratio where the target is one) with
 * the raw figures beside it, and the target.
 */
interface Figure {
  measure: string
  engine: string
  size?: number
  value: string
  raw: string
  target: string
}

const figures: Figure[] = []

export function record(figure: Figure): void {
  figures.push(figure)
}

export function printFigures(): void {
  if (figures.length === 0) return
  console.log('\n## the figures of the performance issue, from this run\n')
  console.log('| measure | engine | products | figure | raw figures | target |')
  console.log('| --- | --- | ---: | ---: | --- | --- |')
  for (const f of figures)
    console.log(`| ${f.measure} | ${f.engine} | ${f.size ?? ''} | ${f.value} | ${f.raw} | ${f.target} |`)
}
