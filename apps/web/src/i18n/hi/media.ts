import type { Words } from '../catalogues';

/** Image uploads on the admin pages: the Markdown "Insert image" and the image upload field. */
export default {
  'ads.image.upload': 'इमेज अपलोड करें',
  'ads.image.hint': 'PNG, JPEG, WebP या GIF, अधिकतम {limit} MB।',
  'ads.image.uploading': 'इमेज अपलोड हो रही है…',
  'ads.image.failed': 'इमेज अपलोड नहीं हो सकी। कृपया फिर से प्रयास करें।',

  'editor.image.insert': 'इमेज जोड़ें',
  'editor.image.insertInto': '{field} में इमेज जोड़ें',
  'editor.image.hint': 'PNG, JPEG, WebP या GIF, अधिकतम {limit} MB। इमेज जुड़ जाने के बाद वर्ग कोष्ठक [ ] के बीच उसका विवरण लिखें।',
  'editor.image.uploading': 'इमेज अपलोड हो रही है…',
  'editor.image.progress': 'इमेज अपलोड की प्रगति',
  'editor.image.wrongType': 'यह फ़ाइल PNG, JPEG, WebP या GIF इमेज नहीं है।',
  'editor.image.tooLarge': 'यह इमेज {size} MB की है; अधिकतम सीमा {limit} MB है। इसे छोटे आकार में सहेजकर फिर से प्रयास करें।',
  'editor.image.failed': 'इमेज अपलोड नहीं हो सकी। कृपया फिर से प्रयास करें।',
  'editor.image.defaultAlt': 'इमेज',
} as const satisfies Words<'media'>;
