import { NavLink } from 'react-router';
import { IDEA_CATEGORIES_LONG, IDEA_CATEGORIES_SHORT, ideaPath, type IdeaCategory } from '@pinboard/shared/constants/ideas';
import * as TEXTS from '../lib/texts';
import { IdeaIcon } from './IdeaIcon';
import styles from './SideNav.module.css';

const TILE_COLORS = ['#e60023', '#0076d3', '#0a7c42', '#b8860b', '#7b2cbf', '#c2185b', '#00796b'] as const;

function tileColor(index: number): string {
  return TILE_COLORS[index % TILE_COLORS.length] ?? TILE_COLORS[0];
}

/**
 * Idea categories (logged-out-and-business §2, "Side navigation"): the long
 * list in a 72 px rail on wide screens, the short list as chips on narrow
 * ones. Only one of the two is displayed at a time. The rail is the
 * side-navigation helper (§6): without it (signed out, partners, right-to-left,
 * other routes) the chips show at every width.
 */
export function SideNav({ rail, showChips = true }: { rail: boolean; showChips?: boolean }) {
  return (
    <>
      {rail && (
        <nav className={styles.rail} aria-label={TEXTS.nav.ideas}>
          <p className={styles.railHeading} aria-hidden="true">
            {TEXTS.nav.ideas}
          </p>
          <ul className={styles.railList}>
            {IDEA_CATEGORIES_LONG.map((category, index) => (
              <li key={category.slug}>
                <RailLink category={category} color={tileColor(index)} />
              </li>
            ))}
          </ul>
        </nav>
      )}
      {showChips && (
        <nav className={rail ? styles.chips : `${styles.chips} ${styles.chipsAlways}`} aria-label={TEXTS.nav.ideas}>
          <ul className={styles.chipList}>
            {IDEA_CATEGORIES_SHORT.map((category) => (
              <li key={category.slug}>
                <NavLink to={ideaPath(category.slug)} className={styles.chip}>
                  {category.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}

function RailLink({ category, color }: { category: IdeaCategory; color: string }) {
  return (
    <NavLink to={ideaPath(category.slug)} className={styles.railLink}>
      <span className={styles.tile} style={{ color, backgroundColor: `color-mix(in srgb, ${color} 12%, white)` }} aria-hidden="true">
        <IdeaIcon slug={category.slug} />
      </span>
      <span>{category.label}</span>
    </NavLink>
  );
}
