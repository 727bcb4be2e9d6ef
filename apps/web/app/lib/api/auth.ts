import type {
  AnonymousToken,
  LoginConfig,
  LoginRequest,
  LoginResponse,
  OrderSignupRequest,
  PasswordChange,
  SignupRequest,
  SocialProvider,
} from '@shop/contracts/auth'
import { id, type Transport } from './transport.ts'

/** Tokens, sign-in, sign-up, social sign-in and the password flows (spec §7). */
export function authCalls({ json }: Transport) {
  return {
    anonymousLogin: (sessionId: string) =>
      json<AnonymousToken>('GET', '/api/auth/anonymous/login', { query: { session_id: sessionId } }),
    login: (body: LoginRequest) => json<LoginResponse>('POST', '/api/auth/login', { body }),
    signup: (body: SignupRequest) => json<LoginResponse>('POST', '/api/auth/signup', { body }),
    /** Sign-up after purchase: the guest who placed the order creates an account owning it (201, signed in). */
    signupAfterOrder: (body: OrderSignupRequest) =>
      json<LoginResponse>('POST', '/api/auth/signup/order', { body }),
    socialLogin: (provider: SocialProvider, accessToken: string) =>
      json<LoginResponse>('POST', `/api/auth/login/${id(provider)}`, { body: { accessToken } }),
    loginConfig: () => json<LoginConfig>('GET', '/api/auth/loginconfig'),
    logout: () => json<null>('GET', '/api/auth/logout'),
    requestPasswordReset: (email: string) =>
      json<null>('POST', '/api/auth/password/reset', { body: { email } }),
    updatePassword: (token: string, password: string) =>
      json<null>('POST', '/api/auth/password/reset/update', { body: { token, password } }),
    changePassword: (body: PasswordChange) => json<null>('POST', '/api/auth/password/change', { body }),
  }
}
