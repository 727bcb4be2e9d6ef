import { join, resolve } from 'node:path'

/** Every setting of the shop, read once from the environment; README.md documents each. */
export interface Config {
  port: number
  host: string
  /** postgres://… or a SQLite file path. */
  databaseUrl: string
  /** Fill an empty database with the demo catalogue at start-up. */
  seedDemo: boolean
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
  /** Consecutive wrong passwords that lock an account, and for how long. */
  loginMaxFailures: number
  loginLockSeconds: number
  /** Sign-in and reset attempts allowed per window, per account and per client address (429 beyond). */
  rateLimitWindowSeconds: number
  rateLimitPerAccount: number
  rateLimitPerAddress: number
  /** Believe X-Forwarded-For (client address for rate limits and logs) only behind a known proxy. */
  trustProxy: boolean
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000)
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? join(repoRoot, 'data', 'shop.sqlite'),
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    production: env.NODE_ENV === 'production',
    logLevel: env.LOG_LEVEL ?? 'info',
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 3599),
    webBuildDir: env.WEB_BUILD_DIR ?? join(repoRoot, 'apps', 'web', 'build'),
    mediaDir: env.MEDIA_DIR ?? join(repoRoot, 'demo', 'images'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Shop <shop@localhost>',
    mailLeaseSeconds: seconds(env, 'MAIL_LEASE_SECONDS', 120),
    mailMaxAttempts: seconds(env, 'MAIL_MAX_ATTEMPTS', 8),
    mailRetrySeconds: seconds(env, 'MAIL_RETRY_SECONDS', 30),
    googleIssuer: (env.GOOGLE_ISSUER ?? 'https://accounts.google.com').replace(/\/$/, ''),
    googleClientId: env.GOOGLE_CLIENT_ID || undefined,
    facebookGraphUrl: (env.FACEBOOK_GRAPH_URL ?? 'https://graph.facebook.com/v19.0').replace(/\/$/, ''),
    facebookAppId: env.FACEBOOK_APP_ID || undefined,
    facebookAppSecret: env.FACEBOOK_APP_SECRET || undefined,
    passwordHashCost: Number(env.PASSWORD_HASH_COST ?? 17),
    loginMaxFailures: Number(env.LOGIN_MAX_FAILURES ?? 5),
    loginLockSeconds: Number(env.LOGIN_LOCK_SECONDS ?? 900),
    rateLimitWindowSeconds: Number(env.RATE_LIMIT_WINDOW_SECONDS ?? 900),
    rateLimitPerAccount: Number(env.RATE_LIMIT_PER_ACCOUNT ?? 20),
    rateLimitPerAddress: Number(env.RATE_LIMIT_PER_ADDRESS ?? 100),
    trustProxy: env.TRUST_PROXY === 'true',
    checkoutRecoverAfterSeconds: seconds(env, 'CHECKOUT_RECOVER_AFTER_SECONDS', 300, 0),
    checkoutSweepSeconds: seconds(env, 'CHECKOUT_SWEEP_SECONDS', 60),
    checkoutAuthenticationTimeoutSeconds: seconds(env, 'CHECKOUT_AUTHENTICATION_TIMEOUT_SECONDS', 900),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    stripeApiBase: (env.STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/$/, ''),
    stripeJsUrl: env.STRIPE_JS_URL || 'https://js.stripe.com/v3',
  }
}

/** The longest timer Node keeps (2^31 − 1 ms); a longer interval would fire at once. */
const MAX_TIMER_SECONDS = Math.floor(2 ** 31 / 1000) - 1

/** A positive number of seconds (default when unset or empty); anything else stops the start, naming the setting. */
function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name]?.trim()
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isFinite(value) || value < min || value > MAX_TIMER_SECONDS)
    throw new Error(
      `Setting ${name} must be a number of seconds from ${min} to ${MAX_TIMER_SECONDS}, not "${raw}"`,
    )
  return value
}
