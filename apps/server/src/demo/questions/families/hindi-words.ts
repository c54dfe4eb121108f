/**
 * The Hindi words the reasoning families write beside their English: the people in the questions,
 * directions and sides, ordinals in digits, and the calendar's days and months.
 */

/** A Hindi ordinal in digits (1ला, 2रा, 5वाँ), and its form before a noun with a postposition (1ले, 2रे, 5वें स्थान पर). */
const ORDINAL_ENDINGS: Record<number, [string, string]> = { 1: ['ला', 'ले'], 2: ['रा', 'रे'], 3: ['रा', 'रे'], 4: ['था', 'थे'], 6: ['ठा', 'ठे'] };
export const ordinalHi = (n: number): string => `${n}${ORDINAL_ENDINGS[n]?.[0] ?? 'वाँ'}`;
export const ordinalHiOblique = (n: number): string => `${n}${ORDINAL_ENDINGS[n]?.[1] ?? 'वें'}`;

/** A side as Hindi writes it before छोर or a turn (बाएँ छोर, बाएँ मुड़कर) and before ओर (बाईं ओर). */
export const END_HI = { left: 'बाएँ', right: 'दाएँ' } as const;
export const SIDE_HI = { left: 'बाईं', right: 'दाईं' } as const;

export const HEADINGS_HI = { North: 'उत्तर', East: 'पूर्व', South: 'दक्षिण', West: 'पश्चिम' } as const;

/** The people the questions are about, by their English names. */
export const NAMES_HI = {
  Meena: 'मीना',
  Ravi: 'रवि',
  Anita: 'अनीता',
  Suresh: 'सुरेश',
  Kavya: 'काव्या',
  Imran: 'इमरान',
  Pooja: 'पूजा',
  Arjun: 'अर्जुन',
  Rohan: 'रोहन',
  Priya: 'प्रिया',
  Asha: 'आशा',
  Vikram: 'विक्रम',
  Neha: 'नेहा',
  Kiran: 'किरण',
  Farhan: 'फ़रहान',
  Divya: 'दिव्या',
} as const;
export type Person = keyof typeof NAMES_HI;

/** Sunday first, as `Date#getUTCDay` counts. */
export const DAYS_HI = ['रविवार', 'सोमवार', 'मंगलवार', 'बुधवार', 'गुरुवार', 'शुक्रवार', 'शनिवार'] as const;
export const MONTHS_HI = ['जनवरी', 'फ़रवरी', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुलाई', 'अगस्त', 'सितंबर', 'अक्टूबर', 'नवंबर', 'दिसंबर'] as const;
