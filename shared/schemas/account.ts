import * as z from 'zod/mini';
import './zod-messages';
import { storedText } from './text';

/**
 * Account payloads: one schema per form and route, shared by the screens (which show the
 * messages under the fields) and the handlers (which answer 400 with the same messages).
 * Messages follow the product's validation table, spelling corrected.
 */

export const MESSAGES = {
  loginEmail: 'Please enter an appropriate email address!',
  email: 'Please enter an appropriate e-mail address',
  passwordRequired: 'Password is required',
  passwordLength: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 256 characters',
  passwordStrength: 'Password must contain an upper-case letter, a lower-case letter and a number',
  passwordsDiffer: 'Both passwords need to be the same',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  terms: 'You must accept the Terms of Use and Privacy Policy',
  currentPassword: 'Current Password is required',
  newPassword: 'New Password is required',
  confirmDelete: 'Please confirm that you want to delete your account',
  imageType: 'Please choose a JPEG, PNG or WebP image',
  imageSize: 'The photo must be 2 MB or smaller',
  loginFailed: "Please check that you've entered the right username and password!",
  notConfirmed: 'Please activate your account with the link in the email we sent you',
  emailTaken: 'An account with this email already exists',
  requestNotFound: 'Request not found',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  currentPasswordWrong: 'The current password is not correct',
  tooManyAttempts: 'Too many attempts, please try again later',
  tooManyEmails:
    'We have sent several emails to this address in the last hour. Please check your inbox, or try again in an hour.',
} as const;

/** Toasts of the account screens (the product's catalogue, spelling corrected). */
export const TOASTS = {
  loginSuccess: 'Login Successful!',
  logoutSuccess: 'Logged out on every device',
  registerSuccess: 'Registered successfully',
  registerFailure: 'Please correct the input you entered!',
  verified: 'Your email has been verified successfully',
  resetSuccess: 'Password Reset Successful!',
  profileSaved: 'Changes Saved!',
  profileFailure: 'Error Reset',
  uploadSuccess: 'Upload Successful!',
  uploadFailure: 'Error Update Image',
  passwordChanged: 'Password Reset Successful!',
  accountDeleted: 'Account Deleted!',
  deleteFailure: 'Error Delete !',
} as const;

/**
 * When Cognito could not end the other devices' sessions (decision 144): the API already
 * refuses every older token, but a refresh token elsewhere may still get new ones.
 */
export const SIGN_OUT_INCOMPLETE = {
  logout:
    'You are signed out on this device, but signing out your other devices did not complete. Please sign in and log out again, or change your password.',
  passwordChanged:
    'Your password was changed, but signing out your other devices did not complete. Please log out and sign in again to end them.',
  passwordReset:
    'Your password was reset, but signing out your other devices did not complete. Please sign in, then log out to end them.',
} as const;

/** The answer of a route that signs the user out everywhere (logout, password change or reset). */
export interface SignOutAnswer {
  message: string;
  /** False when the other devices' sessions could not be ended (the message says what to do). */
  signed_out_everywhere: boolean;
}

export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** Profile photos: decoded size cap, and the types a browser renders and the magic bytes check. */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];
/** Longest data URL of an image at the cap (base64 grows 4/3, plus the `data:...;base64,` prefix). */
export const PROFILE_IMAGE_MAX_DATA_URL = Math.ceil(PROFILE_IMAGE_MAX_BYTES / 3) * 4 + 32;

const requiredString = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).check(z.minLength(1, message), z.maxLength(max, tooLong));

const email = (message: string) =>
  z.pipe(
    z.pipe(
      z
        .string({ error: message })
        .check(z.trim(), z.minLength(1, message), z.maxLength(EMAIL_MAX_LENGTH, message)),
      z.email({ error: message }),
    ),
    z.transform((e) => e.toLowerCase()),
  );

