import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db } from '../../functions/lib/dynamo';
import { keys } from '../../functions/lib/keys';
import { CONTACT_RATE_LIMIT } from '../../shared/schemas/contact';
import { apiClient } from '../support/api';
import { readMail } from '../support/mail';
import { clearOfWindowEdge } from '../support/clock';
import { testStack } from '../support/stack';

const api = apiClient();
const supportEmail = testStack().env.SUPPORT_EMAIL ?? 'support@mr-market.local';

/** A sender address no other test uses, so its mail and its rate-limit window are its own. */
const newSender = () => `sender-${randomUUID().slice(0, 8)}@example.com`;

const nowSeconds = () => Math.floor(Date.now() / 1000) - 1;

async function supportMailFrom(sender: string, since: number) {
  const mails = await readMail({ to: supportEmail, sinceEpochSeconds: since });
  return mails.filter((m) => (m.replyTo ?? []).some((r) => r.toLowerCase() === sender));
}

describe('POST /api/contact sends the message to support through SES', () => {
  it('delivers the message to the support address with a reply-to of the sender, and writes nothing to the address typed in', async () => {
    const sender = newSender();
    const since = nowSeconds();
    const res = await api.post<{ message: string }>('/api/contact', {
      name: 'Ada Tan',
      email: `  ${sender.toUpperCase()} `,
      subject: 'Question about P/B valuations',
      message: 'How is the book value per share taken for the P/B model?',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      `Thank you! Your message has been sent. We will reply to ${sender}.`,
    );

    const toSupport = await supportMailFrom(sender, since);
    expect(toSupport).toHaveLength(1);
    const mail = toSupport[0]!;
    expect(mail.destination.to).toEqual([supportEmail]);
    expect(mail.subject).toBe('Contact form: Question about P/B valuations');
    expect(mail.body.text).toContain('From: Ada Tan <' + sender + '>');
    expect(mail.body.text).toContain('How is the book value per share taken for the P/B model?');

    // The address typed in could be anyone's: the form never writes to it (decision 123).
    expect(await readMail({ to: sender, sinceEpochSeconds: since })).toEqual([]);
  });

  it('a message without a subject reaches support under a default subject', async () => {
    const sender = newSender();
    const since = nowSeconds();
    const res = await api.post('/api/contact', {
      name: 'Ben Lim',
      email: sender,
      message: 'Please add the Singapore exchange to the screener.',
    });
    expect(res.status).toBe(200);
    const [mail] = await supportMailFrom(sender, since);
    expect(mail?.subject).toBe('Contact form: Message from the contact form');
  });

  it(`refuses the ${CONTACT_RATE_LIMIT.perSender + 1}th message of one sender within the hour with 429 and sends nothing more`, async () => {
    await clearOfWindowEdge(CONTACT_RATE_LIMIT.windowSeconds);
    const sender = newSender();
    const since = nowSeconds();
    const body = {
      name: 'Chen Wei',
      email: sender,
      message: 'A message that is long enough to send.',
    };
    for (let i = 0; i < CONTACT_RATE_LIMIT.perSender; i += 1) {
      const ok = await api.post('/api/contact', body);
      expect(ok.status).toBe(200);
    }
    const refused = await api.post<{ message: string }>('/api/contact', body);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^You have sent several messages in a short time\. Please wait (a minute|\d+ minutes) before sending another one\.$/,
    );
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_RATE_LIMIT.windowSeconds);

    expect(await supportMailFrom(sender, since)).toHaveLength(CONTACT_RATE_LIMIT.perSender);
    expect(await readMail({ to: sender, sinceEpochSeconds: since })).toEqual([]);
  });

  it('counts a sender in an item of the current window that DynamoDB expires after the window', async () => {
    const sender = newSender();
    const before = Math.floor(Date.now() / 1000);
    const res = await api.post('/api/contact', {
      name: 'Fay',
      email: sender,
      message: 'A message that is long enough to send.',
    });
    expect(res.status).toBe(200);
    const window = Math.floor(before / CONTACT_RATE_LIMIT.windowSeconds);
    const { Item } = await db.send(
      new GetCommand({
        TableName: testStack().env.TABLE_NAME,
        Key: keys.rateLimit('client-contact-sender', sender, window),
      }),
    );
    expect(Item).toMatchObject({ type: 'RateLimit', count: 1 });
    const windowEnd = (window + 1) * CONTACT_RATE_LIMIT.windowSeconds;
    expect(Item?.ttl).toBeGreaterThanOrEqual(windowEnd);
    expect(Item?.ttl).toBeLessThanOrEqual(windowEnd + 2 * CONTACT_RATE_LIMIT.windowSeconds);
  });

  it('the limit of one sender does not hold back another sender', async () => {
    const first = newSender();
    const body = { name: 'Dana', message: 'A message that is long enough to send.' };
    for (let i = 0; i < CONTACT_RATE_LIMIT.perSender; i += 1)
      await api.post('/api/contact', { ...body, email: first });
    expect((await api.post('/api/contact', { ...body, email: first })).status).toBe(429);
    expect((await api.post('/api/contact', { ...body, email: newSender() })).status).toBe(200);
  });

  it.each([
    [
      'an invalid email',
      { name: 'Eve', email: 'not-an-email', message: 'Hello there, a question.' },
      'email',
      'Please enter a valid email address',
    ],
    [
      'a missing name',
      { name: '   ', email: 'x@example.com', message: 'Hello there, a question.' },
      'name',
      'Please enter your name',
    ],
    [
      'a too short message',
      { name: 'Eve', email: 'x@example.com', message: 'Hi' },
      'message',
      'Please write a message of at least 10 characters',
    ],
    [
      'a subject with a line break',
      {
        name: 'Eve',
        email: 'x@example.com',
        subject: 'Hi\nBcc: a@b.c',
        message: 'Hello there, a question.',
      },
      'subject',
      'The subject must fit on one line',
    ],
  ])(
    'refuses %s with 400 and the field message, and sends no mail',
    async (_, body, field, message) => {
      const since = nowSeconds();
      const res = await api.post<{ message: string; errors: Record<string, string> }>(
        '/api/contact',
        body,
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.errors[field]).toBe(message);
      const sent = await readMail({ sinceEpochSeconds: since });
      expect(
        sent.filter(
          (m) => m.destination.to.includes('x@example.com') || m.subject.includes('Hello there'),
        ),
      ).toEqual([]);
    },
  );

  it('refuses unknown fields and a body that is not JSON with 400', async () => {
    const extra = await api.post('/api/contact', {
      name: 'Eve',
      email: newSender(),
      message: 'Hello there, a question.',
      bcc: 'someone@example.com',
    });
    expect(extra.status).toBe(400);
    const notJson = await api.post<{ message: string }>('/api/contact', '{not json');
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe('The request body must be valid JSON');
  });
});
