import type { WindowBanner, WindowSlide } from '@shop/contracts/backoffice-window'
import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { type AdminKey, type AdminTranslate, adminTranslator } from '../../i18n/admin.ts'
import type { Language } from '../../i18n/index.ts'
import { TextField } from '../../ui/form/text-field.tsx'
import { ImageChoices, ImageField } from './image-field.tsx'
import type { FieldErrors } from './product-form.ts'
import type { WindowValues } from './shop-window-form.ts'

const IMAGES = 'shop-window-images'
let nextKey = 0
type KeyedSlide = WindowSlide & { key: number }
const keyed = (slide: WindowSlide): KeyedSlide => ({ ...slide, key: ++nextKey })
const blank = (): WindowSlide => ({ large: '', small: '', alt: {}, link: null })

interface Common {
  t: AdminTranslate
  languages: string[]
  error: (field: string) => string | undefined
}

/**
 * The shop window's form: the slides as an ordered list (move up and down, add, remove; an image text per
 * language), then the two banners. The fields are numbered in the order shown and posted as a plain form.
 */
export function ShopWindowEditor({
  initial,
  languages,
  images,
  errors,
  language,
}: {
  initial: WindowValues
  languages: string[]
  images: string[]
  errors: FieldErrors
  language: Language
}) {
  const t = adminTranslator(language)
  const busy = useNavigation().state !== 'idle'
  const [slides, setSlides] = useState(() => initial.slides.map(keyed))
  const [moved, setMoved] = useState('')
  const error = (field: string) => (errors[field] ? t(errors[field].key, errors[field].values) : undefined)
  const common = { t, languages, error }
  const update = (key: number, change: Partial<WindowSlide>) =>
    setSlides((list) => list.map((s) => (s.key === key ? { ...s, ...change } : s)))
  const move = (index: number, by: -1 | 1, button: 'up' | 'down') => {
    const to = index + by
    const list = [...slides]
    const [slide] = list.splice(index, 1)
    if (!slide || to < 0 || to > list.length) return
    list.splice(to, 0, slide)
    setSlides(list)
    setMoved(t('SLIDE_MOVED', { n: to + 1 }))
    // Focus stays with the moved slide: its button, or the other one at either end of the list.
    requestAnimationFrame(() => {
      const target = document.getElementById(`slide-${slide.key}-${button}`) as HTMLButtonElement | null
      const other = document.getElementById(`slide-${slide.key}-${button === 'up' ? 'down' : 'up'}`)
      ;(target && !target.disabled ? target : other)?.focus()
    })
  }
  return (
    <Form method="post" className="admin-form admin-window" noValidate>
      <ImageChoices id={IMAGES} images={images} />
      <input type="hidden" name="slide-count" value={slides.length} />
      <fieldset className="admin-window__slides">
        <legend>{t('SLIDES')}</legend>
        <p role="status" className="visually-hidden">
          {moved}
        </p>
        {slides.length === 0 ? <p>{t('NO_SLIDES')}</p> : null}
        <ol className="admin-slides">
          {slides.map((slide, i) => (
            <li key={slide.key} className="admin-slide">
              <h3>{t('SLIDE_N', { n: i + 1 })}</h3>
              <SlideFields slide={slide} index={i} update={(c) => update(slide.key, c)} {...common} />
              <div className="admin-slide__actions">
                <button
                  type="button"
                  className="button"
                  id={`slide-${slide.key}-up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1, 'up')}
                >
                  {t('SLIDE_MOVE_UP', { n: i + 1 })}
                </button>
                <button
                  type="button"
                  className="button"
                  id={`slide-${slide.key}-down`}
                  disabled={i === slides.length - 1}
                  onClick={() => move(i, 1, 'down')}
                >
                  {t('SLIDE_MOVE_DOWN', { n: i + 1 })}
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => setSlides((list) => list.filter((s) => s.key !== slide.key))}
                >
                  {t('REMOVE_SLIDE', { n: i + 1 })}
                </button>
              </div>
            </li>
          ))}
        </ol>
        <div>
          <button
            type="button"
            className="button"
            onClick={() => setSlides((list) => [...list, keyed(blank())])}
          >
            {t('ADD_SLIDE')}
          </button>
        </div>
      </fieldset>
      <BannerFields name="banner1" n={1} initial={initial.banner1} {...common} />
      <BannerFields name="banner2" n={2} initial={initial.banner2} {...common} />
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('SAVE')}
        </button>
      </div>
    </Form>
  )
}

const languageName = (t: AdminTranslate, lang: string) => t(`LANGUAGE_${lang}` as AdminKey) ?? lang

function SlideFields({
  slide,
  index,
  update,
  t,
  languages,
  error,
}: Common & { slide: WindowSlide; index: number; update: (change: Partial<WindowSlide>) => void }) {
  const p = `slide-${index}`
  const n = index + 1
  return (
    <div className="admin-slide__fields">
      <ImageField
        t={t}
        name={`${p}-large`}
        label={t('FIELD_LARGE_IMAGE', { n })}
        hint={t('IMAGE_HINT')}
        value={slide.large}
        onChange={(large) => update({ large })}
        listId={IMAGES}
        error={error(`${p}-large`)}
      />
      <ImageField
        t={t}
        name={`${p}-small`}
        label={t('FIELD_SMALL_IMAGE', { n })}
        value={slide.small}
        onChange={(small) => update({ small })}
        listId={IMAGES}
        error={error(`${p}-small`)}
      />
      {languages.map((lang) => (
        <TextField
          key={lang}
          name={`${p}-alt-${lang}`}
          label={t('FIELD_SLIDE_ALT', { n, language: languageName(t, lang) })}
          required={false}
          maxLength={300}
          value={slide.alt[lang] ?? ''}
          onChange={(value) => update({ alt: { ...slide.alt, [lang]: value } })}
          error={error(`${p}-alt-${lang}`)}
        />
      ))}
      <TextField
        name={`${p}-link`}
        label={`${t('FIELD_SLIDE_LINK', { n })} (${t('OPTIONAL')})`}
        hint={t('LINK_HINT')}
        required={false}
        maxLength={500}
        value={slide.link ?? ''}
        onChange={(link) => update({ link: link || null })}
        error={error(`${p}-link`)}
      />
    </div>
  )
}

function BannerFields({
  name,
  n,
  initial,
  t,
  languages,
  error,
}: Common & { name: 'banner1' | 'banner2'; n: number; initial: WindowBanner | null }) {
  const [imageUrl, setImageUrl] = useState(initial?.imageUrl ?? '')
  return (
    <fieldset>
      <legend>{t('BANNER_N', { n })}</legend>
      <ImageField
        t={t}
        name={`${name}-imageUrl`}
        label={`${t('FIELD_BANNER_IMAGE', { n })} (${t('OPTIONAL')})`}
        hint={t('BANNER_HINT')}
        value={imageUrl}
        onChange={setImageUrl}
        listId={IMAGES}
        required={false}
        error={error(`${name}-imageUrl`)}
      />
      {languages.map((lang) => (
        <TextField
          key={lang}
          name={`${name}-alt-${lang}`}
          label={t('FIELD_BANNER_ALT', { n, language: languageName(t, lang) })}
          required={false}
          maxLength={300}
          defaultValue={initial?.alt[lang] ?? ''}
        />
      ))}
      <TextField
        name={`${name}-link`}
        label={`${t('FIELD_BANNER_LINK', { n })} (${t('OPTIONAL')})`}
        hint={t('LINK_HINT')}
        required={false}
        maxLength={500}
        defaultValue={initial?.link ?? ''}
        error={error(`${name}-link`)}
      />
    </fieldset>
  )
}
