import { describe, expect, it } from 'vitest';
import { languageOfCode, readMultilang, writeMultilang } from './multilang.js';
import type { ParsedQuestion, ParsedText } from './types.js';

const html = (text: string): ParsedText => ({ text, format: 'html' });
const span = (lang: string, text: string) => `<span lang="${lang}" class="multilang">${text}</span>`;

function question(stem: string, options: string[], extra: Partial<ParsedQuestion> = {}): ParsedQuestion {
  return { position: { index: 1 }, type: 'single', stem: html(stem), options: options.map((o, i) => ({ text: html(o), fraction: i === 0 ? 1 : 0 })), tags: [], images: [], ...extra };
}

describe('Moodle language codes', () => {
  it.each([
    ['en', 'en'],
    ['en_us', 'en'],
    ['EN-us', 'en'],
    ['hi', 'hi'],
    ['hi_in', 'hi'],
    ['fr', null],
    ['other', null],
  ])('%s stands for %s', (code, language) => expect(languageOfCode(code)).toBe(language));
});

describe('reading multi-language markup', () => {
  it('makes spans side by side one question in English and Hindi, text outside them in both', () => {
    const q = readMultilang(
      question(`<p>Q1. ${span('en', 'What is 2 + 2?')} ${span('hi', '2 + 2 कितना है?')}</p>`, ['4', `${span('en', 'Five')}${span('hi', 'पाँच')}`], {
        title: `${span('hi', 'जोड़')}${span('en', 'Sum')}`,
        generalFeedback: html(`${span('en', 'Add them.')}${span('hi', 'जोड़िए।')}`),
      }),
    );
    expect(q.language).toBe('en');
    expect(q.title).toBe('Sum');
    expect(q.stem).toEqual(html('<p>Q1. What is 2 + 2?</p>'));
    expect(q.options.map((o) => o.text.text)).toEqual(['4', 'Five']);
    expect(q.generalFeedback).toEqual(html('Add them.'));
    expect(q.translation).toEqual({
      language: 'hi',
      stem: html('<p>Q1. 2 + 2 कितना है?</p>'),
      generalFeedback: html('जोड़िए।'),
      options: [{ text: html('4') }, { text: html('पाँच') }],
    });
    // The order and codes as written: the title is read after the texts.
    expect(q.multilang).toEqual({ markup: 'span', codes: [{ language: 'en', code: 'en' }, { language: 'hi', code: 'hi' }] });
  });

  it('reads regional codes, either attribute order, nested spans, and leaves other languages out', () => {
    const stem = `<span class="multilang" lang="hi_IN">प्रश्न <span style="color:red">लाल</span></span><span lang="fr" class="multilang">Question</span><span lang="en_us" class="multilang">Question <span>red</span></span>`;
    const q = readMultilang(question(stem, ['a', 'b']));
    expect(q.stem.text).toBe('Question <span>red</span>');
    expect(q.translation?.stem.text).toBe('प्रश्न <span style="color:red">लाल</span>');
    expect(q.multilang?.codes).toEqual([{ language: 'hi', code: 'hi_IN' }, { language: 'en', code: 'en_us' }]);
  });

  it('shows a lone span to everyone, as Moodle does, and gives back a question without markup unchanged', () => {
    const lone = question(`Read ${span('hi', 'this')}`, ['a', 'b']);
    expect(readMultilang(lone)).toBe(lone);
    const french = question(`${span('fr', 'Oui')}${span('de', 'Ja')}`, ['a', 'b']);
    expect(readMultilang(french)).toBe(french);
  });

  it('reads {mlang}: each block for its languages, `other` for a language no block of that text names', () => {
    const q = readMultilang(
      question('{mlang hi}भारत की राजधानी?{mlang}{mlang other}The capital of India?{mlang}', ['{mlang en,fr}Delhi{mlang}{ mlang hi }दिल्ली{ mlang }', 'Mumbai'], {
        generalFeedback: html('{mlang other}Both{mlang}'),
      }),
    );
    expect(q).toMatchObject({ language: 'en', stem: html('The capital of India?'), generalFeedback: html('Both') });
    expect(q.options.map((o) => o.text.text)).toEqual(['Delhi', 'Mumbai']);
    expect(q.translation).toEqual({ language: 'hi', stem: html('भारत की राजधानी?'), generalFeedback: html('Both'), options: [{ text: html('दिल्ली') }, { text: html('Mumbai') }] });
    expect(q.multilang).toEqual({ markup: 'mlang', codes: [{ language: 'hi', code: 'hi' }, { language: 'en', code: 'en' }] });
  });

  it('makes a question whose markup names Hindi alone a Hindi question', () => {
    const q = readMultilang(question('{mlang hi}सही उत्तर चुनिए{mlang}', ['क', 'ख']));
    expect(q).toMatchObject({ language: 'hi', stem: html('सही उत्तर चुनिए') });
    expect(q.translation).toBeUndefined();
  });
});

describe('writing it back', () => {
  const bilingual = (markup?: 'span' | 'mlang'): ParsedQuestion => ({
    ...question('What is 2 + 2?', ['4', 'Five']),
    generalFeedback: html('Add them.'),
    language: 'en',
    translation: { language: 'hi', stem: html('2 + 2 कितना है?'), options: [{ text: html('4') }, { text: html('पाँच'), feedback: html('नहीं') }] },
    ...(markup === 'mlang' ? { multilang: { markup, codes: [{ language: 'hi', code: 'hi' }, { language: 'en', code: 'other' }] } } : {}),
  });

  it('writes spans for a question written in Abhyas, a text the same in both once', () => {
    const q = writeMultilang(bilingual());
    expect(q.stem.text).toBe(`${span('en', 'What is 2 + 2?')}${span('hi', '2 + 2 कितना है?')}`);
    expect(q.options.map((o) => o.text.text)).toEqual(['4', `${span('en', 'Five')}${span('hi', 'पाँच')}`]);
    // A text one language lacks gets an empty span, so reading it back leaves it out again.
    expect(q.options[1]!.feedback?.text).toBe(`${span('en', '')}${span('hi', 'नहीं')}`);
    expect(q.generalFeedback?.text).toBe(`${span('en', 'Add them.')}${span('hi', '')}`);
    expect(q.translation).toBeUndefined();
  });

  it('writes {mlang} with the codes a question came with', () => {
    expect(writeMultilang(bilingual('mlang')).stem.text).toBe('{mlang hi}2 + 2 कितना है?{mlang}{mlang other}What is 2 + 2?{mlang}');
  });

  it.each(['span', 'mlang'] as const)('reads back what it wrote (%s)', (markup) => {
    const original = bilingual(markup === 'mlang' ? 'mlang' : undefined);
    const back = readMultilang(writeMultilang(original));
    expect(back).toEqual({ ...original, multilang: back.multilang });
  });

  it('leaves a question in one language as it is', () => {
    const q = question('Only English', ['a', 'b']);
    expect(writeMultilang(q)).toBe(q);
  });
});
