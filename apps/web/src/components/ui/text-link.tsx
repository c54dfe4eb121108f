import { Link, type LinkProps } from 'react-router';
import { cx } from './cx';

/** An inline text link in the accent colour, underlined so it is not told apart by colour alone. */
export function TextLink({ className, ...props }: LinkProps) {
  return (
    <Link
      className={cx(
        'font-semibold text-indigo-700 underline decoration-indigo-700/40 underline-offset-4 hover:decoration-current dark:text-indigo-300 dark:decoration-indigo-300/40',
        className,
      )}
      {...props}
    />
  );
}
