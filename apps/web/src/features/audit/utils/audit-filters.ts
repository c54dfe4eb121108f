import { AUDIT_KINDS, AUDIT_OBJECTS, type AuditKind, type AuditObject } from '@abhyas/contracts';

export const AUDIT_PAGE_SIZE = 50;

/** What the audit page shows: who, what kind of change, which object, which days, which page; kept in the address bar. */
export interface AuditFilters {
  actor: string;
  kind: AuditKind | '';
  objectType: AuditObject | '';
  objectId: string;
  /** Days as `YYYY-MM-DD`, in the viewer's zone; `to` is included. */
  from: string;
  to: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const kind = params.get('kind') ?? '';
  const objectType = params.get('objectType') ?? '';
  const page = Number(params.get('page'));
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    actor: params.get('actor') ?? '',
    kind: (AUDIT_KINDS as readonly string[]).includes(kind) ? (kind as AuditKind) : '',
    objectType: (AUDIT_OBJECTS as readonly string[]).includes(objectType) ? (objectType as AuditObject) : '',
    objectId: params.get('objectId') ?? '',
    from: day('from'),
    to: day('to'),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function filtersToParams(f: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.actor.trim()) params.set('actor', f.actor.trim());
  if (f.kind) params.set('kind', f.kind);
  if (f.objectType) params.set('objectType', f.objectType);
  if (f.objectId.trim()) params.set('objectId', f.objectId.trim());
  if (f.from) params.set('from', f.from);
  if (f.to) params.set('to', f.to);
  if (f.page > 1) params.set('page', String(f.page));
  return params;
}

/** The start of a day in the viewer's zone, as the instant the API takes. */
const startOfDay = (day: string, plusDays = 0): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
};

/** The API's query string: the days become instants (to the end of `to`), and one page of AUDIT_PAGE_SIZE unless for the export. */
export function auditQueryString(f: AuditFilters, forExport = false): string {
  const params = filtersToParams(f);
  params.delete('from');
  params.delete('to');
  params.delete('page');
  if (f.from) params.set('from', startOfDay(f.from));
  if (f.to) params.set('to', startOfDay(f.to, 1));
  if (!forExport) {
    params.set('page', String(f.page));
    params.set('pageSize', String(AUDIT_PAGE_SIZE));
  }
  return params.toString();
}
