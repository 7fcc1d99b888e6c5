import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { keys, userPk } from '../../functions/lib/keys';
import type { LocalMail } from '../support/mail';
import { testStack } from '../support/stack';
import { cognitoClient } from '../support/users';

/** Tools the account tests share: the table, the bucket and the pool as the functions see them. */

export const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
export const s3 = new S3Client({
  forcePathStyle: true,
  requestChecksumCalculation: 'WHEN_REQUIRED',
});

/** A 1x1 PNG, a 1x1 JPEG start and a text file, as data URLs. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const pngDataUrl = `data:image/png;base64,${PNG_BYTES.toString('base64')}`;
export const JPEG_BYTES = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9,
]);
export const textAsPng = `data:image/png;base64,${Buffer.from('<script>alert(1)</script> not an image').toString('base64')}`;

export async function partitionItems(userId: string): Promise<{ pk: string; sk: string }[]> {
  const res = await doc.send(
    new QueryCommand({
      TableName: testStack().tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': userPk(userId) },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []) as { pk: string; sk: string }[];
}

/** Items other features keep in a user's partition (valuation, watchlist, a portfolio and its children). */
export async function seedOwnedItems(userId: string): Promise<void> {
  const items = [
    { ...keys.valuation(userId, 'v1'), type: 'Valuation' },
    { ...keys.trackCounter(userId), type: 'TrackCounter', count: 1 },
    { ...keys.watchItem(userId, 'AAPL'), type: 'WatchItem' },
    { ...keys.portfolio(userId, 'p1'), type: 'Portfolio' },
    { ...keys.holding(userId, 'p1', 'MSFT'), type: 'Holding' },
    { ...keys.order(userId, 'p1', 'o1'), type: 'Order', ...keys.openOrderGsi('MSFT', 'o1') },
  ];
  for (const Item of items)
    await doc.send(new PutCommand({ TableName: testStack().tableName, Item }));
}

export async function profileImages(userId: string): Promise<string[]> {
  const res = await s3.send(
    new ListObjectsV2Command({
      Bucket: testStack().profileBucket,
      Prefix: `images/profile/${userId}-`,
    }),
  );
  return (res.Contents ?? []).map((o) => o.Key ?? '');
}

export async function cognitoUserExists(username: string): Promise<boolean> {
  const client = cognitoClient();
  try {
    await client.send(
      new AdminGetUserCommand({ UserPoolId: testStack().userPoolId, Username: username }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  } finally {
    client.destroy();
  }
}

/** The link of a kind in an account email, and the `{code}` it carries. */
export function linkIn(
  mail: LocalMail,
  kind: 'Verify_account' | 'reset_password',
): { url: string; code: string } {
  const html = mail.body.html ?? '';
  const match = new RegExp(`href="([^"]*/${kind}/([^"/]+))"`).exec(html);
  if (!match?.[1] || !match[2])
    throw new Error(`No ${kind} link in the mail "${mail.subject}": ${html.slice(0, 300)}`);
  return { url: match[1], code: decodeURIComponent(match[2]) };
}

export async function cognitoAttribute(
  username: string,
  name: string,
): Promise<string | undefined> {
  const client = cognitoClient();
  try {
    const res = await client.send(
      new AdminGetUserCommand({ UserPoolId: testStack().userPoolId, Username: username }),
    );
    return res.UserAttributes?.find((a) => a.Name === name)?.Value;
  } finally {
    client.destroy();
  }
}