/** A new password: the pool's policy (8+, upper, lower, digit), checked here as well. */
const newPassword = (requiredMessage: string) =>
  requiredString(requiredMessage, 256, MESSAGES.passwordTooLong).check(
    z.minLength(PASSWORD_MIN_LENGTH, MESSAGES.passwordLength),
    z.refine(
      (p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /[0-9]/.test(p),
      MESSAGES.passwordStrength,
    ),
  );

const name = storedText({
  label: 'Name',
  max: NAME_MAX_LENGTH,
  requiredMessage: MESSAGES.nameRequired,
  tooLongMessage: MESSAGES.nameTooLong,
}).check(z.refine((n) => !/[<>]/.test(n), 'Name cannot contain control characters, < or >'));

/** The sign-in password: only required (a policy change must not lock anyone out). */
const currentPassword = (message: string) => requiredString(message, 256, MESSAGES.passwordTooLong);

/**
 * "Both passwords need to be the same", checked even while other fields are still wrong
 * (a form shows it at once), as long as both values are strings.
 */
function sameAs<T extends Record<string, unknown>>(
  a: keyof T & string,
  b: keyof T & string,
): [
  (value: T) => boolean,
  { message: string; path: string[]; when: (payload: { value: unknown }) => boolean },
] {
  return [
    (value: T) => value[a] === value[b],
    {
      message: MESSAGES.passwordsDiffer,
      path: [b],
      when: (payload: { value: unknown }) => {
        const v = payload.value as Record<string, unknown> | null;
        return (
          typeof v === 'object' &&
          v !== null &&
          typeof v[a] === 'string' &&
          typeof v[b] === 'string'
        );
      },
    },
  ];
}

/* ---- sign in, sign up ---- */

export const loginForm = z.object({
  email: email(MESSAGES.loginEmail),
  password: currentPassword(MESSAGES.passwordRequired),
});
export type LoginForm = z.input<typeof loginForm>;

/** `POST api/login`. The spec's client_id/client_secret are not needed (and ignored). */
export const loginRequest = loginForm;

const termsAccepted = z.union([z.literal(true), z.literal('1'), z.literal(1)], {
  error: MESSAGES.terms,
});

export const signupForm = z
  .object({
    name,
    email: email(MESSAGES.email),
    password: newPassword(MESSAGES.passwordRequired),
    password_confirmation: z.string({ error: MESSAGES.passwordsDiffer }),
    terms_and_conditions: termsAccepted,
  })
  .check(z.refine(...sameAs('password', 'password_confirmation')));
export type SignupForm = z.input<typeof signupForm>;

/** `POST api/register`: the sign-up form's fields (terms sent as '1' by older clients). */
export const registerRequest = signupForm;

/* ---- forgot and reset ---- */

export const forgotPasswordForm = z.object({ email: email(MESSAGES.email) });
export type ForgotPasswordForm = z.input<typeof forgotPasswordForm>;
export const forgotPasswordRequest = forgotPasswordForm;

export const resetPasswordForm = z
  .object({
    password: newPassword(MESSAGES.passwordRequired),
    password_confirmation: z.string({ error: MESSAGES.passwordsDiffer }),
  })
  .check(z.refine(...sameAs('password', 'password_confirmation')));
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;

/** A link code from an email (`/Verify_account/{code}`, `/reset_password/{code}`): checked by `parseLinkCode`. */
const linkCode = z
  .string({ error: MESSAGES.requestNotFound })
  .check(z.minLength(1, MESSAGES.requestNotFound), z.maxLength(600, MESSAGES.requestNotFound));

/** `POST api/password/reset`: `token` is the code of the reset link; `email` (spec) is optional and unused. */
export const passwordResetRequest = z
  .object({
    token: linkCode,
    email: z.optional(z.string().check(z.maxLength(EMAIL_MAX_LENGTH))),
    password: newPassword(MESSAGES.passwordRequired),
    password_confirmation: z.string({ error: MESSAGES.passwordsDiffer }),
  })
  .check(z.refine(...sameAs('password', 'password_confirmation')));

/** `POST api/logout`: no input. */
export const logoutRequest = z.strictObject({});

/** `GET api/verify_account/{code}`. */
export const verifyAccountRequest = z.object({ code: linkCode });

/* ---- my account ---- */

export const updateProfileRequest = z.strictObject({ name });
export type UpdateProfileForm = z.input<typeof updateProfileRequest>;

export const changePasswordForm = z
  .object({
    current_password: currentPassword(MESSAGES.currentPassword),
    new_password: newPassword(MESSAGES.newPassword),
    new_confirm_password: z.string({ error: MESSAGES.passwordsDiffer }),
  })
  .check(z.refine(...sameAs('new_password', 'new_confirm_password')));
export type ChangePasswordForm = z.input<typeof changePasswordForm>;
export const updatePasswordRequest = changePasswordForm;

const DATA_URL = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/]+={0,2})$/;

/** `POST api/updateProfileimage`: the photo as a data URL (the server checks the bytes too). */
export const updateProfileImageRequest = z.strictObject({
  profile_image: z
    .string({ error: MESSAGES.imageType })
    .check(
      z.maxLength(PROFILE_IMAGE_MAX_DATA_URL, MESSAGES.imageSize),
      z.regex(DATA_URL, MESSAGES.imageType),
    ),
});

/** The declared type and the base64 payload of a data URL that passed the schema. */
export function splitDataUrl(dataUrl: string): { type: ProfileImageType; base64: string } | null {
  const match = DATA_URL.exec(dataUrl);
  if (!match?.[1] || !match[2]) return null;
  return { type: match[1] as ProfileImageType, base64: match[2] };
}

export const deleteAccountRequest = z.strictObject({
  confirm: z.literal(true, { error: MESSAGES.confirmDelete }),
});

/* ---- responses ---- */

export interface AccountUser {
  name: string;
  email: string;
  /** The photo's file name under `images/profile/`, or null. */
  profile: string | null;
  /** Where the browser loads the photo from, or null for the default image. */
  profile_image_url: string | null;
}
export interface UserResponse {
  user: AccountUser;
}
export interface LoginResponse {
  token_type: 'Bearer';
  access_token: string;
  id_token: string;
  refresh_token: string;
  expires_in: number;
}
export interface MessageResponse {
  message: string;
}

/* ---- links in emails ---- */

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The `{code}` of a verification or reset link: the confirmation code, `-`, and the Cognito
 * user name (base64url), so the link works in any browser. The CustomMessage trigger passes
 * Cognito's `{####}` placeholder as the code; Cognito puts the real code in its place.
 * No `.` in it: the site serves paths whose last segment has a dot as files, not the app.
 */
export function linkCodeFor(username: string, code: string): string {
  return `${code}-${toBase64Url(username)}`;
}

export function parseLinkCode(value: string): { username: string; code: string } | null {
  const dash = value.indexOf('-');
  if (dash <= 0) return null;
  const code = value.slice(0, dash);
  const username = fromBase64Url(value.slice(dash + 1));
  if (!username || username.length > 128 || !/^[0-9]{4,12}$/.test(code)) return null;
  return { username, code };
}
