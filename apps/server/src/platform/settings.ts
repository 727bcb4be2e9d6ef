/**
 * Reading settings from the environment with validation: every reader records a problem naming the setting
 * instead of guessing, and `check()` throws them all at once, so a misconfigured shop never starts.
 */
export class Settings {
  readonly problems: string[] = []
  readonly env: NodeJS.ProcessEnv
  constructor(env: NodeJS.ProcessEnv) {
    this.env = env
  }

  /** The trimmed value, or undefined when unset or empty. */
  raw(name: string): string | undefined {
    const value = this.env[name]?.trim()
    return value === undefined || value === '' ? undefined : value
  }

  text(name: string, fallback: string): string {
    return this.raw(name) ?? fallback
  }

  optional(name: string): string | undefined {
    return this.raw(name)
  }

  /** true or false; anything else is a problem. */
  flag(name: string, fallback: boolean): boolean {
    const raw = this.raw(name)
    if (raw === undefined) return fallback
    if (raw === 'true' || raw === 'false') return raw === 'true'
    return this.fail(`Setting ${name} must be true or false, not "${raw}"`, fallback)
  }

  /** A whole number from min to max. */
  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.raw(name)
    if (raw === undefined) return fallback
    const value = Number(raw)
    if (Number.isInteger(value) && value >= min && value <= max) return value
    return this.fail(`Setting ${name} must be a whole number from ${min} to ${max}, not "${raw}"`, fallback)
  }

  /** A number of seconds a timer can wait (Node keeps at most 2^31 − 1 ms). */
  seconds(name: string, fallback: number, min = 1): number {
    const raw = this.raw(name)
    if (raw === undefined) return fallback
    const value = Number(raw)
    if (Number.isFinite(value) && value >= min && value <= MAX_TIMER_SECONDS) return value
    return this.fail(
      `Setting ${name} must be a number of seconds from ${min} to ${MAX_TIMER_SECONDS}, not "${raw}"`,
      fallback,
    )
  }

  /** An absolute URL with one of `protocols` (e.g. ['http:', 'https:']), without a trailing slash. */
  url(name: string, fallback: string, protocols: string[]): string
  url(name: string, fallback: undefined, protocols: string[]): string | undefined
  url(name: string, fallback: string | undefined, protocols: string[]): string | undefined {
    const raw = this.raw(name)
    if (raw === undefined) return fallback
    try {
      const url = new URL(raw)
      if (protocols.includes(url.protocol)) return raw.replace(/\/$/, '')
    } catch {}
    return this.fail(`Setting ${name} must be a ${protocols.join(' or ')} URL, not "${raw}"`, fallback)
  }

  pattern(name: string, fallback: string, pattern: RegExp, what: string): string {
    const raw = this.raw(name)
    if (raw === undefined) return fallback
    if (pattern.test(raw)) return raw
    return this.fail(`Setting ${name} must be ${what}, not "${raw}"`, fallback)
  }

  oneOf<T extends string>(name: string, fallback: T, values: readonly T[]): T {
    const raw = this.raw(name)
    if (raw === undefined) return fallback
    if ((values as readonly string[]).includes(raw)) return raw as T
    return this.fail(`Setting ${name} must be one of ${values.join(', ')}, not "${raw}"`, fallback)
  }

  fail<T>(problem: string, fallback: T): T {
    this.problems.push(problem)
    return fallback
  }

  /** Throws every problem found, one per line. */
  check(): void {
    if (this.problems.length === 1) throw new Error(this.problems[0])
    if (this.problems.length > 1)
      throw new Error(`The shop's settings are not valid:\n${this.problems.join('\n')}`)
  }
}

/** The longest timer Node keeps (2^31 − 1 ms); a longer interval would fire at once. */
export const MAX_TIMER_SECONDS = Math.floor(2 ** 31 / 1000) - 1
