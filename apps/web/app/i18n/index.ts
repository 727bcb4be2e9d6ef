import { de } from './de.ts'
import { en, type MessageKey, type Messages } from './en.ts'

export const LANGUAGES = ['en', 'de'] as const
export type Language = (typeof LANGUAGES)[number]
const catalogues: Record<Language, Messages> = { en, de }

/** An unknown language falls back to en (spec §5); a language the site does not offer too. */
export function resolveLanguage(wanted: string | undefined, offered: string[] = [...LANGUAGES]): Language {
  const match = LANGUAGES.find((l) => l === wanted && offered.includes(l))
  return match ?? 'en'
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string

export function translator(language: Language): Translate {
  const messages = catalogues[language]
  return (key, values) => {
    const text = messages[key] ?? en[key] ?? key
    return values
      ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`))
      : text
  }
}

export type { MessageKey }
