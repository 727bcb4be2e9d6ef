import { de } from './de.ts'
import { en } from './en.ts'
import { provideTexts } from './index.ts'

/**
 * Every language's texts at hand at once: the server renders any language (entry.server.tsx), and tests in Node
 * translate without loading. Browser code imports index.ts, which loads one language at a time.
 */
provideTexts('en', en)
provideTexts('de', de)

export * from './index.ts'
