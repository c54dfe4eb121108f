import { Link, type LinkProps } from 'react-router';
import { buttonClasses, type ButtonStyle } from './button';

/** A router link that looks like a button. */
export function ButtonLink({ variant, block, className, ...props }: LinkProps & ButtonStyle) {
  return <Link className={buttonClasses({ variant, block, className })} {...props} />;
}
