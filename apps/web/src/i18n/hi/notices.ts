import type { Words } from '../catalogues';

/** Notices: what the platform tells a person about their own results, challenges and reports (`/notices`). */
export default {
  'notices.title': 'सूचनाएँ',
  'notices.loading': 'आपकी सूचनाएँ लोड हो रही हैं…',
  'notices.fetchFailed': 'आपकी सूचनाएँ लोड नहीं हो सकीं',
  'notices.retry': 'फिर से कोशिश करें',
  'notices.empty': 'अभी कोई सूचना नहीं है। जब आपका कोई स्कोर बदलेगा या संपादक आपकी चुनौती या आपकी बताई समस्या का जवाब देंगे, तो उसकी सूचना यहाँ दिखेगी।',
  'notices.allRead': 'आपने सभी सूचनाएँ पढ़ ली हैं।',
  'notices.unreadOne': '1 अपठित सूचना।',
  'notices.unread': '{count} अपठित सूचनाएँ।',
  'notices.markAllRead': 'सभी को पढ़ा हुआ चिह्नित करें',
  'notices.markFailed': 'सूचनाओं को पढ़ा हुआ चिह्नित नहीं किया जा सका। कृपया फिर से कोशिश करें।',
  'notices.new': 'नई',
  'notices.open': 'देखें',
  'notices.reply': 'संपादक का जवाब: {reply}',
  'notices.scoreChanged': '{test} में आपका स्कोर {from} से बदलकर {to} हो गया है: प्रश्न {question} की उत्तर कुंजी संशोधित की गई ({note})।',
  'notices.challengeAnswered': '{test} के प्रश्न {question} पर आपकी चुनौती का जवाब दिया गया: {outcome}।',
  'notices.challengeAnsweredTest': '{test} पर आपकी चुनौती का जवाब दिया गया: {outcome}।',
  'notices.reportAnswered': '“{excerpt}” के बारे में बताई गई आपकी समस्या का जवाब दिया गया: {outcome}।',
  'notices.resolution.kept': 'उत्तर कुंजी जाँची गई और पहले जैसी ही रहेगी',
  'notices.resolution.changed': 'उत्तर कुंजी बदली गई और प्रश्न का पुनर्मूल्यांकन किया गया',
  'notices.resolution.accepted': 'अब एक से अधिक विकल्प सही माने जाएँगे',
  'notices.resolution.dropped': 'प्रश्न हटा दिया गया और सभी को पूरे अंक दिए गए',
  'notices.resolution.bonus': 'प्रश्न को बोनस माना गया और उत्तर देने वाले सभी को पूरे अंक दिए गए',
  'notices.resolution.fixed': 'प्रश्न को सुधार दिया गया',
  'notices.resolution.dismissed': 'संपादकों को कुछ बदलने की ज़रूरत नहीं लगी',
} as const satisfies Words<'notices'>;
