import { describe, expect, it } from 'vitest';
import { markdownToText } from './markdown-text';
import { stemExcerpt } from './stem-excerpt';

describe('markdownToText', () => {
  // Moodle's GIFT examples as the import stores them: the plain text escaped for Markdown, and
  // Moodle's auto-format line breaks kept as hard breaks.
  it.each([
    ["Grant is \\_\\_\\_\\_\\_ in Grant's tomb.", "Grant is _____ in Grant's tomb."],
    ["Grant is \\\\\\\\ \\_\\_\\_\\_\\_ in Grant's tomb.", "Grant is \\\\ _____ in Grant's tomb."],
    ["Who's buried in Grant's tomb?", "Who's buried in Grant's tomb?"],
    ['What is 2\\\\\\*3 = 6, a \\{set\\}, \\#hash \\~tilde?', 'What is 2\\*3 = 6, a {set}, #hash ~tilde?'],
    ['Price \\$5 and 10% off\\_now \\[x\\](y) \\`c\\`', 'Price $5 and 10% off_now [x](y) `c`'],
    ['Multi  \nline \\_\\_\\_\\_\\_  \nend', 'Multi line _____ end'],
    ['8\\. is a number; \\- and \\+ too', '8. is a number; - and + too'],
  ])('shows the imported text %j as written', (stored, shown) => {
    expect(markdownToText(stored)).toBe(shown);
  });

  it('turns every backslash escape into its character, and keeps a backslash before anything else', () => {
    const punctuation = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
    expect(markdownToText([...punctuation].map((c) => `\\${c}`).join(''))).toBe(punctuation);
    expect(markdownToText('C:\\Users\\asha and \\a')).toBe('C:\\Users\\asha and \\a');
    expect(markdownToText('\\\\')).toBe('\\');
  });

  it('reduces emphasis and strikethrough to their text', () => {
    expect(markdownToText('**bold**, *it*, __strong__, _em_, ***both***, ~~gone~~')).toBe('bold, it, strong, em, both, gone');
    expect(markdownToText('a **nested *one* here** end')).toBe('a nested one here end');
    expect(markdownToText('**a*b**, *a**b*, ***x** y*, **5**th')).toBe('a*b, a**b, x y, 5th');
  });

  it('keeps the marks that are not emphasis', () => {
    expect(markdownToText('2 * 3 * 4 = 24')).toBe('2 * 3 * 4 = 24');
    expect(markdownToText('snake_case_name and 5 _ 6')).toBe('snake_case_name and 5 _ 6');
    expect(markdownToText('a lone *star and ~one~ tilde')).toBe('a lone *star and ~one~ tilde');
    expect(markdownToText('1. first')).toBe('1. first');
  });

  it('gives links their text and images their description', () => {
    expect(markdownToText('See [the topic](/topics/percentages "Percent") and ![a triangle](/media/abc.png).')).toBe('See the topic and a triangle.');
    expect(markdownToText('[no link][1] and <https://abhyas.example/x>')).toBe('[no link][1] and https://abhyas.example/x');
    expect(markdownToText('[with (parens)](https://x.example/a_(b)) after')).toBe('with (parens) after');
  });

  it('keeps code and maths as written', () => {
    expect(markdownToText('Run `a_b*c` and ``x ` y``')).toBe('Run a_b*c and x ` y');
    expect(markdownToText('If $x_1 = \\frac{a}{b}$ and $$\\sqrt{2}*3$$ then')).toBe('If $x_1 = \\frac{a}{b}$ and $$\\sqrt{2}*3$$ then');
  });

  it('drops heading, quote, bullet and rule marks', () => {
    expect(markdownToText('## Title ##\n> quoted\n> > twice\n- one\n* two\n---\nText\n===')).toBe('Title quoted twice one two Text');
    expect(markdownToText('#hashtag')).toBe('#hashtag');
  });

  it('reads HTML from imports as text: tags dropped, entities decoded', () => {
    expect(markdownToText('<p>What is <b>2</b>&nbsp;&times;&nbsp;3?</p><p>Choose &amp; &#8377;5 &#x20B9;6 &bogus;</p>')).toBe('What is 2 × 3? Choose & ₹5 ₹6 &bogus;');
    expect(markdownToText('line<br>break<!-- note -->')).toBe('line break');
  });

  it('is safe on any text: private-use characters, very long input', () => {
    expect(markdownToText('a\uE000b\uE001c')).toBe('abc');
    expect(markdownToText('\\_'.repeat(10_000))).toBe('_'.repeat(2000));
    expect(markdownToText('')).toBe('');
  });
});

describe('stemExcerpt', () => {
  it('cuts the readable text, not the Markdown', () => {
    expect(stemExcerpt("Grant is \\_\\_\\_\\_\\_ in Grant's tomb.", 14)).toBe('Grant is ____…');
  });
});
