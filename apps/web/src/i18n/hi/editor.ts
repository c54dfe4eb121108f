import type { Words } from '../catalogues';

/** The editors' blog and topic pages: lists and forms. */
export default {
  'editor.blogs.intro': 'ब्लॉग पोस्ट लिखें, प्रकाशित करें और पुरानी पोस्ट संग्रहीत करें। ड्राफ़्ट केवल यहीं दिखते हैं।',
  'editor.blogs.new': 'नया ब्लॉग',
  'editor.blogs.empty': 'अभी कोई ब्लॉग नहीं है। पहला ब्लॉग लिखें।',
  'editor.blogs.back': 'सभी ब्लॉग',
  'editor.blogs.newTitle': 'नया ब्लॉग',
  'editor.blogs.editTitle': 'ब्लॉग संपादित करें',
  'editor.topics.intro': 'विषय लिखें, प्रकाशित करें और पुराने विषय संग्रहीत करें। ड्राफ़्ट केवल यहीं दिखते हैं।',
  'editor.topics.new': 'नया विषय',
  'editor.topics.empty': 'अभी कोई विषय नहीं है। पहला विषय लिखें।',
  'editor.topics.back': 'सभी विषय',
  'editor.topics.newTitle': 'नया विषय',
  'editor.topics.editTitle': 'विषय संपादित करें',
  'editor.field.excerpt': 'अंश',
  'editor.field.excerptHint': 'सूचियों और लिंक पूर्वावलोकन के लिए एक-दो वाक्य। खाली छोड़ने पर सामग्री की शुरुआत ली जाएगी।',
  'editor.field.summary': 'सारांश',
  'editor.field.summaryHint': 'सूचियों के लिए एक-दो वाक्य। खाली छोड़ने पर सामग्री की शुरुआत ली जाएगी।',
  'editor.field.cover': 'कवर इमेज का URL',
  'editor.field.coverHint': 'https:// वाला पता या इस साइट का कोई पाथ; इमेज 1200 × 630 आकार में दिखती है।',
  'editor.field.category': 'श्रेणी',
  'editor.field.categoryHint': 'सूची से चुनें या अपनी श्रेणी लिखें।',
  'editor.field.difficulty': 'कठिनाई',
  'editor.field.order': 'क्रम',
  'editor.field.orderHint': 'कम संख्या वाले सूचियों में पहले आते हैं।',
  'editor.field.content': 'सामग्री (Markdown)',
} as const satisfies Words<'editor'>;
