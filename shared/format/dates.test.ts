import { describe, expect, it } from 'vitest';
import {
  dateParts,
  formatAxisDate,
  formatDisplayDate,
  formatNewsDate,
  statementAxisFormat,
} from './dates';

describe('formatNewsDate', () => {
  it('prints the provider publish time as MM-DD-YYYY', () => {
    expect(formatNewsDate('2024-03-15 10:22:00')).toBe('03-15-2024');
    expect(formatNewsDate('2025-12-01')).toBe('12-01-2025');
  });

  it('keeps the wall-clock date of a late-evening time instead of shifting it by a zone', () => {
    expect(formatNewsDate('2024-12-31 23:59:59')).toBe('12-31-2024');
  });

  it('reads a Date in UTC', () => {
    expect(formatNewsDate(new Date(Date.UTC(2024, 0, 5, 23, 30)))).toBe('01-05-2024');
  });

  it('prints N/A for text that is not a calendar date', () => {
    expect(formatNewsDate('2024-02-30')).toBe('N/A');
    expect(formatNewsDate('yesterday')).toBe('N/A');
    expect(formatNewsDate('')).toBe('N/A');
    expect(formatNewsDate(null)).toBe('N/A');
    expect(formatNewsDate(new Date(Number.NaN))).toBe('N/A');
  });
});

describe('formatDisplayDate', () => {
  it('prints YYYY-MM-DD', () => {
    expect(formatDisplayDate('2024-03-15 10:22:05')).toBe('2024-03-15');
  });

  it('adds hh:mm:ss on a 24-hour clock when asked', () => {
    expect(formatDisplayDate('2024-03-15 15:05:09', { withTime: true })).toBe(
      '2024-03-15 15:05:09',
    );
    expect(formatDisplayDate('2024-03-15', { withTime: true })).toBe('2024-03-15 00:00:00');
  });

  it('adds the time only when the input has one in auto mode', () => {
    expect(formatDisplayDate('2024-03-15 09:30:00', { withTime: 'auto' })).toBe(
      '2024-03-15 09:30:00',
    );
    expect(formatDisplayDate('2024-03-15', { withTime: 'auto' })).toBe('2024-03-15');
  });

  it('reads an ISO instant with a zone in UTC', () => {
    expect(formatDisplayDate('2024-03-15T23:30:00-02:00', { withTime: true })).toBe(
      '2024-03-16 01:30:00',
    );
  });

  it('accepts 29 February only in leap years', () => {
    expect(formatDisplayDate('2024-02-29')).toBe('2024-02-29');
    expect(formatDisplayDate('2023-02-29')).toBe('N/A');
    expect(dateParts('2024-03-15 24:00:00')).toBeUndefined();
  });
});

describe('formatAxisDate', () => {
  const bar = '2024-03-14 09:35:00';

  it('prints each axis format', () => {
    expect(formatAxisDate(bar, 'time')).toBe('09:35');
    expect(formatAxisDate(bar, 'dayTime')).toBe('03-14 09:35');
    expect(formatAxisDate(bar, 'monthDay')).toBe('Mar 14');
    expect(formatAxisDate(bar, 'monthYear')).toBe('Mar 2024');
    expect(formatAxisDate(bar, 'year')).toBe('2024');
    expect(formatAxisDate('2024-09-30', 'quarter')).toBe('Q3 2024');
    expect(formatAxisDate('2024-10-01', 'quarter')).toBe('Q4 2024');
    expect(formatAxisDate('2024-09-28', 'fiscalYear')).toBe('FY 2024');
  });

  it('chooses quarter labels for quarterly series and fiscal years for annual ones', () => {
    expect(statementAxisFormat('quarter')).toBe('quarter');
    expect(statementAxisFormat('annual')).toBe('fiscalYear');
  });

  it('prints N/A for an unreadable date', () => {
    expect(formatAxisDate('not a date', 'year')).toBe('N/A');
  });
});
