/** Image uploads on the admin pages: the Markdown "Insert image" and the image upload field. */
export default {
  'ads.image.upload': 'Upload an image',
  'ads.image.hint': 'PNG, JPEG, WebP or GIF, up to {limit} MB.',
  'ads.image.uploading': 'Uploading image…',
  'ads.image.failed': 'Could not upload the image. Please try again.',

  'editor.image.insert': 'Insert image',
  'editor.image.insertInto': 'Insert image into {field}',
  'editor.image.hint': 'PNG, JPEG, WebP or GIF, up to {limit} MB. Once it is in, describe the image between the square brackets.',
  'editor.image.uploading': 'Uploading image…',
  'editor.image.progress': 'Image upload progress',
  'editor.image.wrongType': 'This file is not a PNG, JPEG, WebP or GIF image.',
  'editor.image.tooLarge': 'This image is {size} MB; the limit is {limit} MB. Save it smaller and try again.',
  'editor.image.failed': 'Could not upload the image. Please try again.',
  'editor.image.defaultAlt': 'image',
} as const;
