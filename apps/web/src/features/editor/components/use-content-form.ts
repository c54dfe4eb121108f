import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { t } from '@/i18n/i18n';
import { useSchemaForm } from '@/lib/use-schema-form';

// A 409 CONFLICT ("A blog/topic with this slug already exists") belongs under the slug field, and
// a 409 TRANSLATION_TAKEN (the other article already has a version in this language) under the link.
const CONFLICT_FIELDS = { CONFLICT: 'slug', TRANSLATION_TAKEN: 'translationOf' };

type Mutation<Vars, Result> = { mutate: (vars: Vars, options: { onSuccess?: (r: Result) => void; onError: (e: unknown) => void }) => void; isPending: boolean };

/**
 * The state and submission shared by the blog and topic forms: title and content feed the live
 * preview; a valid form creates a draft or updates the item being edited.
 */
export function useContentForm<S extends z.ZodType, Item extends { id: string; title: string; content: string }>(options: {
  schema: S;
  prepare: (values: Record<string, string>) => unknown;
  item: Item | undefined;
  create: Mutation<z.output<S>, Item>;
  update: Mutation<{ id: string; patch: z.output<S> }, Item>;
  onCreated: ((created: Item) => void) | undefined;
}) {
  const { item, create, update, onCreated } = options;
  const [title, setTitle] = useState(item?.title ?? '');
  const [content, setContent] = useState(item?.content ?? '');
  const form = useSchemaForm(options.schema, {
    prepare: options.prepare,
    onValid: (data, formElement) => {
      const onError = (error: unknown) => {
        toast.error(form.showRequestError(formElement, error, t('editor.saveFailed'), CONFLICT_FIELDS));
      };
      if (item) update.mutate({ id: item.id, patch: data }, { onError });
      else create.mutate(data, { ...(onCreated ? { onSuccess: onCreated } : {}), onError });
    },
  });
  return { ...form, title, setTitle, content, setContent, saving: create.isPending || update.isPending };
}
