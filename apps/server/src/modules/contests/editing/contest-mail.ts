import { APP, type Language } from '@abhyas/contracts';
import type { MailMessage } from '../../../lib/mailer.js';

type Cancellation = { to: string; name: string; title: string; reason: string; refunded: boolean; link: string; language: Language };

/** The email telling an entrant that a contest was cancelled, in the entrant's language. Plain text: it reads the same in every mail app. */
export function cancellationMail(p: Cancellation): MailMessage {
  if (p.language === 'hi') {
    return {
      to: p.to,
      subject: `प्रतियोगिता रद्द: ${p.title}`,
      text: [
        `नमस्ते ${p.name},`,
        '',
        `${APP.name} पर आपने जिस प्रतियोगिता “${p.title}” में प्रवेश लिया था, वह रद्द कर दी गई है।`,
        '',
        `कारण: ${p.reason}`,
        '',
        ...(p.refunded ? ['आपका प्रवेश शुल्क उसी खाते में वापस किया जा रहा है जिससे आपने भुगतान किया था; रिफ़ंड की पुष्टि एक अलग ईमेल से होगी।', ''] : []),
        `प्रतियोगिता का पेज: ${p.link}`,
        '',
        `— ${APP.name}`,
      ].join('\n'),
    };
  }
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
