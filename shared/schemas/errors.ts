import type { z } from 'zod/mini';

/** A field name as a person reads it: `portfolio_id` and `portfolioId` become "portfolio id". */
function fieldLabel(path: readonly PropertyKey[] | undefined): string | undefined {
  const name = [...(path ?? [])].reverse().find((p): p is string => typeof p === 'string');
  if (!name) return undefined;
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * Messages for the issues a schema leaves to zod's defaults ("Invalid input: expected
 * string, received undefined"): a sentence naming the field. A schema's own message wins.
 */
export const inputErrorMap = (issue: z.core.$ZodRawIssue): string => {
  const label = fieldLabel(issue.path);
  const the = label ? `The ${label}` : 'The request';
  switch (issue.code) {
    case 'invalid_type':
      if (!label) return 'The request must be a JSON object with the fields of the form';
      return issue.input === undefined ? `${the} is required` : `${the} is not valid`;
    case 'unrecognized_keys':
      return `The request has a field that is not expected: ${issue.keys
        .slice(0, 3)
        .map((k) => k.slice(0, 40))
        .join(', ')}`;
    case 'too_big':
      return `${the} is too ${issue.origin === 'string' || issue.origin === 'array' ? 'long' : 'large'}`;
    case 'too_small':
      return `${the} is too ${issue.origin === 'string' || issue.origin === 'array' ? 'short' : 'small'}`;
    case 'invalid_value':
      return `${the} is not one of the choices`;
    default:
      return `${the} is not valid`;
  }
};
