import { AUDIT_KINDS, AUDIT_OBJECTS } from '@abhyas/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SectionHeader } from '@/components/admin/list-page-header';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { QueryError } from '@/components/ui/query-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { t } from '@/i18n/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useExportAudit } from '../api/export-audit';
import { useAudit } from '../api/get-audit';
import { AuditList } from '../components/audit-list';
import { kindWords } from '../utils/audit-words';
import { AUDIT_PAGE_SIZE, filtersFromParams, filtersToParams, type AuditFilters } from '../utils/audit-filters';

/** `/admin/audit` (admins): the audit trail, filtered by who, what, which object and which days, with its CSV export. */
export function AdminAuditPage() {
  useDocumentTitle(`${t('editor.title')} · ${t('audit.title')}`);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [actor, setActor] = useState(filters.actor);
  const [objectId, setObjectId] = useState(filters.objectId);
  const typedActor = useDebouncedValue(actor, 300);
  const typedObjectId = useDebouncedValue(objectId, 300);
  const audit = useAudit(filters);
  const exporter = useExportAudit();

  function update(patch: Partial<AuditFilters>) {
    setParams(filtersToParams({ ...filters, page: 1, ...patch }), { replace: patch.page === undefined });
  }

  useEffect(() => {
    if (typedActor.trim() !== filters.actor || typedObjectId.trim() !== filters.objectId) update({ actor: typedActor, objectId: typedObjectId });
    // Only settled text boxes change the address; the filters follow from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typedActor, typedObjectId]);

  const page = audit.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / AUDIT_PAGE_SIZE)) : 1;

  return (
    <div className="flex flex-col gap-6">
      <SectionHeader title={t('audit.title')} intro={t('audit.intro')}>
        <Button variant="secondary" onClick={() => exporter.mutate(filters)} disabled={exporter.isPending}>
          {exporter.isPending ? t('audit.exporting') : t('audit.export')}
        </Button>
      </SectionHeader>

      <div role="search" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField label={t('audit.actor')} hint={t('audit.actorHint')} type="search" value={actor} onChange={(e) => setActor(e.target.value)} autoComplete="off" />
        <SelectField
          label={t('audit.kind')}
          value={filters.kind}
          onChange={(e) => update({ kind: e.target.value as AuditFilters['kind'] })}
          options={[{ value: '', label: t('audit.allKinds') }, ...AUDIT_KINDS.map((kind) => ({ value: kind, label: kindWords(kind) }))]}
        />
        <SelectField
          label={t('audit.objectType')}
          value={filters.objectType}
          onChange={(e) => update({ objectType: e.target.value as AuditFilters['objectType'] })}
          options={[{ value: '', label: t('audit.allObjects') }, ...AUDIT_OBJECTS.map((type) => ({ value: type, label: t(`audit.object.${type}`) }))]}
        />
        <TextField label={t('audit.objectId')} type="search" value={objectId} onChange={(e) => setObjectId(e.target.value)} autoComplete="off" />
        <TextField label={t('audit.from')} type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => update({ from: e.target.value })} />
        <TextField label={t('audit.to')} type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => update({ to: e.target.value })} />
      </div>

      {audit.isError && <QueryError message={t('audit.fetchFailed')} retryLabel={t('content.retry')} onRetry={() => void audit.refetch()} retrying={audit.isFetching} />}
      {audit.isPending && (
        <p role="status" className="flex items-center gap-3 text-slate-600 dark:text-slate-400">
          <Spinner />
          {t('audit.loading')}
        </p>
      )}

      {page && (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {t('audit.count', { count: page.total })}
          </p>
          {page.data.length > 0 ? (
            <AuditList
              events={page.data}
              onObject={(event) => {
                setObjectId(event.object.id ?? '');
                update({ objectType: event.object.type, objectId: event.object.id ?? '' });
              }}
            />
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 px-5 py-10 text-center text-slate-600 dark:border-slate-700 dark:text-slate-400">{t('audit.none')}</p>
          )}
          {pages > 1 && <Pagination page={filters.page} pages={pages} onPage={(p) => update({ page: p })} busy={audit.isFetching} />}
        </>
      )}
    </div>
  );
}
