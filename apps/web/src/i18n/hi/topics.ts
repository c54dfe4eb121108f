import type { Words } from '../catalogues';

/** The topic list with its search and filters, and a topic's page. */
export default {
  'content.updating': 'अपडेट हो रहा है…',

  'topics.title': 'विषय',
  'topics.intro': 'हर परीक्षा के लिए अध्ययन नोट्स, बुनियादी सिद्धांतों से लेकर शॉर्टकट तक। श्रेणी, कठिनाई या टैग से फ़िल्टर करें।',
  'topics.filters': 'विषय फ़िल्टर करें',
  'topics.search.label': 'विषय खोजें',
  'topics.search.placeholder': 'शीर्षक, सारांश या सामग्री',
  'topics.category.label': 'श्रेणी',
  'topics.difficulty.label': 'कठिनाई',
  'topics.filter.all': 'सभी',
  'topics.tags.label': 'टैग',
  'topics.tags.more': 'और टैग ({count})',
  'topics.tags.fewer': 'कम टैग',
  'topics.clearFilters': 'फ़िल्टर हटाएँ',
  'topics.count.one': '1 विषय',
  'topics.count.other': '{count} विषय',
  'topics.empty.title': 'आपके फ़िल्टर से कोई विषय नहीं मिला',
  'topics.empty.body': 'दूसरे शब्दों से खोजें, या सभी विषय देखने के लिए फ़िल्टर हटाएँ।',
  'topics.emptyAll': 'अभी कोई विषय नहीं है। जल्द ही फिर देखें।',
  'topics.back': 'सभी विषयों पर वापस जाएँ',
  'topics.loadingArticle': 'विषय लोड हो रहा है…',
} as const satisfies Words<'topics'>;
