import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { ContactRequest } from '../../shared/schemas/contact';
import { config, required } from '../lib/config';

/**
 * One client per Lambda instance. Its endpoint comes from AWS_ENDPOINT_URL_SESV2 when set
 * (the local SES); its region from SES_REGION when the SES identity lives elsewhere.
 */
let client: SESv2Client | undefined;
function ses(): SESv2Client {
  const region = config().SES_REGION;
  client ??= new SESv2Client(region ? { region } : {});
  return client;
}

interface Mail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

async function send(mail: Mail): Promise<void> {
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: required('MAIL_FROM'),
      Destination: { ToAddresses: [mail.to] },
      ...(mail.replyTo ? { ReplyToAddresses: [mail.replyTo] } : {}),
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
}

/** The message as support reads it; a reply goes straight to the sender. */
export function supportMail(message: ContactRequest, supportEmail: string): Mail {
  const subject = message.subject || 'Message from the contact form';
  return {
    to: supportEmail,
    replyTo: message.email,
    subject: `Contact form: ${subject}`,
    text: [
      `From: ${message.name} <${message.email}>`,
      `Subject: ${subject}`,
      '',
      message.message,
      '',
      '--',
      'Sent from the Mr. Market contact form. Reply to this email to answer the sender.',
    ].join('\n'),
  };
}

/**
 * The sender's confirmation. It repeats nothing the sender typed, so the form cannot be
 * used to send someone else a message of one's own choosing.
 */
export function confirmationMail(message: ContactRequest, supportEmail: string): Mail {
  return {
    to: message.email,
    replyTo: supportEmail,
    subject: 'We received your message',
    text: [
      'Hello,',
      '',
      'Thank you for contacting Mr. Market. We have received your message and will reply to this address as soon as we can.',
      '',
      `If you did not write to us, you can ignore this email. For anything else, write to ${supportEmail}.`,
      '',
      'Mr. Market',
    ].join('\n'),
  };
}

/** Sends the message to support, then the confirmation to the sender. */
export async function deliverContactMessage(message: ContactRequest): Promise<void> {
  const supportEmail = required('SUPPORT_EMAIL');
  await send(supportMail(message, supportEmail));
  await send(confirmationMail(message, supportEmail));
}
