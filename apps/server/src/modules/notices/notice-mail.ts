import type { FlagResolution } from '@abhyas/contracts';
import type { MailMessage } from '../../lib/mailer.js';
import type { NewNotice } from './notices.service.js';

const RESOLUTION: Record<FlagResolution, string> = {
  kept: 'the answer key was kept',
  changed: 'the answer key was changed',
  accepted: 'more than one option is now accepted',
  dropped: 'the question was dropped: every candidate gets its full marks',
  bonus: 'the question was made a bonus: everyone who answered it gets its full marks',
  fixed: 'the question was corrected',
  dismissed: 'nothing needed changing',
};

const marks = (n: number) => String(Math.round(n * 100) / 100);

/** The mail of a notice, in English. */
export function noticeMail(notice: NewNotice, to: { name: string; email: string }, publicUrl: string): MailMessage {
  const link = notice.link ? `\n\n${publicUrl}${notice.link}` : '';
  const hello = `Hello ${to.name},\n\n`;
  switch (notice.kind) {
    case 'score_changed': {
      const p = notice.params;
      return {
        to: to.email,
        subject: `Your score in ${p.test} changed`,
        text: `${hello}Your score in ${p.test} changed from ${marks(p.from)} to ${marks(p.to)}: the answer key of Q${p.question} was revised (${p.note}).${link}\n\nAbhyas`,
      };
    }
    case 'challenge_answered': {
      const p = notice.params;
      return {
        to: to.email,
        subject: `Your challenge in ${p.test} was answered`,
        text: `${hello}Your challenge of ${p.question === null ? 'a question' : `Q${p.question}`} in ${p.test} was answered: ${RESOLUTION[p.resolution]}.\n\n${p.reply}${link}\n\nAbhyas`,
      };
    }
    case 'report_answered': {
      const p = notice.params;
      return {
        to: to.email,
        subject: 'The problem you reported was looked at',
        text: `${hello}You reported a problem with the question "${p.excerpt}": ${RESOLUTION[p.resolution]}.\n\n${p.reply}${link}\n\nAbhyas`,
      };
    }
  }
}
