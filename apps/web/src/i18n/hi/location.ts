import type { Words } from '../catalogues';

/** The location line under the header. In the main bundle, with the shell that shows it. */
export default {
  'location.label': 'आपका स्थान:',
  'location.detecting': 'स्थान पता किया जा रहा है…',
  'location.unsupported': 'Location not supported',
  'location.denied': 'Location not enabled',
  'location.error': 'Location fetch error',
} as const satisfies Words<'location'>;
