import { Button } from './button';
import { cx } from './cx';
import { Spinner } from './spinner';

export interface QueryErrorProps {
  message: string;
  retryLabel: string;
  /** Omitted when trying again cannot help (e.g. 404): no button then. */
  onRetry?: (() => void) | undefined;
  /** True while the retry is under way: the button waits and says so. */
  retrying?: boolean;
  className?: string;
}

/**
 * A failed fetch, shown inline: above data that is still on screen from an earlier fetch, or on its
 * own when there is none. Announced as an alert; a retry button beside the message.
 */
export function QueryError({ message, retryLabel, onRetry, retrying = false, className }: QueryErrorProps) {
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100',
        className,
      )}
    >
      <p className="py-1 font-medium">{message}</p>
      {onRetry && (
        <Button variant="secondary" className="px-3 text-sm" onClick={onRetry} disabled={retrying}>
          {retrying && <Spinner className="size-4" />}
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
