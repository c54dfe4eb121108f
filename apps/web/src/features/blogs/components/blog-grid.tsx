import type { BlogListItem } from '@abhyas/contracts';
import { BlogCard } from './blog-card';

/**
 * Blog cards in a responsive grid: one column on phones, up to three on wide screens. `lead`: the
 * grid opens the page, so the first cover is the largest image in view and loads at once.
 */
export function BlogGrid({ blogs, headingLevel = 2, lead = false }: { blogs: readonly BlogListItem[]; headingLevel?: 2 | 3; lead?: boolean }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {blogs.map((blog, index) => (
        <li key={blog.id}>
          <BlogCard blog={blog} headingLevel={headingLevel} lazyCover={!(lead && index === 0)} />
        </li>
      ))}
    </ul>
  );
}
