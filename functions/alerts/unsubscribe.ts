import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ALERT_MESSAGES } from '../../shared/schemas/alerts';
import { nowIso } from '../lib/clock';
import { required } from '../lib/config';
import { db } from '../lib/dynamo';
import { BadRequestError } from '../lib/errors';
import { keys } from '../lib/keys';
import { alertTokenKey, verifyAlertToken } from './token';

/** How long an unsubscribe waits for the quote job to apply it (a job run or a long weekend). */
const ALERT_OFF_DAYS = 30;

/**
 * The email's unsubscribe link: a valid token turns the rule it names off (a second use finds it
 * off and says so); a token not signed with the key is refused and changes nothing. It writes
 * one item outside the user's partition (keys.alertOff, decision 171): the user's list leaves
 * the rule out from then on, and the quote job removes the rule on its next run.
 */
export async function unsubscribe(
  token: string,
): Promise<{ removed: boolean; stock_symbol: string | null }> {
  const subject = verifyAlertToken(await alertTokenKey(), token);
  if (!subject) throw new BadRequestError(ALERT_MESSAGES.badToken);
  const table = required('TABLE_NAME');
  const found = await db.send(
    new GetCommand({
      TableName: table,
      Key: keys.alertRule(subject.userId, subject.alertId),
      ConsistentRead: true,
    }),
  );
  const symbol = typeof found.Item?.symbol === 'string' ? found.Item.symbol : undefined;
  if (!symbol) return { removed: false, stock_symbol: null };
  const now = nowIso();
  try {
    await db.send(
      new PutCommand({
        TableName: table,
        Item: {
          ...keys.alertOff(subject.userId, subject.alertId),
          ...keys.alertOffGsi(subject.userId, subject.alertId),
          type: 'AlertOff',
          userId: subject.userId,
          alertId: subject.alertId,
          createdAt: now,
          ttl: Math.floor(Date.parse(now) / 1000) + ALERT_OFF_DAYS * 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException)
      return { removed: false, stock_symbol: null };
    throw error;
  }
  return { removed: true, stock_symbol: symbol };
}
