import type { AuditEvent } from '@abhyas/contracts';
import { Badge } from '@/components/ui/badge';
import { t } from '@/i18n/i18n';
import { formatTimestamp } from '@/lib/format';
import { kindWords } from '../utils/audit-words';

const roleLabel = (role: string): string => (role === 'candidate' || role === 'editor' || role === 'admin' ? t(`audit.role.${role}`) : role);

/** A field's value as a reader sees it: text as it is, anything else as JSON. */
const shown = (value: unknown): string => (value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

/** The fields a record changed, each as `field: before → after`. */
export function changeLines(event: Pick<AuditEvent, 'before' | 'after'>): { field: string; before: string; after: string }[] {
  const fields = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])];
  return fields.map((field) => ({ field, before: shown(event.before?.[field]), after: shown(event.after?.[field]) }));
}

/** The trail, newest first: when, who, what kind of change to which object, and the fields it changed; one card per record on phones. */
export function AuditList({ events, onObject }: { events: readonly AuditEvent[]; onObject: (event: AuditEvent) => void }) {
  return (
    <ol className="flex flex-col divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {events.map((event) => {
        const lines = changeLines(event);
        return (
          <li key={event.id} className="grid gap-3 p-4 md:grid-cols-[14rem_minmax(0,1fr)_minmax(0,1fr)] md:gap-6">
            <div className="flex min-w-0 flex-col gap-0.5 text-sm">
              <time dateTime={event.at} className="font-medium text-slate-900 dark:text-white">
                {formatTimestamp(event.at)}
              </time>
              {event.actor ? (
                <>
                  <span className="truncate text-slate-800 dark:text-slate-200">{event.actor.name}</span>
                  <span className="truncate text-xs text-slate-600 dark:text-slate-400">
                    {event.actor.email} · {roleLabel(event.actor.role)}
                  </span>
                </>
              ) : (
                <span className="text-slate-800 dark:text-slate-200">{t('audit.server')}</span>
              )}
            </div>
            <div className="flex min-w-0 flex-col items-start gap-1">
              <Badge tone="slate">{kindWords(event.kind)}</Badge>
              <p className="max-w-full break-words text-sm text-slate-800 dark:text-slate-200">
                <span className="font-medium">{t(`audit.object.${event.object.type}`)}</span>
                {': '}
                {event.object.label}
              </p>
              {event.object.id && (
                <button type="button" onClick={() => onObject(event)} className="min-h-11 text-sm font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900 dark:text-indigo-300">
                  {t('audit.showObject')}
                </button>
              )}
            </div>
            <div className="flex min-w-0 flex-col gap-1 text-sm">
              {lines.length > 0 ? (
                <dl className="flex flex-col gap-1">
                  {lines.map((line) => (
                    <div key={line.field} className="break-words">
                      <dt className="inline font-medium text-slate-700 dark:text-slate-300">{line.field}: </dt>
                      <dd className="inline text-slate-900 dark:text-slate-100">
                        <del className="text-rose-800 dark:text-rose-300">{line.before}</del> → <ins className="text-emerald-800 no-underline dark:text-emerald-300">{line.after}</ins>
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="text-slate-600 dark:text-slate-400">{t('audit.nothingShown')}</p>
              )}
              {event.requestId && <p className="break-all font-mono text-xs text-slate-600 dark:text-slate-400">{t('audit.request', { id: event.requestId })}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
