import type { FlagResolution, Language } from '@abhyas/contracts';
import type { MailMessage } from '../../lib/mailer.js';
import type { Contact } from '../users/users.service.js';
import type { NewNotice } from './notices.service.js';

type Words = {
  hello: (name: string) => string;
  resolution: Record<FlagResolution, string>;
  scoreChanged: (p: { test: string; from: string; to: string; question: number; note: string }) => { subject: string; text: string };
  challengeAnswered: (p: { test: string; question: number | null; resolution: string; reply: string }) => { subject: string; text: string };
  reportAnswered: (p: { excerpt: string; resolution: string; reply: string }) => { subject: string; text: string };
};

const WORDS: Record<Language, Words> = {
  en: {
    hello: (name) => `Hello ${name},`,
    resolution: {
      kept: 'the answer key was kept',
      changed: 'the answer key was changed',
      accepted: 'more than one option is now accepted',
      dropped: 'the question was dropped: every candidate gets its full marks',
      bonus: 'the question was made a bonus: everyone who answered it gets its full marks',
      fixed: 'the question was corrected',
      dismissed: 'nothing needed changing',
    },
    scoreChanged: (p) => ({
      subject: `Your score in ${p.test} changed`,
      text: `Your score in ${p.test} changed from ${p.from} to ${p.to}: the answer key of Q${p.question} was revised (${p.note}).`,
    }),
    challengeAnswered: (p) => ({
      subject: `Your challenge in ${p.test} was answered`,
      text: `Your challenge of ${p.question === null ? 'a question' : `Q${p.question}`} in ${p.test} was answered: ${p.resolution}.\n\n${p.reply}`,
    }),
    reportAnswered: (p) => ({
      subject: 'The problem you reported was looked at',
      text: `You reported a problem with the question "${p.excerpt}": ${p.resolution}.\n\n${p.reply}`,
    }),
  },
  hi: {
    hello: (name) => `नमस्ते ${name},`,
    resolution: {
      kept: 'उत्तर कुंजी वही रखी गई',
      changed: 'उत्तर कुंजी बदल दी गई',
      accepted: 'अब एक से अधिक विकल्प सही माने जाएँगे',
      dropped: 'प्रश्न हटा दिया गया: हर उम्मीदवार को इसके पूरे अंक मिलेंगे',
      bonus: 'प्रश्न को बोनस बना दिया गया: जिसने भी इसका उत्तर दिया, उसे पूरे अंक मिलेंगे',
      fixed: 'प्रश्न सुधार दिया गया',
      dismissed: 'कुछ बदलने की ज़रूरत नहीं थी',
    },
    scoreChanged: (p) => ({
      subject: `${p.test} में आपका स्कोर बदल गया है`,
      text: `${p.test} में आपका स्कोर ${p.from} से बदलकर ${p.to} हो गया है: प्रश्न ${p.question} की उत्तर कुंजी संशोधित की गई (${p.note})।`,
    }),
    challengeAnswered: (p) => ({
      subject: `${p.test} में आपकी चुनौती का जवाब दिया गया`,
      text: `${p.test} में ${p.question === null ? 'एक प्रश्न' : `प्रश्न ${p.question}`} की उत्तर कुंजी पर आपकी चुनौती का जवाब दिया गया: ${p.resolution}।\n\n${p.reply}`,
    }),
    reportAnswered: (p) => ({
      subject: 'आपकी बताई समस्या देख ली गई है',
      text: `आपने प्रश्न "${p.excerpt}" में एक समस्या बताई थी: ${p.resolution}।\n\n${p.reply}`,
    }),
  },
};

const marks = (n: number) => String(Math.round(n * 100) / 100);

/** The mail of a notice, in the recipient's language. */
export function noticeMail(notice: NewNotice, to: Contact, publicUrl: string): MailMessage {
  const words = WORDS[to.language];
  const said = (() => {
    switch (notice.kind) {
      case 'score_changed': {
        const p = notice.params;
        return words.scoreChanged({ test: p.test, from: marks(p.from), to: marks(p.to), question: p.question, note: p.note });
      }
      case 'challenge_answered': {
        const p = notice.params;
        return words.challengeAnswered({ test: p.test, question: p.question, resolution: words.resolution[p.resolution], reply: p.reply });
      }
      case 'report_answered': {
        const p = notice.params;
        return words.reportAnswered({ excerpt: p.excerpt, resolution: words.resolution[p.resolution], reply: p.reply });
      }
    }
  })();
  const link = notice.link ? `\n\n${publicUrl}${notice.link}` : '';
  return { to: to.email, subject: said.subject, text: `${words.hello(to.name)}\n\n${said.text}${link}\n\nAbhyas` };
}
