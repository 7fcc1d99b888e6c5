import { describe, expect, it } from 'vitest';
import { WarmMemo } from './warm-memo';

describe('WarmMemo', () => {
  it('keeps values within its bound, letting the least recently used go first', () => {
    const memo = new WarmMemo<string>(100);
    memo.set('a', 'A', 40);
    memo.set('b', 'B', 40);
    expect(memo.get('a')).toBe('A'); // a is now the most recently used
    memo.set('c', 'C', 40);
    expect(memo.get('b')).toBeUndefined();
    expect(memo.get('a')).toBe('A');
    expect(memo.get('c')).toBe('C');
    expect(memo.size).toBe(2);
  });

  it('does not keep a value larger than its bound, and a value set again replaces the old one', () => {
    const memo = new WarmMemo<string>(100);
    memo.set('a', 'A', 60);
    memo.set('big', 'BIG', 101);
    expect(memo.get('big')).toBeUndefined();
    expect(memo.get('a')).toBe('A');
    memo.set('a', 'A2', 90);
    memo.set('b', 'B', 10);
    expect(memo.get('a')).toBe('A2');
    expect(memo.get('b')).toBe('B');
    memo.set('c', 'C', 1);
    expect(memo.get('a')).toBeUndefined();
  });
});
