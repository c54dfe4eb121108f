import type { BlogListItem } from '@abhyas/contracts';
import { BlogCard } from './blog-card';

/** Blog cards in a responsive grid: one column on phones, up to three on wide screens. */
export function BlogGrid({ blogs, headingLevel = 2 }: { blogs: readonly BlogListItem[]; headingLevel?: 2 | 3 }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {blogs.map((blog) => (
        <li key={blog.id}>
          <BlogCard blog={blog} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
