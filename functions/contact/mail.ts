import type { ContactRequest } from '../../shared/schemas/contact';
import { required } from '../lib/config';
import { sendMail, type Mail } from '../lib/mail';

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
 * Sends the message to support. The sender gets no email: an address typed into a public form
 * could be anyone's, and the form must not be a way to make the product write to strangers
 * (decision 123). The page confirms the message was sent; support replies to the address.
 */
export async function deliverContactMessage(message: ContactRequest): Promise<void> {
  await sendMail(supportMail(message, required('SUPPORT_EMAIL')));
}
