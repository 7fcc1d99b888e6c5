import * as z from 'zod/mini';
import './zod-messages';

/** Letters a one-line field may not hold: line breaks and other control characters. */
const ONE_LINE = /^[^\p{Cc}]*$/u;

export const CONTACT_LIMITS = {
  name: 100,
  email: 254,
  subject: 150,
  messageMin: 10,
  messageMax: 5000,
} as const;

/**
 * The contact form, as the page validates it and `POST /api/contact` checks it again.
 * Unknown fields are refused; the email is trimmed and lower-cased.
 */
export const contactRequest = z.strictObject({
  name: z
    .string({ message: 'Please enter your name' })
    .check(
      z.trim(),
      z.minLength(1, 'Please enter your name'),
      z.maxLength(
        CONTACT_LIMITS.name,
        `Your name can be at most ${CONTACT_LIMITS.name} characters`,
      ),
      z.regex(ONE_LINE, 'Your name must fit on one line'),
    ),
  email: z.pipe(
    z
      .string({ message: 'Please enter your email address' })
      .check(
        z.trim(),
        z.toLowerCase(),
        z.minLength(1, 'Please enter your email address'),
        z.maxLength(CONTACT_LIMITS.email, 'That email address is too long'),
      ),
    z.email('Please enter a valid email address'),
  ),
  subject: z._default(
    z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(
            CONTACT_LIMITS.subject,
            `The subject can be at most ${CONTACT_LIMITS.subject} characters`,
          ),
          z.regex(ONE_LINE, 'The subject must fit on one line'),
        ),
    ),
    '',
  ),
  message: z
    .string({ message: 'Please write your message' })
    .check(
      z.trim(),
      z.minLength(
        CONTACT_LIMITS.messageMin,
        `Please write a message of at least ${CONTACT_LIMITS.messageMin} characters`,
      ),
      z.maxLength(
        CONTACT_LIMITS.messageMax,
        `Your message can be at most ${CONTACT_LIMITS.messageMax} characters`,
      ),
    ),
});

export type ContactRequest = z.output<typeof contactRequest>;
/** What the form holds before validation. */
export type ContactForm = z.input<typeof contactRequest>;

export const contactResponse = z.object({ message: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;

/** How many messages one sender may send per window, and the window. */
export const CONTACT_RATE_LIMIT = { perSender: 3, perAddress: 20, windowSeconds: 3600 } as const;
