import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { IMPORT_PRESETS_MAX, type ImportPreset } from '../../shared/portfolio/import-mapping';
import { nowIso } from '../lib/clock';
import { required } from '../lib/config';
import { db } from '../lib/dynamo';
import { BadRequestError, NotFoundError } from '../lib/errors';
import { keys, userPk } from '../lib/keys';

/**
 * A user's import presets (decision 183): saved mappings of a CSV file's columns, dates and
 * type words, one item per name under the user's partition (the name folded to lower case).
 */
const table = () => required('TABLE_NAME');

export async function listImportPresets(
  userId: string,
): Promise<(ImportPreset & { updated_at: string })[]> {
  const out: (ImportPreset & { updated_at: string })[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': userPk(userId), ':p': keys.importPresetPrefix },
        ExclusiveStartKey: start,
      }),
    );
    for (const i of res.Items ?? [])
      out.push({
        name: String(i.name),
        columns: (i.columns ?? []) as string[],
        mapping: (i.mapping ?? {}) as ImportPreset['mapping'],
        date_format: i.dateFormat as ImportPreset['date_format'],
        type_words: (i.typeWords ?? {}) as ImportPreset['type_words'],
        updated_at: String(i.updatedAt),
      });
    start = res.LastEvaluatedKey;
  } while (start);
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

/** Saves a preset under its name, replacing one of the same name; at most IMPORT_PRESETS_MAX. */
export async function saveImportPreset(userId: string, preset: ImportPreset): Promise<void> {
  const existing = await listImportPresets(userId);
  const same = existing.some((p) => p.name.toLowerCase() === preset.name.toLowerCase());
  if (!same && existing.length >= IMPORT_PRESETS_MAX)
    throw new BadRequestError(
      `You can keep at most ${IMPORT_PRESETS_MAX} import presets: delete one first`,
    );
  await db.send(
    new PutCommand({
      TableName: table(),
      Item: {
        ...keys.importPreset(userId, preset.name),
        type: 'ImportPreset',
        name: preset.name,
        columns: preset.columns,
        mapping: preset.mapping,
        dateFormat: preset.date_format,
        typeWords: preset.type_words,
        updatedAt: nowIso(),
      },
    }),
  );
}

export async function deleteImportPreset(userId: string, name: string): Promise<void> {
  const res = await db.send(
    new DeleteCommand({
      TableName: table(),
      Key: keys.importPreset(userId, name),
      ReturnValues: 'ALL_OLD',
    }),
  );
  if (!res.Attributes) throw new NotFoundError('That import preset was not found');
}
