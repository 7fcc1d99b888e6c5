/**
 * cognito-local with mail: run as the cognito-local child process (see cognito.ts). It
 * starts cognito-local as its own bin does, after teaching its console message sender to
 * also send each email through the local SES, so account emails arrive in the mail viewer
 * exactly as Cognito would send them: subject and HTML made by the CustomMessage trigger,
 * with the code in place of `{####}`. See docs/decisions/020.
 *
 * Environment: LOCAL_SES_URL (SES endpoint; unset = log only), LOCAL_MAIL_FROM.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface CognitoMessage {
  __code?: string;
  emailSubject?: string;
  emailMessage?: string;
}
type SendEmail = (
  ctx: unknown,
  user: unknown,
  destination: string,
  message: CognitoMessage,
) => Promise<void>;

const { ConsoleMessageSender } =
  require('cognito-local/lib/services/messageDelivery/consoleMessageSender.js') as {
    ConsoleMessageSender: { prototype: { sendEmail: SendEmail } };
  };

/** Cognito's own wording when no CustomMessage trigger answers. */
function fallback(message: CognitoMessage): { subject: string; html: string } {
  return {
    subject: 'Your verification code',
    html: `<p>Your confirmation code is ${message.__code ?? ''}</p>`,
  };
}

export async function sendThroughSes(
  sesUrl: string,
  from: string,
  to: string,
  message: CognitoMessage,
): Promise<void> {
  const { subject, html } =
    message.emailMessage && message.emailSubject
      ? { subject: message.emailSubject, html: message.emailMessage }
      : fallback(message);
  const res = await fetch(new URL('/v2/email/outbound-emails', sesUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // The emulator wants some credentials, as SES does; it checks no signature.
      authorization:
        'AWS4-HMAC-SHA256 Credential=local/20240101/us-east-1/ses/aws4_request, SignedHeaders=host, Signature=local',
    },
    body: JSON.stringify({
      FromEmailAddress: `Mr. Market <${from}>`,
      Destination: { ToAddresses: [to] },
      Content: { Simple: { Subject: { Data: subject }, Body: { Html: { Data: html } } } },
    }),
  });
  if (!res.ok) throw new Error(`local SES answered ${res.status}: ${await res.text()}`);
}

const sesUrl = process.env.LOCAL_SES_URL;
const from = process.env.LOCAL_MAIL_FROM ?? 'no-reply@mr-market.local';
const original = ConsoleMessageSender.prototype.sendEmail;
ConsoleMessageSender.prototype.sendEmail = async function sendEmail(
  ctx,
  user,
  destination,
  message,
) {
  await original.call(this, ctx, user, destination, message);
  if (!sesUrl) return;
  try {
    await sendThroughSes(sesUrl, from, destination, message);
  } catch (error) {
    console.error(`email to ${destination} not delivered to the local SES: ${String(error)}`);
  }
};

require('cognito-local/lib/bin/start.js');
