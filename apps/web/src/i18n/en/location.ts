/** The location line under the header. In the main bundle, with the shell that shows it. */
export default {
  'location.label': 'Your location:',
  'location.detecting': 'Detecting location…',
  'location.unsupported': 'Location not supported',
  'location.denied': 'Location not enabled',
  'location.error': 'Location fetch error',
} as const;
