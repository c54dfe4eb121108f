import { describe, expect, it } from 'vitest';
import { localizeDetailed, localizeMessage } from './localize.js';
import { testInputSchema } from './papers.js';
import { registerRequestSchema } from './auth.js';

describe('localizeMessage', () => {
  it('leaves English as it is', () => {
    expect(localizeMessage('Title must be at most 255 characters', 'en')).toBe('Title must be at most 255 characters');
  });

  it('puts a whole message into Hindi', () => {
    expect(localizeMessage('Blog not found', 'hi')).toBe('ब्लॉग नहीं मिला');
  });

  it('fills a template with the values and the label in Hindi', () => {
    expect(localizeMessage('Title must be at most 255 characters', 'hi')).toBe('शीर्षक अधिकतम 255 अक्षरों का हो सकता है');
    expect(localizeMessage('Password must be at least 8 characters', 'hi')).toBe('पासवर्ड कम से कम 8 अक्षरों का होना चाहिए');
  });

  it('makes the message agree with the gender and number of its label', () => {
    expect(localizeMessage('Comment must be at most 1000 characters', 'hi')).toBe('टिप्पणी अधिकतम 1000 अक्षरों की हो सकती है');
    expect(localizeMessage('Marks cannot be negative', 'hi')).toBe('अंक ऋणात्मक नहीं हो सकते');
    expect(localizeMessage('Seats must be at most 100000', 'hi')).toBe('सीटें अधिकतम 100000 हो सकती हैं');
    expect(localizeMessage('Freeze must be at most 120 minutes', 'hi')).toBe('फ़्रीज़ अधिकतम 120 मिनट का हो सकता है');
  });

  it('keeps values as they are and puts phrases inside a message into Hindi', () => {
    expect(localizeMessage('This contest was cancelled: Paper leaked', 'hi')).toBe('यह प्रतियोगिता रद्द कर दी गई: Paper leaked');
    expect(localizeMessage('Too many requests. Try again in 2 minutes.', 'hi')).toBe('बहुत सारे अनुरोध। 2 मिनट बाद फिर कोशिश करें।');
    expect(localizeMessage('This test cannot be started now: The blueprint of section 1 “Maths”, rule 2 (category Algebra, hard) needs 5 questions; the bank has 1 published question matching it outside the fixed lists', 'hi')).toBe(
      'यह टेस्ट अभी शुरू नहीं किया जा सकता: खंड 1 “Maths”, नियम 2 (श्रेणी Algebra, कठिन) के ब्लूप्रिंट के लिए 5 प्रश्न चाहिए; बैंक में इससे मेल खाते 1 प्रकाशित प्रश्न हैं (तय सूचियों से बाहर)',
    );
    expect(localizeMessage('No question in the bank has the id q1, q2, q3, q4, q5 and 3 more', 'hi')).toBe('प्रश्न बैंक में इस आईडी का कोई प्रश्न नहीं है: q1, q2, q3, q4, q5 और 3 अन्य');
  });

  it('reads the filters of every blueprint rule', () => {
    for (const filters of ['any published question', 'category A', 'topic T', 'easy', 'category A, topic T', 'category A, medium', 'topic T, hard', 'category A, topic T, hard']) {
      const hindi = localizeDetailed(`The blueprint rules section 1 “S”, rule 1 (${filters}); section 2 “R”, rule 1 (any published question) need 4 questions together; the bank has 2 published questions matching them`, 'hi');
      expect(hindi.translated, filters).toBe(true);
      expect(hindi.untranslated, filters).toEqual([]);
    }
  });

  it('names the languages inside a message in Hindi, one or several', () => {
    expect(localizeMessage('This test is offered in Hindi only', 'hi')).toBe('यह टेस्ट केवल हिंदी में उपलब्ध है');
    expect(localizeMessage('This test is offered in English and Hindi only', 'hi')).toBe('यह टेस्ट केवल अंग्रेज़ी और हिंदी में उपलब्ध है');
    expect(localizeMessage('The blueprint of section 1 “GK”, rule 1 (easy) needs 2 questions; the bank has 1 published question in Hindi and English matching it', 'hi')).toBe(
      'खंड 1 “GK”, नियम 1 (आसान) के ब्लूप्रिंट के लिए 2 प्रश्न चाहिए; बैंक में इससे मेल खाते हिंदी और अंग्रेज़ी में 1 प्रकाशित प्रश्न हैं',
    );
    expect(localizeDetailed('This test is offered in English and French only', 'hi')).toEqual({ text: 'यह टेस्ट केवल अंग्रेज़ी और French में उपलब्ध है', translated: true, untranslated: ['French'] });
  });

  it('says what it could not put into Hindi', () => {
    expect(localizeDetailed('A message nobody wrote', 'hi')).toEqual({ text: 'A message nobody wrote', translated: false, untranslated: [] });
    expect(localizeDetailed('Colour must be at most 5 characters', 'hi').untranslated).toEqual(['Colour']);
    expect(localizeMessage('constructor', 'hi')).toBe('constructor');
    expect(localizeMessage('toString must be text', 'hi')).toBe('toString टेक्स्ट होना चाहिए');
  });

  it('keeps the messages that stay in English word for word', () => {
    expect(localizeMessage('Failed to fetch profile', 'hi')).toBe('Failed to fetch profile');
    expect(localizeMessage('Location not enabled', 'hi')).toBe('Location not enabled');
  });

  it("puts a schema's own messages into Hindi, as a form shows them", () => {
    const issues = registerRequestSchema.safeParse({ name: '', email: 'x', password: 'short' }).error!.issues;
    expect(issues.map((i) => localizeMessage(i.message, 'hi'))).toEqual(['अपना नाम लिखें', 'सही ईमेल पता लिखें', 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए']);
    const test = testInputSchema.safeParse({ title: '', slug: 'ok', durationMinutes: 10, sections: [] }).error!.issues;
    expect(test.every((i) => localizeDetailed(i.message, 'hi').translated)).toBe(true);
  });
});
