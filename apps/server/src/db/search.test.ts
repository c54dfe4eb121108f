import { describe, expect, it } from 'vitest';
import { searchableText, searchTerms } from './search.js';

// ज़ and फ़ typed as one precomposed letter each, and as a letter followed by the nukta.
const PRECOMPOSED = 'ज़रूरी \u095Bरूर \u095Eॉर्मूला';
const DECOMPOSED = 'ज़रूरी \u091C\u093Cरूर \u092B\u093Cॉर्मूला';

describe('the form search compares', () => {
  it('makes a word typed either way one word, in the stored text and in the search box', () => {
    expect(PRECOMPOSED).not.toBe(DECOMPOSED);
    expect(searchableText('Title', PRECOMPOSED)).toBe(searchableText('Title', DECOMPOSED));
    expect(searchTerms(PRECOMPOSED)).toEqual(searchTerms(DECOMPOSED));
    for (const term of searchTerms(PRECOMPOSED)) expect(searchableText(DECOMPOSED)).toContain(term);
  });

  it('lower-cases Latin letters and leaves Devanagari as it is', () => {
    expect(searchTerms('SSC प्रतिशत  Percentages')).toEqual(['ssc', 'प्रतिशत', 'percentages']);
    expect(searchableText('प्रतिशत', 'SSC')).toBe('प्रतिशत\nssc');
  });
});
