import type { Words } from '../catalogues';

/**
 * Challenges to an attempt's answer key and reports of problems with questions, as the candidate
 * sends and follows them: on a review, in practice, on the profile and on `/me/challenges`.
 */
export default {
  'challenges.reason.wrong_key': 'उत्तर कुंजी गलत है',
  'challenges.reason.multiple_correct': 'एक से अधिक विकल्प सही हैं',
  'challenges.reason.no_correct': 'कोई भी विकल्प सही नहीं है',
  'challenges.reason.error_in_question': 'प्रश्न में त्रुटि है',
  'challenges.reason.other': 'कुछ और',

  'challenges.dialog.reason': 'क्या गलत है?',
  'challenges.dialog.reasonRequired': 'चुनें कि क्या गलत है।',
  'challenges.dialog.comment': 'टिप्पणी (वैकल्पिक)',
  'challenges.dialog.commentHint': 'आप ऐसा क्यों मानते हैं, जैसे कौन-सा उत्तर सही है और किस आधार पर। अधिकतम {max} अक्षर।',
  'challenges.dialog.cancel': 'रद्द करें',
  'challenges.dialog.sending': 'भेजा जा रहा है…',

  'challenges.challenge.button': 'उत्तर कुंजी को चुनौती दें',
  'challenges.challenge.title': 'प्रश्न {number} की उत्तर कुंजी को चुनौती दें',
  'challenges.challenge.intro': 'कुंजी अंतिम होने से पहले संपादक हर चुनौती की समीक्षा करते हैं। अगर वे कुंजी संशोधित करते हैं, तो सभी प्रयासों का पुनर्मूल्यांकन होता है और जिस उम्मीदवार का स्कोर बदलता है, उसे सूचना दी जाती है।',
  'challenges.challenge.submit': 'चुनौती भेजें',
  'challenges.challenge.failed': 'आपकी चुनौती भेजी नहीं जा सकी। कृपया फिर से प्रयास करें।',

  'challenges.report.button': 'इस प्रश्न में समस्या बताएँ',
  'challenges.report.title': 'इस प्रश्न में समस्या बताएँ',
  'challenges.report.intro': 'संपादक हर रिपोर्ट पढ़ते हैं और आपकी सूचनाओं में आपको जवाब देते हैं।',
  'challenges.report.submit': 'रिपोर्ट भेजें',
  'challenges.report.failed': 'आपकी रिपोर्ट भेजी नहीं जा सकी। कृपया फिर से प्रयास करें।',

  'challenges.window.open': 'आप {date} तक उत्तर कुंजी को चुनौती दे सकते हैं',
  'challenges.window.openAlways': 'आप किसी भी प्रश्न की उत्तर कुंजी को चुनौती दे सकते हैं',
  'challenges.window.openHint': 'क्या आपको लगता है कि कोई कुंजी गलत है? प्रश्न के नीचे “उत्तर कुंजी को चुनौती दें” चुनें। अगर संपादक कुंजी संशोधित करते हैं, तो सभी प्रयासों का पुनर्मूल्यांकन होगा और आपका स्कोर बदल सकता है।',
  'challenges.window.closedTitle': 'उत्तर कुंजी पर चुनौतियाँ बंद हैं',
  'challenges.window.closed': 'इस प्रयास की उत्तर कुंजी को चुनौती नहीं दी जा सकती।',
  'challenges.window.closedHint': 'आप अब भी किसी प्रश्न में समस्या बता सकते हैं।',
  'challenges.window.fetchFailed': 'आपकी चुनौतियाँ लोड नहीं हो सकीं',
  'challenges.retry': 'फिर से प्रयास करें',

  'challenges.state.open': 'संपादकों के जवाब की प्रतीक्षा',
  'challenges.state.resolved': 'जवाब मिला',
  'challenges.status.challengeSent': '{date} को चुनौती भेजी गई',
  'challenges.status.reportSent': '{date} को रिपोर्ट भेजी गई',
  'challenges.status.yourChallenge': 'आपकी चुनौती: {reason}।',
  'challenges.status.yourReport': 'आपकी रिपोर्ट: {reason}।',
  'challenges.status.comment': 'आपने लिखा: “{comment}”',
  'challenges.status.waitingChallenge': 'कुंजी अंतिम होने से पहले संपादक इस पर निर्णय लेंगे; उनका जवाब आपको यहाँ और अपनी सूचनाओं में मिलेगा।',
  'challenges.status.waitingReport': 'संपादकों का जवाब आपको यहाँ और अपनी सूचनाओं में मिलेगा।',
  'challenges.status.reply': 'संपादक का जवाब: {reply}',
  'challenges.status.resolvedOn': '{date} को जवाब मिला',
  'challenges.resolution.kept': 'कुंजी यथावत: संपादकों ने जाँच की, कुंजी पहले जैसी ही रहेगी।',
  'challenges.resolution.changed': 'कुंजी बदली गई: संशोधित कुंजी के अनुसार प्रश्न का पुनर्मूल्यांकन किया गया।',
  'challenges.resolution.accepted': 'एक से अधिक विकल्प मान्य: प्रश्न का पुनर्मूल्यांकन किया गया।',
  'challenges.resolution.dropped': 'प्रश्न रद्द: सभी को पूरे अंक दिए गए।',
  'challenges.resolution.bonus': 'बोनस: जिन्होंने भी इस प्रश्न का उत्तर दिया, उन सभी को पूरे अंक दिए गए।',
  'challenges.resolution.fixed': 'ठीक किया गया: प्रश्न में सुधार कर दिया गया।',
  'challenges.resolution.dismissed': 'अस्वीकृत: संपादकों को इसमें बदलने लायक कुछ नहीं मिला।',

  'challenges.mine.link': 'मेरी चुनौतियाँ और रिपोर्ट',
  'challenges.mine.title': 'मेरी चुनौतियाँ और रिपोर्ट',
  'challenges.mine.intro': 'उत्तर कुंजियों और प्रश्नों के बारे में आपने जो भेजा, और उस पर संपादकों का निर्णय।',
  'challenges.mine.loading': 'आपकी चुनौतियाँ और रिपोर्ट लोड हो रही हैं…',
  'challenges.mine.fetchFailed': 'आपकी चुनौतियाँ और रिपोर्ट लोड नहीं हो सकीं',
  'challenges.mine.empty': 'आपने अभी तक न किसी उत्तर कुंजी को चुनौती दी है, न कोई समस्या बताई है। आप यह किसी टेस्ट के उत्तरों से या अभ्यास के दौरान कर सकते हैं।',
  'challenges.mine.count': 'कुल {count}, इनमें से {waiting} पर संपादकों के जवाब की प्रतीक्षा है।',
  'challenges.mine.kind.challenge': 'चुनौती',
  'challenges.mine.kind.report': 'रिपोर्ट',
  'challenges.mine.question': '{test} का प्रश्न {number}',
  'challenges.mine.practice': 'अभ्यास का एक प्रश्न',
  'challenges.mine.openReview': 'इस प्रयास के उत्तर देखें',

  'challenges.card.title': 'चुनौतियाँ और रिपोर्ट',
  'challenges.card.body': 'उत्तर कुंजियों पर अपनी चुनौतियों और प्रश्नों में बताई गई समस्याओं की स्थिति देखें।',
} as const satisfies Words<'challenges'>;
