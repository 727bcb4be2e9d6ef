import { connect } from 'node:net'
import autocannon from 'autocannon'

export interface LoadResult {
  label: string
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  errors: number
  non2xx: number
}

/** One autocannon run; `duration` seconds after a short warm-up. */
export async function load(
  label: string,
  url: string,
  options: {
    headers?: Record<string, string>
    duration?: number
    connections?: number
    /** Replace `[<id>]` in the URL with a new random id per request (autocannon's idReplacement). */
    idReplacement?: boolean
  } = {},
): Promise<LoadResult> {
  const base = {
    url,
    headers: options.headers,
    connections: options.connections ?? 10,
    idReplacement: options.idReplacement ?? false,
  }
  await autocannon({ ...base, duration: 2 })
  const result = await autocannon({ ...base, duration: options.duration ?? 10 })
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

/**
 * One autocannon run that also keeps every response time, so percentiles autocannon does not report
 * (p95) can be computed: nearest-rank over the per-request timings (ms, fractional).
 */
export function loadWithTimings(
  options: autocannon.Options,
): Promise<{ result: autocannon.Result; p95: number }> {
  return new Promise((resolve, reject) => {
    const times: number[] = []
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error)
      times.sort((a, b) => a - b)
      const p95 = times.length ? (times[Math.ceil(times.length * 0.95) - 1] ?? 0) : 0
      resolve({ result, p95: Math.round(p95 * 100) / 100 })
    })
    instance.on('response', (_client, _status, _bytes, responseTime: number) => times.push(responseTime))
  })
}

export function printTable(rows: Array<LoadResult & { engine: string }>): void {
  console.log('| engine | route | req/s | p50 ms | p99 ms | errors | non-2xx |')
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |')
  for (const r of rows) {
    console.log(
      `| ${r.engine} | ${r.label} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors} | ${r.non2xx} |`,
    )
  }
}

/** The engines to measure: SQLite, and PostgreSQL when TEST_DATABASE_URL is set or 127.0.0.1:5432 answers. */
export async function benchEngines(): Promise<Array<'sqlite' | 'postgres'>> {
  // BENCH_ENGINES=sqlite (or postgres) measures one engine only.
  const only = process.env.BENCH_ENGINES
  if (only === 'sqlite') return ['sqlite']
  if (only === 'postgres') process.env.TEST_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres'
  if (only === 'postgres') return ['postgres']
  if (!process.env.TEST_DATABASE_URL && (await answers('127.0.0.1', 5432))) {
    process.env.TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres'
  }
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']
}

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 })
    socket.once('connect', () => resolve(socket.end() && true))
    socket.once('error', () => resolve(false))
    socket.once('timeout', () => resolve(!socket.destroy()))
  })
}
