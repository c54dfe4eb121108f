import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { blogKeys } from '@/features/blogs/api/blog-keys';
import { editorKeys } from '@/features/editor/api/editor-keys';
import { questionKeys } from '@/features/question-bank/api/question-keys';
import { useShellStore } from '@/stores/shell-store';
import { createQueryClient } from './query-client';

const loading = () => useShellStore.getState().loading;

/** Starts a mutation whose answer the test gives later. */
function start(client: QueryClient, meta?: { loader?: boolean }) {
  let succeed!: () => void;
  let fail!: () => void;
  const answer = new Promise<string>((resolve, reject) => {
    succeed = () => resolve('done');
    fail = () => reject(new Error('refused'));
  });
  const observer = new MutationObserver(client, { mutationFn: () => answer, ...(meta ? { meta } : {}) });
  const settled = observer.mutate().then(
    () => undefined,
    () => undefined,
  );
  return {
    succeed: async () => {
      succeed();
      await settled;
    },
    fail: async () => {
      fail();
      await settled;
    },
  };
}

let client: QueryClient;

beforeEach(() => {
  useShellStore.setState({ loading: false });
  client = createQueryClient();
});

describe('the loader overlay and mutations', () => {
  it('shows while a mutation marked `loader` runs, and hides when it succeeds', async () => {
    const save = start(client, { loader: true });
    await Promise.resolve();
    expect(loading()).toBe(true);
    await save.succeed();
    expect(loading()).toBe(false);
  });

  it('hides when the marked mutation fails', async () => {
    const save = start(client, { loader: true });
    await Promise.resolve();
    expect(loading()).toBe(true);
    await save.fail();
    expect(loading()).toBe(false);
  });

  it('never shows for a mutation without the mark', async () => {
    const upload = start(client);
    await Promise.resolve();
    expect(loading()).toBe(false);
    await upload.succeed();
    expect(loading()).toBe(false);
  });

  it('stays up until the last of two marked mutations settles', async () => {
    const first = start(client, { loader: true });
    const second = start(client, { loader: true });
    const unmarked = start(client);
    await first.succeed();
    expect(loading()).toBe(true);
    await unmarked.fail();
    expect(loading()).toBe(true);
    await second.fail();
    expect(loading()).toBe(false);
  });
});

describe('what an editor mutation refreshes elsewhere', () => {
  const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

  function seed() {
    client.setQueryData(blogKeys.list(), []);
    client.setQueryData(questionKeys.topicChoices(), []);
  }

  it('marks the public blogs stale after a blog change, and leaves the topics a question links to', async () => {
    seed();
    await new MutationObserver(client, { mutationKey: editorKeys.updateBlog(), mutationFn: async () => 'saved' }).mutate();
    expect(invalidated(blogKeys.list())).toBe(true);
    expect(invalidated(questionKeys.topicChoices())).toBe(false);
  });

  it('refreshes the topics a question can link to after a topic change', async () => {
    seed();
    await new MutationObserver(client, { mutationKey: editorKeys.createTopic(), mutationFn: async () => 'saved' }).mutate();
    expect(invalidated(questionKeys.topicChoices())).toBe(true);
  });
});
