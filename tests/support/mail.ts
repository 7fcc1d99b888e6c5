import { testStack } from './stack';

/** A message as the local SES keeps it. */
export interface LocalMail {
  messageId: string;
  from: string;
  replyTo?: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** Epoch seconds. */
  at: number;
}

function sesUrl(): string {
  return testStack().urls.mail;
}

/** Mail sent since `sinceEpochSeconds` (all when omitted), optionally only to `to`. */
export async function readMail(
  options: { to?: string; sinceEpochSeconds?: number } = {},
): Promise<LocalMail[]> {
  const url = new URL('/store', sesUrl());
  if (options.sinceEpochSeconds !== undefined)
    url.searchParams.set('since', String(Math.floor(options.sinceEpochSeconds)));
  const res = await fetch(url);
  if (!res.ok) throw new Error(`The local SES store answered ${res.status}`);
  const { emails } = (await res.json()) as { emails: LocalMail[] };
  const to = options.to?.toLowerCase();
  return to
    ? emails.filter((m) => m.destination.to.some((addr) => addr.toLowerCase().includes(to)))
    : emails;
}

/**
 * Waits for a message to `to` (sending may finish just after the API answered): up to 30 s, a
 * bound for a busy machine, as the local SES may be slow to store it.
 */
export async function waitForMail(
  to: string,
  {
    timeoutMs = 30_000,
    sinceEpochSeconds,
  }: { timeoutMs?: number; sinceEpochSeconds?: number } = {},
): Promise<LocalMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await readMail({
      to,
      ...(sinceEpochSeconds !== undefined ? { sinceEpochSeconds } : {}),
    });
    const last = mails.at(-1);
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function clearMail(): Promise<void> {
  await fetch(new URL('/clear-store', sesUrl()), { method: 'POST' });
}
