import { translator } from '../../i18n/index.ts'

/** Spec §8 site load failure: the store cannot run without its configuration, so the page says so and offers a reload. */
export function StoreConfigAlert() {
  const t = translator('en')
  return (
    <section className="container error-screen">
      <div role="alert" className="alert alert--error">
        {t('STORE_CONFIG_ERROR')}
      </div>
      <a className="button button--primary" href="/">
        {t('REFRESH')}
      </a>
    </section>
  )
}
