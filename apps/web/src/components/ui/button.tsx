import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';
interface Common {
  variant?: Variant;
  size?: 'md' | 'sm';
  block?: boolean;
}

function classes({ variant = 'primary', size = 'md', block }: Common, extra?: string) {
  return [styles.button, styles[variant], size === 'sm' && styles.sm, block && styles.block, extra].filter(Boolean).join(' ');
}

export function Button({
  variant,
  size,
  block,
  loading,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & Common & { loading?: boolean }) {
  return (
    <button
      type={type}
      className={classes({ variant, size, block }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

export function ButtonLink({ variant, size, block, className, ...rest }: LinkProps & Common) {
  return <Link className={classes({ variant, size, block }, className)} {...rest} />;
}
