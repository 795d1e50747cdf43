import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';

type ButtonVariant = 'primary' | 'secondary' | 'dark' | 'ghost';
export type ButtonSize = 'small' | 'medium' | 'large';

interface Look {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

export function buttonClass({ variant = 'secondary', size = 'medium', fullWidth = false }: Look, extra?: string): string {
  return [styles.button, styles[variant], size !== 'medium' ? styles[size] : '', fullWidth ? styles.full : '', extra ?? ''].filter(Boolean).join(' ');
}

/**
 * A native <button> with the react-aria-style names the app uses (onPress,
 * isDisabled), so the shell and the first paint of a page need no
 * react-aria. Like react-aria's Button it is type="button" unless told, and
 * a press does not bubble to what the button sits in. Triggers of react-aria
 * menus and dialogs use components/Popup instead.
 */
export type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'disabled' | 'className'> & {
  onPress?: () => void;
  isDisabled?: boolean;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
};

export function PlainButton({ onPress, isDisabled, type = 'button', ...rest }: PlainButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={isDisabled}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        event.stopPropagation();
        onPress?.();
      }}
    />
  );
}

export type ButtonProps = PlainButtonProps & Look;

/** A pill button. */
export function Button({ variant, size, fullWidth, className, ...rest }: ButtonProps) {
  return <PlainButton {...rest} className={buttonClass({ variant, size, fullWidth }, className)} />;
}

export type ButtonLinkProps = LinkProps & Look;

/** A link that looks like a pill button. */
export function ButtonLink({ variant, size, fullWidth, className, ...rest }: ButtonLinkProps) {
  return <Link {...rest} className={buttonClass({ variant, size, fullWidth }, typeof className === 'string' ? className : undefined)} />;
}

export type IconButtonProps = Omit<PlainButtonProps, 'aria-label'> & { label: string };

/** A round icon-only button; `label` is its accessible name. */
export function IconButton({ label, className, ...rest }: IconButtonProps) {
  return <PlainButton {...rest} aria-label={label} className={[styles.iconButton, className ?? ''].join(' ')} />;
}

export const iconButtonClass = styles.iconButton;
