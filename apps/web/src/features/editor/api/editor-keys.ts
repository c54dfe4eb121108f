/**
 * Query and mutation keys for the editor's views of blogs and topics (every status). The app
 * refreshes the public blog and topic caches after any mutation under `editorKeys.all`, and what
 * lists topics elsewhere after any mutation under `editorKeys.topics()`.
 */
export const editorKeys = {
  all: ['editor'] as const,
  blogs: () => [...editorKeys.all, 'blogs'] as const,
  blog: (id: string) => [...editorKeys.blogs(), id] as const,
  topics: () => [...editorKeys.all, 'topics'] as const,
  topic: (id: string) => [...editorKeys.topics(), id] as const,
  createBlog: () => [...editorKeys.blogs(), 'create'] as const,
  updateBlog: () => [...editorKeys.blogs(), 'update'] as const,
  publishBlog: () => [...editorKeys.blogs(), 'publish'] as const,
  deleteBlog: () => [...editorKeys.blogs(), 'delete'] as const,
  createTopic: () => [...editorKeys.topics(), 'create'] as const,
  updateTopic: () => [...editorKeys.topics(), 'update'] as const,
  publishTopic: () => [...editorKeys.topics(), 'publish'] as const,
  deleteTopic: () => [...editorKeys.topics(), 'delete'] as const,
};
