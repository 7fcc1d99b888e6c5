import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config, required } from './config';

/**
 * Plain-text email through SES v2. One client per Lambda instance; its endpoint comes from
 * AWS_ENDPOINT_URL_SESV2 when set (the local SES), its region from SES_REGION when the SES
 * identity lives elsewhere.
 */
let client: SESv2Client | undefined;
export function ses(): SESv2Client {
  const region = config().SES_REGION;
  client ??= new SESv2Client(region ? { region } : {});
  return client;
}

export interface Mail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
}

export async function sendMail(mail: Mail): Promise<void> {
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
