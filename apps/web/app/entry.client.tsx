import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { loadTexts, resolveLanguage } from './i18n/index.ts'

// React Router's default entry, after the texts of the page's language are loaded (its chunk is preloaded by the
// page, docs/decisions/0071): hydration renders what the server rendered.
void loadTexts(resolveLanguage(document.documentElement.lang)).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    )
  }),
)
