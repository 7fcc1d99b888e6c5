/** The email Remember Me keeps for the login form (never the password). */
const KEY = 'mr-market.rememberedEmail';

export function rememberedEmail(): string | null {
  try {
    return window.localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberEmail(email: string | null): void {
  try {
    if (email) window.localStorage.setItem(KEY, email);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage blocked: nothing to remember.
  }
}
