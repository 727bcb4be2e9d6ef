/** Integer-money guards and rounding shared by the calculation's rules. */

/** round(numerator / denominator), halves up, for non-negative integers; exact in integer arithmetic. */
export function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

export function assertCount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${what} must be a non-negative integer`)
}

export function assertCurrency(actual: string, expected: string, what: string): void {
  if (actual !== expected) throw new Error(`${what} is in ${actual}, the calculation in ${expected}`)
}
