import type { Contest } from '@abhyas/contracts';
import { formatList, t } from '@/i18n/i18n';

/** "12 taking part: Asha, Ravi and 10 others", or "Be the first to join". */
export function Participants({ users }: { users: Contest['users'] }) {
  if (users.count === 0) return <span>{t('contests.users.none')}</span>;
  const others = users.count - users.names.length;
  const names = others > 0 ? [...users.names, others === 1 ? t('contests.users.oneOther') : t('contests.users.others', { count: others })] : users.names;
  return (
    <span>
      {users.count === 1 ? t('contests.users.countOne') : t('contests.users.count', { count: users.count })}
      {names.length > 0 && `: ${formatList(names)}`}
    </span>
  );
}
