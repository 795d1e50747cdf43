import { NavLink } from 'react-router';
import { IDEA_CATEGORIES_LONG, ideaPath, type IdeaCategory } from '@pinboard/shared/constants/ideas';
import { topicName } from '../lib/i18n';
import { TEXTS } from '../lib/texts';
import { IdeaIcon } from './IdeaIcon';
import styles from './SideNav.module.css';

const TILE_COLORS = ['#e60023', '#0076d3', '#0a7c42', '#b8860b', '#7b2cbf', '#c2185b', '#00796b'] as const;

function tileColor(index: number): string {
  return TILE_COLORS[index % TILE_COLORS.length] ?? TILE_COLORS[0];
}

/** The side-navigation helper: the long list of idea categories in a 72 px rail (wide screens). */
export function SideRail() {
  return (
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
  );
}

function RailLink({ category, color }: { category: IdeaCategory; color: string }) {
  return (
    <NavLink to={ideaPath(category.slug)} className={styles.railLink}>
      <span className={styles.tile} style={{ color, backgroundColor: `color-mix(in srgb, ${color} 12%, white)` }} aria-hidden="true">
        <IdeaIcon slug={category.slug} />
      </span>
      <span className={styles.railLabel}>{topicName(category)}</span>
    </NavLink>
  );
}
