import { use } from 'react'
import type { MessageKey, Messages } from './en.ts'

export const LANGUAGES = ['en', 'de'] as const
export type Language = (typeof LANGUAGES)[number]

/**
 * Each language's texts are a chunk of their own (docs/decisions/0071): a page loads its language's only. The
 * server and tests have them all from the start (all.ts); the browser loads its page's before hydrating
 * (entry.client.tsx), and another one when a navigation switches language (useTexts).
 */
const loaders: Record<Language, () => Promise<Messages>> = {
  en: () => import('./en.ts').then((module) => module.en),
  de: () => import('./de.ts').then((module) => module.de),
}
const catalogues: Partial<Record<Language, Messages>> = {}
const loading: Partial<Record<Language, Promise<void>>> = {}

/** Makes a language's texts available to translator(); all.ts gives every language this way. */
export function provideTexts(language: Language, messages: Messages): void {
  catalogues[language] = messages
}

/** Loads a language's texts once (the same promise for every caller). */
export function loadTexts(language: Language): Promise<void> {
  if (catalogues[language]) return Promise.resolve()
  loading[language] ??= loaders[language]().then((messages) => provideTexts(language, messages))
  return loading[language]
}

/** For components that name the language: suspends until its texts are here (a no-op once they are). */
export function useTexts(language: Language): void {
  if (!catalogues[language]) use(loadTexts(language))
}

/** An unknown language falls back to en (spec §5); a language the site does not offer too. */
export function resolveLanguage(wanted: string | undefined, offered: string[] = [...LANGUAGES]): Language {
  const match = LANGUAGES.find((l) => l === wanted && offered.includes(l))
  return match ?? 'en'
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string

export function translator(language: Language): Translate {
  const messages = catalogues[language]
  if (!messages) throw new Error(`the ${language} texts are not loaded (loadTexts, useTexts, or i18n/all.ts)`)
  return (key, values) => {
    const text = messages[key] ?? key
    return values
      ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`))
      : text
  }
}

export type { MessageKey }
