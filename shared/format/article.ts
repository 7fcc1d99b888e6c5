/**
 * "a" or "an" before a word the product fills in (a model's name, a percentage), by how the
 * word is read aloud: "an EV/EBITDA multiple", "a P/E multiple", "an 8% margin", "a 20% margin".
 *
 * - A number is read as a number: "an" before eight, eleven and eighteen (8, 80, 8.5, 11,
 *   18.2, 11,000) and "a" before the rest.
 * - A capital initialism (P/E, EV/EBITDA, DCF, S&P) is read letter by letter: "an" before the
 *   letters whose names start with a vowel sound (A, E, F, H, I, L, M, N, O, R, S, X). An
 *   acronym read as a word (FIFO, NASDAQ) would need its own exception: none is filled in.
 * - Any other word: "an" before a vowel letter. (No word the product fills in starts with a
 *   silent h or a "you" sound; add the exception here if one ever does.)
 */
export function indefiniteArticle(word: string): 'a' | 'an' {
  const text = word.trim();
  const digits = /^\d[\d,]*/.exec(text)?.[0].replace(/,/g, '');
  if (digits !== undefined) {
    if (digits.startsWith('8')) return 'an';
    // 11 and 18, and the thousands of them read the same way (11,000, 18,000,000).
    const lead = digits.slice(0, 2);
    return (lead === '11' || lead === '18') && digits.length % 3 === 2 ? 'an' : 'a';
  }
  // The first word has capitals and no small letters: an initialism.
  const first = text.split(/\s/, 1)[0] ?? '';
  if (/^[A-Z]/.test(first) && !/[a-z]/.test(first))
    return /^[AEFHILMNORSX]/.test(first) ? 'an' : 'a';
  return /^[aeiou]/i.test(text) ? 'an' : 'a';
}

/** The word with its article: "an EV/EBITDA", "a P/E", "an 8%". */
export function withArticle(word: string): string {
  return `${indefiniteArticle(word)} ${word}`;
}
