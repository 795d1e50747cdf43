import type { Ref } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'dark' | 'ghost';
export type ButtonSize = 'small' | 'medium' | 'large';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

export function buttonClass({ variant = 'secondary', size = 'medium', fullWidth = false }: Look, extra?: string): string {
  return [styles.button, styles[variant], size !== 'medium' ? styles[size] : '', fullWidth ? styles.full : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = Omit<AriaButtonProps, 'className'> & Look & { className?: string; ref?: Ref<HTMLButtonElement> };

/** A pill button (react-aria Button: press, keyboard and focus handling). */
export function Button({ variant, size, fullWidth, className, ...rest }: ButtonProps) {
  return <AriaButton {...rest} className={buttonClass({ variant, size, fullWidth }, className)} />;
}

export type ButtonLinkProps = LinkProps & Look;

/** A link that looks like a pill button. */
export function ButtonLink({ variant, size, fullWidth, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClass({ variant, size, fullWidth }, typeof className === 'string' ? className : undefined)} />;
}

export type IconButtonProps = Omit<AriaButtonProps, 'className' | 'aria-label'> & { label: string; className?: string; ref?: Ref<HTMLButtonElement> };

/** A round icon-only button; `label` is its accessible name. */
export function IconButton({ label, className, ...rest }: IconButtonProps) {
  return <AriaButton {...rest} aria-label={label} className={[styles.iconButton, className ?? ''].join(' ')} />;
}

export const iconButtonClass = styles.iconButton;
