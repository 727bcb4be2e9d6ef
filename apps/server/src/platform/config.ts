import { join, resolve } from 'node:path'
import { Settings } from './settings.ts'

/** Every setting of the shop, read once from the environment; README.md documents each. */
export interface Config {
  port: number
  host: string
  /** postgres://… or a SQLite file path. */
  databaseUrl: string
  /** Fill an empty database with the demo catalogue at start-up (default: outside production only). */
  seedDemo: boolean
  /** The one site an empty shop started without the demo gets (README "Starting an empty shop"). */
  starterSite: { name: string; languages: string[]; currency: string }
  /** Public origin of the shop, used for canonical URLs and links in mail. */
  publicUrl: string
  production: boolean
  logLevel: string
  /** Lifetime of access tokens in seconds (spec §9: 3599). */
  tokenTtlSeconds: number
  /** Directory the storefront's build is read from. */
  webBuildDir: string
  /** Directory of product, banner and slide images. */
  mediaDir: string
  /** smtp(s)://user:pass@host:port; unset: mail goes to the outbox table (development mailbox). */
  smtpUrl: string | undefined
  /** Sender of the shop's mail. */
  mailFrom: string
  /** A mail being sent is someone else's to send after this long (its sender died mid-send). */
  mailLeaseSeconds: number
  /** Delivery attempts before a mail is marked failed. */
  mailMaxAttempts: number
  /** Wait before the first retry of a mail; doubles with each attempt, at most an hour. */
  mailRetrySeconds: number
  /** OpenID Connect issuer of Google sign-in and the shop's OAuth client id (sign-in off without it). */
  googleIssuer: string
  googleClientId: string | undefined
  /** Facebook Graph API base URL, app id and secret (sign-in off without id and secret). */
  facebookGraphUrl: string
  facebookAppId: string | undefined
  facebookAppSecret: string | undefined
  /** log2 of scrypt's cost N for new password hashes (OWASP: 17). */
  passwordHashCost: number
  /** Wrong passwords for one account from one address before it waits there; the first wait (doubling after). */
  loginMaxFailures: number
  loginDelaySeconds: number
  /** The longest wait of an account at an address, and how long the account-wide lock lasts. */
  loginLockSeconds: number
  /** Wrong passwords for an account from anywhere that lock it for browsers that never signed in to it. */
  loginAccountMaxFailures: number
  /** Reset requests per account, and sign-in/sign-up/reset attempts per client address, per window (429 beyond). */
  rateLimitWindowSeconds: number
  rateLimitPerAccount: number
  rateLimitPerAddress: number
  /** Bearer token that opens /metrics to other machines (unset: only to clients on this machine). */
  metricsToken: string | undefined
  /** A stop (SIGTERM) waits this long for requests and mail under way before it gives up. */
  shutdownTimeoutSeconds: number
  /** Believe X-Forwarded-For (client address for rate limits and logs) only behind a known proxy. */
  trustProxy: boolean
  /** Google's OAuth client secret for the storefront's code exchange (web clients need it). */
  googleClientSecret: string | undefined
  /** Facebook's OAuth dialog the storefront sends shoppers to. */
  facebookDialogUrl: string
  /** Stripe keys; card payments go through Stripe when both are set, else the built-in test card provider. */
  stripeSecretKey: string | undefined
  stripePublishableKey: string | undefined
  /** A checkout's payment attempt untouched this long is recovered: refunded and released (docs/decisions/0008). */
  checkoutRecoverAfterSeconds: number
  /** How often every process sweeps the checkout's journal (stale attempts, expired idempotency keys). */
  checkoutSweepSeconds: number
  /**
   * A checkout waiting for the shopper's 3-D Secure authentication is left alone this long; then the sweep
   * settles it from the PaymentIntent (an order when it succeeded, else cancelled and released; ADR 0021).
   */
  checkoutAuthenticationTimeoutSeconds: number
  /** Stripe's API origin (https://api.stripe.com); a loopback stand-in in tests and trials. */
  stripeApiBase: string
  /** Stripe.js, loaded by the checkout while Stripe is on (https://js.stripe.com/v3); the stand-in's in tests. */
  stripeJsUrl: string
}

