import { useRef, useState } from 'react';
import { EXPERIENCE_IDS, EXPERIENCE_PLACEMENTS } from '@pinboard/shared/constants/experiences';
import { Link } from 'react-router';
import { Button } from '../../../components/Button/Button';
import { firstImage, pinAltText, pinTitle } from '../../../lib/pinText';
import { TEXTS } from '../../../lib/ownerTexts';
import type { ProfileDetails } from '../profile.api';
import { useBoardlessPins } from '../profile.queries';
import { boardlessPreview, showsOrganizeUpsell } from '../unorganized';
import { ExperienceTooltip, useCompleteExperienceOnUse } from '../../experiences/components/ExperienceTooltip';
import { OrganizeModal } from '../../../overlays';
import styles from './ProfileSections.module.css';

/**
 * The owner's unorganized ideas: a strip of at most six tiles (the sixth
 * shows +count), the Organize modal, and an upsell at five or more boardless
 * Pins and no boards. The organize tip points at the Organize button; using
 * the button completes it.
 */
export function UnorganizedPins({ profile }: { profile: ProfileDetails }) {
  const boardless = useBoardlessPins(profile.username);
  const [organizing, setOrganizing] = useState(false);
  const organizeRef = useRef<HTMLButtonElement>(null);
  const completeTip = useCompleteExperienceOnUse(EXPERIENCE_PLACEMENTS.education, EXPERIENCE_IDS.organizeIdeas);
  const pins = boardless.data?.pages.flatMap((page) => page.data) ?? [];
  if (pins.length === 0) return null;

  // The server's total of boardless Pins (one page holds only some of them).
  const total = Math.max(profile.quick_saves_pin_count ?? 0, pins.length);
  const tiles = boardlessPreview(pins, total);
  const upsell = showsOrganizeUpsell(total, profile.board_count);
  const open = () => {
    completeTip();
    setOrganizing(true);
  };

  return (
    <section className={styles.section} aria-labelledby="unorganized-ideas">
      {upsell && (
        <div className={styles.upsell}>
          <div>
            <h2 className={styles.upsellTitle}>{TEXTS.profilePage.organizeUpsellTitle}</h2>
            <p className={styles.quietLeft}>{TEXTS.profilePage.organizeUpsellBody}</p>
          </div>
          <Button ref={organizeRef} variant="primary" size="large" onPress={open}>
            {TEXTS.profilePage.organize}
          </Button>
        </div>
      )}
      <div className={styles.sectionHeader}>
        <h2 id="unorganized-ideas" className={styles.sectionHeading}>
          {TEXTS.profilePage.unorganized}
        </h2>
        {!upsell && (
          <Button ref={organizeRef} variant="secondary" onPress={open}>
            {TEXTS.profilePage.organize}
          </Button>
        )}
      </div>
      <ul className={styles.strip}>
        {tiles.map(({ item: pin, more }) => {
          const image = firstImage(pin.images, ['236x', '474x', 'orig']);
          const img = image ? <img src={image.url} alt={more ? '' : pinTitle(pin) || pinAltText(pin)} loading="lazy" /> : null;
          return (
            <li key={pin.id} className={styles.stripTile} style={{ backgroundColor: pin.dominant_color }}>
              {more > 0 ? (
                <button type="button" className={styles.stripMore} onClick={open} aria-label={TEXTS.profilePage.unorganizedMoreLabel({ n: more })}>
                  {img}
                  <span className={styles.stripCount} aria-hidden="true">
                    {TEXTS.profilePage.unorganizedMore({ n: more })}
                  </span>
                </button>
              ) : (
                <Link to={`/pin/${pin.id}/`}>{img}</Link>
              )}
            </li>
          );
        })}
      </ul>
      <ExperienceTooltip placementId={EXPERIENCE_PLACEMENTS.education} experienceId={EXPERIENCE_IDS.organizeIdeas} anchorRef={organizeRef} />
      <OrganizeModal isOpen={organizing} onOpenChange={setOrganizing} ownerUsername={profile.username} pins={pins} />
    </section>
  );
}
