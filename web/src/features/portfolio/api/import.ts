import * as z from 'zod/mini';
import type { ColumnMapping } from '../../../../../shared/portfolio/csv-import';
import {
  DATE_FORMATS,
  IMPORT_TYPES,
  type DateFormat,
  type ImportType,
} from '../../../../../shared/portfolio/import-mapping';
import { api } from '../../../lib/api-client';

const importResponse = z.object({
  data: z.object({
    header: z.array(z.string()),
    mapping: z.record(z.string(), z.number()),
    accepted: z.array(
      z.object({
        line: z.number(),
        date: z.string(),
        type: z.string(),
        symbol: z.nullable(z.string()),
        quantity: z.nullable(z.number()),
        price: z.nullable(z.number()),
        amount_cents: z.number(),
        fee_cents: z.optional(z.number()),
      }),
    ),
    rejected: z.array(z.object({ line: z.number(), reason: z.string() })),
    /** Rows already in the portfolio (same day, type, symbol, quantity and price): skipped. */
    duplicates: z.optional(
      z.array(
        z.object({
          line: z.number(),
          date: z.string(),
          type: z.string(),
          symbol: z.nullable(z.string()),
          quantity: z.nullable(z.number()),
          price: z.nullable(z.number()),
          amount_cents: z.number(),
        }),
      ),
    ),
    /** How many rows each list has in all (the lists carry the first thousand). */
    accepted_count: z.optional(z.number()),
    rejected_count: z.optional(z.number()),
    duplicates_count: z.optional(z.number()),
    already_imported: z.boolean(),
    blocker: z.nullable(z.string()),
    created: z.number(),
  }),
});
type ImportAnswer = z.infer<typeof importResponse>['data'];
export type ImportResult = Omit<
  ImportAnswer,
  'duplicates' | 'accepted_count' | 'rejected_count' | 'duplicates_count'
> & {
  duplicates: NonNullable<ImportAnswer['duplicates']>;
  /** How many rows each list has in all: a list carries at most the first thousand. */
  counts: { accepted: number; rejected: number; duplicates: number };
};

/** POST importTransactions: a preview (writes nothing) or the all-or-nothing commit. */
export async function importTransactions(input: {
  portfolioId: string;
  mode: 'preview' | 'commit';
  csv: string;
  mapping?: ColumnMapping;
  dateFormat?: DateFormat;
  typeWords?: Record<string, ImportType>;
}): Promise<ImportResult> {
  const body = await api<unknown>('importTransactions', {
    portfolio_id: input.portfolioId,
    mode: input.mode,
    csv: input.csv,
    ...(input.mapping ? { mapping: input.mapping } : {}),
    ...(input.dateFormat ? { date_format: input.dateFormat } : {}),
    ...(input.typeWords && Object.keys(input.typeWords).length > 0
      ? { type_words: input.typeWords }
      : {}),
  });
  const { accepted_count, rejected_count, duplicates_count, ...data } =
    importResponse.parse(body).data;
  const duplicates = data.duplicates ?? [];
  return {
    ...data,
    duplicates,
    counts: {
      accepted: accepted_count ?? data.accepted.length,
      rejected: rejected_count ?? data.rejected.length,
      duplicates: duplicates_count ?? duplicates.length,
    },
  };
}

const presetsResponse = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.string()),
      mapping: z.record(z.string(), z.number()),
      date_format: z.enum(DATE_FORMATS),
      type_words: z.record(z.string(), z.enum(IMPORT_TYPES)),
    }),
  ),
});
export type ImportPresetView = z.infer<typeof presetsResponse>['data'][number];

/** GET importPresets/list: the user's saved mappings, by name. */
export async function listImportPresets(): Promise<ImportPresetView[]> {
  return presetsResponse.parse(await api<unknown>('listImportPresets')).data;
}

/** POST importPresets/save: a mapping saved under a name (the same name replaces it). */
export async function saveImportPreset(preset: {
  name: string;
  columns: string[];
  mapping: ColumnMapping;
  dateFormat: DateFormat;
  typeWords: Record<string, ImportType>;
}): Promise<void> {
  await api<unknown>('saveImportPreset', {
    name: preset.name,
    columns: preset.columns,
    mapping: preset.mapping,
    date_format: preset.dateFormat,
    type_words: preset.typeWords,
  });
}
