import { APP, PASSWORD_RESET } from '@abhyas/contracts';
import type { MailMessage } from '../../lib/mailer.js';

/** The email carrying a link to reset a password. Plain text: it reads the same in every mail app. */
export function resetMail({ to, name, link }: { to: string; name: string; link: string }): MailMessage {
  return {
    to,
    subject: `Reset your ${APP.name} password`,
    text: [
      `Hello ${name},`,
      '',
      `Someone asked to reset the password of your ${APP.name} account. To choose a new password, open this link:`,
      '',
      link,
      '',
      `The link works once, for ${PASSWORD_RESET.linkTtlMinutes} minutes. Setting a new password signs you out everywhere.`,
      '',
      'If you did not ask for this, ignore this email: your password stays as it is.',
      '',
      `— ${APP.name}`,
    ].join('\n'),
  };
}
