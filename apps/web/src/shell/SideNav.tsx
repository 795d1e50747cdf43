import { Suspense } from 'react';
import { NavLink } from 'react-router';
import { IDEA_CATEGORIES_SHORT, ideaPath } from '@pinboard/shared/constants/ideas';
import { lazyNamed } from '../lib/lazyNamed';
import { topicName } from '../lib/i18n';
import { TEXTS } from '../lib/texts';
import { useMediaQuery } from '../lib/useMediaQuery';
import styles from './SideNav.module.css';

/** The rail and its 14 icons are their own chunk: no profile shows it, and narrow screens never do. */
const SideRail = lazyNamed(() => import('./SideRail'), 'SideRail');

/**
 * Idea categories (docs/product/logged-out-and-business.md §2, "Side navigation"): the long
 * list in a 72 px rail on wide screens, the short list as chips on narrow
 * ones. Only one of the two is displayed at a time. The rail is the
 * side-navigation helper (docs/product/logged-out-and-business.md §6): without it (signed out, partners, right-to-left,
 * other routes) the chips show at every width.
 */
export function SideNav({ rail, showChips = true }: { rail: boolean; showChips?: boolean }) {
  const wide = useMediaQuery('(min-width: 1024px)');
  return (
    <>
      {rail && wide && (
        <Suspense fallback={null}>
          <SideRail />
        </Suspense>
      )}
      {showChips && (
        <nav className={rail ? styles.chips : `${styles.chips} ${styles.chipsAlways}`} aria-label={TEXTS.nav.ideas}>
          <ul className={styles.chipList}>
            {IDEA_CATEGORIES_SHORT.map((category) => (
              <li key={category.slug}>
                <NavLink to={ideaPath(category.slug)} className={styles.chip}>
                  {topicName(category)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}
