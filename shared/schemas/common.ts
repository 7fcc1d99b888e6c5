import * as z from 'zod/mini';
import './zod-messages';
import { STOCK_SYMBOL_MESSAGE, STOCK_SYMBOL_PATTERN } from '../market/symbols';
import { numberInput } from './text';

/** A request with no body (or an empty JSON object). Unknown fields are refused. */
export const emptyRequest = z.strictObject({});

/** Ticker symbols as NYSE/NASDAQ/AMEX list them, plus index symbols like ^GSPC. */
export const stockSymbol = z
  .string()
  .check(z.trim(), z.toUpperCase(), z.regex(STOCK_SYMBOL_PATTERN, STOCK_SYMBOL_MESSAGE));

export const isoDate = z.iso.date({ message: 'Use a date in YYYY-MM-DD form' });

/** A finite number, also accepted as its text from forms (the one number rule: text.ts). */
export const finiteNumber = numberInput('Enter a number');

export const idString = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'An id is required'),
    z.maxLength(64, 'That id is too long'),
    z.regex(/^[A-Za-z0-9_-]+$/, 'That id is not valid'),
  );
