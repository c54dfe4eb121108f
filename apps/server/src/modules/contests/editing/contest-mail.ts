import { APP } from '@abhyas/contracts';
import type { MailMessage } from '../../../lib/mailer.js';

/** The email telling an entrant that a contest was cancelled. Plain text: it reads the same in every mail app. */
export function cancellationMail(p: { to: string; name: string; title: string; reason: string; refunded: boolean; link: string }): MailMessage {
  return {
    to: p.to,
    subject: `Contest cancelled: ${p.title}`,
    text: [
      `Hello ${p.name},`,
      '',
      `The contest “${p.title}” you entered on ${APP.name} has been cancelled.`,
      '',
      `The reason: ${p.reason}`,
      '',
      ...(p.refunded ? ['Your entry fee is being refunded to the account you paid from; a separate mail confirms the refund.', ''] : []),
      `The contest page: ${p.link}`,
      '',
      `— ${APP.name}`,
    ].join('\n'),
  };
}
