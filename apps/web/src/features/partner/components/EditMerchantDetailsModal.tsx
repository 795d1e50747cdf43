import { useState } from 'react';
import { MESSAGES } from '../../../lib/messages';
import { BADGE_COLOR_INPUT_MAX, HEX_COLOR_RULE, badgeOptOutFor, selectedBadgeIds } from '@pinboard/shared/constants/badges';
import { BADGE_PALETTE } from '@pinboard/shared/constants/limits';
import { Button } from '../../../components/Button/Button';
import { Checkbox, FormError, TextInput } from '../../../components/Field/Field';
import { Modal } from '../../../components/Modal/Modal';
import { Spinner } from '../../../components/Spinner/Spinner';
import { showToast } from '../../../components/Toast/toasts';
import { isApiError } from '../../../lib/api';
import { TEXTS } from '../../../lib/allTexts';
import { badgeText } from '../badgeTexts';
import type { VerifiedMerchant } from '../partner.api';
import { useUpdateBadges, useVerifiedMerchant } from '../partner.queries';
import styles from './Partner.module.css';

export interface EditMerchantDetailsModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  userId: string;
  username: string;
}

/** The inspirational badge edit sheet, 'Edit merchant details' (docs/product/profiles-and-boards.md §2, §4). */
export function EditMerchantDetailsModal({ isOpen, onOpenChange, userId, username }: EditMerchantDetailsModalProps) {
  const merchant = useVerifiedMerchant(userId, { enabled: isOpen });
  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title={MESSAGES.profile.editMerchantDetails}>
      {(close) =>
        merchant.data ? (
          <BadgeForm key={merchant.data.user_id} merchant={merchant.data} username={username} onDone={close} />
        ) : merchant.isError ? (
          <FormError>{TEXTS.genericError}</FormError>
        ) : (
          <Spinner />
        )
      }
    </Modal>
  );
}

/** Badges a limit reached disables unchecked ones; Save is enabled only after a change. */
export function badgeFormState(initial: { selected: readonly string[]; color: string }, now: { selected: readonly string[]; color: string }, max: number) {
  const sameBadges = initial.selected.length === now.selected.length && initial.selected.every((id) => now.selected.includes(id));
  const colorValid = HEX_COLOR_RULE.test(now.color);
  return {
    limitReached: now.selected.length >= max,
    colorValid,
    canSave: colorValid && (!sameBadges || initial.color.toUpperCase() !== now.color.toUpperCase()),
  };
}

function BadgeForm({ merchant, username, onDone }: { merchant: VerifiedMerchant; username: string; onDone: () => void }) {
  const signal = merchant.inspirational_signal;
  const initial = { selected: selectedBadgeIds(signal.inspirational_badge_selection.badgeOptOut), color: signal.inspirational_badge_selection.badgeColor };
  const [selected, setSelected] = useState<string[]>(initial.selected);
  const [color, setColor] = useState(initial.color);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateBadges(merchant.user_id, username);
  const state = badgeFormState(initial, { selected, color }, signal.max_selections);
  const inPalette = (BADGE_PALETTE as readonly string[]).some((swatch) => swatch.toUpperCase() === color.toUpperCase());

  const toggle = (id: string, checked: boolean) => setSelected((now) => (checked ? [...now, id] : now.filter((other) => other !== id)));
  const save = () => {
    setError(null);
    update.mutate(
      { badgeColor: color.toUpperCase(), badgeOptOut: badgeOptOutFor(selected) },
      {
        onSuccess: () => {
          showToast(TEXTS.partner.badgesSaved);
          onDone();
        },
        onError: (failure) => setError(isApiError(failure) && failure.message ? failure.fullMessage : TEXTS.genericError),
      },
    );
  };

  return (
    <div className={styles.sheet}>
      <p className={styles.sheetIntro}>{TEXTS.partner.editBadgesIntro}</p>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{TEXTS.partner.badges}</legend>
        {signal.badge_details.map((badge) => {
          const checked = selected.includes(badge.id);
          return (
            <div key={badge.id} title={badgeText(badge, 'tooltip')}>
              <Checkbox
                label={badgeText(badge, 'label')}
                help={badgeText(badge, 'description')}
                checked={checked}
                disabled={!checked && state.limitReached}
                onChange={(event) => toggle(badge.id, event.currentTarget.checked)}
              />
            </div>
          );
        })}
        {state.limitReached && <p className={styles.hint}>{TEXTS.partner.badgeLimit({ max: signal.max_selections })}</p>}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{TEXTS.partner.colour}</legend>
        <div className={styles.swatches} role="radiogroup" aria-label={TEXTS.partner.colour}>
          {BADGE_PALETTE.map((swatch) => {
            const chosen = swatch.toUpperCase() === color.toUpperCase();
            return (
              <button
                key={swatch}
                type="button"
                role="radio"
                aria-checked={chosen}
                aria-label={swatch}
                className={styles.swatch}
                data-chosen={chosen || undefined}
                style={{ backgroundColor: swatch }}
                onClick={() => setColor(swatch)}
              />
            );
          })}
        </div>
        <TextInput
          label={TEXTS.partner.customColour}
          help={TEXTS.partner.customColourHelp}
          value={inPalette ? '' : color}
          placeholder="#1A2B3C"
          maxLength={BADGE_COLOR_INPUT_MAX}
          error={!state.colorValid && color !== '' ? TEXTS.partner.colourInvalid : null}
          onChange={(event) => setColor(event.currentTarget.value.slice(0, BADGE_COLOR_INPUT_MAX))}
        />
      </fieldset>
      {error && <FormError>{error}</FormError>}
      <div className={styles.sheetActions}>
        <Button variant="secondary" size="large" onPress={onDone}>
          {TEXTS.partner.cancel}
        </Button>
        <Button variant="primary" size="large" isDisabled={!state.canSave || update.isPending} onPress={save}>
          {TEXTS.partner.save}
        </Button>
      </div>
    </div>
  );
}
