import { APP, PASSWORD_RESET, type Language } from '@abhyas/contracts';
import type { MailMessage } from '../../lib/mailer.js';

type Reset = { to: string; name: string; link: string; language: Language };

/** The email carrying a link to reset a password, in the account's language. Plain text: it reads the same in every mail app. */
export function resetMail({ to, name, link, language }: Reset): MailMessage {
  if (language === 'hi') {
    return {
      to,
      subject: `अपना ${APP.name} पासवर्ड रीसेट करें`,
      text: [
        `नमस्ते ${name},`,
        '',
        `आपके ${APP.name} खाते का पासवर्ड रीसेट करने का अनुरोध किया गया है। नया पासवर्ड चुनने के लिए यह लिंक खोलें:`,
        '',
        link,
        '',
        `यह लिंक केवल एक बार, ${PASSWORD_RESET.linkTtlMinutes} मिनट तक काम करेगा। नया पासवर्ड सेट होते ही आप हर जगह से साइन आउट हो जाएँगे।`,
        '',
        'अगर यह अनुरोध आपने नहीं किया है, तो इस ईमेल को अनदेखा करें: आपका पासवर्ड जैसा है वैसा ही रहेगा।',
        '',
        `— ${APP.name}`,
      ].join('\n'),
    };
  }
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
