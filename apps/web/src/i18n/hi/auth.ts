import type { Words } from '../catalogues';

/**
 * Signing in, registering, resetting a password, and the password and sign-out cards on the profile.
 */
export default {
  'form.showPassword': 'पासवर्ड दिखाएँ',

  'auth.field.name': 'पूरा नाम',
  'auth.field.email': 'ईमेल',
  'auth.field.password': 'पासवर्ड',
  'auth.field.currentPassword': 'मौजूदा पासवर्ड',
  'auth.field.newPassword': 'नया पासवर्ड',
  'auth.field.newPasswordHint': 'कम से कम {min} अक्षर।',

  'auth.login.title': 'साइन इन करें',
  'auth.login.intro': 'फिर से स्वागत है। जहाँ छोड़ा था, वहीं से अभ्यास जारी रखें।',
  'auth.login.submit': 'साइन इन करें',
  'auth.login.noAccount': 'Abhyas पर नए हैं?',
  'auth.login.toRegister': 'खाता बनाएँ',

  'auth.register.title': 'अपना खाता बनाएँ',
  'auth.register.intro': 'जुड़ना मुफ़्त है। एक मिनट से भी कम में अभ्यास शुरू करें।',
  'auth.register.submit': 'खाता बनाएँ',
  'auth.register.haveAccount': 'पहले से खाता है?',
  'auth.register.toLogin': 'साइन इन करें',

  'auth.login.forgot': 'पासवर्ड भूल गए?',
  'auth.forgot.title': 'अपना पासवर्ड रीसेट करें',
  'auth.forgot.intro': 'अपने खाते का ईमेल पता दर्ज करें। हम आपको नया पासवर्ड चुनने का लिंक भेजेंगे।',
  'auth.forgot.submit': 'रीसेट लिंक भेजें',
  'auth.forgot.sentTitle': 'अपना ईमेल देखें',
  'auth.forgot.sent':
    'अगर {email} से कोई खाता जुड़ा है, तो उसका पासवर्ड रीसेट करने का लिंक भेजा जा रहा है। यह लिंक केवल एक बार और {minutes} मिनट तक ही काम करेगा। अगर कुछ मिनट में ईमेल न आए, तो अपना स्पैम फ़ोल्डर देखें या फिर से लिंक माँगें।',
  'auth.forgot.remembered': 'पासवर्ड याद आ गया?',
  'auth.forgot.toLogin': 'साइन इन करें',
  'auth.reset.title': 'नया पासवर्ड चुनें',
  'auth.reset.intro': 'नया पासवर्ड सेट करने पर आप सभी डिवाइस से साइन आउट हो जाएँगे।',
  'auth.reset.confirm': 'नए पासवर्ड की पुष्टि करें',
  'auth.reset.mismatch': 'दोनों पासवर्ड मेल नहीं खाते',
  'auth.reset.submit': 'नया पासवर्ड सेट करें',
  'auth.reset.invalidTitle': 'यह लिंक अब काम नहीं करता',
  'auth.reset.invalid': 'पासवर्ड रीसेट करने का लिंक केवल एक बार और {minutes} मिनट तक ही काम करता है, और सिर्फ़ सबसे नया लिंक ही मान्य होता है। नया लिंक माँगें।',
  'auth.reset.incompleteTitle': 'यह लिंक अधूरा है',
  'auth.reset.incomplete': 'ईमेल से पूरा लिंक कॉपी करके फिर से खोलें, या नया लिंक माँगें।',
  'auth.reset.askAgain': 'नया लिंक माँगें',

  'auth.changePassword.title': 'पासवर्ड बदलें',
  'auth.changePassword.intro': 'पासवर्ड बदलने पर आप अपने बाकी सभी डिवाइस से साइन आउट हो जाएँगे।',
  'auth.changePassword.submit': 'पासवर्ड बदलें',

  'auth.signOut.title': 'साइन आउट करें',
  'auth.signOut.intro': 'साइन आउट करने पर आप अपने सभी डिवाइस से साइन आउट हो जाएँगे।',

  'toast.signedIn': 'साइन इन हो गया। फिर से स्वागत है!',
  'toast.registered': 'खाता बन गया। Abhyas में आपका स्वागत है!',
  'toast.passwordChanged': 'पासवर्ड बदल गया। आपके बाकी सभी डिवाइस से साइन आउट कर दिया गया है।',
  'toast.passwordReset': 'पासवर्ड बदल गया। अपने नए पासवर्ड से साइन इन करें।',
} as const satisfies Words<'auth'>;
