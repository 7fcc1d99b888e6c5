import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { linkCodeFor } from '../../shared/schemas/account';
import { logger } from '../lib/logger';
import { MAIL_PER_RECIPIENT_PER_HOUR, takeMailFor } from '../lib/mail-limit';
import { siteUrl } from './site-url';

/**
 * Cognito CustomMessage trigger: the branded account emails. Verification and reset emails
 * carry a link whose `{code}` holds the user name and Cognito's code placeholder (`{####}`,
 * which Cognito replaces with the code), so the link works in any browser. The site address
 * is SITE_URL, else (AWS without a custom domain) the SSM parameter the site's stack writes
 * (`./site-url`); without either (a deployment with no site yet) they show the code instead.
 * Locally the same function runs behind cognito-local (docs/decisions/020).
 */

/** What Cognito passes on (as UserLambdaValidationException) when an inbox had its emails. */
export const MAIL_LIMIT_REACHED = `This address was sent ${MAIL_PER_RECIPIENT_PER_HOUR} emails in the last hour`;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface Mail {
  subject: string;
  heading: string;
  lines: string[];
  action?: { label: string; url: string };
  /** Shown when there is no link (the code itself, or the temporary password). */
  codeText?: string;
  footer: string;
}

function render(mail: Mail, greetingName: string | undefined): string {
  const hello = greetingName ? `Hello ${escapeHtml(greetingName)},` : 'Hello,';
  const paragraphs = [hello, ...mail.lines]
    .map((l) => `<p style="margin:0 0 16px">${l}</p>`)
    .join('');
  const action = mail.action
    ? `<p style="margin:24px 0"><a href="${mail.action.url}" style="background:#0b5cad;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(mail.action.label)}</a></p>`
    : '';
  const code = mail.codeText
    ? `<p style="margin:24px 0;font-size:20px;font-weight:700;letter-spacing:2px">${mail.codeText}</p>`
    : '';
  return [
    '<!doctype html><html><body style="margin:0;background:#f4f6f9;font-family:Arial,Helvetica,sans-serif;color:#1d2733">',
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
    '<div style="font-size:22px;font-weight:700;color:#0b5cad;margin-bottom:16px">Mr. Market</div>',
    '<div style="background:#ffffff;border-radius:8px;padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(mail.heading)}</h1>`,
    paragraphs,
    action,
    code,
    `<p style="margin:16px 0 0;color:#5b6775;font-size:13px">${mail.footer}</p>`,
    '</div></div></body></html>',
  ].join('');
}

function mailFor(event: CustomMessageTriggerEvent, site: string | undefined): Mail | undefined {
  const code = event.request.codeParameter ?? '{####}';
  const linkCode = linkCodeFor(event.userName, code);
  const ignore = "If you didn't ask for this, you can ignore this email.";
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode':
      return {
        subject: 'Activate your Mr. Market account',
        heading: 'Please activate your account',
        lines: [
          'Thank you for signing up to Mr. Market. Confirm your email address to activate your account.',
        ],
        ...(site
          ? { action: { label: 'Verify my email', url: `${site}/Verify_account/${linkCode}` } }
          : { codeText: `Your activation code: ${code}` }),
        footer: ignore,
      };
    case 'CustomMessage_ForgotPassword':
      return {
        subject: 'Reset your Mr. Market password',
        heading: 'Password reset',
        lines: ['We received a request to reset the password of your Mr. Market account.'],
        ...(site
          ? { action: { label: 'Reset my password', url: `${site}/reset_password/${linkCode}` } }
          : { codeText: `Your reset code: ${code}` }),
        footer: `${ignore} Your password stays as it is.`,
      };
    case 'CustomMessage_AdminCreateUser':
      return {
        subject: 'Your Mr. Market account',
        heading: 'An account was created for you',
        lines: [
          `Your user name is <strong>${event.request.usernameParameter ?? '{username}'}</strong>.`,
          'Sign in with the temporary password below; you will choose your own password then.',
        ],
        codeText: code,
        footer: site ? `Sign in at <a href="${site}/login">${escapeHtml(site)}</a>.` : ignore,
      };
    case 'CustomMessage_UpdateUserAttribute':
    case 'CustomMessage_VerifyUserAttribute':
      return {
        subject: 'Confirm your email address for Mr. Market',
        heading: 'Confirm your email address',
        lines: ['Enter this code in Mr. Market to confirm your email address.'],
        codeText: code,
        footer: ignore,
      };
    case 'CustomMessage_Authentication':
      return {
        subject: 'Your Mr. Market sign-in code',
        heading: 'Your sign-in code',
        lines: ['Enter this code to finish signing in.'],
        codeText: code,
        footer: "If you didn't try to sign in, please change your password.",
      };
    default:
      return undefined;
  }
}

export const handler = async (
  event: CustomMessageTriggerEvent,
): Promise<CustomMessageTriggerEvent> => {
  // Every email Cognito sends passes here, however it was asked for (the API or Cognito's public
  // API called directly): an inbox past its emails for the hour gets none. Throwing makes Cognito
  // fail the request without sending anything (decision 123).
  const email = event.request.userAttributes.email;
  if (email && !(await takeMailFor(email, 'sent')).allowed) {
    logger.warn('email held back: the inbox had its emails for the hour', {
      trigger: event.triggerSource,
    });
    throw new Error(MAIL_LIMIT_REACHED);
  }
  const site = await siteUrl();
  const mail = mailFor(event, site);
  logger.info('custom message', {
    trigger: event.triggerSource,
    branded: Boolean(mail),
    linked: Boolean(mail?.action),
  });
  if (!mail) return event;
  event.response.emailSubject = mail.subject;
  event.response.emailMessage = render(mail, event.request.userAttributes.name);
  if (event.request.codeParameter && event.triggerSource !== 'CustomMessage_AdminCreateUser') {
    event.response.smsMessage = `Your Mr. Market code is ${event.request.codeParameter}`;
  }
  return event;
};
