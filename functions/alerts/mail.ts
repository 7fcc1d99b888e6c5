import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describeAlert } from '../../shared/alerts/rules';
import { config, required } from '../lib/config';
import { ses } from '../lib/mail';
import type { AlertItem } from './store';

/**
 * Alert emails, through the instance's one SES v2 client (functions/lib/mail.ts). In AWS every
 * alert email goes through the alerts' configuration set, whose suppression list (bounces and
 * complaints) keeps SES from sending to an address that bounced or complained.
 */

export interface AlertMail {
  to: string;
  subject: string;
  text: string;
  unsubscribeUrl: string;
}

const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Where the email sends the reader: the pitch when the rule has one, else the stock's page. */
export function alertLink(site: string, rule: Pick<AlertItem, 'valuationId' | 'symbol'>): string {
  return rule.valuationId
    ? `${site}/Market/${encodeURIComponent(rule.valuationId)}`
    : `${site}/Market?symbol=${encodeURIComponent(rule.symbol)}`;
}

export function unsubscribeLink(site: string, token: string): string {
  return `${site}/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
}

export function alertMail(args: {
  to: string;
  rule: AlertItem;
  price: number;
  site: string;
  token: string;
}): AlertMail {
  const { rule, site } = args;
  const what = describeAlert(rule.symbol, rule);
  const unsubscribeUrl = unsubscribeLink(site, args.token);
  return {
    to: args.to,
    subject: `Alert: ${what}`,
    unsubscribeUrl,
    text: [
      'Hello,',
      '',
      `${rule.symbol} is now at ${money(args.price)}: ${what}.`,
      '',
      rule.valuationId
        ? `Open your pitch: ${alertLink(site, rule)}`
        : `Open ${rule.symbol}: ${alertLink(site, rule)}`,
      '',
      'You will hear from us again only after the price moves back and crosses this level once more.',
      `See all your alerts: ${site}/Alerts`,
      '',
      `Stop this alert (no sign-in needed): ${unsubscribeUrl}`,
      '',
      'Mr. Market',
    ].join('\n'),
  };
}

export async function sendAlertMail(mail: AlertMail): Promise<void> {
  const configurationSet = config().ALERT_CONFIGURATION_SET;
  await ses().send(
    new SendEmailCommand({
      FromEmailAddress: required('MAIL_FROM'),
      Destination: { ToAddresses: [mail.to] },
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
          Headers: [{ Name: 'List-Unsubscribe', Value: `<${mail.unsubscribeUrl}>` }],
        },
      },
    }),
  );
}
