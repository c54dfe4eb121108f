import type { AuditKind } from '@abhyas/contracts';
import { t } from '@/i18n/i18n';

/** `user.role_changed` → `user_role_changed`: a kind as the last part of its message key. */
type Slug<K extends string> = K extends `${infer A}.${infer B}` ? `${A}_${B}` : K;

/** The words for a kind of change the trail records ("Role changed"). */
export const kindWords = (kind: AuditKind): string => t(`audit.kind.${kind.replace('.', '_') as Slug<AuditKind>}`);
