/** The blog list and a blog's page. */
export default {
  'content.byAuthor': 'By {author}',

  'blogs.title': 'Blogs',
  'blogs.intro': 'Study notes, exam news and strategy articles from educators, easy to read on the go.',
  'blogs.empty': 'No blogs yet. Check back soon.',
  'blogs.back': 'Back to blogs',
  'blogs.loadingArticle': 'Loading article…',
} as const;
