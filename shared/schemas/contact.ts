import * as z from 'zod';

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
export const contactRequest = z
  .object({
    name: z
      .string({ message: 'Please enter your name' })
      .trim()
      .min(1, 'Please enter your name')
      .max(CONTACT_LIMITS.name, `Your name can be at most ${CONTACT_LIMITS.name} characters`)
      .regex(ONE_LINE, 'Your name must fit on one line'),
    email: z
      .string({ message: 'Please enter your email address' })
      .trim()
      .toLowerCase()
      .min(1, 'Please enter your email address')
      .max(CONTACT_LIMITS.email, 'That email address is too long')
      .pipe(z.email('Please enter a valid email address')),
    subject: z
      .string()
      .trim()
      .max(
        CONTACT_LIMITS.subject,
        `The subject can be at most ${CONTACT_LIMITS.subject} characters`,
      )
      .regex(ONE_LINE, 'The subject must fit on one line')
      .optional()
      .default(''),
    message: z
      .string({ message: 'Please write your message' })
      .trim()
      .min(
        CONTACT_LIMITS.messageMin,
        `Please write a message of at least ${CONTACT_LIMITS.messageMin} characters`,
      )
      .max(
        CONTACT_LIMITS.messageMax,
        `Your message can be at most ${CONTACT_LIMITS.messageMax} characters`,
      ),
  })
  .strict();

export type ContactRequest = z.output<typeof contactRequest>;
/** What the form holds before validation. */
export type ContactForm = z.input<typeof contactRequest>;

export const contactResponse = z.object({ message: z.string() });
export type ContactResponse = z.infer<typeof contactResponse>;

/** How many messages one sender may send per window, and the window. */
export const CONTACT_RATE_LIMIT = { perSender: 3, perAddress: 20, windowSeconds: 3600 } as const;
