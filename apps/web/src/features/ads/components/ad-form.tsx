import { adInputSchema, type AdminAd } from '@abhyas/contracts';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { useImageControls } from '@/components/admin/image-controls';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { TextareaField } from '@/components/ui/textarea-field';
import { t } from '@/i18n/i18n';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useSaveAd } from '../api/save-ad';
import { formValuesOf, toAdInput, type AdFormValues } from '../utils/ad-form-values';
import { AdBanner } from './ad-banner';

const checkboxClasses = 'size-5 accent-indigo-600';

/** Creates or edits an ad, with the banner previewed exactly as candidates will see it. */
export function AdForm({ ad, onSaved }: { ad?: AdminAd; onSaved?: (saved: AdminAd) => void }) {
  const save = useSaveAd();
  const { ImageUploadField } = useImageControls();
  const [values, setValues] = useState<AdFormValues>(() => formValuesOf(ad));
  const set = <K extends keyof AdFormValues>(key: K, value: AdFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  // The entries live in state (the preview follows them); the schema checks them as the API will.
  const { errors, formError, handleSubmit, showRequestError } = useSchemaForm(adInputSchema, {
    prepare: () => toAdInput(values),
    onValid: (_parsed, form) =>
      save.mutate(
        { ...(ad ? { id: ad.id } : {}), input: toAdInput(values) },
        { ...(onSaved ? { onSuccess: onSaved } : {}), onError: (error) => void toast.error(showRequestError(form, error, t('editor.saveFailed'))) },
      ),
  });

  return (
    <form noValidate onSubmit={handleSubmit} className="grid gap-6 lg:grid-cols-2 lg:items-start">
      <div className="flex min-w-0 flex-col gap-5">
        {formError && (
          <Alert tone="error" role="alert">
            {formError}
          </Alert>
        )}
        <TextField name="title" label={t('ads.field.title')} hint={t('ads.field.titleHint')} value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} />
        <ImageUploadField onUploaded={(url) => set('imageUrl', url)} />
        <TextField name="imageUrl" label={t('ads.field.imageUrl')} hint={t('ads.field.imageUrlHint')} value={values.imageUrl} onChange={(e) => set('imageUrl', e.target.value)} error={errors.imageUrl} />
        <TextField name="targetUrl" label={t('ads.field.targetUrl')} hint={t('ads.field.targetUrlHint')} value={values.targetUrl} onChange={(e) => set('targetUrl', e.target.value)} error={errors.targetUrl} />

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">{t('ads.field.targeting')}</legend>
          <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800 dark:text-slate-200">
            <input type="radio" name="national" className={checkboxClasses} checked={values.national} onChange={() => set('national', true)} />
            {t('ads.targeting.national')}
          </label>
          <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800 dark:text-slate-200">
            <input type="radio" name="national" className={checkboxClasses} checked={!values.national} onChange={() => set('national', false)} />
            {t('ads.targeting.places')}
          </label>
          {!values.national && (
            <TextareaField
              name="targeting"
              label={t('ads.field.places')}
              hint={t('ads.field.placesHint')}
              value={values.places}
              onChange={(e) => set('places', e.target.value)}
              rows={3}
              inputMode="numeric"
              error={errors.targeting}
            />
          )}
          {values.national && errors.targeting && <p className="text-sm font-medium text-red-700 dark:text-red-400">{errors.targeting}</p>}
        </fieldset>

        <TextField name="weight" type="number" inputMode="numeric" min={1} max={100} label={t('ads.field.weight')} hint={t('ads.field.weightHint')} value={values.weight} onChange={(e) => set('weight', e.target.value)} error={errors.weight} />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="startsAt" type="datetime-local" label={t('ads.field.startsAt')} hint={t('ads.field.windowHint')} value={values.startsAt} onChange={(e) => set('startsAt', e.target.value)} error={errors.startsAt} />
          <TextField name="endsAt" type="datetime-local" label={t('ads.field.endsAt')} value={values.endsAt} onChange={(e) => set('endsAt', e.target.value)} error={errors.endsAt} />
        </div>
        <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800 dark:text-slate-200">
          <input type="checkbox" name="active" className={checkboxClasses} checked={values.active} onChange={(e) => set('active', e.target.checked)} />
          {t('ads.field.active')}
        </label>
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {t('editor.save')}
        </Button>
      </div>

      <section aria-labelledby="ad-preview" className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-28">
        <h2 id="ad-preview" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t('editor.preview.title')}
        </h2>
        {values.imageUrl.trim() ? (
          <AdBanner ad={{ title: values.title || t('ads.preview.untitled'), imageUrl: values.imageUrl.trim(), targetUrl: values.targetUrl.trim() || '#' }} />
        ) : (
          <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">{t('ads.preview.empty')}</p>
        )}
      </section>
    </form>
  );
}
