import { keys } from './keys';
import { takeRateLimit, type RateLimitResult } from './rate-limit';

/**
 * Emails one inbox can be made to receive by people who are not signed in (decision 123):
 * sign-up, the account's activation code, password resets, the notice that someone tried to
 * register with an address that has an account. Counted twice, each at this limit an hour:
 * `asked` by the API routes, for every address alike (known or not, so the answer reveals
 * nothing), and `sent` where the mail leaves (the Cognito trigger, the notice), which also holds
 * for someone calling Cognito's public API directly.
 */
export const MAIL_PER_RECIPIENT_PER_HOUR = 3;

/** One address, however it was typed. */
export const recipientOf = (email: string) => email.trim().toLowerCase();

export function takeMailFor(email: string, kind: 'asked' | 'sent'): Promise<RateLimitResult> {
  return takeRateLimit({
    // `client-` counters: the only items a public function without table access may write.
    key: (hour) => keys.rateLimit(`client-mail-${kind}`, recipientOf(email), hour),
    limit: MAIL_PER_RECIPIENT_PER_HOUR,
    windowSeconds: 3600,
  });
}
