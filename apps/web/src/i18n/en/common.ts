/**
 * The shell's words (header, footer, errors, page titles, the not-found page), those of the shared
 * components and lib/, the pieces other features put in the shell or on the home page (the ad banner,
 * sign-out, the newest blogs, the featured topics), and words several features share. In the main bundle.
 */
export default {
  'app.name': 'Abhyas',
  'app.title': 'Abhyas — MCQ practice, mock tests and contests',
  'app.pageTitle': '{page} · Abhyas',
  'app.homeLink': 'Abhyas home',

  'shell.loading': 'Loading…',
  'shell.skipToContent': 'Skip to main content',
  'shell.pageLoading': 'Loading page',
  'shell.notifications': 'Notifications',

  'nav.label': 'Main',
  'nav.home': 'Home',
  'nav.signIn': 'Sign in',
  'nav.register': 'Register',
  'nav.account': 'Account',
  'nav.profileLink': '{name} — your profile',
  'nav.signOut': 'Sign out',
  'nav.practice': 'Practice',
  'nav.tests': 'Tests',
  'nav.topics': 'Topics',
  'nav.blogs': 'Blogs',
  'nav.contests': 'Contests',
  'nav.editor': 'Editor',
  'nav.menu': 'Menu',

  'ads.label': 'Advertisement',
  'ads.opensInNewTab': '(opens in a new tab)',

  'footer.tagline': 'Abhyas means “practice”. A little every day adds up.',
  'footer.version': 'Version {version}',
  'footer.copyright': '© {year} Abhyas',
  'footer.places': 'Place names',
  'footer.osm': '© OpenStreetMap contributors',

  'errors.network': 'Could not reach the server. Check your connection and try again.',
  'errors.unexpectedResponse': 'The server sent an unexpected response. Please try again.',
  'errors.requestFailed': 'Request failed ({status}). Please try again.',
  'errors.generic': 'Something went wrong. Please try again.',
  'errors.boundaryTitle': 'Something went wrong',
  'errors.boundaryBody': 'An unexpected error stopped this page from loading. Reloading usually fixes it.',
  'errors.reload': 'Reload page',

  'form.errorSummary': 'Please correct the highlighted fields.',
  'form.percent': '{percent}%',

  'auth.signOut.button': 'Sign out',

  'toast.signedOut': 'Signed out',

  'profile.fetchFailed': 'Failed to fetch profile',
  'profile.retry': 'Try again',

  'language.en': 'English',
  'language.hi': 'हिन्दी',

  'content.readingTime': '{minutes} min read',
  'format.hoursMinutes': '{h} h {m} min',
  'format.minutesSeconds': '{m} min {s} s',
  'format.seconds': '{s} s',
  'content.fetchFailed': 'Failed to fetch blogs',
  'content.retry': 'Try again',
  'content.tags': 'Tags',

  'difficulty.Beginner': 'Beginner',
  'difficulty.Intermediate': 'Intermediate',
  'difficulty.Advanced': 'Advanced',

  'blogs.loading': 'Loading blogs…',
  'blogs.latest.title': 'Latest from the blog',
  'blogs.latest.all': 'All blogs',

  'topics.loading': 'Loading topics…',
  'topics.pagination.label': 'Pages',
  'topics.pagination.previous': 'Previous',
  'topics.pagination.next': 'Next',
  'topics.pagination.status': 'Page {page} of {pages}',
  'topics.featured.title': 'Featured topics',
  'topics.featured.all': 'All topics',

  'notFound.title': 'Page not found',
  'notFound.body': 'The page you are looking for doesn’t exist or may have moved.',
  'notFound.home': 'Go to the home page',

  'exam.retry': 'Try again',
  'exam.state.notVisited': 'Not visited',
  'exam.state.notAnswered': 'Not answered',
  'exam.state.answered': 'Answered',
  'exam.state.markedForReview': 'Marked for review',
  'exam.state.answeredMarked': 'Answered and marked for review',
  'exam.legend.count': '{count} questions',
  'exam.legend.countOne': '1 question',
  'exam.keys.option': 'Choose the first to sixth option (press again to untick a checkbox)',
  'exam.keys.saveNext': 'Save & Next',
  'exam.keys.markNext': 'Mark for Review & Next',
  'exam.keys.clear': 'Clear Response',
  'exam.keys.previous': 'Previous question',
  'exam.keys.sure': 'Confidence: sure (press again to take it back)',
  'exam.keys.fifty': 'Confidence: 50-50',
  'exam.keys.guess': 'Confidence: guess',
  'exam.keys.palette': 'Go to the question palette',
  'exam.keys.help': 'Show these shortcuts',
  'exam.keys.paletteMove': 'Move within the palette; Enter opens the question',
  'exam.intro.back': 'All tests',
  'exam.intro.col.section': 'Section',
  'exam.intro.legend': 'The question palette',
  'exam.intro.keyboard': 'Keyboard shortcuts',
  'exam.intro.resume': 'Resume',
} as const;
