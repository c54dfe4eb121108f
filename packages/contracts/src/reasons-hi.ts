import type { Language } from './users.js';

/*
 * The Hindi of the reasons the server writes into its ordinary answers (why a contest's registration is
 * closed, why challenges are not open), apart from the server's other messages so the web app can
 * show them in Hindi with this small table alone; the server's table (`messages-hi-server.ts`) includes it.
 */
export const HI_REASONS: Readonly<Record<string, string>> = {
  'Practice answers are not challenged: report a problem with the question instead':
    'अभ्यास के उत्तरों को चुनौती नहीं दी जाती: इसके बजाय प्रश्न में समस्या बताएँ',
  'Challenges open once the attempt is submitted':
    'प्रयास सबमिट होने के बाद चुनौतियाँ खुलती हैं',
  'Challenges open when the contest ends':
    'प्रतियोगिता समाप्त होने पर चुनौतियाँ खुलती हैं',
  'The challenge window has closed: the answer key is final':
    'चुनौती देने का समय समाप्त हो गया है: उत्तर कुंजी अंतिम है',
  'Challenges open when the answer key is shown':
    'उत्तर कुंजी दिखाए जाने पर चुनौतियाँ खुलती हैं',
  'Already joined':
    'आप पहले ही शामिल हो चुके हैं',
  'Registration has not opened yet':
    'पंजीकरण अभी शुरू नहीं हुआ है',
  'Registration closed when the contest started':
    'प्रतियोगिता शुरू होते ही पंजीकरण बंद हो गया',
  'This contest was cancelled: no reason was given':
    'यह प्रतियोगिता रद्द कर दी गई: कोई कारण नहीं बताया गया',
  'Paid entry is not offered on this site':
    'इस साइट पर सशुल्क प्रवेश उपलब्ध नहीं है',
  'Paid entry is not offered on this site: free contests and non-cash prizes remain open to everyone':
    'इस साइट पर सशुल्क प्रवेश उपलब्ध नहीं है: निःशुल्क प्रतियोगिताएँ और गैर-नकद पुरस्कार सभी के लिए खुले हैं',
  'The contest has not started yet':
    'प्रतियोगिता अभी शुरू नहीं हुई है',
  'The contest has ended':
    'प्रतियोगिता समाप्त हो चुकी है',
};

const CANCELLED = 'This contest was cancelled: ';
const CANCELLED_HI = 'यह प्रतियोगिता रद्द कर दी गई: ';

/** A reason the server gave, in `language`; the reason an editor wrote for a cancellation is kept as written. */
export function reasonIn(reason: string, language: Language): string {
  if (language === 'en') return reason;
  const exact = HI_REASONS[reason];
  if (exact !== undefined) return exact;
  return reason.startsWith(CANCELLED) ? CANCELLED_HI + reason.slice(CANCELLED.length) : reason;
}
