import type { Words } from '../catalogues';

/** The blog list and a blog's page. */
export default {
  'content.byAuthor': 'लेखक: {author}',

  'blogs.title': 'ब्लॉग',
  'blogs.intro': 'शिक्षकों के स्टडी नोट्स, परीक्षा से जुड़ी खबरें और रणनीति पर लेख, जिन्हें आप चलते-फिरते आसानी से पढ़ सकते हैं।',
  'blogs.empty': 'अभी कोई ब्लॉग नहीं है। जल्द ही फिर देखें।',
  'blogs.back': 'सभी ब्लॉग पर वापस जाएँ',
  'blogs.loadingArticle': 'लेख लोड हो रहा है…',
} as const satisfies Words<'blogs'>;
