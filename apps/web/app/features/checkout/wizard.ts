/** Spec §4 wizard flags: 1 billing, 2 shipping, 3 payment; step 4 (review) opens when all three are done. */
export type Step = 1 | 2 | 3 | 4
export interface Flags {
  step1Done: boolean
  step2Done: boolean
  step3Done: boolean
}

export const NO_FLAGS: Flags = { step1Done: false, step2Done: false, step3Done: false }

/** Editing billing clears steps 1 to 3; editing shipping clears 2 and 3; editing payment clears 3. */
export function editStep(flags: Flags, step: 1 | 2 | 3): Flags {
  if (step === 1) return NO_FLAGS
  if (step === 2) return { ...flags, step2Done: false, step3Done: false }
  return { ...flags, step3Done: false }
}

export function completeStep(flags: Flags, step: 1 | 2 | 3): Flags {
  return { ...flags, [`step${step}Done`]: true }
}

/** A cart edit that changes the total returns the wizard to step 2 (billing stays done). */
export function cartTotalChanged(flags: Flags): Flags {
  return { ...flags, step2Done: false, step3Done: false }
}

export function isDone(flags: Flags, step: Step): boolean {
  if (step === 4) return false
  return flags[`step${step}Done`]
}

/** Display order: on phones the first two steps swap (shipping first). */
export const stepOrder = (narrow: boolean): Step[] => (narrow ? [2, 1, 3, 4] : [1, 2, 3, 4])

/** The step that is open: the first one, in display order, that is not done. */
export function openStep(flags: Flags, narrow: boolean): Step {
  return stepOrder(narrow).find((s) => !isDone(flags, s)) ?? 4
}
