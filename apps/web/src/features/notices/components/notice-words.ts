import type { Notice } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';
import { formatMarks } from '@/lib/format';

export interface NoticeWords {
  /** The sentence saying what happened. */
  text: string;
  /** The editor's reply, in its own line, when there is one. */
  reply: string | null;
}

/** A notice in the reader's language, from its kind and the facts it carries. */
export function noticeWords(notice: Notice): NoticeWords {
  switch (notice.kind) {
    case 'score_changed': {
      const { test, question, from, to, note } = notice.params;
      return { text: t('notices.scoreChanged', { test, question, from: formatMarks(from), to: formatMarks(to), note }), reply: null };
    }
    case 'challenge_answered': {
      const { test, question, resolution, reply } = notice.params;
      const outcome = t(`notices.resolution.${resolution}`);
      const text = question === null ? t('notices.challengeAnsweredTest', { test, outcome }) : t('notices.challengeAnswered', { test, question, outcome });
      return { text, reply: reply || null };
    }
    case 'report_answered': {
      const { excerpt, resolution, reply } = notice.params;
      return { text: t('notices.reportAnswered', { excerpt, outcome: t(`notices.resolution.${resolution}`) }), reply: reply || null };
    }
  }
}