const repoRoot = resolve(import.meta.dirname, '../../../..')

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/**
 * Every setting, validated: a bad value stops the start with a message naming the setting (all of them at once).
 * In production (NODE_ENV=production) the shop also refuses defaults that are fine on a laptop and wrong in a
 * shop that takes money: test cards as payment, mail that goes nowhere, links built on localhost (each can be
 * allowed explicitly; README "Running in production").
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const s = new Settings(env)
  const production = env.NODE_ENV === 'production'
  const port = s.integer('PORT', 3000, 0, 65535)
  const config: Config = {
    port,
    host: s.text('HOST', '0.0.0.0'),
    databaseUrl: s.text('DATABASE_URL', join(repoRoot, 'data', 'shop.sqlite')),
    seedDemo: s.flag('SEED_DEMO', !production),
    starterSite: {
      name: s.text('SHOP_NAME', 'Shop'),
      languages: languageList(s, 'SHOP_LANGUAGES', ['en', 'de']),
      currency: s.pattern('SHOP_CURRENCY', 'USD', /^[A-Z]{3}$/, 'a three-letter ISO 4217 code such as EUR'),
    },
    publicUrl: s.url('PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']),
    production,
    logLevel: s.oneOf('LOG_LEVEL', 'info', LOG_LEVELS),
    tokenTtlSeconds: s.integer('TOKEN_TTL_SECONDS', 3599, 60, 30 * 24 * 3600),
    webBuildDir: s.text('WEB_BUILD_DIR', join(repoRoot, 'apps', 'web', 'build')),
    mediaDir: s.text('MEDIA_DIR', join(repoRoot, 'demo', 'images')),
    smtpUrl: s.url('SMTP_URL', undefined, ['smtp:', 'smtps:']),
    mailFrom: s.text('MAIL_FROM', 'Shop <shop@localhost>'),
    mailLeaseSeconds: s.seconds('MAIL_LEASE_SECONDS', 120),
    mailMaxAttempts: s.integer('MAIL_MAX_ATTEMPTS', 8, 1, 100),
    mailRetrySeconds: s.seconds('MAIL_RETRY_SECONDS', 30),
    googleIssuer: s.url('GOOGLE_ISSUER', 'https://accounts.google.com', ['http:', 'https:']),
    googleClientId: s.optional('GOOGLE_CLIENT_ID'),
    googleClientSecret: s.optional('GOOGLE_CLIENT_SECRET'),
    facebookGraphUrl: s.url('FACEBOOK_GRAPH_URL', 'https://graph.facebook.com/v19.0', ['http:', 'https:']),
    facebookDialogUrl: s.url('FACEBOOK_DIALOG_URL', 'https://www.facebook.com/v19.0/dialog/oauth', [
      'http:',
      'https:',
    ]),
    facebookAppId: s.optional('FACEBOOK_APP_ID'),
    facebookAppSecret: s.optional('FACEBOOK_APP_SECRET'),
    passwordHashCost: s.integer('PASSWORD_HASH_COST', 17, 10, 22),
    loginMaxFailures: s.integer('LOGIN_MAX_FAILURES', 5, 1, 1000),
    loginDelaySeconds: s.seconds('LOGIN_DELAY_SECONDS', 30),
    loginLockSeconds: s.seconds('LOGIN_LOCK_SECONDS', 900),
    loginAccountMaxFailures: s.integer('LOGIN_ACCOUNT_MAX_FAILURES', 100, 1, 1_000_000),
    rateLimitWindowSeconds: s.seconds('RATE_LIMIT_WINDOW_SECONDS', 900),
    rateLimitPerAccount: s.integer('RATE_LIMIT_PER_ACCOUNT', 20, 1, 1_000_000),
    rateLimitPerAddress: s.integer('RATE_LIMIT_PER_ADDRESS', 100, 1, 1_000_000),
    trustProxy: s.flag('TRUST_PROXY', false),
    shutdownTimeoutSeconds: s.seconds('SHUTDOWN_TIMEOUT_SECONDS', 25),
    metricsToken: s.optional('METRICS_TOKEN'),
    checkoutRecoverAfterSeconds: s.seconds('CHECKOUT_RECOVER_AFTER_SECONDS', 300, 0),
    checkoutSweepSeconds: s.seconds('CHECKOUT_SWEEP_SECONDS', 60),
    checkoutAuthenticationTimeoutSeconds: s.seconds('CHECKOUT_AUTHENTICATION_TIMEOUT_SECONDS', 900),
    stripeSecretKey: s.optional('STRIPE_SECRET_KEY'),
    stripePublishableKey: s.optional('STRIPE_PUBLISHABLE_KEY'),
    stripeApiBase: s.url('STRIPE_API_BASE', 'https://api.stripe.com', ['http:', 'https:']),
    stripeJsUrl: s.url('STRIPE_JS_URL', 'https://js.stripe.com/v3', ['http:', 'https:']),
  }
  if (Boolean(config.stripeSecretKey) !== Boolean(config.stripePublishableKey))
    s.fail('Settings STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together: set both or neither', null)
  if (production) refuseUnsafeDefaults(s, config)
  s.check()
  return config
}

/** The storefront's languages (its text catalogues), comma-separated, the first the site's default. */
const STOREFRONT_LANGUAGES = ['en', 'de']
function languageList(s: Settings, name: string, fallback: string[]): string[] {
  const raw = s.raw(name)
  if (raw === undefined) return fallback
  const list = [...new Set(raw.split(',').map((l) => l.trim()))].filter(Boolean)
  if (list.length > 0 && list.every((l) => STOREFRONT_LANGUAGES.includes(l))) return list
  return s.fail(
    `Setting ${name} must list languages the storefront speaks (${STOREFRONT_LANGUAGES.join(', ')}), comma-separated, not "${raw}"`,
    fallback,
  )
}

/** NODE_ENV=production: what a trial on a laptop may do and a shop must not, unless explicitly allowed. */
function refuseUnsafeDefaults(s: Settings, config: Config): void {
  if (!config.stripeSecretKey && !s.flag('ALLOW_TEST_PAYMENTS', false))
    s.fail(
      'NODE_ENV=production would take test cards as payment: set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or ALLOW_TEST_PAYMENTS=true for a shop that takes no real money',
      null,
    )
  if (!config.smtpUrl && !s.flag('ALLOW_NO_MAIL', false))
    s.fail(
      'NODE_ENV=production has no way to send mail: set SMTP_URL, or ALLOW_NO_MAIL=true to keep mail undelivered in the database',
      null,
    )
  if (!s.raw('PUBLIC_URL') && !s.flag('ALLOW_NO_PUBLIC_URL', false))
    s.fail(
      `NODE_ENV=production has no PUBLIC_URL: links in mail and canonical URLs would point at ${config.publicUrl}; set PUBLIC_URL, or ALLOW_NO_PUBLIC_URL=true`,
      null,
    )
}
