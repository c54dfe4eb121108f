import type { Words } from '../catalogues';

/**
 * The shell's words (header, footer, errors, page titles, the not-found page), those of the shared
 * components and lib/, the pieces other features put in the shell or on the home page (the ad banner,
 * sign-out, the newest blogs, the featured topics), and words several features share. In the main bundle.
 */
export default {
  'app.name': 'Abhyas',
  'app.title': 'Abhyas — MCQ अभ्यास, मॉक टेस्ट और प्रतियोगिताएँ',
  'app.pageTitle': '{page} · Abhyas',
  'app.homeLink': 'Abhyas होम पेज',

  'shell.loading': 'लोड हो रहा है…',
  'shell.skipToContent': 'मुख्य सामग्री पर जाएँ',
  'shell.pageLoading': 'पेज लोड हो रहा है',
  'shell.notifications': 'सूचनाएँ',

  'nav.label': 'मुख्य',
  'language.label': 'भाषा',
  'nav.home': 'होम',
  'nav.signIn': 'साइन इन करें',
  'nav.register': 'रजिस्टर करें',
  'nav.account': 'खाता',
  'nav.profileLink': '{name} — आपकी प्रोफ़ाइल',
  'nav.signOut': 'साइन आउट करें',
  'nav.practice': 'अभ्यास',
  'nav.tests': 'टेस्ट',
  'nav.topics': 'विषय',
  'nav.blogs': 'ब्लॉग',
  'nav.contests': 'प्रतियोगिताएँ',
  'nav.editor': 'संपादक',
  'nav.menu': 'मेनू',
  'nav.notices': 'सूचनाएँ',
  'nav.noticesUnreadOne': 'सूचनाएँ, 1 अपठित',
  'nav.noticesUnread': 'सूचनाएँ, {count} अपठित',

  'ads.label': 'विज्ञापन',
  'ads.opensInNewTab': '(नए टैब में खुलता है)',

  'footer.tagline': 'Abhyas यानी “अभ्यास”। रोज़ थोड़ा-थोड़ा अभ्यास करें: बूँद-बूँद से ही घड़ा भरता है।',
  'footer.version': 'संस्करण {version}',
  'footer.copyright': '© {year} Abhyas',
  'footer.places': 'स्थानों के नाम',
  'footer.osm': '© OpenStreetMap योगदानकर्ता',

  'errors.network': 'सर्वर से संपर्क नहीं हो सका। अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें।',
  'errors.unexpectedResponse': 'सर्वर से अनपेक्षित जवाब मिला। कृपया फिर से कोशिश करें।',
  'errors.requestFailed': 'अनुरोध पूरा नहीं हो सका ({status})। कृपया फिर से कोशिश करें।',
  'errors.generic': 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  'errors.boundaryTitle': 'कुछ गड़बड़ हो गई',
  'errors.boundaryBody': 'एक अनपेक्षित त्रुटि के कारण यह पेज लोड नहीं हो सका। पेज दोबारा लोड करने से आमतौर पर यह ठीक हो जाता है।',
  'errors.reload': 'पेज दोबारा लोड करें',

  'form.errorSummary': 'कृपया हाइलाइट किए गए फ़ील्ड ठीक करें।',
  'form.percent': '{percent}%',

  'auth.signOut.button': 'साइन आउट करें',

  'toast.signedOut': 'साइन आउट हो गया',

  'profile.fetchFailed': 'Failed to fetch profile',
  'profile.retry': 'फिर से कोशिश करें',

  'language.en': 'English',
  'language.hi': 'हिन्दी',

  'content.readingTime': '{minutes} मिनट में पढ़ें',
  'format.hoursMinutes': '{h} घंटे {m} मिनट',
  'format.minutesSeconds': '{m} मिनट {s} सेकंड',
  'format.seconds': '{s} सेकंड',
  'content.fetchFailed': 'Failed to fetch blogs',
  'content.retry': 'फिर से कोशिश करें',
  'content.tags': 'टैग',
  'prose.code': 'कोड',
  'prose.formula': 'सूत्र',

  'difficulty.Beginner': 'शुरुआती',
  'difficulty.Intermediate': 'मध्यम',
  'difficulty.Advanced': 'उन्नत',

  'blogs.loading': 'ब्लॉग लोड हो रहे हैं…',
  'blogs.latest.title': 'नए ब्लॉग',
  'blogs.latest.all': 'सभी ब्लॉग',

  'topics.loading': 'विषय लोड हो रहे हैं…',
  'topics.pagination.label': 'पेज',
  'topics.pagination.previous': 'पिछला',
  'topics.pagination.next': 'अगला',
  'topics.pagination.status': 'पेज {page} / {pages}',
  'topics.featured.title': 'चुनिंदा विषय',
  'topics.featured.all': 'सभी विषय',

  'notFound.title': 'पेज नहीं मिला',
  'notFound.body': 'आप जिस पेज को खोज रहे हैं, वह मौजूद नहीं है या उसका पता बदल गया है।',
  'notFound.home': 'होम पेज पर जाएँ',

  'exam.retry': 'फिर से कोशिश करें',
  'exam.state.notVisited': 'नहीं देखा गया',
  'exam.state.notAnswered': 'उत्तर नहीं दिया',
  'exam.state.answered': 'उत्तर दिया',
  'exam.state.markedForReview': 'समीक्षा हेतु चिह्नित',
  'exam.state.answeredMarked': 'उत्तर दिया और समीक्षा हेतु चिह्नित',
  'exam.legend.count': '{count} प्रश्न',
  'exam.legend.countOne': '1 प्रश्न',
  'exam.keys.option': 'पहले से छठे तक कोई विकल्प चुनें (चेकबॉक्स से टिक हटाने के लिए दोबारा दबाएँ)',
  'exam.keys.saveNext': 'सहेजें और अगला',
  'exam.keys.markNext': 'समीक्षा हेतु चिह्नित करें और अगला',
  'exam.keys.clear': 'उत्तर मिटाएँ',
  'exam.keys.previous': 'पिछला प्रश्न',
  'exam.keys.sure': 'भरोसा: पक्का (वापस लेने के लिए दोबारा दबाएँ)',
  'exam.keys.fifty': 'भरोसा: 50-50',
  'exam.keys.guess': 'भरोसा: अनुमान',
  'exam.keys.palette': 'प्रश्न पैलेट पर जाएँ',
  'exam.keys.help': 'ये शॉर्टकट दिखाएँ',
  'exam.keys.paletteMove': 'पैलेट में आगे-पीछे जाएँ; Enter दबाने पर प्रश्न खुलता है',
  'exam.intro.back': 'सभी टेस्ट',
  'exam.intro.col.section': 'खंड',
  'exam.intro.legend': 'प्रश्न पैलेट',
  'exam.intro.keyboard': 'कीबोर्ड शॉर्टकट',
  'exam.intro.resume': 'जारी रखें',
} as const satisfies Words<'common'>;
