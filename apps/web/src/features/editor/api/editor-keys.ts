/**
 * Query and mutation keys for the editor's views of blogs and topics (every status) and the preview.
 * The app invalidates the public blog and topic caches after any mutation under `editorKeys.all`.
 */
export const editorKeys = {
  all: ['editor'] as const,
  blogs: () => [...editorKeys.all, 'blogs'] as const,
  blog: (id: string) => [...editorKeys.blogs(), id] as const,
  topics: () => [...editorKeys.all, 'topics'] as const,
  topic: (id: string) => [...editorKeys.topics(), id] as const,
  settings: () => [...editorKeys.all, 'settings'] as const,
  preview: (content: string) => [...editorKeys.all, 'preview', content] as const,
  createBlog: () => [...editorKeys.all, 'create-blog'] as const,
  updateBlog: () => [...editorKeys.all, 'update-blog'] as const,
  publishBlog: () => [...editorKeys.all, 'publish-blog'] as const,
  deleteBlog: () => [...editorKeys.all, 'delete-blog'] as const,
  createTopic: () => [...editorKeys.all, 'create-topic'] as const,
  updateTopic: () => [...editorKeys.all, 'update-topic'] as const,
  publishTopic: () => [...editorKeys.all, 'publish-topic'] as const,
  deleteTopic: () => [...editorKeys.all, 'delete-topic'] as const,
};
