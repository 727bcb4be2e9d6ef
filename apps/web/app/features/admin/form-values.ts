/** A posted form's text fields by name (files left out): what a refused form is shown again with. */
export const textValues = (form: FormData): Record<string, string> =>
  Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
