import { ROLES, type Role, type User } from '@abhyas/contracts';
import { Badge } from '@/components/ui/badge';
import { t } from '@/i18n/i18n';
import { formatDate } from '@/lib/format';
import { AccommodationForm } from './accommodation-form';

export interface UsersTableProps {
  users: readonly User[];
  /** The signed-in admin, whose own role cannot be changed here. */
  selfId: string | undefined;
  onRoleChange: (user: User, role: Role) => void;
  /** The user whose role is being saved. */
  savingId: string | null;
  onAccommodationChange: (user: User, extraMinutesPerHour: number) => void;
  /** The user whose compensatory time is being saved. */
  savingAccommodationId: string | null;
}

const selectClasses =
  'min-h-11 rounded-lg border border-slate-400 bg-white px-2 text-base text-slate-900 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** Users with their role and compensatory time, which an admin can change from the row; a list of cards on phones. */
export function UsersTable({ users, selfId, onRoleChange, savingId, onAccommodationChange, savingAccommodationId }: UsersTableProps) {
  return (
    <ul className="flex flex-col divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900">
      {users.map((user) => {
        const self = user.id === selfId;
        const selectId = `role-${user.id}`;
        return (
          <li key={user.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex min-w-0 flex-col gap-0.5">
              <p className="truncate font-semibold text-slate-900 dark:text-white">{user.name}</p>
              <p className="truncate text-sm text-slate-700 dark:text-slate-300">{user.email}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {t('users.joined', { date: formatDate(user.createdAt) })}
                {' · '}
                {user.isCompleted ? t('users.profileComplete') : t('users.profileIncomplete')}
              </p>
              {user.extraMinutesPerHour > 0 && (
                <Badge tone="slate" className="self-start">
                  {t('users.extraTime.badge', { minutes: user.extraMinutesPerHour })}
                </Badge>
              )}
            </div>
            <div className="flex flex-col gap-1 sm:items-end">
              <label htmlFor={selectId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
                {t('users.role')}
              </label>
              <select
                id={selectId}
                className={selectClasses}
                value={user.role}
                disabled={self || savingId === user.id}
                aria-describedby={self ? `${selectId}-self` : undefined}
                onChange={(event) => onRoleChange(user, event.target.value as Role)}
              >
                {ROLES.map((role) => (
                  <option key={role} value={role}>
                    {t(`role.${role}`)}
                  </option>
                ))}
              </select>
              {self && (
                <p id={`${selectId}-self`} className="text-xs text-slate-600 dark:text-slate-400">
                  {t('users.selfRole')}
                </p>
              )}
              <AccommodationForm user={user} saving={savingAccommodationId === user.id} onSave={(minutes) => onAccommodationChange(user, minutes)} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
