import { BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { required } from '../lib/config';
import { db } from '../lib/dynamo';
import { keys } from '../lib/keys';
import { nowIso } from '../lib/clock';

/** The profile item: the display name (also Cognito's `name`), the email, the photo's file name. */
export interface ProfileItem {
  name: string;
  email: string;
  profileImage?: string;
}

const table = () => required('TABLE_NAME');

export async function getProfile(userId: string): Promise<ProfileItem | undefined> {
  const res = await db.send(
    new GetCommand({ TableName: table(), Key: keys.userProfile(userId), ConsistentRead: true }),
  );
  if (!res.Item) return undefined;
  const item = res.Item as Partial<ProfileItem>;
  return {
    name: item.name ?? '',
    email: item.email ?? '',
    ...(item.profileImage ? { profileImage: item.profileImage } : {}),
  };
}

/** Writes name and email (creating the item when missing); the photo stays as it is. */
export async function saveProfile(
  userId: string,
  profile: { name: string; email: string },
): Promise<void> {
  const now = nowIso();
  await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.userProfile(userId),
      UpdateExpression:
        'SET #type = :type, #name = :name, email = :email, updatedAt = :now, createdAt = if_not_exists(createdAt, :now)',
      ExpressionAttributeNames: { '#type': 'type', '#name': 'name' },
      ExpressionAttributeValues: {
        ':type': 'UserProfile',
        ':name': profile.name,
        ':email': profile.email,
        ':now': now,
      },
    }),
  );
}

/** Points the profile at a new photo; returns the previous photo's file name, if any. */
export async function setProfileImage(userId: string, file: string): Promise<string | undefined> {
  const res = await db.send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.userProfile(userId),
      UpdateExpression: 'SET profileImage = :file, updatedAt = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':file': file, ':now': nowIso() },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  const old = (res.Attributes as { profileImage?: string } | undefined)?.profileImage;
  return old && old !== file ? old : undefined;
}

/** Every item in the user's partition: profile, valuations, watchlist, portfolios and their children... */
export async function listUserKeys(userId: string): Promise<{ pk: string; sk: string }[]> {
  const found: { pk: string; sk: string }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.userPartition(userId).pk },
        ProjectionExpression: 'pk, sk',
        ConsistentRead: true,
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of res.Items ?? []) found.push({ pk: String(item.pk), sk: String(item.sk) });
    start = res.LastEvaluatedKey;
  } while (start);
  return found;
}

/** Deletes every item of the user's partition (25 per batch, retrying what DynamoDB leaves unprocessed). */
export async function deleteUserItems(userId: string): Promise<number> {
  const all = await listUserKeys(userId);
  for (let i = 0; i < all.length; i += 25) {
    let requests: NonNullable<
      ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']
    >[string] = all.slice(i, i + 25).map((key) => ({ DeleteRequest: { Key: key } }));
    for (let attempt = 0; requests.length > 0; attempt++) {
      if (attempt > 8) throw new Error('DynamoDB kept items unprocessed while deleting an account');
      if (attempt > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const res = await db.send(new BatchWriteCommand({ RequestItems: { [table()]: requests } }));
      requests = res.UnprocessedItems?.[table()] ?? [];
    }
  }
  return all.length;
}
